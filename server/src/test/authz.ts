import type { Db } from '../db/knex';

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
