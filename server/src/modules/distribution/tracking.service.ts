import type { Knex } from 'knex';
import { rooms, type ServerToClientEvents } from '../../../../shared/events';
import type { AppContext } from '../../context';
import { trackingPaths, trackingToken, type TrackChannel } from './tracking.tokens';

export interface DeliveryRef {
  deliveryId: number;
  releaseId: string;
  recipientId: string;
  /** The organisation that sent the release (its members' reports update live). */
  organisationId: string;
}

export interface TrackInput {
  channel: TrackChannel;
  /** A known mail proxy or link scanner: recorded, not counted. */
  isProxy: boolean;
}

export async function findDelivery(q: Knex | Knex.Transaction, deliveryId: number): Promise<DeliveryRef | null> {
  const row = (await q('deliveries as d')
    .join('press_releases as r', 'r.id', 'd.press_release_id')
    .where('d.id', deliveryId)
    .first('d.id', 'd.press_release_id', 'd.recipient_user_id', 'r.organisation_id')) as
    | { id: string | number; press_release_id: string; recipient_user_id: string; organisation_id: string }
    | undefined;
  if (!row) return null;
  return {
    deliveryId: Number(row.id),
    releaseId: row.press_release_id,
    recipientId: row.recipient_user_id,
    organisationId: row.organisation_id,
  };
}

async function ensureReporting(trx: Knex.Transaction, releaseId: string): Promise<void> {
  await trx.raw('insert into reporting (press_release_id) values (?) on conflict (press_release_id) do nothing', [releaseId]);
}

/** Adds the recipient to `opened_by` once; true when this was their first counted open. */
async function addOpener(trx: Knex.Transaction, releaseId: string, recipientId: string): Promise<boolean> {
  const r = await trx.raw<{ rowCount: number | null }>(
    `update reporting set opened_by = array_append(opened_by, ?::text)
      where press_release_id = ? and not (?::text = any(opened_by))`,
    [recipientId, releaseId, recipientId],
  );
  return (r.rowCount ?? 0) > 0;
}

type ReportChange = Parameters<ServerToClientEvents['report:changed']>[0];

/** Tells the sending organisation's members that a release's figures changed (report:changed). */
export function announceReportChange(ctx: Pick<AppContext, 'realtime'>, organisationId: string, payload: ReportChange): void {
  ctx.realtime.broadcast(rooms.organisation(organisationId), 'report:changed', payload);
}

function announce(ctx: AppContext, d: Pick<DeliveryRef, 'releaseId' | 'organisationId'>, kind: 'open' | 'click' | 'download'): void {
  announceReportChange(ctx, d.organisationId, { releaseId: d.releaseId, kind });
}

/**
 * An open (e-mail pixel or reading in the in-app inbox). Every open is an event;
 * only the first human open adds the recipient to `opened_by` (unique opens).
 * Returns whether it was counted as a new unique open.
 */
export async function recordOpen(ctx: AppContext, d: DeliveryRef, input: TrackInput): Promise<boolean> {
  const counted = await ctx.db.transaction(async (trx) => {
    await trx('reporting_events').insert({
      press_release_id: d.releaseId,
      recipient_user_id: d.recipientId,
      kind: 'open',
      channel: input.channel,
      is_proxy: input.isProxy,
    });
    if (input.isProxy) return false;
    await ensureReporting(trx, d.releaseId);
    return addOpener(trx, d.releaseId, d.recipientId);
  });
  if (!input.isProxy) announce(ctx, d, 'open');
  return counted;
}

/** A followed tracked link: the link joins `clicked_links` (one entry per click) and counts as an open. */
export async function recordClick(ctx: AppContext, d: DeliveryRef, url: string, input: TrackInput): Promise<void> {
  await ctx.db.transaction(async (trx) => {
    await trx('reporting_events').insert({
      press_release_id: d.releaseId,
      recipient_user_id: d.recipientId,
      kind: 'click',
      channel: input.channel,
      link: url,
      is_proxy: input.isProxy,
    });
    if (input.isProxy) return;
    await ensureReporting(trx, d.releaseId);
    await trx.raw('update reporting set clicked_links = array_append(clicked_links, ?::text) where press_release_id = ?', [
      url,
      d.releaseId,
    ]);
    await addOpener(trx, d.releaseId, d.recipientId);
  });
  if (!input.isProxy) announce(ctx, d, 'click');
}

/**
 * A recipient downloaded one of a release's attachments (from the e-mail's signed link or
 * the reading view): a reporting event, and after it is stored the sender's reports and
 * dashboard are told, like opens and clicks. A mail scanner's fetch is recorded, not counted.
 */
export async function recordDownload(
  ctx: AppContext,
  d: { releaseId: string; recipientId: string; fileName: string },
  input: TrackInput,
): Promise<void> {
  await ctx.db('reporting_events').insert({
    press_release_id: d.releaseId,
    recipient_user_id: d.recipientId,
    kind: 'download',
    channel: input.channel,
    link: d.fileName,
    is_proxy: input.isProxy,
  });
  if (input.isProxy) return;
  const owner = (await ctx.db('press_releases').where('id', d.releaseId).first('organisation_id')) as { organisation_id: string } | undefined;
  if (owner) announce(ctx, { releaseId: d.releaseId, organisationId: owner.organisation_id }, 'download');
}

/** Whether a link may be tracked and redirected to: absolute http(s) only. */
export function isTrackableUrl(url: string): boolean {
  try {
    const u = new URL(url);
    return u.protocol === 'http:' || u.protocol === 'https:';
  } catch {
    return false;
  }
}

/**
 * Rewrites the http(s) links of sanitized release HTML into tracked links of one
 * delivery. `base` is '' for same-origin links (the in-app reading view) or the
 * site's absolute URL (e-mail).
 */
export function rewriteLinks(html: string, key: Uint8Array, deliveryId: number, channel: TrackChannel, base: string): string {
  return html.replace(/(<a\b[^>]*?\bhref=")([^"]*)(")/gi, (whole, pre: string, href: string, post: string) => {
    const url = href.replace(/&amp;/g, '&');
    if (!isTrackableUrl(url)) return whole;
    const tracked = base + trackingPaths.click(trackingToken(key, 'click', deliveryId, channel, url), url, channel);
    return `${pre}${tracked.replace(/&/g, '&amp;')}${post}`;
  });
}
