import type { ErrorRequestHandler, RequestHandler } from 'express';
import { ZodError } from 'zod';
import type { Logger } from '../logger';

/** The one JSON error shape: { error: { code, message, fields? } }. */
export interface ErrorBody {
  error: { code: string; message: string; fields?: Record<string, string> };
}

export class HttpError extends Error {
  constructor(
    public readonly status: number,
    public readonly code: string,
    message: string,
    public readonly fields?: Record<string, string>,
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

export function errorBody(code: string, message: string, fields?: Record<string, string>): ErrorBody {
  return { error: fields ? { code, message, fields } : { code, message } };
}

/** JSON 404 for unknown API paths (the client app handles every other path). */
export const apiNotFound: RequestHandler = (req, res) => {
  res.status(404).json(errorBody('not_found', `No route ${req.method} ${req.originalUrl.split('?')[0]}`));
};

interface BodyParserError {
  type?: string;
  status?: number;
}

export function errorHandler(logger: Logger): ErrorRequestHandler {
  return (err: unknown, req, res, _next) => {
    if (res.headersSent) return;
    if (err instanceof HttpError) {
      res.status(err.status).json(errorBody(err.code, err.message, err.fields));
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
    if (typeof parserError?.status === 'number' && parserError.status >= 400 && parserError.status < 500) {
      res.status(parserError.status).json(errorBody('bad_request', 'Bad request'));
      return;
    }
    logger.error({ err, method: req.method, url: req.originalUrl }, 'unhandled error');
    res.status(500).json(errorBody('internal', 'Something went wrong'));
  };
}
