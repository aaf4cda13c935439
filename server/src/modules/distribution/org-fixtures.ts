import argon2 from 'argon2';
import type { Knex } from 'knex';
import type { OrganisationRole } from '../organisations/access';
import { signIn } from '../../test/http';

/**
 * Test fixtures of the organisation model, written straight to the database (no sign-up, no
 * approval round trip): organisations, their members with a role, journalists on category
 * lists, and releases owned by an organisation. Used by the distribution, media inbox and
 * task tests.
 */
export const FIXTURE_PASSWORD = 'Thalassa-2026';
let hash: Promise<string> | undefined;

export async function insertUser(
  db: Knex,
  email: string,
  role: 'client' | 'media',
  o: { name?: string; status?: string; active?: boolean } = {},
): Promise<string> {
  hash ??= argon2.hash(FIXTURE_PASSWORD, { type: argon2.argon2id });
  const [u] = (await db('users')
    .insert({ email, encrypted_password: await hash, user_metadata: JSON.stringify({ role }), email_confirmed_at: new Date() })
    .returning('id')) as { id: string }[];
  await db('profiles').insert({
    user_id: u!.id,
    email,
    name: o.name ?? email.split('@')[0],
    role,
    status: o.status ?? 'approved',
    is_active: o.active ?? true,
  });
  return u!.id;
}

export async function insertOrganisation(db: Knex, name: string, extra: Record<string, unknown> = {}): Promise<string> {
  const [o] = (await db('organisations').insert({ name, status: 'approved', ...extra }).returning('id')) as { id: string }[];
  return o!.id;
}

/** A client user who is a member of `organisationId` with `role` (and works in it now). */
export async function insertMember(db: Knex, organisationId: string, email: string, role: OrganisationRole): Promise<string> {
  const id = await insertUser(db, email, 'client');
  await addMember(db, organisationId, id, role);
  await db('profiles').where('user_id', id).update({ active_organisation_id: organisationId });
  return id;
}

export async function addMember(db: Knex, organisationId: string, userId: string, role: OrganisationRole): Promise<void> {
  await db('organisation_members').insert({ organisation_id: organisationId, user_id: userId, role });
}

/** A journalist on the given category lists. */
export async function insertJournalist(db: Knex, email: string, lists: string[], o: { status?: string; active?: boolean } = {}): Promise<string> {
  const id = await insertUser(db, email, 'media', o);
  for (const category of lists) await db('media_lists').insert({ category, media_id: id });
  return id;
}

/** A draft release of an organisation, written by `authorId`. */
export async function insertRelease(
  db: Knex,
  organisationId: string,
  authorId: string | null,
  title: string,
  extra: Record<string, unknown> = {},
): Promise<string> {
  const [r] = (await db('press_releases')
    .insert({
      title,
      content: `<p>${title}</p>`,
      content_text: title,
      search_text: title.toLowerCase(),
      category: 'tech',
      media_list_categories: ['tech'],
      organisation_id: organisationId,
      author_id: authorId,
      ...extra,
    })
    .returning('id')) as { id: string }[];
  return r!.id;
}

export async function tokenOf(base: string, email: string): Promise<string> {
  return (await signIn(base, email, FIXTURE_PASSWORD)).access_token;
}
