import querystring from 'node:querystring';
import type { RequestHandler } from 'express';
import { isBadText } from '../../../shared/storable-text';
import { badRequest, HttpError } from './errors';

/**
 * The one input guard. Text that Postgres cannot store (NUL bytes) or that is not valid
 * Unicode (unpaired surrogates, malformed percent-encoding) is refused with a 400 naming
 * the field, on every route, before any handler sees it: in JSON bodies, query strings,
 * path parameters and header-derived values.
 */
export const BAD_TEXT_MESSAGE = 'must not contain NUL bytes or invalid Unicode';
const MAX_DEPTH = 64;

export { isBadText };

/** The path of the first string (key or value) that is not storable text, or null. */
export function findBadText(value: unknown, path: string[] = [], depth = 0): string | null {
  if (typeof value === 'string') return isBadText(value) ? path.join('.') || '_' : null;
  if (value === null || typeof value !== 'object' || Buffer.isBuffer(value)) return null;
  if (depth > MAX_DEPTH) return path.join('.') || '_';
  for (const [k, v] of Object.entries(value)) {
    if (isBadText(k)) return [...path, '(key)'].join('.');
    const bad = findBadText(v, [...path, k], depth + 1);
    if (bad !== null) return bad;
  }
  return null;
}

function refused(field: string): HttpError {
  return badRequest('validation_failed', 'Invalid input', { [field]: BAD_TEXT_MESSAGE });
}

/** Throws a 400 when a value holds text Postgres cannot store; `prefix` names the request part. */
export function assertCleanInput(value: unknown, prefix?: string): void {
  const bad = findBadText(value);
  if (bad !== null) throw refused(prefix && bad === '_' ? prefix : bad);
}

function decodeComponent(s: string): string {
  try {
    return decodeURIComponent(s.replace(/\+/g, ' '));
  } catch {
    throw badRequest('validation_failed', 'Invalid input', { query: 'is not valid percent-encoded UTF-8' });
  }
}

/**
 * Express's query parser (`app.set('query parser', ...)`): node's querystring, as Express's
 * 'simple' parser, but malformed encoding, NUL bytes and unpaired surrogates throw a 400
 * instead of turning into replacement characters or reaching the database.
 */
export function strictQueryParser(str: string): Record<string, unknown> {
  if (!str) return {};
  for (const part of str.split('&')) {
    const eq = part.indexOf('=');
    const key = decodeComponent(eq === -1 ? part : part.slice(0, eq));
    const value = eq === -1 ? '' : decodeComponent(part.slice(eq + 1));
    if (isBadText(key) || isBadText(value)) throw refused(isBadText(key) ? 'query' : key);
  }
  return querystring.parse(str) as Record<string, unknown>;
}

/** Reads the query (so a bad one fails here) and checks a parsed JSON body. */
export const inputGuard: RequestHandler = (req, _res, next) => {
  void req.query;
  if (req.body && typeof req.body === 'object' && !Buffer.isBuffer(req.body)) assertCleanInput(req.body, 'body');
  next();
};

/** Path parameters, checked once a route has matched (they are decoded by then). */
export const paramsGuard: RequestHandler = (req, _res, next) => {
  assertCleanInput(req.params, 'params');
  next();
};

/** A URI-encoded header value (e.g. X-File-Name), decoded without throwing a 500. */
export function decodeHeader(value: string | undefined, field: string, fallback: string): string {
  if (value === undefined || value === '') return fallback;
  let decoded: string;
  try {
    decoded = decodeURIComponent(value);
  } catch {
    throw badRequest('validation_failed', 'Invalid input', { [field]: 'is not valid percent-encoded UTF-8' });
  }
  if (isBadText(decoded)) throw refused(field);
  return decoded;
}
