import type { Knex } from 'knex';

/**
 * The inbox's search stays cheap as a journalist's inbox grows (issue 32, point 1): a trigram
 * index (pg_trgm, GIN, in the `trgm` schema of 20261204000100_search_trigrams) on the sent
 * versions' folded `search_text`. The inbox reads the few sent versions that match a rare term
 * through it and probes the journalist's delivery of each by the deliveries' unique index;
 * for a common term it reads the journalist's deliveries newest first and stops at the page
 * (media-inbox.repo.ts, `listInbox`).
 */
export async function up(knex: Knex): Promise<void> {
  const r = (await knex.raw(
    `select n.nspname from pg_extension e join pg_namespace n on n.oid = e.extnamespace where e.extname = 'pg_trgm'`,
  )) as { rows: { nspname: string }[] };
  const schema = r.rows[0]?.nspname ?? 'trgm';
  await knex.raw(`create index release_sent_versions_search_text_trgm_idx on release_sent_versions using gin (search_text "${schema}".gin_trgm_ops)`);
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('drop index if exists release_sent_versions_search_text_trgm_idx');
}
