import type { Knex } from 'knex';

/** What an erasure handler is told: whose account, at what time (ctx.clock), inside the erasure's transaction. */
export interface ErasedAccount {
  userId: string;
  at: Date;
}

export type ErasureHandler = (trx: Knex.Transaction, account: ErasedAccount) => Promise<void>;

const handlers = new Map<string, ErasureHandler>();

/**
 * How a module deletes or anonymises its own rows of an erased account, without the data-rights
 * module knowing its tables: `onAccountErased('push-subscriptions', (trx, { userId }) =>
 * trx('push_subscriptions').where('user_id', userId).delete())`. Handlers run inside the
 * erasure's transaction, in the order they were registered: if one throws, nothing is erased and
 * the job tries again. Registering a name again replaces its handler (idempotent at start-up).
 */
export function onAccountErased(name: string, handler: ErasureHandler): void {
  handlers.set(name, handler);
}

/** Runs every registered handler for one account (the erasure service calls it). */
export async function runErasureHandlers(trx: Knex.Transaction, account: ErasedAccount): Promise<string[]> {
  const ran: string[] = [];
  for (const [name, handler] of handlers) {
    await handler(trx, account);
    ran.push(name);
  }
  return ran;
}

/** The names registered (tests and the audit entry list them). */
export function erasureHandlerNames(): string[] {
  return [...handlers.keys()];
}
