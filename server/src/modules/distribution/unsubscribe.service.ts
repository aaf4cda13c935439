import type { UnsubscribeScope, UnsubscribeState } from '../../../../shared/schemas/distribution';
import type { AppContext } from '../../context';
import { notFound } from '../../http/errors';
import { findSentVersion } from '../releases/sent-versions.repo';
import { findDelivery } from './tracking.service';
import { verifyTrackingToken } from './tracking.tokens';

interface Target {
  userId: string;
  email: string;
  senderId: string;
  senderCompany: string;
}

/** The recipient and sender behind a signed unsubscribe link; a forged or stale link is a 404. */
async function target(ctx: AppContext, token: string): Promise<Target> {
  const id = verifyTrackingToken(ctx.tokenKey, token, 'unsubscribe');
  const d = id === null ? null : await findDelivery(ctx.db, id);
  if (!d) throw notFound('This unsubscribe link is not valid');
  // The sender as the release was sent (a later company rename changes nothing).
  const version = await findSentVersion(ctx.db, d.releaseId);
  const row = (await ctx.db('deliveries').where('id', d.deliveryId).first('email')) as { email: string };
  return { userId: d.recipientId, email: row.email, senderId: version?.sender_user_id ?? d.clientId, senderCompany: version?.sender_name ?? '' };
}

/** Hides most of the address: the page is reachable by anyone holding the link. */
function mask(email: string): string {
  const [local = '', domain = ''] = email.split('@');
  return `${local.slice(0, 2)}${'•'.repeat(Math.max(1, local.length - 2))}@${domain}`;
}

const scopeRow = (t: Target, scope: UnsubscribeScope) =>
  scope === 'sender' ? { user_id: t.userId, scope, sender_client_id: t.senderId } : { user_id: t.userId, scope, sender_client_id: null };

async function state(ctx: AppContext, t: Target): Promise<UnsubscribeState> {
  const rows = (await ctx.db('unsubscribes')
    .where('user_id', t.userId)
    .andWhere((q) => {
      void q.where('scope', 'all').orWhere({ scope: 'sender', sender_client_id: t.senderId });
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
    `insert into unsubscribes (user_id, scope, sender_client_id) values (?, ?, ?)
     on conflict (user_id, scope, coalesce(sender_client_id::text, ''), coalesce(category, '')) do nothing`,
    [t.userId, scope, scopeRow(t, scope).sender_client_id],
  );
  ctx.logger.info({ userId: t.userId, scope }, 'distribution: unsubscribed');
  return state(ctx, t);
}

export async function resubscribe(ctx: AppContext, token: string, scope: UnsubscribeScope): Promise<UnsubscribeState> {
  const t = await target(ctx, token);
  await ctx.db('unsubscribes').where(scopeRow(t, scope)).delete();
  return state(ctx, t);
}
