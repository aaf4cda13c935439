import { taskCreateBody, taskIdParams, taskListQuery, taskPatchBody } from '../../../../shared/schemas/tasks';
import { workspaceIdParams } from '../../../../shared/schemas/workspaces';
import type { AppContext } from '../../context';
import type { ApiRouter } from '../../http/api-router';
import { actorOf } from '../../http/authenticate';
import { errorBody } from '../../http/errors';
import { valid, validate } from '../../http/validate';
import * as service from './tasks.service';

/** The task board of a workspace: members only (a client outside gets 404). */
export function taskRoutes(api: ApiRouter, ctx: AppContext): void {
  const clients = ['client'] as const;

  api.get(
    '/workspaces/:id/tasks',
    clients,
    validate('params', workspaceIdParams),
    validate('query', taskListQuery),
    async (_req, res) => {
      const { id } = valid(res, 'params', workspaceIdParams);
      res.json(await service.listTasks(ctx, actorOf(res), id, valid(res, 'query', taskListQuery)));
    },
  );

  api.post(
    '/workspaces/:id/tasks',
    clients,
    validate('params', workspaceIdParams),
    validate('body', taskCreateBody),
    async (_req, res) => {
      const { id } = valid(res, 'params', workspaceIdParams);
      res.status(201).json(await service.createTask(ctx, actorOf(res), id, valid(res, 'body', taskCreateBody)));
    },
  );

  api.patch('/tasks/:id', clients, validate('params', taskIdParams), validate('body', taskPatchBody), async (_req, res) => {
    const { id } = valid(res, 'params', taskIdParams);
    try {
      res.json(await service.updateTask(ctx, actorOf(res), id, valid(res, 'body', taskPatchBody)));
    } catch (err) {
      if (!(err instanceof service.VersionConflict)) throw err;
      // 409 with the current task, so the caller can show it and decide again.
      res.status(409).json({
        ...errorBody('version_conflict', 'The task was changed by someone else; here is its current version'),
        task: err.current,
      });
    }
  });
}
