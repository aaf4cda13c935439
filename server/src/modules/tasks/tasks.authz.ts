import { only, type AuthzModule, type Caller } from '../../test/authz';

/**
 * The board is the caller's active organisation's: every client reads and writes their own
 * (the pending client's organisation too). A task of `client`'s organisation: a member of
 * another organisation (or the pending client) gets 404; other roles 403.
 */
const ownBoard = (ok: number): Record<Caller, number> => only(ok, ['client', 'otherClient', 'pending']);
const membersOnly = (ok: number): Record<Caller, number> => ({ ...only(ok, ['client']), otherClient: 404, pending: 404 });

export const authz: AuthzModule = {
  setup: async ({ db, userIds }) => {
    const m = (await db('organisation_members').where({ user_id: userIds.client, role: 'owner' }).first('organisation_id')) as { organisation_id: string };
    const [task] = (await db('tasks')
      .insert({ organisation_id: m.organisation_id, title: 'Matrix task', created_by: userIds.client })
      .returning('id')) as { id: string }[];
    return { task9: task!.id };
  },
  entries: {
    'GET /tasks': { request: () => ({ path: '/tasks' }), expect: ownBoard(200) },
    'POST /tasks': { request: () => ({ path: '/tasks', body: { title: 'Νέα εργασία' } }), expect: ownBoard(201) },
    // Only the client's call gets through, with the version it last saw (1).
    'PATCH /tasks/:id': {
      request: (fx) => ({ path: `/tasks/${fx.task9}`, body: { version: 1, status: 'done' } }),
      expect: membersOnly(200),
    },
  },
};
