import type { Knex } from 'knex';

type Q = Knex | Knex.Transaction;

/** What the checks need to know about a release's organisation (its company profile and newsroom). */
export interface ReleaseContextRow {
  organisation_id: string;
  organization: string | null;
  website: string | null;
  description: string | null;
  newsroom_slug: string | null;
  boilerplate: string | null;
  press_contact_email: string | null;
  press_contact_phone: string | null;
}

/** The organisation that owns the release, as the checks read it. */
export async function releaseContext(q: Q, releaseId: string): Promise<ReleaseContextRow | undefined> {
  return q('press_releases as p')
    .join('organisations as o', 'o.id', 'p.organisation_id')
    .where('p.id', releaseId)
    .first<ReleaseContextRow | undefined>(
      'o.id as organisation_id',
      'o.name as organization',
      'o.website',
      'o.description',
      'o.newsroom_slug',
      'o.boilerplate',
      'o.press_contact_email',
      'o.press_contact_phone',
    );
}

export async function profileContact(q: Q, userId: string): Promise<{ name: string; email: string } | undefined> {
  return q('profiles').where('user_id', userId).first<{ name: string; email: string } | undefined>('name', 'email');
}

export interface WordRow {
  id: string;
  word: string;
  created_at: Date;
  created_by_name: string | null;
}

export async function listWords(q: Q, organisationId: string): Promise<WordRow[]> {
  return q('organisation_words as w')
    .leftJoin('profiles as p', 'p.user_id', 'w.created_by')
    .where('w.organisation_id', organisationId)
    .orderByRaw('lower(w.word)')
    .select<WordRow[]>('w.id', 'w.word', 'w.created_at', q.raw("nullif(coalesce(nullif(p.name, ''), p.email), '') as created_by_name"));
}

/** Adds a word; an existing one (in any case) is returned instead. */
export async function insertWord(q: Q, organisationId: string, word: string, userId: string): Promise<{ id: string; created: boolean }> {
  const res = (await q.raw(
    'insert into organisation_words (organisation_id, word, created_by) values (?, ?, ?) on conflict (organisation_id, lower(word)) do nothing returning id',
    [organisationId, word, userId],
  )) as { rows: { id: string }[] };
  const inserted = res.rows;
  if (inserted[0]) return { id: inserted[0].id, created: true };
  const existing = await q('organisation_words').where('organisation_id', organisationId).whereRaw('lower(word) = lower(?)', [word]).first<{ id: string }>('id');
  return { id: existing!.id, created: false };
}

export async function deleteWord(q: Q, organisationId: string, wordId: string): Promise<{ word: string } | undefined> {
  const [row] = (await q('organisation_words').where({ organisation_id: organisationId, id: wordId }).delete().returning('word')) as { word: string }[];
  return row;
}
