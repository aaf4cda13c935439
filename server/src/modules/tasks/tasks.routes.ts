import { taskCreateBody, taskIdParams, taskListQuery, taskPatchBody } from '../../../../shared/schemas/tasks';
import type { AppContext } from '../../context';
import type { ApiRouter } from '../../http/api-router';
import { actorOf } from '../../http/authenticate';
import { errorBody } from '../../http/errors';
import { valid, validate } from '../../http/validate';
import * as service from './tasks.service';

/**
 * The task board of the caller's active organisation: every member reads it, 'tasks.write'
 * changes it (a reviewer gets 403); a task of an organisation the caller is not in is a 404.
 */
export function taskRoutes(api: ApiRouter, ctx: AppContext): void {
  const clients = ['client'] as const;

  api.get('/tasks', clients, validate('query', taskListQuery), async (_req, res) => {
    res.json(await service.listTasks(ctx, actorOf(res), valid(res, 'query', taskListQuery)));
  });

  api.post('/tasks', clients, validate('body', taskCreateBody), async (_req, res) => {
    res.status(201).json(await service.createTask(ctx, actorOf(res), valid(res, 'body', taskCreateBody)));
  });

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
