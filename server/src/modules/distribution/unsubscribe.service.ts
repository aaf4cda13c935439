import type { UnsubscribeScope, UnsubscribeState } from '../../../../shared/schemas/distribution';
import type { AppContext } from '../../context';
import { notFound } from '../../http/errors';
import { findDelivery } from './tracking.service';
import { verifyTrackingToken } from './tracking.tokens';

interface Target {
  userId: string;
  email: string;
  /** The organisation that sent the release: "this sender" is the company, whichever member sent. */
  organisationId: string;
  senderCompany: string;
}

/** The recipient and sending organisation behind a signed unsubscribe link; a forged or stale link is a 404. */
async function target(ctx: AppContext, token: string): Promise<Target> {
  const id = verifyTrackingToken(ctx.tokenKey, token, 'unsubscribe');
  const d = id === null ? null : await findDelivery(ctx.db, id);
  if (!d) throw notFound('This unsubscribe link is not valid');
  // The company's name as the release was sent (what the e-mail said), else as it is now.
  const row = (await ctx.db('deliveries as d')
    .leftJoin('release_sent_versions as v', 'v.press_release_id', 'd.press_release_id')
    .where('d.id', d.deliveryId)
    .first('d.email', 'v.sender_name')) as { email: string; sender_name: string | null };
  const org = row.sender_name ? null : ((await ctx.db('organisations').where('id', d.organisationId).first('name')) as { name: string } | undefined);
  return { userId: d.recipientId, email: row.email, organisationId: d.organisationId, senderCompany: row.sender_name || org?.name || '' };
}

/** Hides most of the address: the page is reachable by anyone holding the link. */
function mask(email: string): string {
  const [local = '', domain = ''] = email.split('@');
  return `${local.slice(0, 2)}${'•'.repeat(Math.max(1, local.length - 2))}@${domain}`;
}

const scopeRow = (t: Target, scope: UnsubscribeScope) =>
  scope === 'sender'
    ? { user_id: t.userId, scope, sender_organisation_id: t.organisationId }
    : { user_id: t.userId, scope, sender_organisation_id: null };

async function state(ctx: AppContext, t: Target): Promise<UnsubscribeState> {
  const rows = (await ctx.db('unsubscribes')
    .where('user_id', t.userId)
    .andWhere((q) => {
      void q.where('scope', 'all').orWhere({ scope: 'sender', sender_organisation_id: t.organisationId });
    })
    .select('scope')) as { scope: string }[];
  return {
    email: mask(t.email),
    senderCompany: t.senderCompany,
    sender: rows.some((r) => r.scope === 'sender'),
    all: rows.some((r) => r.scope === 'all'),
  };
}

export async function unsubscribeState(ctx: AppContext, token: string): Promise<UnsubscribeState> {
  return state(ctx, await target(ctx, token));
}

/** One click, no sign-in: every later send honours it. Repeating it changes nothing. */
export async function unsubscribe(ctx: AppContext, token: string, scope: UnsubscribeScope): Promise<UnsubscribeState> {
  const t = await target(ctx, token);
  await ctx.db.raw(
    `insert into unsubscribes (user_id, scope, sender_organisation_id) values (?, ?, ?)
     on conflict (user_id, scope, coalesce(sender_organisation_id::text, ''), coalesce(category, '')) do nothing`,
    [t.userId, scope, scopeRow(t, scope).sender_organisation_id],
  );
  ctx.logger.info({ userId: t.userId, scope, organisationId: scope === 'sender' ? t.organisationId : undefined }, 'distribution: unsubscribed');
  return state(ctx, t);
}

export async function resubscribe(ctx: AppContext, token: string, scope: UnsubscribeScope): Promise<UnsubscribeState> {
  const t = await target(ctx, token);
  await ctx.db('unsubscribes').where(scopeRow(t, scope)).delete();
  return state(ctx, t);
}
