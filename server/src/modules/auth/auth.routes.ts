import express, { type Request, type Router } from 'express';
import {
  GRANT_TYPES,
  LOGOUT_SCOPES,
  passwordGrantBody,
  recoverBody,
  refreshGrantBody,
  resendBody,
  signupBody,
  updateUserBody,
  verifyBody,
  type LogoutScope,
} from '../../../../shared/schemas/auth';
import type { Db } from '../../db/knex';
import { actorOf, authenticate } from '../../http/authenticate';
import { badRequest, errorBody } from '../../http/errors';
import { inputGuard } from '../../http/input-guard';
import type { AuthService, RequestMeta } from './auth.service';

function meta(req: Request): RequestMeta {
  return {
    ip: req.ip ?? null,
    userAgent: req.get('user-agent')?.slice(0, 500) ?? null,
  };
}

function parse<T>(schema: { safeParse(v: unknown): { success: true; data: T } | { success: false; error: { issues: { path: PropertyKey[]; message: string }[] } } }, value: unknown): T {
  const r = schema.safeParse(value ?? {});
  if (r.success) return r.data;
  const fields: Record<string, string> = {};
  for (const i of r.error.issues) fields[i.path.map(String).join('.') || '_'] ??= i.message;
  // GoTrue's wording for the most common case.
  if (fields.email && !(value as { email?: unknown } | undefined)?.email) {
    throw badRequest('validation_failed', 'An email address is required', fields);
  }
  throw badRequest('validation_failed', 'Invalid input', fields);
}

/** The GoTrue-shaped auth API under /auth/v1. */
export function authRoutes(auth: AuthService, db: Db, key: Uint8Array, publicUrl: () => string): Router {
  const router = express.Router();
  router.use(express.json({ limit: '100kb' }), inputGuard);
  const requireUser = authenticate(db, key, true);

  router.post('/signup', async (req, res) => {
    const body = parse(signupBody, req.body);
    const { user, confirmationUrl } = await auth.signup(body, meta(req));
    res.status(200).json(confirmationUrl ? { ...user, confirmation_url: confirmationUrl } : user);
  });

  router.post('/token', async (req, res) => {
    const grant = typeof req.query.grant_type === 'string' ? req.query.grant_type : undefined;
    if (!grant || !(GRANT_TYPES as readonly string[]).includes(grant)) {
      res
        .status(400)
        .json(errorBody('unsupported_grant_type', `Unsupported grant type: ${grant ?? '(none)'}`, { grant_type: 'must be password or refresh_token' }));
      return;
    }
    if (grant === 'password') {
      res.json(await auth.passwordGrant(parse(passwordGrantBody, req.body), meta(req)));
      return;
    }
    const { refresh_token } = parse(refreshGrantBody, req.body);
    res.json(await auth.refreshGrant(refresh_token));
  });

  router.post('/logout', requireUser, async (req, res) => {
    const scope = (typeof req.query.scope === 'string' ? req.query.scope : 'global') as LogoutScope;
    if (!(LOGOUT_SCOPES as readonly string[]).includes(scope)) {
      res.status(400).json(errorBody('unsupported_scope', `Unsupported sign-out scope: ${scope}`, { scope: 'must be global, local or others' }));
      return;
    }
    const actor = actorOf(res);
    await auth.logout(actor.userId, actor.sessionId, scope);
    res.status(204).end();
  });

  router.get('/user', requireUser, async (_req, res) => {
    res.json(await auth.getUser(actorOf(res).userId));
  });

  router.put('/user', requireUser, async (req, res) => {
    const actor = actorOf(res);
    res.json(await auth.updateUser(actor.userId, actor.sessionId, parse(updateUserBody, req.body)));
  });

  router.post('/recover', async (req, res) => {
    const body = parse(recoverBody, req.body);
    await auth.recover(body.email, body.login_path, meta(req));
    res.json({});
  });

  /** The link in the confirmation e-mail: confirms, then the page that says how it went. */
  router.get('/verify', async (req, res) => {
    const token = typeof req.query.token === 'string' ? req.query.token : '';
    res.redirect(303, `${publicUrl()}/email-confirmed?status=${await auth.confirmSignupStatus(token)}`);
  });

  /** A new confirmation link (the confirmation page's "send me a new link"). Same answer whatever the address. */
  router.post('/resend', async (req, res) => {
    const body = parse(resendBody, req.body);
    await auth.resendConfirmation(body.email, meta(req));
    res.json({});
  });

  /** Recovery: exchanges the e-mailed token for a session (then PUT /user sets the password). */
  router.post('/verify', async (req, res) => {
    const body = parse(verifyBody, req.body);
    if (body.type === 'signup') {
      const ok = await auth.confirmSignup(body.token);
      if (!ok) throw badRequest('otp_expired', 'Token has expired or is invalid');
      res.json({});
      return;
    }
    res.json(await auth.verifyRecovery(body.token, meta(req)));
  });

  router.use((req, res) => {
    res.status(404).json(errorBody('not_found', `No route ${req.method} ${req.baseUrl}${req.path}`));
  });

  return router;
}
