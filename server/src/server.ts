import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { createApp, type BuiltApp } from './app';
import { clockFromEnv, systemClock, testClockRoute, type Clock } from './clock';
import { connectCollabBus } from './collab/cluster';
import { attachCollab } from './collab/upgrade';
import type { Config } from './config';
import type { AppContext } from './context';
import type { Db } from './db/knex';
import { actorFromToken } from './http/authenticate';
import type { Logger } from './logger';
import { EventLoopMonitor, type EventLoopOptions } from './health/event-loop';
import { Readiness } from './health/readiness';
import { redisProbe } from './redis/probe';
import { requestRoutes } from './http/request-log';
import { JobQueue } from './jobs/queue';
import { AppEvents } from './events';
import { registerJobs } from './jobs/index';
import { warmPush } from './modules/push/push.jobs';
import { registerDeliverability } from './modules/deliverability/index';
import { systemDns, systemFetch, type DnsResolver, type OutboundFetch } from './modules/deliverability/dns';
import { SenderIdentity } from './modules/deliverability/sender-identity';
import { DomainThrottle } from './mail/domain-throttle';
import { startInboundSmtp } from './modules/deliverability/inbound-smtp';
import { dnsFromEnv, testDnsRoute } from './modules/deliverability/test-dns';
import { Mailer, messageIdDomain } from './mail/mailer';
import { logTransport, smtpTransport, type MailTransport } from './mail/transport';
import { AuthService } from './modules/auth/auth.service';
import { tokenKey } from './modules/auth/auth.tokens';
import { RateLimiter } from './rate-limit/rate-limit';
import { createRealtime } from './realtime/index';
import { organisationRoomsOf } from './modules/workspaces/workspaces.service';
import { createStorage } from './storage/create-storage';
import type { StorageFs } from './storage/storage-fs';
import { registerTempSweep } from './storage/temp-sweep';
import { createCpuPool } from './workers/cpu-pool';
import { metricsRoute, startMetricsServer } from './metrics/endpoint';
import { createMetrics } from './metrics/metrics';
import type { PoolOptions } from './workers/pool';

export interface RunningServer {
  port: number;
  url: string;
  /** The inbound SMTP listener's port (bounces and complaint reports), when INBOUND_SMTP_PORT is set. */
  inboundSmtpPort?: number;
  /** The metrics' own port, when METRICS_PORT is set. */
  metricsPort?: number;
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
  /** Tests inject the data folder's file-system calls (to raise ENOSPC, EROFS …) and the probe's cache time. */
  storage?: { fs?: StorageFs; probeTtlMs?: number };
  /** Tests and benches set the CPU pool's size and budgets. */
  cpuPool?: Partial<PoolOptions>;
  /** Tests set the event-loop thresholds. */
  eventLoop?: Partial<EventLoopOptions>;
  /** Tests pass a TestClock and move it; else the system clock (or, outside production, E2E_CLOCK=manual's). */
  clock?: Clock;
  /** Tests answer the sending-domain DNS checks and the webhooks' outbound requests themselves. */
  dns?: DnsResolver;
  fetch?: OutboundFetch;
}

export async function startServer(deps: ServerDeps, opts: { serveClient?: boolean } = {}): Promise<RunningServer> {
  const { config, db, logger } = deps;
  const clock = deps.clock ?? (config.isProduction ? systemClock : clockFromEnv(process.env));
  const server = http.createServer();
  // An idle keep-alive connection is kept longer than a client or a load balancer keeps one
  // (60 s is the common proxy default): a server closing it first races the client's next request
  // on it, which then fails with ECONNRESET (a proxy answers 502). Shutdown closes idle ones at once.
  server.keepAliveTimeout = 65_000;
  server.headersTimeout = 66_000;

  const key = tokenKey(config.jwtSecret);
  const transport = deps.mailTransport ?? (config.smtpUrl ? smtpTransport(config.smtpUrl) : logTransport(logger));
  const mailer = new Mailer(db, transport, logger, {
    from: config.mailFrom,
    messageIdDomain: messageIdDomain(config),
    clock,
    throttle: new DomainThrottle({ rates: config.deliverability.domainRates, defaultPerMinute: config.deliverability.defaultDomainRate }),
  });
  const realtime = createRealtime(
    server,
    logger,
    (token) => actorFromToken(db, key, token),
    // Only the active organisation's room: nothing of another organisation reaches its screens.
    (actor) => organisationRoomsOf(db, actor),
  );
  const redisOpts = { commandTimeoutMs: config.redisCommandTimeoutMs };
  const realtimeLink = config.redisUrl ? await realtime.useRedis(config.redisUrl, redisOpts) : undefined;
  const limiter = new RateLimiter(db, config.rateLimitScale);
  const auth = new AuthService({ db, config, logger, mailer, live: realtime, limiter, clock });
  // With REDIS_URL every process may serve every document: they share them through Redis.
  const bus = config.redisUrl ? await connectCollabBus(config.redisUrl, logger, redisOpts) : undefined;
  const collab = attachCollab(server, { db, logger, config, key, ...(bus ? { bus } : {}) });
  realtime.onSessionsEnded((ids) => collab.endSessions(ids));
  const jobs = new JobQueue(db, logger, { clock });
  const readiness = new Readiness();
  // The data folder, or the S3-compatible bucket with S3_BUCKET.
  const storage = await createStorage(config, logger, { fs: deps.storage?.fs, probeTtlMs: deps.storage?.probeTtlMs });
  const { files, logos } = storage;
  readiness.register(storage.probe.name, storage.probe.check);
  if (realtimeLink && bus) readiness.register('redis', redisProbe([realtimeLink, bus.link]));
  const eventLoop = new EventLoopMonitor(logger, deps.eventLoop).start();
  readiness.register('eventLoop', () => eventLoop.probe());
  const cpu = createCpuPool(logger, deps.cpuPool);
  readiness.register('workers', () => {
    const stats = cpu.stats();
    // Every thread busy and jobs waiting: CPU-heavy requests are slow (or answer 503 busy); the rest is served.
    return stats.queued > 0 && stats.busy === stats.threads ? { state: 'degraded', reason: 'workers_saturated', ...stats } : { state: 'ok', ...stats };
  });
  const identity = new SenderIdentity(db, config.deliverability, key, clock, logger);
  // E2E_DNS=manual outside production (the e2e server): a resolver the specs fill at /__test/dns.
  const dns = deps.dns ?? (config.isProduction ? undefined : dnsFromEnv(process.env)) ?? systemDns();
  const deliverability = { identity, dns, fetch: deps.fetch ?? systemFetch };
  const events = new AppEvents(logger);
  const ctx: AppContext = { config, db, logger, clock, mailer, realtime, auth, collab, jobs, events, limiter, readiness, files, logos, cpu, tokenKey: key, deliverability };
  registerDeliverability(ctx);
  registerJobs(ctx);
  // Temporary files a crash left behind: removed now, and hourly while the process runs.
  await registerTempSweep(ctx, storage.sweepDirs);

  const built = await createApp(ctx, opts);
  // Prometheus metrics, only with METRICS_PORT or METRICS_TOKEN (docs/deploy.md, "Metrics").
  const redisLinks = [...(realtimeLink ? [{ name: 'realtime', link: realtimeLink }] : []), ...(bus ? [{ name: 'collab', link: bus.link }] : [])];
  const metrics = config.metrics ? await createMetrics({ db, clock, logger, mailer, realtime, collab, eventLoop, redis: redisLinks }) : undefined;
  if (metrics) server.on('request', metrics.http.observe);
  const metricsHere = metrics && config.metrics?.token ? metricsRoute(metrics, logger, config.metrics.token) : undefined;
  // The routes running when the event loop stalls, for its log line (a listener before the app's).
  const track = requestRoutes((route) => eventLoop.requestStarted(route));
  server.on('request', (req: http.IncomingMessage, res: http.ServerResponse) => track(req, res, () => undefined));
  // Only a movable clock (tests, E2E_CLOCK=manual outside production) has a route, in front of the app.
  const clockRoute = testClockRoute(clock);
  // Only a manual resolver (E2E_DNS=manual outside production) has one too.
  const dnsRoute = deps.dns ? undefined : testDnsRoute(dns);
  server.on(
    'request',
    clockRoute || dnsRoute || metricsHere
      ? (req: http.IncomingMessage, res: http.ServerResponse) => {
          if (!metricsHere?.(req, res) && !clockRoute?.(req, res) && !dnsRoute?.(req, res)) built.app(req, res);
        }
      : built.app,
  );
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(config.port, config.host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  // Background work starts once the port is ours: started before, a busy port (EADDRINUSE) closed
  // the pool under its queries, and the process printed their stacks.
  mailer.start();
  warmPush(ctx);
  const port = (server.address() as AddressInfo).port;
  // PORT=0 (tests, benchmarks): the development default of PUBLIC_URL is the port bound.
  if (!config.publicUrlConfigured && config.port === 0) config.publicUrl = `http://localhost:${port}`;
  // DSNs and complaint reports, only in the processes given INBOUND_SMTP_PORT (the MX of BOUNCE_DOMAIN).
  const inbound = config.deliverability.inboundSmtp ? await startInboundSmtp(ctx, config.deliverability.inboundSmtp) : undefined;
  const metricsServer =
    metrics && config.metrics?.port !== undefined ? await startMetricsServer(metrics, logger, { port: config.metrics.port, host: config.metrics.host, token: config.metrics.token }) : undefined;
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
      // No more reports: one being recorded finishes (or its sender retries) before the database closes.
      const inboundClosed = inbound?.close();
      await jobs.stop();
      await Promise.all([realtime.close(), collab.close(), built.close(), mailStopped, cpu.close(), inboundClosed, metricsServer?.close()]);
      eventLoop.stop();
      await httpClosed;
      clearTimeout(cut);
    })();
    return closing;
  };

  return { port, url: `http://localhost:${port}`, ...(inbound ? { inboundSmtpPort: inbound.port } : {}), ...(metricsServer ? { metricsPort: metricsServer.port } : {}), ctx, api: built.api, close };
}
