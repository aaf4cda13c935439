import { onAccountErased } from './erasure.registry';

/**
 * The rows of an erased account that other parts of the product keep, each erased through the
 * registry as any module would (push subscriptions and the like register theirs the same way).
 *
 * Consents: the cookie consent row is deleted (it only governed this account's own browsing, and
 * with the account gone nothing remains to consent about); the acceptance of the terms
 * (profiles.terms_version, terms_accepted_at) is kept on the anonymised profile, as the record of
 * the contract under which the organisation's content was published (legal claims, Art. 17(3)(e)).
 */
export function registerOwnErasureSteps(): void {
  // The bell.
  onAccountErased('notifications', async (trx, { userId }) => {
    await trx('notifications').where('user_id', userId).delete();
  });
  // A journalist's opens and clicks are tied to the account and go with it (the organisations'
  // reports then count fewer opens; their aggregate figures hold no person).
  onAccountErased('tracking', async (trx, { userId }) => {
    await trx('reporting_events').where('recipient_user_id', userId).delete();
  });
  onAccountErased('cookie-consent', async (trx, { userId }) => {
    await trx('cookie_consents').where('user_id', userId).delete();
  });
}
