/**
 * Request rate and latency per route. The route is the pattern Express matched
 * (`/api/releases/:id`), never the URL, so ids, slugs and tokens never become label values;
 * what no route matched is one of three fixed labels, and the count of distinct labels is
 * capped besides, so no client can grow the series.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { Counter, Histogram, type Registry } from 'prom-client';
import { isStaticAsset } from '../http/request-log';

/** Distinct route labels kept; any beyond (which the app's routes never reach) count as `other`. */
export const MAX_ROUTE_LABELS = 500;

/** Label of a request no route matched (an unknown address, a 404 of /api). */
export const UNMATCHED = 'unmatched';
/** Label of the client's static files (the built assets, icons). */
export const STATIC = 'static';
/** Label of Socket.IO's long-polling requests (its WebSocket is an upgrade, not a request). */
export const SOCKET_IO = '/socket.io';

const METHODS = new Set(['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS']);
const ID_SEGMENT = /^(?:[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}|\d+)$/i;

/** What Express leaves on a request it routed. */
interface RoutedRequest extends IncomingMessage {
  route?: { path?: unknown };
  baseUrl?: string;
  originalUrl?: string;
}

const segments = (path: string) => path.split('/').filter(Boolean);

/**
 * The route pattern of a finished request: the mount (`/api`, `/auth/v1`) and the matched
 * route's path. A request that left its router with an error (answered by the app's error
 * handler) no longer has its mount in `baseUrl`; the mount is then the URL's leading segments
 * the pattern does not cover (mounts are fixed words here; an id-like segment is written `:id`).
 */
export function routeLabel(req: RoutedRequest): string {
  const url = (req.originalUrl ?? req.url ?? '').split('?')[0] ?? '';
  const pattern = req.route?.path;
  if (typeof pattern === 'string') {
    if (req.baseUrl) return req.baseUrl + pattern;
    if (pattern.includes('*')) return pattern;
    const segs = segments(url);
    const prefix = segs.slice(0, Math.max(0, segs.length - segments(pattern).length)).map((s) => (ID_SEGMENT.test(s) ? ':id' : s));
    return prefix.length ? `/${prefix.join('/')}${pattern === '/' ? '' : pattern}` : pattern;
  }
  if (url === '/metrics') return url;
  if (url.startsWith('/socket.io/')) return SOCKET_IO;
  if (isStaticAsset(url)) return STATIC;
  return UNMATCHED;
}

const statusClass = (res: ServerResponse) => (res.writableFinished ? `${Math.floor(res.statusCode / 100)}xx` : 'aborted');

export class HttpMetrics {
  private readonly requests: Counter<'method' | 'route' | 'status'>;
  private readonly duration: Histogram<'method' | 'route'>;
  private readonly routes = new Set<string>();
  /** The series' handles, so a request costs a map lookup rather than prom-client's label hashing. */
  private readonly counters = new Map<string, { inc(): void }>();
  private readonly timers = new Map<string, { observe(v: number): void }>();

  constructor(registry: Registry) {
    this.requests = new Counter({
      name: 'deltio_http_requests_total',
      help: 'HTTP requests finished, by method, route pattern and status class (2xx … 5xx; aborted: the client left first)',
      labelNames: ['method', 'route', 'status'],
      registers: [registry],
    });
    this.duration = new Histogram({
      name: 'deltio_http_request_duration_seconds',
      help: 'Time from the request to the end of its response, by method and route pattern',
      labelNames: ['method', 'route'],
      buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
      registers: [registry],
    });
  }

  /** A 'request' listener of the HTTP server: times the request until its response closes. */
  readonly observe = (req: IncomingMessage, res: ServerResponse): void => {
    const started = process.hrtime.bigint();
    res.once('close', () => {
      const seconds = Number(process.hrtime.bigint() - started) / 1e9;
      const method = METHODS.has(req.method ?? '') ? (req.method as string) : 'OTHER';
      const route = this.bounded(routeLabel(req));
      const status = statusClass(res);
      const key = `${method} ${route}`;
      let timer = this.timers.get(key);
      if (!timer) this.timers.set(key, (timer = this.duration.labels({ method, route })));
      timer.observe(seconds);
      let counter = this.counters.get(`${key} ${status}`);
      if (!counter) this.counters.set(`${key} ${status}`, (counter = this.requests.labels({ method, route, status })));
      counter.inc();
    });
  };

  private bounded(route: string): string {
    if (this.routes.has(route)) return route;
    if (this.routes.size >= MAX_ROUTE_LABELS) return 'other';
    this.routes.add(route);
    return route;
  }
}
