import { Router } from 'express';
import { dbMode, pingDb, type Db } from '../../db/knex';
import { migrationsCurrent } from '../../db/migrate';
import type { Config } from '../../config';

/** GET /healthz: the process is up. GET /readyz: the database answers and the schema is current. */
export function healthRoutes(db: Db, config: Config): Router {
  const router = Router();
  const started = Date.now();

  router.get('/healthz', (_req, res) => {
    res.json({ status: 'ok', uptimeSeconds: Math.round((Date.now() - started) / 1000) });
  });

  router.get('/readyz', async (_req, res) => {
    const mode = dbMode(config);
    try {
      const latencyMs = await pingDb(db);
      if (!(await migrationsCurrent(db))) {
        res.status(503).json({ status: 'not_ready', reason: 'migrations_pending', database: { mode } });
        return;
      }
      res.json({ status: 'ready', database: { mode, latencyMs: Math.round(latencyMs * 10) / 10 } });
    } catch {
      res.status(503).json({ status: 'not_ready', reason: 'database_unreachable', database: { mode } });
    }
  });

  return router;
}
