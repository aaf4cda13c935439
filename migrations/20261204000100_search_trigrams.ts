import type { Knex } from 'knex';

/**
 * Searches that stay cheap as the data grows (issue 32, point 1; bench/scale.bench.ts):
 *
 * - The release list's search compares the folded `search_text` with LIKE '%…%' and counts
 *   every match. Without an index the count read every release of the organisation and matched
 *   the pattern in its whole text. A trigram index (pg_trgm, GIN) on `search_text` finds the
 *   candidates of a pattern of three characters or more; Postgres then checks only those.
 *   The extension lives in a schema of its own (`trgm`): none of its functions enter `public`.
 *   The embedded PGlite loads the extension's code only when it is given it
 *   (server/src/db/knex.ts, EMBEDDED_EXTENSIONS).
 *   (The same index on the sent versions, for the inbox's search, was measured and left out:
 *   the planner then joined the few candidates to the journalist's deliveries by a hash join
 *   over all of them, slower than before; see bench/README.md, "Flat cost as data grows".)
 * - The report's newsroom views (per week and in the range) counted the organisation's newsroom
 *   events by an index that holds the robots' too, reading each event's row to leave those out;
 *   the index now holds only what is counted, so the counts read the index alone.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.raw('create schema if not exists trgm');
  await knex.raw('create extension if not exists pg_trgm with schema trgm');
  // Where the extension is (another schema, when it was installed before this migration).
  const schema = await trgmSchema(knex);
  const ops = `"${schema}".gin_trgm_ops`;
  await knex.raw(`create index press_releases_search_text_trgm_idx on press_releases using gin (search_text ${ops})`);
  await knex.raw('drop index if exists reporting_events_newsroom_idx');
  await knex.raw(`create index reporting_events_newsroom_idx on reporting_events (organisation_id, created_at) where channel = 'newsroom' and not is_proxy`);
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('drop index if exists reporting_events_newsroom_idx');
  await knex.raw(`create index reporting_events_newsroom_idx on reporting_events (organisation_id, created_at) where channel = 'newsroom'`);
  await knex.raw('drop index if exists press_releases_search_text_trgm_idx');
  // The extension goes only if this migration put it there.
  if ((await trgmSchema(knex)) === 'trgm') await knex.raw('drop extension pg_trgm');
  await knex.raw('drop schema if exists trgm');
}

async function trgmSchema(knex: Knex): Promise<string | undefined> {
  const r = (await knex.raw(
    `select n.nspname from pg_extension e join pg_namespace n on n.oid = e.extnamespace where e.extname = 'pg_trgm'`,
  )) as { rows: { nspname: string }[] };
  return r.rows[0]?.nspname;
}
