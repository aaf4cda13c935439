/**
 * Request rate and latency per route. The route is the pattern Express matched
 * (`/api/releases/:id`), never the URL, so ids, slugs and tokens never become label values;
 * what no route matched is one of three fixed labels, and the count of distinct labels is
 * capped besides, so no client can grow the series.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Metric, Registry } from 'prom-client';
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

/** The latency histogram's upper bounds (seconds). */
export const LATENCY_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

/** One method and route: its latency histogram and its count per status class. */
interface Series {
  method: string;
  route: string;
  /** Observations per bucket (not cumulative; the last one is over the highest bound). */
  buckets: Float64Array;
  sum: number;
  count: number;
  statuses: Map<string, number>;
}

interface Sample {
  metricName?: string;
  labels: Record<string, string>;
  value: number;
}

/**
 * Recorded in plain numbers per series and handed to prom-client's registry only at a scrape:
 * a request costs a map lookup and a few additions (prom-client's own counters and
 * histograms hash their label set at every observation, several µs a request).
 */
export class HttpMetrics {
  private readonly series = new Map<string, Series>();
  private readonly routes = new Set<string>();

  constructor(registry: Registry) {
    const family = (name: string, help: string, type: 'counter' | 'histogram', values: () => Sample[]) => {
      const metric = { name, help, type, aggregator: 'sum', get: () => ({ name, help, type, aggregator: 'sum', values: values() }) };
      registry.registerMetric(metric as unknown as Metric);
    };
    family(
      'deltio_http_requests_total',
      'HTTP requests finished, by method, route pattern and status class (2xx … 5xx; aborted: the client left first)',
      'counter',
      () => [...this.series.values()].flatMap((s) => [...s.statuses].map(([status, value]) => ({ labels: { method: s.method, route: s.route, status }, value }))),
    );
    const name = 'deltio_http_request_duration_seconds';
    family(name, 'Time from the request to the end of its response, by method and route pattern', 'histogram', () =>
      [...this.series.values()].flatMap((s) => {
        const labels = { method: s.method, route: s.route };
        let cumulative = 0;
        const out: Sample[] = LATENCY_BUCKETS.map((le, i) => {
          cumulative += s.buckets[i]!;
          return { metricName: `${name}_bucket`, labels: { ...labels, le: String(le) }, value: cumulative };
        });
        out.push({ metricName: `${name}_bucket`, labels: { ...labels, le: '+Inf' }, value: s.count });
        out.push({ metricName: `${name}_sum`, labels, value: s.sum });
        out.push({ metricName: `${name}_count`, labels, value: s.count });
        return out;
      }),
    );
  }

  /** A 'request' listener of the HTTP server: times the request until its response closes. */
  readonly observe = (req: IncomingMessage, res: ServerResponse): void => {
    const started = performance.now();
    res.once('close', () => this.record(req, res, (performance.now() - started) / 1000));
  };

  private record(req: IncomingMessage, res: ServerResponse, seconds: number): void {
    const method = METHODS.has(req.method ?? '') ? (req.method as string) : 'OTHER';
    const route = this.bounded(routeLabel(req));
    const key = `${method} ${route}`;
    let s = this.series.get(key);
    if (!s) this.series.set(key, (s = { method, route, buckets: new Float64Array(LATENCY_BUCKETS.length + 1), sum: 0, count: 0, statuses: new Map() }));
    let i = 0;
    while (i < LATENCY_BUCKETS.length && seconds > LATENCY_BUCKETS[i]!) i++;
    s.buckets[i]!++;
    s.sum += seconds;
    s.count++;
    const status = statusClass(res);
    s.statuses.set(status, (s.statuses.get(status) ?? 0) + 1);
  }

  private bounded(route: string): string {
    if (this.routes.has(route)) return route;
    if (this.routes.size >= MAX_ROUTE_LABELS) return 'other';
    this.routes.add(route);
    return route;
  }
}
