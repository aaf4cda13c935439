import argon2 from 'argon2';
import type { Knex } from 'knex';
import { toSearchText } from '../../../shared/search-text';
import { insertSentVersion, type FreezableRelease } from '../modules/releases/sent-versions.repo';
import { signIn } from './http';

const TEST_PASSWORD = 'Thalassa-2026';

/**
 * Tests that insert releases as already sent (fixtures, not through the lifecycle) freeze
 * their sent versions with this, as the send would have: inboxes read the version.
 */
export async function freezeSentReleases(db: Knex): Promise<void> {
  const rows = (await db('press_releases as p')
    .where('p.status', 'sent')
    .whereNotExists((q) => {
      void q.select(1).from('release_sent_versions as v').whereRaw('v.press_release_id = p.id');
    })
    .select('p.*')) as FreezableRelease[];
  for (const r of rows) await insertSentVersion(db, r);
}

export type OrganisationRole = 'owner' | 'admin' | 'publisher' | 'editor' | 'reviewer';

export interface TestMember {
  id: string;
  email: string;
  token: string;
  organisationId: string;
  role: OrganisationRole;
}

let passwordHash: Promise<string> | undefined;

/**
 * A new organisation (approved, no plan) for tests that build their team by hand: members are
 * inserted directly (organisation_members), as an accepted invitation would leave them.
 */
export async function newOrganisation(db: Knex, o: { name?: string; approvalRequired?: boolean } = {}): Promise<string> {
  const [row] = (await db('organisations')
    .insert({ name: o.name ?? 'Οργανισμός δοκιμής', approval_required: o.approvalRequired ?? false, status: 'approved' })
    .returning('id')) as { id: string }[];
  return row!.id;
}

/**
 * A confirmed, approved client user who is a member of `organisationId` with `role` (their
 * active organisation), signed in through the API. Made in the database, without the sign-up
 * (which would give them an organisation of their own).
 */
export async function addMember(
  server: { url: string; ctx: { db: Knex } },
  organisationId: string,
  role: OrganisationRole,
  email: string,
  name = `Μέλος ${role}`,
): Promise<TestMember> {
  const { db } = server.ctx;
  passwordHash ??= argon2.hash(TEST_PASSWORD, { type: argon2.argon2id });
  const [u] = (await db('users')
    .insert({ email, encrypted_password: await passwordHash, user_metadata: JSON.stringify({ role: 'client', name }), email_confirmed_at: new Date() })
    .returning('id')) as { id: string }[];
  await db('profiles').insert({ user_id: u!.id, email, name, role: 'client', status: 'approved', active_organisation_id: organisationId });
  await db('organisation_members').insert({ organisation_id: organisationId, user_id: u!.id, role });
  const token = (await signIn(server.url, email, TEST_PASSWORD)).access_token;
  return { id: u!.id, email, token, organisationId, role };
}

/** A release of an organisation inserted directly (a fixture), written by `authorId`. */
export async function insertRelease(db: Knex, organisationId: string, authorId: string | null, values: Record<string, unknown> = {}): Promise<string> {
  const title = typeof values.title === 'string' ? values.title : 'Δελτίο δοκιμής';
  const text = typeof values.content_text === 'string' ? values.content_text : 'Κείμενο δοκιμής.';
  const [row] = (await db('press_releases')
    .insert({
      title,
      content: `<p>${text}</p>`,
      content_text: text,
      search_text: toSearchText(title, text),
      category: 'tech',
      media_list_categories: ['tech'],
      organisation_id: organisationId,
      author_id: authorId,
      ...values,
    })
    .returning('id')) as { id: string }[];
  return row!.id;
}

/** The organisation a signed-up client owns (the one their sign-up created). */
export async function ownOrganisationOf(db: Knex, userId: string): Promise<string> {
  const row = (await db('organisation_members').where({ user_id: userId, role: 'owner' }).orderBy('created_at').first('organisation_id')) as
    | { organisation_id: string }
    | undefined;
  if (!row) throw new Error(`user ${userId} owns no organisation`);
  return row.organisation_id;
}
