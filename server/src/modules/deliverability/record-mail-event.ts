import type { Knex } from 'knex';
import type { AppContext } from '../../context';
import { writeAudit } from '../audit/audit.service';
import { announceReportChange } from '../distribution/tracking.service';
import { createNotifications, publishNotifications, type NotificationRow } from '../notifications/notifications.service';
import type { MailEvent, MailEventOutcome } from './mail-event';
import { addSuppression, normaliseEmail, type SuppressionRow } from './suppressions.repo';

interface Matched {
  outboxId: number | null;
  email: string;
  organisationId: string | null;
  deliveryId: number | null;
  releaseId: string | null;
  recipientUserId: string | null;
}

const RAW_KEPT = 16 * 1024;
/** A report that names no e-mail is matched to the address's latest release e-mail this recent. */
const FALLBACK_DAYS = 30;

/**
 * The one place that decides what a bounce or complaint means, in one transaction:
 * - hard bounce → the address is suppressed everywhere at once, its delivery is `bounced`;
 * - soft bounce → counted; N of distinct e-mails within the window suppress it everywhere;
 *   after the server had accepted the e-mail (a DSN, a provider) the delivery is `bounced` (soft);
 * - complaint → suppressed for the sending organisation (everywhere if it was platform mail),
 *   its delivery is `complained`, and the journalist is told in the bell;
 * - delayed → recorded only.
 * The same event twice (provider_event_id) is recorded once. After commit the sending
 * organisation's delivery table and reports hear `report:changed`.
 */
export async function recordMailEvent(ctx: AppContext, ev: MailEvent): Promise<MailEventOutcome> {
  const now = ctx.clock.now();
  let notes: NotificationRow[] = [];
  const outcome = await ctx.db.transaction(async (trx): Promise<MailEventOutcome & { m: Matched }> => {
    const m = await match(trx, ev, now);
    const inserted = (await trx('bounce_events')
      .insert({
        received_via: ev.via,
        kind: ev.kind,
        email_lc: m.email,
        organisation_id: m.organisationId,
        delivery_id: m.deliveryId,
        outbox_id: m.outboxId,
        status_code: ev.statusCode ?? null,
        smtp_code: ev.smtpCode ?? null,
        diagnostic: ev.diagnostic?.slice(0, 2000) ?? null,
        remote_mta: ev.remoteMta?.slice(0, 500) ?? null,
        provider_event_id: ev.providerEventId ?? null,
        raw_excerpt: ev.rawExcerpt?.slice(0, RAW_KEPT) ?? null,
        created_at: now,
      })
      .onConflict('provider_event_id')
      .ignore()
      .returning('id')) as { id: number | string }[];
    if (!inserted[0]) return { recorded: false, eventId: null, suppressed: null, deliveryId: m.deliveryId, m };
    const eventId = Number(inserted[0].id);
    const detail = [ev.statusCode, ev.diagnostic].filter(Boolean).join(' ') || null;
    let suppression: SuppressionRow | undefined;
    let created = false;

    if (ev.kind === 'hard') {
      ({ row: suppression, created } = await addSuppression(trx, { email: m.email, organisationId: null, reason: 'hard_bounce', source: ev.via, detail, bounceEventId: eventId }));
      await markDelivery(trx, m.deliveryId, { state: 'bounced', bounce_type: 'hard', bounced_at: now, error: detail });
    } else if (ev.kind === 'soft') {
      const { softBounceLimit, softBounceWindowDays } = ctx.config.deliverability;
      // Soft bounces of one address arriving at once are counted one after the other.
      await trx.raw('select pg_advisory_xact_lock(hashtext(?))', [`soft-bounce:${m.email}`]);
      const since = new Date(now.getTime() - softBounceWindowDays * 86_400_000);
      const counted = (await trx('bounce_events')
        .where({ email_lc: m.email, kind: 'soft' })
        .where('created_at', '>', since)
        .first(trx.raw(`count(distinct coalesce(outbox_id::text, 'event:' || id))::int as n`))) as { n: number };
      if (Number(counted.n) >= softBounceLimit) {
        ({ row: suppression, created } = await addSuppression(trx, {
          email: m.email,
          organisationId: null,
          reason: 'soft_bounce_limit',
          source: ev.via,
          detail: `${counted.n} soft bounces in ${softBounceWindowDays} days${detail ? `; last: ${detail}` : ''}`,
          bounceEventId: eventId,
        }));
      }
      // During the conversation a soft refusal arrives here once the mailer gave up on the e-mail.
      await markDelivery(trx, m.deliveryId, { state: 'bounced', bounce_type: 'soft', bounced_at: now, error: detail });
    } else if (ev.kind === 'complaint') {
      ({ row: suppression, created } = await addSuppression(trx, { email: m.email, organisationId: m.organisationId, reason: 'complaint', source: ev.via, detail, bounceEventId: eventId }));
      await markDelivery(trx, m.deliveryId, { state: 'complained', complained_at: now });
      if (created) notes = await tellJournalist(trx, m);
    }

    if (suppression && created) {
      await writeAudit(trx, ctx.logger, null, {
        action: 'bounce.suppressed',
        entityType: 'suppression',
        entityId: suppression.id,
        metadata: { email: m.email, reason: suppression.reason, via: ev.via, organisation_id: suppression.organisation_id, delivery_id: m.deliveryId },
      });
    }
    return {
      recorded: true,
      eventId,
      suppressed: suppression && created ? { id: suppression.id, reason: suppression.reason, organisationId: suppression.organisation_id } : null,
      deliveryId: m.deliveryId,
      m,
    };
  });
  if (outcome.recorded) {
    publishNotifications(ctx.realtime, notes);
    if (outcome.m.organisationId && outcome.m.releaseId) announceReportChange(ctx, outcome.m.organisationId, { releaseId: outcome.m.releaseId, kind: 'delivery' });
    ctx.logger.info({ via: ev.via, kind: ev.kind, outbox: outcome.m.outboxId, delivery: outcome.deliveryId, suppressed: outcome.suppressed?.reason }, 'mail: bounce or complaint recorded');
  }
  const { m: _m, ...rest } = outcome;
  return rest;
}

/** The e-mail the event is about: the VERP/ref outbox row, else its Message-ID, else the address's latest release e-mail. */
async function match(trx: Knex.Transaction, ev: MailEvent, now: Date): Promise<Matched> {
  const cols = ['o.id', 'o.to_email', 'o.organisation_id', 'o.related_delivery_id', 'd.press_release_id', 'd.recipient_user_id'];
  const base = () => trx('mail_outbox as o').leftJoin('deliveries as d', 'd.id', 'o.related_delivery_id').first(cols);
  type Row = { id: number | string; to_email: string; organisation_id: string | null; related_delivery_id: number | string | null; press_release_id: string | null; recipient_user_id: string | null };
  let row: Row | undefined;
  if (ev.outboxId) row = (await base().where('o.id', ev.outboxId)) as Row | undefined;
  if (!row && ev.messageId) {
    const id = ev.messageId.trim();
    row = (await base().whereIn('o.message_id', [id, id.startsWith('<') ? id : `<${id}>`])) as Row | undefined;
  }
  if (row) {
    return {
      outboxId: Number(row.id),
      email: normaliseEmail(row.to_email),
      organisationId: row.organisation_id,
      deliveryId: row.related_delivery_id === null ? null : Number(row.related_delivery_id),
      releaseId: row.press_release_id,
      recipientUserId: row.recipient_user_id,
    };
  }
  const email = normaliseEmail(ev.email);
  const d = (await trx('deliveries as d')
    .join('press_releases as r', 'r.id', 'd.press_release_id')
    .whereRaw('lower(d.email) = ?', [email])
    .where('d.created_at', '>', new Date(now.getTime() - FALLBACK_DAYS * 86_400_000))
    .orderBy('d.created_at', 'desc')
    .first('d.id', 'd.press_release_id', 'd.recipient_user_id', 'r.organisation_id')) as
    | { id: number | string; press_release_id: string; recipient_user_id: string; organisation_id: string }
    | undefined;
  return {
    outboxId: null,
    email,
    organisationId: d?.organisation_id ?? null,
    deliveryId: d ? Number(d.id) : null,
    releaseId: d?.press_release_id ?? null,
    recipientUserId: d?.recipient_user_id ?? null,
  };
}

async function markDelivery(trx: Knex.Transaction, deliveryId: number | null, change: Record<string, unknown>): Promise<void> {
  if (deliveryId === null) return;
  // A complaint is the last word on a delivery: a late bounce report does not overwrite it.
  await trx('deliveries').where('id', deliveryId).whereNot('state', 'complained').update(change);
}

/** The journalist whose complaint stopped a sender's mail hears it, and where to undo it. */
async function tellJournalist(trx: Knex.Transaction, m: Matched): Promise<NotificationRow[]> {
  const user =
    m.recipientUserId ??
    ((await trx('profiles').whereRaw('lower(email) = ?', [m.email]).where('role', 'media').first('user_id')) as { user_id: string } | undefined)?.user_id;
  if (!user) return [];
  const org = m.organisationId ? ((await trx('organisations').where('id', m.organisationId).first('name')) as { name: string } | undefined) : undefined;
  return createNotifications(trx, [
    {
      userId: user,
      kind: 'mail.complaint',
      title: 'Σημειώσατε ένα e-mail ως ανεπιθύμητο',
      body: org
        ? `Δεν θα λαμβάνετε πια e-mail από «${org.name}». Μπορείτε να το αλλάξετε στις ρυθμίσεις σας.`
        : 'Δεν θα λαμβάνετε πια e-mail από την πλατφόρμα. Μπορείτε να το αλλάξετε στις ρυθμίσεις σας.',
      link: '/media/settings',
      data: { organisation_id: m.organisationId, delivery_id: m.deliveryId },
    },
  ]);
}
