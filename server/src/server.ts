import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { createApp, type BuiltApp } from './app';
import { connectCollabBus } from './collab/cluster';
import { attachCollab } from './collab/upgrade';
import type { Config } from './config';
import type { AppContext } from './context';
import type { Db } from './db/knex';
import { actorFromToken } from './http/authenticate';
import type { Logger } from './logger';
import { Readiness } from './health/readiness';
import { JobQueue } from './jobs/queue';
import { registerJobs } from './jobs/index';
import { Mailer, messageIdDomain } from './mail/mailer';
import { logTransport, smtpTransport, type MailTransport } from './mail/transport';
import { AuthService } from './modules/auth/auth.service';
import { tokenKey } from './modules/auth/auth.tokens';
import { rooms } from '../../shared/events';
import { RateLimiter } from './rate-limit/rate-limit';
import { createRealtime } from './realtime/index';

export interface RunningServer {
  port: number;
  url: string;
  ctx: AppContext;
  api: BuiltApp['api'];
  /** Stops accepting, drains sockets and closes everything; resolves when done. */
  close(): Promise<void>;
}

export interface ServerDeps {
  config: Config;
  db: Db;
  logger: Logger;
  /** Tests pass their own transport to read what was sent. */
  mailTransport?: MailTransport;
}

export async function startServer(deps: ServerDeps, opts: { serveClient?: boolean } = {}): Promise<RunningServer> {
  const { config, db, logger } = deps;
  const server = http.createServer();
  server.keepAliveTimeout = 5_000;

  const key = tokenKey(config.jwtSecret);
  const transport = deps.mailTransport ?? (config.smtpUrl ? smtpTransport(config.smtpUrl) : logTransport(logger));
  const mailer = new Mailer(db, transport, logger, { from: config.mailFrom, messageIdDomain: messageIdDomain(config) });
  const realtime = createRealtime(
    server,
    logger,
    (token) => actorFromToken(db, key, token),
    async (actor) => {
      const rows = (await db('workspace_members').where('user_id', actor.userId).select('workspace_id')) as { workspace_id: string }[];
      return rows.map((r) => rooms.workspace(r.workspace_id));
    },
  );
  if (config.redisUrl) await realtime.useRedis(config.redisUrl);
  const limiter = new RateLimiter(db, config.rateLimitScale);
  const auth = new AuthService({ db, config, logger, mailer, live: realtime, limiter });
  // With REDIS_URL every process may serve every document: they share them through Redis.
  const bus = config.redisUrl ? await connectCollabBus(config.redisUrl, logger) : undefined;
  const collab = attachCollab(server, { db, logger, config, key, ...(bus ? { bus } : {}) });
  realtime.onSessionsEnded((ids) => collab.endSessions(ids));
  const jobs = new JobQueue(db, logger);
  const readiness = new Readiness();
  const ctx: AppContext = { config, db, logger, mailer, realtime, auth, collab, jobs, limiter, readiness, tokenKey: key };
  registerJobs(ctx);

  const built = await createApp(ctx, opts);
  server.on('request', built.app);
  mailer.start();

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(config.port, config.host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  const port = (server.address() as AddressInfo).port;
  // PORT=0 (tests, benchmarks): the development default of PUBLIC_URL is the port bound.
  if (!config.publicUrlConfigured && config.port === 0) config.publicUrl = `http://localhost:${port}`;
  jobs.start();

  let closing: Promise<void> | undefined;
  const close = () => {
    closing ??= (async () => {
      const httpClosed = new Promise<void>((resolve) => server.close(() => resolve()));
      server.closeIdleConnections();
      // Give in-flight requests a moment, then cut what is left.
      const cut = setTimeout(() => server.closeAllConnections(), 2_000);
      // Mail stops claiming now, not after the jobs: its in-flight e-mails finish or go back
      // to the queue within its budget, well inside the process's shutdown deadline.
      const mailStopped = mailer.stop();
      await jobs.stop();
      await Promise.all([realtime.close(), collab.close(), built.close(), mailStopped]);
      await httpClosed;
      clearTimeout(cut);
    })();
    return closing;
  };

  return { port, url: `http://localhost:${port}`, ctx, api: built.api, close };
}
