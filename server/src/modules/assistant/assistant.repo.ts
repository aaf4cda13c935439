import type { Knex } from 'knex';

type Q = Knex | Knex.Transaction;

/** What the checks need to know about a release's organisation (its workspace owner's profile). */
export interface ReleaseContextRow {
  organisation_id: string | null;
  organization: string | null;
  owner_name: string | null;
  website: string | null;
  description: string | null;
  newsroom_slug: string | null;
  boilerplate: string | null;
  press_contact_email: string | null;
  press_contact_phone: string | null;
}

/** The release's workspace (its own, else its author's) and the organisation's profile. */
export async function releaseContext(q: Q, releaseId: string): Promise<ReleaseContextRow | undefined> {
  return q('press_releases as p')
    .leftJoin('organisations as own', 'own.created_by', 'p.client_id')
    .leftJoin('organisations as w', 'w.id', q.raw('coalesce(p.organisation_id, own.id)'))
    .leftJoin('profiles as o', 'o.user_id', q.raw('coalesce(w.created_by, p.client_id)'))
    .where('p.id', releaseId)
    .first<ReleaseContextRow | undefined>(
      'w.id as organisation_id',
      'o.organization',
      'o.name as owner_name',
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

export async function listWords(q: Q, workspaceId: string): Promise<WordRow[]> {
  return q('organisation_words as w')
    .leftJoin('profiles as p', 'p.user_id', 'w.created_by')
    .where('w.organisation_id', workspaceId)
    .orderByRaw('lower(w.word)')
    .select<WordRow[]>('w.id', 'w.word', 'w.created_at', q.raw("nullif(coalesce(nullif(p.name, ''), p.email), '') as created_by_name"));
}

/** Adds a word; an existing one (in any case) is returned instead. */
export async function insertWord(q: Q, workspaceId: string, word: string, userId: string): Promise<{ id: string; created: boolean }> {
  const res = (await q.raw(
    'insert into organisation_words (organisation_id, word, created_by) values (?, ?, ?) on conflict (organisation_id, lower(word)) do nothing returning id',
    [workspaceId, word, userId],
  )) as { rows: { id: string }[] };
  const inserted = res.rows;
  if (inserted[0]) return { id: inserted[0].id, created: true };
  const existing = await q('organisation_words').where('organisation_id', workspaceId).whereRaw('lower(word) = lower(?)', [word]).first<{ id: string }>('id');
  return { id: existing!.id, created: false };
}

export async function deleteWord(q: Q, workspaceId: string, wordId: string): Promise<{ word: string } | undefined> {
  const [row] = (await q('organisation_words').where({ organisation_id: workspaceId, id: wordId }).delete().returning('word')) as { word: string }[];
  return row;
}
