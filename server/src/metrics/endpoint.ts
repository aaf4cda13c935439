/**
 * Where Prometheus reads the metrics: `GET /metrics` on a port of its own (METRICS_PORT, bound
 * to METRICS_HOST, 127.0.0.1 by default), and/or on the main port when METRICS_TOKEN is set.
 * With a token, both ask for it as `Authorization: Bearer <token>` (compared in constant
 * time); without one, only the loopback-bound port serves them (config.ts refuses the rest).
 */
import { createHash, timingSafeEqual } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Logger } from '../logger';
import type { Metrics } from './metrics';

export const METRICS_PATH = '/metrics';

const digest = (s: string) => createHash('sha256').update(s).digest();

/** Whether an Authorization header carries the token (constant time in the token's content). */
export function bearerMatches(header: string | undefined, token: string): boolean {
  const m = /^Bearer\s+(\S+)\s*$/i.exec(header ?? '');
  // Digests of equal length: timingSafeEqual never sees, or leaks, the lengths.
  return timingSafeEqual(digest(m?.[1] ?? ''), digest(token)) && m !== null;
}

function sendError(res: http.ServerResponse, status: number, code: string, message: string, headers: Record<string, string> = {}): void {
  res.writeHead(status, { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store', ...headers });
  res.end(JSON.stringify({ error: { code, message } }));
}

/**
 * Answers a request for /metrics, or returns false for any other path (the caller passes it on).
 * `token` undefined: no authentication (the loopback-bound port).
 */
export function metricsRoute(metrics: Metrics, logger: Logger, token: string | undefined) {
  return (req: http.IncomingMessage, res: http.ServerResponse): boolean => {
    if ((req.url ?? '').split('?')[0] !== METRICS_PATH) return false;
    if (token !== undefined && !bearerMatches(req.headers.authorization, token)) {
      sendError(res, 401, 'unauthorized', 'The metrics need the bearer token (METRICS_TOKEN)', { 'www-authenticate': 'Bearer realm="metrics"' });
      return true;
    }
    if (req.method !== 'GET' && req.method !== 'HEAD') {
      sendError(res, 405, 'method_not_allowed', 'GET only', { allow: 'GET, HEAD' });
      return true;
    }
    metrics.scrape().then(
      (text) => {
        res.writeHead(200, { 'content-type': metrics.contentType, 'cache-control': 'no-store' });
        res.end(req.method === 'HEAD' ? undefined : text);
      },
      (err: unknown) => {
        logger.error({ err }, 'metrics: scrape failed');
        sendError(res, 503, 'metrics_unavailable', 'The metrics could not be collected');
      },
    );
    return true;
  };
}

export interface MetricsServer {
  port: number;
  close(): Promise<void>;
}

/** The metrics' own port: /metrics, anything else 404. */
export async function startMetricsServer(
  metrics: Metrics,
  logger: Logger,
  o: { port: number; host: string; token: string | undefined },
): Promise<MetricsServer> {
  const route = metricsRoute(metrics, logger, o.token);
  const server = http.createServer((req, res) => {
    if (!route(req, res)) sendError(res, 404, 'not_found', 'Only /metrics is served here');
  });
  server.keepAliveTimeout = 5_000;
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(o.port, o.host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  return {
    port: (server.address() as AddressInfo).port,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
