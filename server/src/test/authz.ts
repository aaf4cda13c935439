import type { Db } from '../db/knex';
import type { TestServer } from './app';
import { signIn, signUp } from './http';

/** The kinds of caller the authorization matrix tries every /api route with. */
export const CALLERS = ['anonymous', 'client', 'otherClient', 'media', 'superadmin', 'pending', 'banned'] as const;
export type Caller = (typeof CALLERS)[number];

/** The callers who own a company: each owns one organisation (approved, or pending for 'pending'). */
export const ORGANISATION_CALLERS = ['client', 'otherClient', 'pending'] as const;
export type OrganisationCaller = (typeof ORGANISATION_CALLERS)[number];

/**
 * What a module's setup gets: the database, the user id of each signed-in caller and the
 * organisation each company caller owns (and works in). The fixtures "of the client" belong to
 * `organisationIds.client`; `otherClient` is a member of another organisation (404 on A's objects).
 */
export interface MatrixWorld {
  db: Db;
  userIds: Record<Exclude<Caller, 'anonymous'>, string>;
  organisationIds: Record<OrganisationCaller, string>;
}

/** A release of `caller`'s organisation written by them (client unless told), with any other columns; its id. */
export async function matrixRelease(
  world: MatrixWorld,
  row: Record<string, unknown> = {},
  caller: OrganisationCaller = 'client',
): Promise<string> {
  const [r] = (await world.db('press_releases')
    .insert({ title: 'Matrix release', organisation_id: world.organisationIds[caller], author_id: world.userIds[caller], ...row })
    .returning('id')) as { id: string }[];
  return r!.id;
}

export interface MatrixEntry {
  /** The request to make (path relative to /api) with fixture ids from setup(). */
  request: (fx: Record<string, string>) => { path: string; body?: unknown };
  expect: Record<Caller, number>;
}

/**
 * One module's part of the matrix, in server/src/modules/<domain>/<domain>.authz.ts.
 * Keys are "METHOD /path" exactly as registered (e.g. "GET /tasks/:id").
 */
export interface AuthzModule {
  setup?: (world: MatrixWorld) => Promise<Record<string, string>>;
  entries: Record<string, MatrixEntry>;
}

/** Every signed-in caller gets `ok`; anonymous and banned get 401. */
export const signedIn = (ok: number): Record<Caller, number> => ({
  anonymous: 401,
  client: ok,
  otherClient: ok,
  media: ok,
  superadmin: ok,
  pending: ok,
  banned: 401,
});

/** Only the listed callers get `ok`; other signed-in callers 403; anonymous and banned 401. */
export const only = (ok: number, callers: Caller[], refused = 403): Record<Caller, number> => ({
  anonymous: 401,
  client: callers.includes('client') ? ok : refused,
  otherClient: callers.includes('otherClient') ? ok : refused,
  media: callers.includes('media') ? ok : refused,
  superadmin: callers.includes('superadmin') ? ok : refused,
  pending: callers.includes('pending') ? ok : refused,
  banned: 401,
});

/** Public routes: everyone gets `ok`. */
export const everyone = (ok: number): Record<Caller, number> => ({
  anonymous: ok,
  client: ok,
  otherClient: ok,
  media: ok,
  superadmin: ok,
  pending: ok,
  banned: ok,
});

/** Every route's entry of the matrix, from modules/<domain>/<domain>.authz.ts and collab/. */
export function matrixEntries(modules: Record<string, { authz: AuthzModule }>): Record<string, MatrixEntry> {
  const entries: Record<string, MatrixEntry> = {};
  for (const [file, mod] of Object.entries(modules)) {
    for (const [key, entry] of Object.entries(mod.authz.entries)) {
      if (key in entries) throw new Error(`${key} is listed twice (again in ${file})`);
      entries[key] = entry;
    }
  }
  return entries;
}

/**
 * The matrix's world: one account per kind of caller (a client who owns the fixtures' organisation,
 * the owner of another organisation, media, a superadmin, the owner of a pending organisation,
 * a banned media user whose token predates the ban), signed in, and each module's fixtures.
 * Everyone signs up through the app; a company's sign-up creates its organisation, which is then
 * approved (or left pending) as the superadmin would.
 */
export async function setupMatrixWorld(
  server: TestServer,
  modules: Record<string, { authz: AuthzModule }>,
): Promise<{
  tokens: Partial<Record<Caller, string>>;
  userIds: MatrixWorld['userIds'];
  organisationIds: MatrixWorld['organisationIds'];
  fixtures: Record<string, string>;
}> {
  const { db } = server.ctx;
  const tokens: Partial<Record<Caller, string>> = {};
  const userIds = {} as MatrixWorld['userIds'];
  const organisationIds = {} as MatrixWorld['organisationIds'];
  const make = async (caller: Exclude<Caller, 'anonymous'>, role: 'client' | 'media') => {
    const email = `${caller.toLowerCase()}@matrix.test`;
    const { id } = await signUp(server.url, email, role);
    const status = caller === 'pending' ? 'pending' : 'approved';
    await db('profiles').where('user_id', id).update({ status });
    if (caller === 'superadmin') await db('profiles').where('user_id', id).update({ role: 'superadmin' });
    if (role === 'client') organisationIds[caller as OrganisationCaller] = await ownOrganisation(db, id, email, status);
    const s = await signIn(server.url, email, 'Thalassa-2026', caller === 'superadmin' ? server.config.superadminLoginPath : undefined);
    tokens[caller] = s.access_token;
    userIds[caller] = id;
  };
  await make('client', 'client');
  await make('otherClient', 'client');
  await make('media', 'media');
  // Signed up as media: a superadmin is no company's member.
  await make('superadmin', 'media');
  await make('pending', 'client');
  await make('banned', 'media');
  await db('profiles').where('user_id', userIds.banned).update({ status: 'banned' });
  let fixtures: Record<string, string> = {};
  for (const mod of Object.values(modules)) {
    if (mod.authz.setup) fixtures = { ...fixtures, ...(await mod.authz.setup({ db, userIds, organisationIds })) };
  }
  return { tokens, userIds, organisationIds, fixtures };
}

/**
 * The organisation a company's sign-up created, with the caller as its only owner, in the given
 * state and the one they work in. Fails when the sign-up made none (or several).
 */
async function ownOrganisation(db: Db, userId: string, email: string, status: 'approved' | 'pending'): Promise<string> {
  const owned = (await db('organisation_members').where({ user_id: userId, role: 'owner' }).pluck('organisation_id')) as string[];
  if (owned.length !== 1) throw new Error(`the sign-up of ${email} made ${owned.length} organisations, not one`);
  const organisationId = owned[0]!;
  const members = (await db('organisation_members').where('organisation_id', organisationId).pluck('user_id')) as string[];
  if (members.length !== 1) throw new Error(`the organisation of ${email} has ${members.length} members, not one`);
  await db('organisations').where('id', organisationId).update({ status });
  await db('profiles').where('user_id', userId).update({ active_organisation_id: organisationId });
  return organisationId;
}
