import { SESSION_END_REASONS, type SessionEndReason } from '@shared/accounts';
import type { LogoutScope, SessionResponse } from '@shared/schemas/auth';
import { ApiError, NetworkError, toApiError } from '@client/api/errors';

export type AuthEvent =
  | 'INITIAL_SESSION'
  | 'SIGNED_IN'
  | 'SIGNED_OUT'
  | 'TOKEN_REFRESHED'
  | 'USER_UPDATED'
  | 'PASSWORD_RECOVERY';

export type Session = SessionResponse;
type Listener = (event: AuthEvent, session: Session | null) => void;

export interface KeyValueStorage {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
  removeItem(key: string): void;
}

export interface AuthClientOptions {
  baseUrl?: string;
  storage: KeyValueStorage;
  storageKey?: string;
  fetch?: typeof fetch;
  now?: () => number;
  /** Refresh this many seconds before the access token expires. */
  refreshMarginSeconds?: number;
  /** First retry delay of a failed refresh; it doubles on every attempt. */
  retryBaseMs?: number;
  maxRetries?: number;
  sleep?: (ms: number) => Promise<void>;
  /** Runs a function under a lock shared by every tab (Web Locks), when available. */
  withLock?: <T>(name: string, fn: () => Promise<T>) => Promise<T>;
}

export const STORAGE_KEY = 'deltio.auth.session';
const CLOCK_SKEW_WARNING_SECONDS = 120;
/** An ended session's reason is shown by the sign-in page for this long. */
const ENDED_REASON_TTL_MS = 30 * 60_000;
/** A sign-out made here: sessions ended by it are not "ended elsewhere" (other tabs hear of it too). */
const SELF = 'self';

/** Why the last session ended, when the server ended it (read by the sign-in page). */
export interface SessionEnded {
  reason: SessionEndReason;
  at: number;
}

const asReason = (v: unknown): SessionEndReason | null =>
  typeof v === 'string' && (SESSION_END_REASONS as readonly string[]).includes(v) ? (v as SessionEndReason) : null;

/**
 * The session side of the auth API (GoTrue-shaped, /auth/v1): sign-in, sign-up,
 * sign-out, automatic refresh before expiry with back-off, persistence, and the
 * session events of the spec. Framework-free, so it can be tested without a DOM.
 */
export class AuthClient {
  private session: Session | null = null;
  private readonly listeners = new Set<Listener>();
  private refreshing: Promise<Session | null> | null = null;
  private timer: ReturnType<typeof setTimeout> | undefined;
  private readonly o: Required<Omit<AuthClientOptions, 'withLock'>> & Pick<AuthClientOptions, 'withLock'>;
  private initialized: Promise<void> | null = null;

  constructor(options: AuthClientOptions) {
    this.o = {
      baseUrl: '/auth/v1',
      storageKey: STORAGE_KEY,
      fetch: (...args) => fetch(...args),
      now: () => Date.now(),
      refreshMarginSeconds: 60,
      retryBaseMs: 200,
      maxRetries: 6,
      sleep: (ms) => new Promise((r) => setTimeout(r, ms)),
      ...options,
    };
  }

  onAuthStateChange(listener: Listener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  getSession(): Session | null {
    return this.session;
  }

  /** Reads the stored session, refreshes it if it is stale, and emits INITIAL_SESSION. */
  initialize(): Promise<void> {
    this.initialized ??= (async () => {
      const stored = this.readStorage();
      if (stored) {
        this.session = stored;
        if (this.expiresInSeconds(stored) <= this.o.refreshMarginSeconds) await this.refresh();
      }
      this.emit('INITIAL_SESSION');
      this.schedule();
    })();
    return this.initialized;
  }

  /** A valid access token, refreshed first when it is about to expire. */
  async getAccessToken(): Promise<string | null> {
    await this.initialize();
    if (!this.session) return null;
    if (this.expiresInSeconds(this.session) <= this.o.refreshMarginSeconds) {
      const s = await this.refresh();
      return s?.access_token ?? null;
    }
    return this.session.access_token;
  }

  async signInWithPassword(email: string, password: string, loginPath?: string): Promise<Session> {
    const session = await this.post<Session>('/token?grant_type=password', { email, password, ...(loginPath ? { login_path: loginPath } : {}) });
    this.clearEnded();
    this.setSession(session, 'SIGNED_IN');
    return session;
  }

  /** Why the last session ended, if the server ended it within the last half hour (not a sign-out of ours). */
  sessionEnded(): SessionEnded | null {
    try {
      const raw = JSON.parse(this.o.storage.getItem(this.endedKey()) ?? 'null') as { reason?: unknown; at?: unknown } | null;
      const reason = asReason(raw?.reason);
      const at = typeof raw?.at === 'number' ? raw.at : 0;
      return reason && this.o.now() - at < ENDED_REASON_TTL_MS ? { reason, at } : null;
    } catch {
      return null;
    }
  }

  clearEnded(): void {
    this.o.storage.removeItem(this.endedKey());
  }

  private endedKey(): string {
    return `${this.o.storageKey}.ended`;
  }

  /** Remembers why the server ended the session, unless a sign-out of ours (this tab or another) just did. */
  private recordEnded(reason: SessionEndReason): void {
    try {
      const current = JSON.parse(this.o.storage.getItem(this.endedKey()) ?? 'null') as { reason?: unknown; at?: unknown } | null;
      if (current?.reason === SELF && typeof current.at === 'number' && this.o.now() - current.at < 15_000) return;
    } catch {
      /* unreadable: overwrite */
    }
    this.o.storage.setItem(this.endedKey(), JSON.stringify({ reason, at: this.o.now() }));
  }

  async signUp(body: unknown): Promise<void> {
    await this.post('/signup', body);
  }

  /** Revokes the session(s) on the server, then forgets it here (even if the server call fails). */
  async signOut(scope: LogoutScope = 'local'): Promise<void> {
    const token = this.session?.access_token;
    // The server tells this session's sockets (every tab's) it ended: that is us, not news.
    this.o.storage.setItem(this.endedKey(), JSON.stringify({ reason: SELF, at: this.o.now() }));
    try {
      if (token) await this.post(`/logout?scope=${scope}`, undefined, token);
    } catch {
      /* the local sign-out happens anyway */
    }
    this.clear();
  }

  /** The server ended this session (socket event with its reason, 401): remember why, and forget it. */
  handleRevoked(reason?: string): void {
    this.recordEnded(asReason(reason) ?? 'expired');
    if (this.session) this.clear();
  }

  /** loginPath: the hidden superadmin page passes its path (recovery follows the sign-in portal rule). */
  async recover(email: string, loginPath?: string): Promise<void> {
    await this.post('/recover', loginPath ? { email, login_path: loginPath } : { email });
  }

  /** A new sign-up confirmation link to this address (the server answers the same whatever the address). */
  async resendConfirmation(email: string): Promise<void> {
    await this.post('/resend', { type: 'signup', email });
  }

  /** Exchanges a recovery token for a session (PASSWORD_RECOVERY); then updateUser({ password }). */
  async verifyRecovery(token: string): Promise<Session> {
    const session = await this.post<Session>('/verify', { type: 'recovery', token });
    this.setSession(session, 'PASSWORD_RECOVERY');
    return session;
  }

  /** A new password needs current_password, except right after a recovery link (verifyRecovery). */
  async updateUser(body: {
    password?: string;
    current_password?: string;
    data?: { name?: string; organization?: string | null };
  }): Promise<void> {
    const token = await this.getAccessToken();
    if (!token || !this.session) throw new ApiError(401, 'unauthorized', 'Not signed in');
    const user = await this.request<Session['user']>('PUT', '/user', body, token);
    this.setSession({ ...this.session, user }, 'USER_UPDATED');
  }

  /**
   * Refreshes the session. Single-flight per tab and, with Web Locks, across tabs
   * (a tab that finds the stored token already rotated adopts it). Network failures
   * retry with back-off from 200 ms, doubling; a refused token signs out.
   */
  refresh(): Promise<Session | null> {
    this.refreshing ??= this.runRefresh().finally(() => {
      this.refreshing = null;
    });
    return this.refreshing;
  }

  private async runRefresh(): Promise<Session | null> {
    const run = async (): Promise<Session | null> => {
      const current = this.session;
      if (!current) return null;
      const stored = this.readStorage();
      if (stored && stored.refresh_token !== current.refresh_token && this.expiresInSeconds(stored) > this.o.refreshMarginSeconds) {
        this.setSession(stored, 'TOKEN_REFRESHED', false);
        return stored;
      }
      let delay = this.o.retryBaseMs;
      for (let attempt = 0; ; attempt++) {
        try {
          const next = await this.post<Session>('/token?grant_type=refresh_token', { refresh_token: current.refresh_token });
          this.setSession(next, 'TOKEN_REFRESHED');
          return next;
        } catch (err) {
          if (err instanceof ApiError && err.status >= 400 && err.status < 500 && err.status !== 429) {
            // The server says why the session ended (banned, signed out elsewhere...), else it expired.
            this.recordEnded(asReason(err.fields?.session) ?? 'expired');
            this.clear();
            return null;
          }
          if (attempt >= this.o.maxRetries) return this.session;
          await this.o.sleep(delay);
          delay *= 2;
        }
      }
    };
    return this.o.withLock ? this.o.withLock('deltio-auth-refresh', run) : run();
  }

  /** Another tab changed the stored session: adopt it, or sign out with it. */
  handleStorageChange(key: string | null): void {
    if (key !== null && key !== this.o.storageKey) return;
    const stored = this.readStorage();
    if (!stored) {
      if (this.session) this.clear(false);
      return;
    }
    if (stored.access_token === this.session?.access_token) return;
    const event: AuthEvent = this.session?.user.id === stored.user.id ? 'TOKEN_REFRESHED' : 'SIGNED_IN';
    this.setSession(stored, event, false);
  }

  private setSession(session: Session, event: AuthEvent, persist = true): void {
    const skew = session.expires_at - (Math.floor(this.o.now() / 1000) + session.expires_in);
    if (event !== 'USER_UPDATED' && Math.abs(skew) > CLOCK_SKEW_WARNING_SECONDS) {
      console.warn(`Session expires_at differs from the device clock by ${skew} s; check the system time.`);
    }
    this.session = session;
    if (persist) this.o.storage.setItem(this.o.storageKey, JSON.stringify(session));
    this.emit(event);
    this.schedule();
  }

  private clear(persist = true): void {
    this.session = null;
    if (persist) this.o.storage.removeItem(this.o.storageKey);
    if (this.timer) clearTimeout(this.timer);
    this.timer = undefined;
    this.emit('SIGNED_OUT');
  }

  private schedule(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = undefined;
    if (!this.session) return;
    const ms = Math.max(0, (this.expiresInSeconds(this.session) - this.o.refreshMarginSeconds) * 1000);
    this.timer = setTimeout(() => void this.refresh(), Math.min(ms, 2 ** 31 - 1));
  }

  private expiresInSeconds(s: Session): number {
    return s.expires_at - this.o.now() / 1000;
  }

  private emit(event: AuthEvent): void {
    for (const l of [...this.listeners]) l(event, this.session);
  }

  private readStorage(): Session | null {
    try {
      const raw = this.o.storage.getItem(this.o.storageKey);
      if (!raw) return null;
      const parsed = JSON.parse(raw) as Session;
      return parsed?.access_token && parsed.refresh_token && parsed.user ? parsed : null;
    } catch {
      return null;
    }
  }

  private post<T = unknown>(path: string, body: unknown, token?: string): Promise<T> {
    return this.request<T>('POST', path, body, token);
  }

  private async request<T>(method: string, path: string, body: unknown, token?: string): Promise<T> {
    let res: Response;
    try {
      res = await this.o.fetch(`${this.o.baseUrl}${path}`, {
        method,
        headers: {
          ...(body !== undefined ? { 'content-type': 'application/json' } : {}),
          ...(token ? { authorization: `Bearer ${token}` } : {}),
        },
        body: body !== undefined ? JSON.stringify(body) : undefined,
      });
    } catch {
      throw new NetworkError();
    }
    if (!res.ok) throw await toApiError(res);
    if (res.status === 204) return undefined as T;
    return (await res.json()) as T;
  }
}
