import type { Knex } from 'knex';

/**
 * Collab tickets are single-use: the first connection that presents one records its id
 * here; any later one is refused. Rows are pruned once the ticket has expired.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('collab_ticket_uses', (t) => {
    t.text('jti').primary();
    t.timestamp('expires_at', { useTz: true }).notNullable();
    t.index(['expires_at'], 'collab_ticket_uses_expires_at_idx');
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('collab_ticket_uses');
}
