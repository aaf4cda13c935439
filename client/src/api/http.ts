import type { z } from 'zod';
import { authClient } from '@client/auth/client';
import { ApiError, NetworkError, toApiError } from './errors';
import { takeFirstScreen } from './first-screen';

export { ApiError, NetworkError };

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

interface RequestOptions {
  /** A JSON body. */
  body?: unknown;
  /** A file sent as the body itself (its type as Content-Type, its name in X-File-Name). */
  file?: File;
  signal?: AbortSignal;
}

interface ApiOptions<S extends z.ZodType | undefined> extends RequestOptions {
  /** Parses the answer with a shared schema. */
  schema?: S;
}

type Result<S> = S extends z.ZodType ? z.infer<S> : unknown;

function headersFor(opts: RequestOptions, token: string | null): Record<string, string> {
  const headers: Record<string, string> = token ? { authorization: `Bearer ${token}` } : {};
  if (opts.file) {
    headers['content-type'] = opts.file.type || 'application/octet-stream';
    headers['x-file-name'] = encodeURIComponent(opts.file.name);
  } else if (opts.body !== undefined) {
    headers['content-type'] = 'application/json';
  }
  return headers;
}

async function send(method: Method, path: string, opts: RequestOptions, token: string | null): Promise<Response> {
  try {
    return await fetch(`/api${path}`, {
      method,
      signal: opts.signal,
      headers: headersFor(opts, token),
      body: opts.file ?? (opts.body === undefined ? undefined : JSON.stringify(opts.body)),
    });
  } catch (err) {
    if (err instanceof DOMException && err.name === 'AbortError') throw err;
    throw new NetworkError();
  }
}

/**
 * The one way the app talks to our /api: JSON calls, uploads and downloads alike. Sends the
 * current access token; a 401 refreshes the session once and retries; if that fails the
 * session is over (the store signs out). Answers that are not 2xx become an ApiError.
 */
export async function request(method: Method, path: string, opts: RequestOptions = {}): Promise<Response> {
  let token = await authClient.getAccessToken();
  let res = await send(method, path, opts, token);
  if (res.status === 401 && token) {
    const refreshed = await authClient.refresh();
    token = refreshed?.access_token ?? null;
    if (!token) throw await toApiError(res);
    res = await send(method, path, opts, token);
    if (res.status === 401) authClient.handleRevoked();
  }
  if (!res.ok) throw await toApiError(res);
  return res;
}

/** A JSON call, its answer parsed with a shared schema when one is given. */
export async function api<S extends z.ZodType | undefined = undefined>(method: Method, path: string, opts: ApiOptions<S> = {}): Promise<Result<S>> {
  // The screen's first data may have come with the page (api/first-screen.ts).
  const early = method === 'GET' ? await takeFirstScreen(path) : undefined;
  if (early !== undefined) return (opts.schema ? opts.schema.parse(early) : early) as Result<S>;
  const res = await request(method, path, opts);
  if (res.status === 204) return undefined as Result<S>;
  const data: unknown = await res.json();
  return (opts.schema ? opts.schema.parse(data) : data) as Result<S>;
}

/** Sends one file as the request body and parses the answer. */
export function uploadFile<S extends z.ZodType>(path: string, file: File, schema: S): Promise<z.infer<S>> {
  return api('POST', path, { file, schema }) as Promise<z.infer<S>>;
}

/** Downloads a file (CSV exports) and saves it under the server's file name. */
export async function downloadFile(path: string, fallbackName: string): Promise<void> {
  const res = await request('GET', path);
  const blob = await res.blob();
  const match = /filename="([^"]+)"/.exec(res.headers.get('content-disposition') ?? '');
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = match?.[1] ?? fallbackName;
  document.body.appendChild(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}
