import type { z } from 'zod';
import { authClient } from '@client/auth/client';
import { ApiError, NetworkError, toApiError } from './errors';

export { ApiError, NetworkError };

interface RequestOptions<S extends z.ZodType | undefined> {
  body?: unknown;
  /** Parses the answer with a shared schema. */
  schema?: S;
  signal?: AbortSignal;
}

type Result<S> = S extends z.ZodType ? z.infer<S> : unknown;

async function send(method: string, path: string, body: unknown, token: string | null, signal?: AbortSignal): Promise<Response> {
  try {
    return await fetch(`/api${path}`, {
      method,
      signal,
      headers: {
        ...(body !== undefined && !(body instanceof FormData) ? { 'content-type': 'application/json' } : {}),
        ...(token ? { authorization: `Bearer ${token}` } : {}),
      },
      body: body === undefined ? undefined : body instanceof FormData ? body : JSON.stringify(body),
    });
  } catch (err) {
    if (err instanceof DOMException && err.name === 'AbortError') throw err;
    throw new NetworkError();
  }
}

/**
 * Calls our /api with the current access token. A 401 refreshes the session once and
 * retries; if that fails the session is over (the store signs out).
 */
export async function api<S extends z.ZodType | undefined = undefined>(
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE',
  path: string,
  opts: RequestOptions<S> = {},
): Promise<Result<S>> {
  let token = await authClient.getAccessToken();
  let res = await send(method, path, opts.body, token, opts.signal);
  if (res.status === 401 && token) {
    const refreshed = await authClient.refresh();
    token = refreshed?.access_token ?? null;
    if (!token) throw await toApiError(res);
    res = await send(method, path, opts.body, token, opts.signal);
    if (res.status === 401) authClient.handleRevoked();
  }
  if (!res.ok) throw await toApiError(res);
  if (res.status === 204) return undefined as Result<S>;
  const data: unknown = await res.json();
  return (opts.schema ? opts.schema.parse(data) : data) as Result<S>;
}
