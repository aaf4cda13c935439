import type { Knex } from 'knex';

/**
 * The mailer claims the next e-mail with `where status = 'queued' and next_attempt_at <= now()
 * order by id limit 1 for update skip locked` (mail/domain-throttle.ts), once per e-mail. With
 * only `(status, next_attempt_at)` to go by, Postgres either walked the primary key from the
 * oldest e-mail, past every one ever sent, or read every queued e-mail and sorted them: measured
 * on 100,000 sent and 10,000 queued, 45 ms per claim, and in `bench/fanout.bench.ts` (100 sends
 * of 1,000) claims of 40–74 ms once the outbox held a few sends' history — per e-mail, so a
 * send's mail took longer the more had been sent before it. Indexed by id over the queued rows
 * only, the claim reads the next one: 0.6 ms on the same table.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.raw("create index mail_outbox_queued_id_idx on mail_outbox (id) where status = 'queued'");
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('drop index if exists mail_outbox_queued_id_idx');
}
