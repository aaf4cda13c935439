import type { IncomingMessage, ServerResponse } from 'node:http';
import { pinoHttp, type Options } from 'pino-http';
import type { Logger } from '../logger';

/** The path without its query string: tokens in links (unsubscribe, reset) stay out of the log. */
function pathOf(url: string | undefined): string {
  return (url ?? '').split('?')[0] ?? '';
}

/** The URL as requested (static middleware rewrites req.url, e.g. to the .br file). */
function requestedUrl(req: IncomingMessage): string | undefined {
  return (req as IncomingMessage & { originalUrl?: string }).originalUrl ?? req.url;
}

interface SerializedReq {
  method?: string;
  url?: string;
  headers?: Record<string, unknown>;
}
interface SerializedRes {
  statusCode?: number;
  headers?: Record<string, unknown>;
}

/**
 * The client's files: the build's hashed assets, the icons at the root and, under `npm run dev`,
 * Vite's modules. A page load fetches dozens of them, so they would bury the API lines.
 */
const STATIC_ASSET =
  /^\/(?:assets\/|@vite\/|@fs\/|@id\/|@react-refresh$|node_modules\/|src\/|[^/]+\.(?:svg|ico|png|jpe?g|webp|gif|woff2?)$)/;

/** True for a request of one of the client's static files (by its path, query left out). */
export function isStaticAsset(url: string | undefined): boolean {
  return STATIC_ASSET.test(pathOf(url));
}

/**
 * Options of the access log: one line per request at info (method, path, status, time),
 * headers only when the level is debug or lower. Static files served fine are logged at debug
 * (a missing one is still a warning); health probes are not logged.
 */
export function requestLogOptions(logger: Logger): Options<IncomingMessage, ServerResponse> {
  const withHeaders = () => logger.isLevelEnabled('debug');
  return {
    logger,
    autoLogging: { ignore: (req) => req.url === '/healthz' || req.url === '/readyz' },
    customLogLevel: (req, res, err) =>
      err || res.statusCode >= 500
        ? 'error'
        : res.statusCode >= 400
          ? 'warn'
          : isStaticAsset(requestedUrl(req))
            ? 'debug'
            : 'info',
    customSuccessMessage: (req, res, responseTime) =>
      `${req.method ?? ''} ${pathOf(requestedUrl(req))} ${res.statusCode} ${Math.round(responseTime)}ms`,
    customErrorMessage: (req, res) =>
      `${req.method ?? ''} ${pathOf(requestedUrl(req))} ${res.statusCode} failed`,
    serializers: {
      req: (req: SerializedReq) =>
        withHeaders()
          ? { method: req.method, path: pathOf(req.url), headers: req.headers }
          : { method: req.method, path: pathOf(req.url) },
      res: (res: SerializedRes) =>
        withHeaders()
          ? { statusCode: res.statusCode, headers: res.headers }
          : { statusCode: res.statusCode },
    },
  };
}

/** The access-log middleware (pino-http) with {@link requestLogOptions}. */
export function requestLogger(logger: Logger) {
  return pinoHttp(requestLogOptions(logger));
}

const ID_SEGMENT = /\/(?:[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}|\d+)(?=\/|$)/gi;

/** `POST /api/releases/:id/versions`: the method and path of a request, ids and query left out. */
export function routeOf(req: IncomingMessage): string {
  return `${req.method ?? ''} ${pathOf(requestedUrl(req)).replace(ID_SEGMENT, '/:id')}`;
}

/**
 * Tells `started` the route of every request as it comes in, and calls what it returned once
 * the response is done (or the client left): the event-loop monitor names the routes that
 * were running when a stall happened (health/event-loop.ts). A map insert and delete a request.
 */
export function requestRoutes(started: (route: string) => () => void) {
  return (req: IncomingMessage, res: ServerResponse, next: () => void) => {
    const done = started(routeOf(req));
    res.once('close', done);
    next();
  };
}
