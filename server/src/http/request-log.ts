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
 * Options of the access log: one line per request at info (method, path, status, time),
 * headers only when the level is debug or lower. Health probes are not logged.
 */
export function requestLogOptions(logger: Logger): Options<IncomingMessage, ServerResponse> {
  const withHeaders = () => logger.isLevelEnabled('debug');
  return {
    logger,
    autoLogging: { ignore: (req) => req.url === '/healthz' || req.url === '/readyz' },
    customLogLevel: (_req, res, err) =>
      err || res.statusCode >= 500 ? 'error' : res.statusCode >= 400 ? 'warn' : 'info',
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
