import crypto from 'node:crypto';
import type { Knex } from 'knex';
import {
  SESSION_END_REASONS,
  type ConfirmStatus,
  type LogoutScope,
  type PasswordGrantBody,
  type SessionEndReason,
  type SessionResponse,
  type SignupBody,
} from '../../../../shared/schemas/auth';
import type { Config } from '../../config';
import { hashCostFor, hashPassword, verifyPassword } from './password-hash';
import type { Db } from '../../db/knex';
import { HttpError, badRequest } from '../../http/errors';
import type { Logger } from '../../logger';
import type { Mailer } from '../../mail/mailer';
import { accountExistsMail, confirmSignupMail, recoveryMail } from '../../mail/templates';
import { accountDelayMs, type RateLimiter } from '../../rate-limit/rate-limit';
import { rooms } from '../../../../shared/events';
import type { Realtime } from '../../realtime/index';
import * as repo from './auth.repo';
import { presentUser } from './auth.presenter';
import { startTrial } from '../plans/plans.service';
import { assertPasswordAllowed } from './password-policy';
import { hashToken, randomToken, signAccessToken, tokenKey } from './auth.tokens';
import type { Clock } from '../../clock';
import { cancelErasureOnSignIn } from '../data-rights/erasure.signin';

export interface RequestMeta {
  ip: string | null;
  userAgent: string | null;
}

/** Ends live connections (Socket.IO, collab) of revoked sessions. */
export interface LiveSessions {
  endSessions(sessionIds: string[], reason: string): void;
  broadcast: Realtime['broadcast'];
}

/** A spent refresh token presented again within this many seconds is a lost response, not theft. */
export const REFRESH_REUSE_GRACE_SECONDS = 10;
const CONFIRM_TTL_MS = 24 * 3600_000;
const RECOVER_TTL_MS = 3600_000;
/** How long a session opened by a recovery link may set a new password without the old one. */
export const RECOVERY_WINDOW_SECONDS = 15 * 60;

/** Every refused sign-in says exactly this, whatever the reason. */
export const invalidCredentials = () =>
  new HttpError(400, 'invalid_credentials', 'Invalid login credentials');
const invalidGrant = (reason: SessionEndReason | null = null) =>
  new HttpError(400, 'invalid_grant', 'Invalid Refresh Token', reason ? { session: reason } : undefined);

/** A stored revocation reason (auth_sessions.revoked_reason) as the client knows it. */
export function sessionEndReason(stored: string | null): SessionEndReason {
  if (!stored) return 'revoked';
  if (stored.startsWith('logout_')) return 'signed_out';
  return (SESSION_END_REASONS as readonly string[]).includes(stored) ? (stored as SessionEndReason) : 'revoked';
}

export class AuthService {
  private readonly key: Uint8Array;
  private dummyHash: Promise<string> | undefined;

  constructor(
    private readonly deps: { db: Db; config: Config; logger: Logger; mailer: Mailer; live: LiveSessions; limiter: RateLimiter; clock?: Clock },
  ) {
    this.key = tokenKey(deps.config.jwtSecret);
  }

  /** Links in e-mails come from PUBLIC_URL only, never from the request. */
  private publicUrl(): string {
    return this.deps.config.publicUrl;
  }

  /**
   * Creates an account and mails a confirmation. An address that already has an account gets
   * the same answer (no enumeration): its owner is told by mail instead, and nothing changes.
   */
  async signup(body: SignupBody, meta: RequestMeta): Promise<{ user: ReturnType<typeof presentUser>; confirmationUrl?: string }> {
    const { db, mailer, limiter } = this.deps;
    await limiter.consume([limiter.limit('signupPerAddress', meta.ip ?? 'unknown')], 'Too many sign-ups from this address; try again later');
    assertPasswordAllowed(body.password);
    const hash = await hashPassword(body.password, hashCostFor(this.deps.config));
    const needsApproval = await this.signupNeedsApproval();
    const token = randomToken();
    const mayMail = !(await limiter.hit([limiter.limit('signupMailsPerRecipient', body.email)])).exceeded;
    const existing = await db.transaction(async (trx) => {
      if (!(await repo.emailTaken(trx, body.email))) return null;
      if (mayMail) await mailer.enqueue({ to: body.email, ...accountExistsMail(`${this.publicUrl()}/login`), purpose: 'account' }, trx);
      return this.lookalikeUser(body);
    });
    if (existing) {
      mailer.kick();
      this.deps.logger.info('sign-up with a registered address: the owner was told by mail');
      return { user: existing };
    }
    const url = `${this.publicUrl()}/auth/v1/verify?type=signup&token=${encodeURIComponent(token)}`;
    const user = await db.transaction(async (trx) => {
      const u = await repo.insertUser(trx, {
        email: body.email,
        encrypted_password: hash,
        user_metadata: { role: body.data.role, name: body.data.name, organization: body.data.organization },
        email_confirmed_at: null,
      });
      await repo.insertProfile(trx, {
        user_id: u.id,
        email: body.email,
        name: body.data.name,
        role: body.data.role,
        // A company's name and description belong to its organisation, not to the person.
        organization: body.data.role === 'client' ? null : body.data.organization,
        description: body.data.role === 'client' ? null : body.data.description,
        status: needsApproval ? 'pending' : 'approved',
        terms_version: body.terms_version,
        terms_accepted_at: new Date(),
      });
      if (body.data.role === 'client') {
        const organisationId = await this.createOrganisation(trx, u.id, {
          name: body.data.organization ?? body.data.name,
          description: body.data.description ?? null,
          status: needsApproval ? 'pending' : 'approved',
        });
        // The organisation's plan chosen on the pricing page (else the default), with its 14-day trial.
        await startTrial(trx, organisationId, body.plan);
      }
      await repo.insertAuthToken(trx, {
        user_id: u.id,
        email: body.email,
        purpose: 'confirm',
        token_hash: hashToken(token),
        expires_at: new Date(Date.now() + CONFIRM_TTL_MS),
      });
      if (mayMail) await mailer.enqueue({ to: body.email, ...confirmSignupMail(url, needsApproval), purpose: 'account' }, trx);
      return repo.findUserById(trx, u.id);
    });
    mailer.kick();
    this.deps.live.broadcast(rooms.role('superadmin'), 'admin:users_changed', { userId: user!.id, reason: 'signup' });
    this.deps.logger.info({ userId: user!.id, role: body.data.role, needsApproval }, 'sign-up');
    // Never in production: the link is a secret that only the e-mail carries (tests read it here).
    return { user: presentUser(user!), ...(this.deps.config.isProduction ? {} : { confirmationUrl: url }) };
  }

  /** What a new sign-up answers, for an address that already has an account. */
  private lookalikeUser(body: SignupBody): ReturnType<typeof presentUser> {
    const now = new Date();
    return presentUser({
      id: crypto.randomUUID(),
      email: body.email,
      encrypted_password: null,
      user_metadata: {},
      email_confirmed_at: null,
      last_sign_in_at: null,
      created_at: now,
      updated_at: now,
      role: body.data.role,
      name: body.data.name,
      organization: body.data.organization ?? null,
      status: 'pending',
      is_active: true,
    });
  }

  /** A company's sign-up creates its organisation (pending until the superadmin approves it) with its first owner. */
  private async createOrganisation(
    trx: Knex.Transaction,
    ownerId: string,
    org: { name: string; description: string | null; status: 'pending' | 'approved' },
  ): Promise<string> {
    const [row] = (await trx('organisations').insert({ created_by: ownerId, ...org }).returning('id')) as { id: string }[];
    await trx('organisation_members').insert({ organisation_id: row!.id, user_id: ownerId, role: 'owner' });
    await trx('profiles').where('user_id', ownerId).update({ active_organisation_id: row!.id });
    return row!.id;
  }

  private async signupNeedsApproval(): Promise<boolean> {
    const row = await this.deps.db('platform_settings')
      .where('key', 'signup_requires_approval')
      .first<{ value: unknown } | undefined>('value');
    return row ? row.value !== false : true;
  }

  /** grant_type=password */
  async passwordGrant(body: PasswordGrantBody, meta: RequestMeta): Promise<SessionResponse> {
    const { db, config, limiter } = this.deps;
    // Counted before the password check, one atomic upsert each: parallel guesses cannot
    // all pass. Hard limits per (account, address) and per address; for the account as a
    // whole only a growing delay, so that nobody can lock the owner out from elsewhere.
    const ip = meta.ip ?? 'unknown';
    const perAccountAddress = limiter.limit('loginPerAccountAddress', body.email, ip);
    const perAddress = limiter.limit('loginPerAddress', ip);
    await limiter.consume([perAccountAddress, perAddress], 'Too many sign-in attempts; try again later');
    const perAccount = limiter.limit('loginAccountDelayAfter', body.email);
    const [attempt = 1] = (await limiter.hit([perAccount])).counts;
    const delay = accountDelayMs(attempt - 1);
    if (delay) await new Promise((r) => setTimeout(r, delay));

    const user = await repo.findUserByEmail(db, body.email);
    // Verify against a dummy hash when there is no user, so timing does not tell.
    const hash = user?.encrypted_password ?? (await this.getDummyHash());
    const passwordOk = await verifyPassword(hash, body.password);
    const superadminPortal = body.login_path === config.superadminLoginPath;
    const allowed =
      user !== undefined &&
      passwordOk &&
      (user.role === 'superadmin') === superadminPortal &&
      (!config.requireEmailConfirmation || user.email_confirmed_at !== null);

    if (!allowed) throw invalidCredentials();
    // The right password on the right page: the owner is told why the account cannot sign in.
    if (user.status === 'banned') throw new HttpError(403, 'user_banned', 'This account has been banned');
    if (!user.is_active) throw new HttpError(403, 'user_inactive', 'This account has been deactivated');
    // Only failures count: a success takes its hits back.
    await Promise.all([limiter.reset(perAccountAddress), limiter.reset(perAccount), limiter.undo(perAddress)]);
    return db.transaction(async (trx) => {
      const sessionId = await repo.createSession(trx, { user_id: user.id, user_agent: meta.userAgent, ip: meta.ip });
      await repo.touchSignIn(trx, user.id);
      // A sign-in within the grace period of an account erasure cancels it (data rights).
      await this.cancelErasure(trx, user);
      return this.issueSession(trx, user.id, sessionId, null);
    });
  }

  private cancelErasure(trx: Knex.Transaction, user: { id: string; email: string; role: string }): Promise<boolean> {
    const { mailer, logger, clock } = this.deps;
    return cancelErasureOnSignIn(trx, { mailer, logger, publicUrl: this.publicUrl(), now: (clock ?? { now: () => new Date() }).now() }, user);
  }

  /**
   * A new session for an account that has just proved who it is another way (joined from an
   * invitation link, inside that transaction): the answer of a password sign-in.
   */
  async openSession(trx: Knex.Transaction, userId: string, meta: RequestMeta): Promise<SessionResponse> {
    const sessionId = await repo.createSession(trx, { user_id: userId, user_agent: meta.userAgent, ip: meta.ip });
    await repo.touchSignIn(trx, userId);
    return this.issueSession(trx, userId, sessionId, null);
  }

  private getDummyHash(): Promise<string> {
    this.dummyHash ??= hashPassword(randomToken(), hashCostFor(this.deps.config));
    return this.dummyHash;
  }

  /** grant_type=refresh_token: rotates the token; reuse of a spent one revokes the session. */
  async refreshGrant(refreshToken: string): Promise<SessionResponse> {
    const { db, live, logger } = this.deps;
    // The transaction returns its outcome instead of throwing, so that a revocation
    // made while refusing the token commits.
    const outcome = await db.transaction(
      async (trx): Promise<{ session: SessionResponse } | { refused: string[]; reason: SessionEndReason | null }> => {
        const row = await repo.lockRefreshToken(trx, hashToken(refreshToken));
        if (!row) return { refused: [], reason: null };
        if (row.session_revoked_at) return { refused: [], reason: sessionEndReason(row.session_revoked_reason) };
        if (row.revoked_at) return { refused: [], reason: null };
        if (row.used_at) {
          const ageSeconds = (Date.now() - new Date(row.used_at).getTime()) / 1000;
          if (ageSeconds > REFRESH_REUSE_GRACE_SECONDS) {
            logger.warn({ sessionId: row.session_id }, 'refresh token reuse: session revoked');
            return {
              refused: await repo.revokeSessions(trx, { userId: row.user_id, only: row.session_id }, 'refresh_token_reuse'),
              reason: 'revoked',
            };
          }
        }
        const user = await repo.findUserById(trx, row.user_id);
        if (!user || user.status === 'banned' || !user.is_active) {
          const reason = user?.status === 'banned' ? 'banned' : 'deactivated';
          return { refused: await repo.revokeSessions(trx, { userId: row.user_id }, reason), reason };
        }
        if (!row.used_at) await repo.markRefreshTokenUsed(trx, row.id);
        await repo.touchSession(trx, row.session_id);
        return { session: await this.issueSession(trx, user.id, row.session_id, row.id) };
      },
    );
    if ('session' in outcome) return outcome.session;
    live.endSessions(outcome.refused, outcome.reason ?? 'revoked');
    // The session's owner is told why it ended (the sign-in page explains it).
    throw invalidGrant(outcome.reason);
  }

  private async issueSession(
    trx: Knex.Transaction,
    userId: string,
    sessionId: string,
    parentId: number | null,
  ): Promise<SessionResponse> {
    const user = await repo.findUserById(trx, userId);
    if (!user) throw invalidCredentials();
    const refresh = randomToken();
    await repo.insertRefreshToken(trx, { session_id: sessionId, token_hash: hashToken(refresh), parent_id: parentId });
    const ttl = this.deps.config.accessTokenTtlSeconds;
    const { token, expiresAt } = await signAccessToken(
      { sub: user.id, sid: sessionId, role: user.role, email: user.email },
      this.key,
      ttl,
    );
    return {
      access_token: token,
      token_type: 'bearer',
      expires_in: ttl,
      expires_at: expiresAt,
      refresh_token: refresh,
      user: presentUser(user),
    };
  }

  async logout(userId: string, sessionId: string, scope: LogoutScope): Promise<void> {
    const where =
      scope === 'local' ? { userId, only: sessionId } : scope === 'others' ? { userId, except: sessionId } : { userId };
    const ids = await repo.revokeSessions(this.deps.db, where, `logout_${scope}`);
    this.deps.live.endSessions(ids, 'signed_out');
  }

  /** Revokes every session of a user (ban, deactivation) and ends their live connections. */
  async revokeAllSessions(userId: string, reason: string, trx?: Knex.Transaction): Promise<string[]> {
    const ids = await repo.revokeSessions(trx ?? this.deps.db, { userId }, reason);
    if (!trx) this.deps.live.endSessions(ids, reason);
    return ids;
  }

  async getUser(userId: string) {
    const user = await repo.findUserById(this.deps.db, userId);
    if (!user) throw new HttpError(404, 'user_not_found', 'User not found');
    return presentUser(user);
  }

  /**
   * Profile fields and the password. A new password needs the current one, or a session
   * opened by a recovery link within RECOVERY_WINDOW_SECONDS (once): a stolen access token
   * alone cannot take the account over.
   */
  async updateUser(
    userId: string,
    sessionId: string,
    body: { password?: string; current_password?: string; data?: { name?: string; organization?: string | null } },
  ) {
    const { db, limiter } = this.deps;
    let passwordHash: string | undefined;
    if (body.password !== undefined) {
      assertPasswordAllowed(body.password);
      if (body.current_password === undefined) {
        if (!(await repo.inRecoveryWindow(db, sessionId))) {
          throw badRequest('current_password_required', 'The current password is required to set a new one', {
            current_password: 'is required',
          });
        }
      } else {
        await limiter.consume([limiter.limit('passwordChangePerAccount', userId)], 'Too many attempts; try again later');
        const user = await repo.findUserById(db, userId);
        const ok = user?.encrypted_password ? await verifyPassword(user.encrypted_password, body.current_password) : false;
        if (!ok) {
          throw badRequest('invalid_current_password', 'The current password is not correct', { current_password: 'is not correct' });
        }
      }
      passwordHash = await hashPassword(body.password, hashCostFor(this.deps.config));
    }
    let endOthers: string[] = [];
    await db.transaction(async (trx) => {
      if (passwordHash) {
        await repo.updatePassword(trx, userId, passwordHash);
        await repo.endRecoveryWindow(trx, sessionId);
        // A new password signs out every other device.
        endOthers = await repo.revokeSessions(trx, { userId, except: sessionId }, 'password_changed');
      }
      if (body.data) {
        const patch: Record<string, unknown> = {};
        if (body.data.name !== undefined) patch.name = body.data.name;
        if (body.data.organization !== undefined) patch.organization = body.data.organization;
        if (Object.keys(patch).length) {
          await repo.updateUserMetadata(trx, userId, patch);
          await trx('profiles').where('user_id', userId).update(patch);
        }
      }
    });
    this.deps.live.endSessions(endOthers, 'password_changed');
    return this.getUser(userId);
  }

  /**
   * Always succeeds (no enumeration); mails a recovery link when the account exists and
   * could sign in on the portal asking: a superadmin only through the hidden sign-in path,
   * everyone else only through the ordinary one (the rule of passwordGrant).
   */
  async recover(email: string, loginPath: string | undefined, meta: RequestMeta): Promise<void> {
    const { db, mailer, config, limiter } = this.deps;
    await limiter.consume([limiter.limit('recoverPerAddress', meta.ip ?? 'unknown')], 'Too many requests from this address; try again later');
    // Counted whether or not the account exists, so the limit tells nothing.
    if ((await limiter.hit([limiter.limit('recoverMailsPerRecipient', email)])).exceeded) return;
    const user = await repo.findUserByEmail(db, email);
    if (!user || user.status === 'banned' || !user.is_active) return;
    if ((user.role === 'superadmin') !== (loginPath === config.superadminLoginPath)) return;
    const token = randomToken();
    await db.transaction(async (trx) => {
      await repo.insertAuthToken(trx, {
        user_id: user.id,
        email: user.email,
        purpose: 'recover',
        token_hash: hashToken(token),
        expires_at: new Date(Date.now() + RECOVER_TTL_MS),
      });
      const url = `${this.publicUrl()}/reset-password?token=${encodeURIComponent(token)}`;
      await mailer.enqueue({ to: user.email, ...recoveryMail(url), purpose: 'account' }, trx);
    });
    mailer.kick();
  }

  /** Confirms a sign-up e-mail; returns whether the token was valid. */
  async confirmSignup(token: string): Promise<boolean> {
    return (await this.confirmSignupStatus(token)) === 'ok';
  }

  /**
   * Confirms a sign-up e-mail and says how it went: confirmed now (ok), the link was used
   * before and the address is confirmed (already), the link expired (expired), or it is not
   * a link of ours (invalid).
   */
  async confirmSignupStatus(token: string): Promise<ConfirmStatus> {
    const { db } = this.deps;
    if (token.length < 20) return 'invalid';
    const hash = hashToken(token);
    const row = await repo.consumeAuthToken(db, hash, 'confirm');
    if (row) {
      await repo.confirmEmail(db, row.user_id);
      // An open tab of the account learns it at once (what waited for the address unlocks).
      this.deps.live.broadcast(rooms.user(row.user_id), 'profile:changed', { userId: row.user_id });
      return 'ok';
    }
    const state = await repo.authTokenState(db, hash, 'confirm');
    return state === 'used' ? 'already' : state === 'expired' ? 'expired' : 'invalid';
  }

  /**
   * A new confirmation link (the old ones stop working), for an account whose address is not
   * confirmed yet. Always succeeds (no enumeration); limited per address and per recipient.
   */
  async resendConfirmation(email: string, meta: RequestMeta): Promise<void> {
    const { db, mailer, limiter } = this.deps;
    await limiter.consume([limiter.limit('signupPerAddress', meta.ip ?? 'unknown')], 'Too many requests from this address; try again later');
    if ((await limiter.hit([limiter.limit('signupMailsPerRecipient', email)])).exceeded) return;
    const user = await repo.unconfirmedUser(db, email);
    if (!user) return;
    const token = randomToken();
    await db.transaction(async (trx) => {
      await repo.retireAuthTokens(trx, user.id, 'confirm');
      await repo.insertAuthToken(trx, {
        user_id: user.id,
        email: user.email,
        purpose: 'confirm',
        token_hash: hashToken(token),
        expires_at: new Date(Date.now() + CONFIRM_TTL_MS),
      });
      const url = `${this.publicUrl()}/auth/v1/verify?type=signup&token=${encodeURIComponent(token)}`;
      await mailer.enqueue({ to: user.email, ...confirmSignupMail(url, user.status === 'pending'), purpose: 'account' }, trx);
    });
    mailer.kick();
  }

  /** Exchanges a recovery token for a new session (the client then sets a new password). */
  async verifyRecovery(token: string, meta: RequestMeta): Promise<SessionResponse> {
    const { db } = this.deps;
    return db.transaction(async (trx) => {
      const row = await repo.consumeAuthToken(trx, hashToken(token), 'recover');
      if (!row) throw new HttpError(400, 'otp_expired', 'Token has expired or is invalid');
      const user = await repo.findUserById(trx, row.user_id);
      if (!user || user.status === 'banned' || !user.is_active) throw new HttpError(400, 'otp_expired', 'Token has expired or is invalid');
      await repo.confirmEmail(trx, user.id);
      const sessionId = await repo.createSession(trx, { user_id: user.id, user_agent: meta.userAgent, ip: meta.ip });
      await repo.startRecoveryWindow(trx, sessionId, RECOVERY_WINDOW_SECONDS);
      await this.cancelErasure(trx, user);
      return this.issueSession(trx, user.id, sessionId, null);
    });
  }
}
