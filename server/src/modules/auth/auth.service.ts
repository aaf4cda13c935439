import argon2 from 'argon2';
import type { Knex } from 'knex';
import type { LogoutScope, PasswordGrantBody, SessionResponse, SignupBody } from '../../../../shared/schemas/auth';
import type { Config } from '../../config';
import type { Db } from '../../db/knex';
import { HttpError, badRequest } from '../../http/errors';
import type { Logger } from '../../logger';
import type { Mailer } from '../../mail/mailer';
import { confirmSignupMail, recoveryMail } from '../../mail/templates';
import { rooms } from '../../../../shared/events';
import type { Realtime } from '../../realtime/index';
import * as repo from './auth.repo';
import { presentUser } from './auth.presenter';
import { hashToken, randomToken, signAccessToken, tokenKey } from './auth.tokens';

export interface RequestMeta {
  ip: string | null;
  userAgent: string | null;
  /** Origin of the request, for links in e-mails when PUBLIC_URL is not set. */
  origin: string;
}

/** Ends live connections (Socket.IO, collab) of revoked sessions. */
export interface LiveSessions {
  endSessions(sessionIds: string[], reason: string): void;
  broadcast: Realtime['broadcast'];
}

export const RATE_LIMIT = {
  windowSeconds: 15 * 60,
  perEmail: 5,
  perIp: 30,
};
/** A spent refresh token presented again within this many seconds is a lost response, not theft. */
export const REFRESH_REUSE_GRACE_SECONDS = 10;
const CONFIRM_TTL_MS = 24 * 3600_000;
const RECOVER_TTL_MS = 3600_000;

/** Every refused sign-in says exactly this, whatever the reason. */
export const invalidCredentials = () =>
  new HttpError(400, 'invalid_credentials', 'Invalid login credentials');
const invalidGrant = () => new HttpError(400, 'invalid_grant', 'Invalid Refresh Token');

export class AuthService {
  private readonly key: Uint8Array;
  private dummyHash: Promise<string> | undefined;

  constructor(
    private readonly deps: { db: Db; config: Config; logger: Logger; mailer: Mailer; live: LiveSessions },
  ) {
    this.key = tokenKey(deps.config.jwtSecret);
  }

  private publicUrl(meta: RequestMeta): string {
    return (this.deps.config.publicUrl ?? meta.origin).replace(/\/+$/, '');
  }

  async signup(body: SignupBody, meta: RequestMeta): Promise<{ user: ReturnType<typeof presentUser> }> {
    const { db, mailer } = this.deps;
    const hash = await argon2.hash(body.password, { type: argon2.argon2id });
    const needsApproval = await this.signupNeedsApproval();
    const token = randomToken();
    const user = await db.transaction(async (trx) => {
      if (await repo.emailTaken(trx, body.email)) {
        throw badRequest('email_exists', 'A user with this email address has already been registered', {
          email: 'already registered',
        });
      }
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
        organization: body.data.organization,
        description: body.data.description,
        status: needsApproval ? 'pending' : 'approved',
      });
      if (body.data.role === 'client') await this.createWorkspace(trx, u.id, body.data.organization ?? body.data.name);
      await repo.insertAuthToken(trx, {
        user_id: u.id,
        email: body.email,
        purpose: 'confirm',
        token_hash: hashToken(token),
        expires_at: new Date(Date.now() + CONFIRM_TTL_MS),
      });
      const url = `${this.publicUrl(meta)}/auth/v1/verify?type=signup&token=${encodeURIComponent(token)}`;
      await mailer.enqueue({ to: body.email, ...confirmSignupMail(body.data.name, url, needsApproval) }, trx);
      return repo.findUserById(trx, u.id);
    });
    mailer.kick();
    this.deps.live.broadcast(rooms.role('superadmin'), 'admin:users_changed', { userId: user!.id, reason: 'signup' });
    this.deps.logger.info({ userId: user!.id, role: body.data.role, needsApproval }, 'sign-up');
    return { user: presentUser(user!) };
  }

  private async createWorkspace(trx: Knex.Transaction, ownerId: string, name: string): Promise<void> {
    const [ws] = (await trx('workspaces').insert({ owner_user_id: ownerId, name }).returning('id')) as { id: string }[];
    await trx('workspace_members').insert({ workspace_id: ws!.id, user_id: ownerId, role: 'owner' });
  }

  private async signupNeedsApproval(): Promise<boolean> {
    const row = await this.deps.db('platform_settings')
      .where('key', 'signup_requires_approval')
      .first<{ value: unknown } | undefined>('value');
    return row ? row.value !== false : true;
  }

  /** grant_type=password */
  async passwordGrant(body: PasswordGrantBody, meta: RequestMeta): Promise<SessionResponse> {
    const { db, config } = this.deps;
    const keys = [`email:${body.email}`, ...(meta.ip ? [`ip:${meta.ip}`] : [])];
    await this.checkRateLimit(body.email, meta.ip);

    const user = await repo.findUserByEmail(db, body.email);
    // Verify against a dummy hash when there is no user, so timing does not tell.
    const hash = user?.encrypted_password ?? (await this.getDummyHash());
    const passwordOk = await argon2.verify(hash, body.password).catch(() => false);
    const superadminPortal = body.login_path === config.superadminLoginPath;
    const allowed =
      user !== undefined &&
      passwordOk &&
      user.status !== 'banned' &&
      user.is_active &&
      (user.role === 'superadmin') === superadminPortal &&
      (!config.requireEmailConfirmation || user.email_confirmed_at !== null);

    if (!allowed) {
      await repo.recordLoginAttempt(db, keys, false);
      if (Math.random() < 0.02) void repo.pruneAttempts(db, 24 * 3600).catch(() => undefined);
      throw invalidCredentials();
    }
    await repo.clearFailures(db, `email:${body.email}`);
    await repo.recordLoginAttempt(db, keys, true);
    return db.transaction(async (trx) => {
      const sessionId = await repo.createSession(trx, { user_id: user.id, user_agent: meta.userAgent, ip: meta.ip });
      await repo.touchSignIn(trx, user.id);
      return this.issueSession(trx, user.id, sessionId, null);
    });
  }

  private async checkRateLimit(email: string, ip: string | null): Promise<void> {
    const { db } = this.deps;
    const [byEmail, byIp] = await Promise.all([
      repo.countRecentFailures(db, `email:${email}`, RATE_LIMIT.windowSeconds),
      ip ? repo.countRecentFailures(db, `ip:${ip}`, RATE_LIMIT.windowSeconds) : Promise.resolve(0),
    ]);
    if (byEmail >= RATE_LIMIT.perEmail || byIp >= RATE_LIMIT.perIp) {
      throw new HttpError(429, 'too_many_requests', 'Too many sign-in attempts; try again later');
    }
  }

  private getDummyHash(): Promise<string> {
    this.dummyHash ??= argon2.hash(randomToken(), { type: argon2.argon2id });
    return this.dummyHash;
  }

  /** grant_type=refresh_token: rotates the token; reuse of a spent one revokes the session. */
  async refreshGrant(refreshToken: string): Promise<SessionResponse> {
    const { db, live, logger } = this.deps;
    // The transaction returns its outcome instead of throwing, so that a revocation
    // made while refusing the token commits.
    const outcome = await db.transaction(
      async (trx): Promise<{ session: SessionResponse } | { refused: string[] }> => {
        const row = await repo.lockRefreshToken(trx, hashToken(refreshToken));
        if (!row || row.revoked_at || row.session_revoked_at) return { refused: [] };
        if (row.used_at) {
          const ageSeconds = (Date.now() - new Date(row.used_at).getTime()) / 1000;
          if (ageSeconds > REFRESH_REUSE_GRACE_SECONDS) {
            logger.warn({ sessionId: row.session_id }, 'refresh token reuse: session revoked');
            return { refused: await repo.revokeSessions(trx, { userId: row.user_id, only: row.session_id }, 'refresh_token_reuse') };
          }
        }
        const user = await repo.findUserById(trx, row.user_id);
        if (!user || user.status === 'banned' || !user.is_active) {
          return { refused: await repo.revokeSessions(trx, { userId: row.user_id }, 'user_blocked') };
        }
        if (!row.used_at) await repo.markRefreshTokenUsed(trx, row.id);
        await repo.touchSession(trx, row.session_id);
        return { session: await this.issueSession(trx, user.id, row.session_id, row.id) };
      },
    );
    if ('session' in outcome) return outcome.session;
    live.endSessions(outcome.refused, 'revoked');
    throw invalidGrant();
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

  async updateUser(
    userId: string,
    sessionId: string,
    body: { password?: string; data?: { name?: string; organization?: string | null } },
  ) {
    const { db } = this.deps;
    const passwordHash = body.password ? await argon2.hash(body.password, { type: argon2.argon2id }) : undefined;
    let endOthers: string[] = [];
    await db.transaction(async (trx) => {
      if (passwordHash) {
        await repo.updatePassword(trx, userId, passwordHash);
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

  /** Always succeeds (no enumeration); mails a recovery link when the account exists. */
  async recover(email: string, meta: RequestMeta): Promise<void> {
    const { db, mailer } = this.deps;
    const user = await repo.findUserByEmail(db, email);
    if (!user || user.status === 'banned' || !user.is_active) return;
    const token = randomToken();
    await db.transaction(async (trx) => {
      await repo.insertAuthToken(trx, {
        user_id: user.id,
        email: user.email,
        purpose: 'recover',
        token_hash: hashToken(token),
        expires_at: new Date(Date.now() + RECOVER_TTL_MS),
      });
      const url = `${this.publicUrl(meta)}/reset-password?token=${encodeURIComponent(token)}`;
      await mailer.enqueue({ to: user.email, ...recoveryMail(url) }, trx);
    });
    mailer.kick();
  }

  /** Confirms a sign-up e-mail; returns whether the token was valid. */
  async confirmSignup(token: string): Promise<boolean> {
    const row = await repo.consumeAuthToken(this.deps.db, hashToken(token), 'confirm');
    if (!row) return false;
    await repo.confirmEmail(this.deps.db, row.user_id);
    return true;
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
      return this.issueSession(trx, user.id, sessionId, null);
    });
  }
}
