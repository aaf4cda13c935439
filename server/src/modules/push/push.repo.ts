import type { Knex } from 'knex';
import type { PushSubscribeBody } from '../../../../shared/schemas/push';
import type { PushRelease } from './push.payload';
import type { StoredSubscription } from './push.transport';

type Q = Knex | Knex.Transaction;
const COLUMNS = ['id', 'user_id', 'endpoint', 'p256dh', 'auth'] as const;
const withNumberId = (r: StoredSubscription): StoredSubscription => ({ ...r, id: Number(r.id) });

/**
 * Stores a browser's subscription for the user, in the session it was made in; the same endpoint
 * again (keys renewed, a new sign-in, or another account on that browser) is updated.
 */
export async function upsertSubscription(q: Q, who: { userId: string; sessionId: string }, s: PushSubscribeBody, userAgent: string | null): Promise<void> {
  const row = { user_id: who.userId, session_id: who.sessionId, p256dh: s.keys.p256dh, auth: s.keys.auth, user_agent: userAgent };
  await q('web_push_subscriptions')
    .insert({ ...row, endpoint: s.endpoint })
    .onConflict('endpoint')
    .merge(row);
}

/** The browsers opted in during sessions that ended. */
export async function removeSessionSubscriptions(q: Q, sessionIds: string[]): Promise<number> {
  return sessionIds.length ? q('web_push_subscriptions').whereIn('session_id', sessionIds).delete() : 0;
}

export async function removeSubscription(q: Q, userId: string, endpoint: string): Promise<number> {
  return q('web_push_subscriptions').where({ user_id: userId, endpoint }).delete();
}

export async function countSubscriptions(q: Q, userId: string): Promise<number> {
  const row = (await q('web_push_subscriptions').where('user_id', userId).first(q.raw('count(*)::int as n'))) as { n: number | string };
  return Number(row.n);
}

/** Whether any release has reached the journalist (the inbox's prompt waits for the first). */
export async function hasReceived(q: Q, userId: string): Promise<boolean> {
  return Boolean(await q('deliveries').where('recipient_user_id', userId).first('id'));
}

export async function deleteSubscription(q: Q, id: number): Promise<void> {
  await q('web_push_subscriptions').where('id', id).delete();
}

export async function markSent(q: Q, id: number): Promise<void> {
  await q('web_push_subscriptions').where('id', id).update({ last_sent_at: q.fn.now() });
}

export async function findSubscription(q: Q, id: number): Promise<StoredSubscription | undefined> {
  const row = (await q('web_push_subscriptions').where('id', id).first(...COLUMNS)) as StoredSubscription | undefined;
  return row && withNumberId(row);
}

/** What a push shows of a sent release (its frozen sent version), with what decides who may get it. */
export async function sentRelease(q: Q, releaseId: string): Promise<(PushRelease & { organisation_id: string; category: string | null }) | undefined> {
  return (await q('release_sent_versions')
    .where('press_release_id', releaseId)
    .first('press_release_id', 'title', 'sender_name', 'embargo_until', 'organisation_id', 'category')) as
    | (PushRelease & { organisation_id: string; category: string | null })
    | undefined;
}

/**
 * The pushes a sent release still owes, decided now (a block made since the send counts): every
 * subscription of a recipient whose delivery is not held (past their daily limit: no e-mail, no
 * notification, no push), who is an approved, active journalist, has not unsubscribed from
 * everything, from the sending organisation or from the release's category, and whose browser
 * was not sent this release already.
 */
export async function owedPushes(q: Q, r: { press_release_id: string; organisation_id: string; category: string | null }, subscriptionId?: number): Promise<StoredSubscription[]> {
  const rows = (await q('deliveries as d')
    .join('profiles as p', 'p.user_id', 'd.recipient_user_id')
    .join('web_push_subscriptions as s', 's.user_id', 'd.recipient_user_id')
    .where('d.press_release_id', r.press_release_id)
    .whereNull('d.held_at')
    .where({ 'p.role': 'media', 'p.status': 'approved', 'p.is_active': true })
    .modify((b) => {
      if (subscriptionId !== undefined) void b.where('s.id', subscriptionId);
    })
    .whereNotExists((b) => {
      void b
        .select(1)
        .from('unsubscribes as u')
        .whereRaw('u.user_id = d.recipient_user_id')
        .andWhere((w) => {
          void w
            .where('u.scope', 'all')
            .orWhere((x) => void x.where('u.scope', 'sender').andWhere('u.sender_organisation_id', r.organisation_id))
            .orWhere((x) => void x.where('u.scope', 'category').andWhere('u.category', r.category ?? ''));
        });
    })
    .orderBy('s.id')
    .select('s.id', 's.user_id', 's.endpoint', 's.p256dh', 's.auth')) as StoredSubscription[];
  return rows.map(withNumberId);
}

/** Claims the push of a release to a subscription: true once, false ever after (never sent twice). */
export async function claimSend(q: Q, releaseId: string, subscriptionId: number): Promise<boolean> {
  const rows = (await q('web_push_sends')
    .insert({ press_release_id: releaseId, subscription_id: subscriptionId })
    .onConflict(['press_release_id', 'subscription_id'])
    .ignore()
    .returning('subscription_id')) as unknown[];
  return rows.length > 0;
}
