import type { Knex } from 'knex';

/**
 * The shared search normaliser now folds the final sigma (ς → σ), so that «Ελλάς» and
 * «ελλασ» are one word (shared/search-text.ts). The stored search texts were folded by the
 * old version (lower case, no accents): replacing ς by σ in them gives exactly the new fold.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.raw(`update press_releases set search_text = translate(search_text, 'ς', 'σ') where position('ς' in search_text) > 0`);
  await knex.raw(`update release_sent_versions set search_text = translate(search_text, 'ς', 'σ') where position('ς' in search_text) > 0`);
}

/** Nothing to undo: which σ were ς is not kept, and the old search still finds σ (it kept ς in queries only at a word's end). */
export async function down(): Promise<void> {}
