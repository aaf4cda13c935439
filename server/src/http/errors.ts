import type { ErrorRequestHandler, RequestHandler } from 'express';
import { ZodError } from 'zod';
import type { Logger } from '../logger';
import { storageFaultAnswer, storageFaultKind } from '../storage/fault-kind';

/** The one JSON error shape: { error: { code, message, fields? } }. */
export interface ErrorBody {
  error: { code: string; message: string; fields?: Record<string, string>; details?: Record<string, unknown> };
}

export class HttpError extends Error {
  constructor(
    public readonly status: number,
    public readonly code: string,
    message: string,
    public readonly fields?: Record<string, string>,
    /** Facts the client may show beside the message (counts, limits); never field errors. */
    public readonly details?: Record<string, unknown>,
  ) {
    super(message);
    this.name = 'HttpError';
  }
}

export const badRequest = (code: string, message: string, fields?: Record<string, string>) =>
  new HttpError(400, code, message, fields);
export const unauthorized = (message = 'Authentication required') =>
  new HttpError(401, 'unauthorized', message);
export const forbidden = (message = 'Forbidden') => new HttpError(403, 'forbidden', message);
export const notFound = (message = 'Not found') => new HttpError(404, 'not_found', message);
export const conflict = (code: string, message: string) => new HttpError(409, code, message);

export function zodFields(err: ZodError): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const issue of err.issues) {
    const key = issue.path.length ? issue.path.join('.') : '_';
    fields[key] ??= issue.message;
  }
  return fields;
}

export function errorBody(code: string, message: string, fields?: Record<string, string>, details?: Record<string, unknown>): ErrorBody {
  return { error: { code, message, ...(fields ? { fields } : {}), ...(details ? { details } : {}) } };
}

/** JSON 404 for unknown API paths (the client app handles every other path). */
export const apiNotFound: RequestHandler = (req, res) => {
  res.status(404).json(errorBody('not_found', `No route ${req.method} ${req.originalUrl.split('?')[0]}`));
};

interface BodyParserError {
  type?: string;
  status?: number;
}

/** Seconds a client is asked to wait when the database cannot be reached. */
export const DB_RETRY_AFTER_SECONDS = 5;

const CONNECTION_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'ENOTFOUND', 'ETIMEDOUT', 'EAI_AGAIN', 'EPIPE', 'EHOSTUNREACH']);

/**
 * The database is unreachable or refusing connections: a network error, a Postgres
 * connection-class error (08xxx), shutdown or start-up (57P01-57P03), too many connections
 * (53300), or Knex giving up on its pool. These are outages, not bugs: 503, not 500.
 */
export function isDatabaseUnavailable(err: unknown): boolean {
  const e = err as { code?: unknown; name?: unknown; message?: unknown } | null;
  if (!e || typeof e !== 'object') return false;
  const code = typeof e.code === 'string' ? e.code : '';
  if (CONNECTION_CODES.has(code)) return true;
  if (/^08/.test(code) || ['57P01', '57P02', '57P03', '53300'].includes(code)) return true;
  if (e.name === 'KnexTimeoutError') return true;
  const message = typeof e.message === 'string' ? e.message : '';
  return /Connection terminated|Unable to acquire a connection|Timeout acquiring a connection/i.test(message);
}

/** Postgres refusing text it cannot store: invalid UTF-8 or a character not in the encoding. */
function isUnstorableText(err: unknown): boolean {
  const code = (err as { code?: unknown } | null)?.code;
  return code === '22021' || code === '22P05';
}

export function errorHandler(logger: Logger): ErrorRequestHandler {
  return (err: unknown, req, res, _next) => {
    if (res.headersSent) return;
    if (err instanceof HttpError) {
      const retryAfter = (err as HttpError & { retryAfter?: unknown }).retryAfter;
      if (typeof retryAfter === 'number') res.setHeader('retry-after', String(retryAfter));
      res.status(err.status).json(errorBody(err.code, err.message, err.fields, err.details));
      return;
    }
    if (err instanceof ZodError) {
      const fields = zodFields(err);
      res.status(400).json(errorBody('validation_failed', 'Invalid input', fields));
      return;
    }
    const parserError = err as BodyParserError;
    if (parserError?.type === 'entity.parse.failed') {
      res.status(400).json(errorBody('invalid_json', 'The request body is not valid JSON'));
      return;
    }
    if (parserError?.type === 'entity.too.large') {
      res.status(413).json(errorBody('payload_too_large', 'The request body is too large'));
      return;
    }
    if (err instanceof URIError || isUnstorableText(err)) {
      res.status(400).json(errorBody('validation_failed', 'Invalid input'));
      return;
    }
    if (isDatabaseUnavailable(err)) {
      logger.warn({ err: (err as Error).message, method: req.method, url: req.originalUrl }, 'database unavailable');
      res.setHeader('retry-after', String(DB_RETRY_AFTER_SECONDS));
      res.status(503).json(errorBody('service_unavailable', 'The service is temporarily unavailable; try again shortly'));
      return;
    }
    // A write under the data folder that did not go through the FileStore: still 507/503, not 500.
    const storageFault = storageFaultKind(err);
    if (storageFault) {
      const answer = storageFaultAnswer(storageFault);
      logger.warn({ err: (err as Error).message, method: req.method, url: req.originalUrl }, 'storage fault');
      if (answer.retryAfter) res.setHeader('retry-after', String(answer.retryAfter));
      res.status(answer.status).json(errorBody(answer.code, answer.message));
      return;
    }
    if (typeof parserError?.status === 'number' && parserError.status >= 400 && parserError.status < 500) {
      res.status(parserError.status).json(errorBody('bad_request', 'Bad request'));
      return;
    }
    logger.error({ err, method: req.method, url: req.originalUrl }, 'unhandled error');
    res.status(500).json(errorBody('internal', 'Something went wrong'));
  };
}
