import { hashPassword } from '../auth/password-hash';
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
  hash ??= hashPassword(FIXTURE_PASSWORD, 'test');
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

/**
 * Freezes releases inserted as sent the way a send does, with the organisation as the sender
 * (its name, logo and press kit now): the inbox, the digest and the unsubscribe page read it.
 */
export async function freezeAsSent(db: Knex, releaseIds: string[], senderUserId: string | null = null): Promise<void> {
  for (const id of releaseIds) {
    const r = (await db('press_releases as p')
      .join('organisations as o', 'o.id', 'p.organisation_id')
      .where('p.id', id)
      .first('p.*', 'o.name as org_name', 'o.logo_url as org_logo', 'o.boilerplate as org_boilerplate', 'o.press_contact_email as org_contact_email')) as Record<
      string,
      unknown
    >;
    const files = (await db('release_attachments').where('press_release_id', id).orderBy('created_at').select('id', 'file_name', 'mime_type', 'size_bytes')) as {
      id: string;
      file_name: string;
      mime_type: string;
      size_bytes: string | number;
    }[];
    const attachments = files.map((f) => ({ id: f.id, fileName: f.file_name, mimeType: f.mime_type, sizeBytes: Number(f.size_bytes), sha256: null }));
    await db('release_sent_versions').insert({
      press_release_id: id,
      organisation_id: r.organisation_id,
      title: r.title,
      content: r.content,
      content_text: r.content_text,
      search_text: r.search_text,
      category: r.category,
      media_list_categories: r.media_list_categories,
      attachments: JSON.stringify(attachments),
      sender_user_id: senderUserId ?? r.author_id,
      sender_name: r.org_name,
      sender_logo_url: r.org_logo,
      boilerplate: r.org_boilerplate,
      press_contact_email: r.org_contact_email,
      sent_at: r.sent_at ?? new Date(),
      embargo_until: r.embargo_until ?? null,
    });
  }
}
