import { only, type AuthzModule, type Caller } from '../../test/authz';

/** Tasks of `client`'s workspace: outsiders (another client, a pending one) get 404, other roles 403. */
const membersOnly = (ok: number): Record<Caller, number> => ({ ...only(ok, ['client']), otherClient: 404, pending: 404 });

export const authz: AuthzModule = {
  setup: async ({ db, userIds }) => {
    const ws = (await db('organisations').where('created_by', userIds.client).first('id')) as { id: string };
    const [task] = (await db('tasks')
      .insert({ organisation_id: ws.id, title: 'Matrix task', created_by: userIds.client })
      .returning('id')) as { id: string }[];
    return { ws9Tasks: ws.id, task9: task!.id };
  },
  entries: {
    'GET /workspaces/:id/tasks': { request: (fx) => ({ path: `/workspaces/${fx.ws9Tasks}/tasks` }), expect: membersOnly(200) },
    'POST /workspaces/:id/tasks': {
      request: (fx) => ({ path: `/workspaces/${fx.ws9Tasks}/tasks`, body: { title: 'Νέα εργασία' } }),
      expect: membersOnly(201),
    },
    // Only the client's call gets through, with the version it last saw (1).
    'PATCH /tasks/:id': {
      request: (fx) => ({ path: `/tasks/${fx.task9}`, body: { version: 1, status: 'done' } }),
      expect: membersOnly(200),
    },
  },
};
