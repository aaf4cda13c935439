import type { Knex } from 'knex';

/**
 * Mail leaves once:
 * - mail_outbox.message_id: the Message-ID of the e-mail, fixed when it is first claimed and
 *   sent unchanged on every retry, so a receiving system drops the copy of a message whose
 *   sender died between the server's acceptance and recording it as sent.
 * - One outbox row per release delivery: the e-mail job, run again after a crash (or by a
 *   second process whose lease it overtook), cannot enqueue a recipient's e-mail twice.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.raw('alter table mail_outbox add column message_id text');
  // Rows written twice before this constraint (none expected) keep their e-mail, not the link.
  await knex.raw(`
    update mail_outbox m set related_delivery_id = null
     where related_delivery_id is not null
       and exists (select 1 from mail_outbox o where o.related_delivery_id = m.related_delivery_id and o.id < m.id)`);
  await knex.raw('drop index if exists mail_outbox_related_delivery_id_idx');
  await knex.raw('create unique index mail_outbox_related_delivery_id_unique on mail_outbox (related_delivery_id)');
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('drop index if exists mail_outbox_related_delivery_id_unique');
  await knex.raw('create index if not exists mail_outbox_related_delivery_id_idx on mail_outbox (related_delivery_id)');
  await knex.raw('alter table mail_outbox drop column message_id');
}
