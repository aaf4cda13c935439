/** Small fetch helpers for integration tests. */
import { TERMS_VERSION } from '../../../shared/plans';

export interface JsonResponse<T = unknown> {
  status: number;
  body: T;
}

export async function call<T = unknown>(
  base: string,
  method: string,
  path: string,
  opts: { token?: string; body?: unknown; headers?: Record<string, string> } = {},
): Promise<JsonResponse<T>> {
  const res = await fetch(`${base}${path}`, {
    method,
    redirect: 'manual',
    headers: {
      ...(opts.body !== undefined ? { 'content-type': 'application/json' } : {}),
      ...(opts.token ? { authorization: `Bearer ${opts.token}` } : {}),
      ...opts.headers,
    },
    body: opts.body !== undefined ? JSON.stringify(opts.body) : undefined,
  });
  const text = await res.text();
  let body: unknown = text;
  try {
    body = text ? JSON.parse(text) : null;
  } catch {
    /* not JSON */
  }
  return { status: res.status, body: body as T };
}

export interface Session {
  access_token: string;
  refresh_token: string;
  user: { id: string; email: string };
}

/** What every sign-up sends with its form: the terms of service accepted, in their current version. */
export const ACCEPTED_TERMS = { terms_accepted: true, terms_version: TERMS_VERSION } as const;

export async function signUp(
  base: string,
  email: string,
  role: 'client' | 'media' = 'client',
  password = 'Thalassa-2026',
): Promise<{ id: string }> {
  const r = await call<{ id: string }>(base, 'POST', '/auth/v1/signup', {
    body: { email, password, data: { role, name: `Test ${role}`, organization: 'Test Org' }, ...ACCEPTED_TERMS },
  });
  if (r.status !== 200) throw new Error(`signup failed: ${r.status} ${JSON.stringify(r.body)}`);
  return r.body;
}

export async function signIn(base: string, email: string, password = 'Thalassa-2026', loginPath?: string): Promise<Session> {
  const r = await call<Session>(base, 'POST', '/auth/v1/token?grant_type=password', {
    body: { email, password, ...(loginPath ? { login_path: loginPath } : {}) },
  });
  if (r.status !== 200) throw new Error(`sign-in failed: ${r.status} ${JSON.stringify(r.body)}`);
  return r.body;
}

/** A new user signed up and signed in: their id and access token. */
export async function signUpAndIn(base: string, email: string, role: 'client' | 'media' = 'client'): Promise<{ id: string; token: string }> {
  const { id } = await signUp(base, email, role);
  return { id, token: (await signIn(base, email)).access_token };
}
