import { Router } from 'express';
import { dbMode, pingDb, type Db } from '../../db/knex';
import { migrationsCurrent } from '../../db/migrate';
import type { Config } from '../../config';
import type { Readiness } from '../../health/readiness';

/**
 * GET /healthz: the process is up. GET /readyz: the database answers, the schema is current,
 * and every registered probe (Redis, data folder, event loop …) is not down. A degraded probe
 * (e.g. Redis away: the process serves, live events stay local) keeps 200 with
 * `status: "degraded"`; a down one answers 503.
 */
export function healthRoutes(db: Db, config: Config, readiness?: Readiness): Router {
  const router = Router();
  const started = Date.now();

  router.get('/healthz', (_req, res) => {
    res.json({ status: 'ok', uptimeSeconds: Math.round((Date.now() - started) / 1000) });
  });

  router.get('/readyz', async (_req, res) => {
    const mode = dbMode(config);
    const probes = readiness ? await readiness.check() : { state: 'ok' as const, checks: {} };
    try {
      const latencyMs = await pingDb(db);
      if (!(await migrationsCurrent(db))) {
        res
          .status(503)
          .json({ status: 'not_ready', reason: 'migrations_pending', database: { mode }, checks: probes.checks });
        return;
      }
      const database = { mode, latencyMs: Math.round(latencyMs * 10) / 10 };
      if (probes.state === 'down') {
        const reason = Object.entries(probes.checks).find(([, r]) => r.state === 'down')?.[0];
        res.status(503).json({ status: 'not_ready', reason: `${reason}_down`, database, checks: probes.checks });
        return;
      }
      res.json({ status: probes.state === 'degraded' ? 'degraded' : 'ready', database, checks: probes.checks });
    } catch {
      res
        .status(503)
        .json({ status: 'not_ready', reason: 'database_unreachable', database: { mode }, checks: probes.checks });
    }
  });

  return router;
}
