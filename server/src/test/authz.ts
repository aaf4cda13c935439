import type { Db } from '../db/knex';
import type { TestServer } from './app';
import { signIn, signUp } from './http';

/** The kinds of caller the authorization matrix tries every /api route with. */
export const CALLERS = ['anonymous', 'client', 'otherClient', 'media', 'superadmin', 'pending', 'banned'] as const;
export type Caller = (typeof CALLERS)[number];

/** What a module's setup gets: the database and the user id of each signed-in caller. */
export interface MatrixWorld {
  db: Db;
  userIds: Record<Exclude<Caller, 'anonymous'>, string>;
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
 * The matrix's world: one account per kind of caller (a client who owns the fixtures,
 * another client, media, a superadmin, a pending client, a banned media user whose token
 * predates the ban), signed in, and each module's fixtures.
 */
export async function setupMatrixWorld(
  server: TestServer,
  modules: Record<string, { authz: AuthzModule }>,
): Promise<{ tokens: Partial<Record<Caller, string>>; userIds: MatrixWorld['userIds']; fixtures: Record<string, string> }> {
  const { db } = server.ctx;
  const tokens: Partial<Record<Caller, string>> = {};
  const userIds = {} as MatrixWorld['userIds'];
  const make = async (caller: Exclude<Caller, 'anonymous'>, role: 'client' | 'media') => {
    const email = `${caller.toLowerCase()}@matrix.test`;
    const { id } = await signUp(server.url, email, role);
    await db('profiles').where('user_id', id).update({ status: caller === 'pending' ? 'pending' : 'approved' });
    if (caller === 'superadmin') await db('profiles').where('user_id', id).update({ role: 'superadmin' });
    const s = await signIn(server.url, email, 'Thalassa-2026', caller === 'superadmin' ? server.config.superadminLoginPath : undefined);
    tokens[caller] = s.access_token;
    userIds[caller] = id;
  };
  await make('client', 'client');
  await make('otherClient', 'client');
  await make('media', 'media');
  await make('superadmin', 'client');
  await make('pending', 'client');
  await make('banned', 'media');
  await db('profiles').where('user_id', userIds.banned).update({ status: 'banned' });
  let fixtures: Record<string, string> = {};
  for (const mod of Object.values(modules)) {
    if (mod.authz.setup) fixtures = { ...fixtures, ...(await mod.authz.setup({ db, userIds })) };
  }
  return { tokens, userIds, fixtures };
}
