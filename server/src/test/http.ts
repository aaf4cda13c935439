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

/**
 * Signs up through the API and, unless `confirmed: false`, opens the confirmation link as its
 * owner would (nothing is mailed on behalf of an unconfirmed account). The account stays
 * pending until the test approves it.
 */
export async function signUp(
  base: string,
  email: string,
  role: 'client' | 'media' = 'client',
  password = 'Thalassa-2026',
  opts: { confirmed?: boolean } = {},
): Promise<{ id: string }> {
  const r = await call<{ id: string; confirmation_url?: string }>(base, 'POST', '/auth/v1/signup', {
    body: { email, password, data: { role, name: `Test ${role}`, organization: 'Test Org' }, ...ACCEPTED_TERMS },
  });
  if (r.status !== 200) throw new Error(`signup failed: ${r.status} ${JSON.stringify(r.body)}`);
  if (opts.confirmed !== false) await confirmAddress(base, r.body.confirmation_url);
  return r.body;
}

/** Opens a sign-up's confirmation link (test servers answer it with the sign-up) against `base`. */
export async function confirmAddress(base: string, confirmationUrl: string | undefined): Promise<void> {
  if (!confirmationUrl) throw new Error('the sign-up answered no confirmation_url (an address already registered?)');
  const link = new URL(confirmationUrl);
  const res = await fetch(`${base}${link.pathname}${link.search}`, { redirect: 'manual' });
  const to = res.headers.get('location') ?? '';
  if (res.status !== 303 || !to.endsWith('status=ok')) throw new Error(`confirmation failed: ${res.status} ${to}`);
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

/**
 * A new colleague in the owner's active organisation, in one call through the real endpoints:
 * the owner invites `email` with `role` (POST /api/organisations/:id/invitations), the invitee
 * joins from the link (POST /api/invitations/join). Returns the new member's session.
 */
export async function joinOrganisation(
  base: string,
  owner: Session | string,
  email: string,
  role: 'owner' | 'admin' | 'publisher' | 'editor' | 'reviewer' = 'editor',
  opts: { organisationId?: string; name?: string; password?: string } = {},
): Promise<Session> {
  const token = typeof owner === 'string' ? owner : owner.access_token;
  let organisationId = opts.organisationId;
  if (!organisationId) {
    const orgs = await call<{ organisations: { id: string; active: boolean }[] }>(base, 'GET', '/api/organisations', { token });
    organisationId = orgs.body.organisations?.find((o) => o.active)?.id;
    if (!organisationId) throw new Error(`the inviter has no active organisation: ${orgs.status} ${JSON.stringify(orgs.body)}`);
  }
  const inv = await call<{ acceptUrl?: string }>(base, 'POST', `/api/organisations/${organisationId}/invitations`, {
    token,
    body: { email, role },
  });
  if (inv.status !== 201 || !inv.body.acceptUrl) throw new Error(`invitation failed: ${inv.status} ${JSON.stringify(inv.body)}`);
  const link = new URL(inv.body.acceptUrl).searchParams.get('token');
  const r = await call<Session>(base, 'POST', '/api/invitations/join', {
    body: { token: link, name: opts.name ?? `Test ${role}`, password: opts.password ?? 'Thalassa-2026', ...ACCEPTED_TERMS },
  });
  if (r.status !== 200) throw new Error(`join failed: ${r.status} ${JSON.stringify(r.body)}`);
  return r.body;
}
