import { create } from 'zustand';
import type { Role } from '@shared/constants';
import { settingsProfile, type SettingsProfile } from '@shared/schemas/dashboard';
import { api } from '@client/api/http';
import type { AuthEvent, Session } from '@client/auth/auth-client';
import { authClient } from '@client/auth/client';
import { forgetPushOnSignOut } from '@client/features/push/forget-on-sign-out';

export type SessionStatus = 'loading' | 'signed_out' | 'signed_in';

interface SessionState {
  status: SessionStatus;
  session: Session | null;
  /** The signed-in user's profile: the one copy the app keeps (settings read and write it here). */
  profile: SettingsProfile | null;
  /** The last session event, for listeners that care (e.g. the socket). */
  lastEvent: AuthEvent | null;
  loadProfile(): Promise<SettingsProfile | null>;
  setProfile(profile: SettingsProfile): void;
}

export const useSession = create<SessionState>()((set, get) => ({
  status: 'loading',
  session: null,
  profile: null,
  lastEvent: null,
  async loadProfile() {
    if (!authClient.getSession()) return null;
    try {
      const profile = await api('GET', '/profile', { schema: settingsProfile });
      set({ profile });
      return profile;
    } catch (err) {
      console.warn('Could not load the profile', err);
      return get().profile;
    }
  },
  setProfile(profile) {
    set({ profile });
  },
}));

let profileFor: string | null = null;

function onAuthChange(event: AuthEvent, session: Session | null): void {
  if (!session) {
    profileFor = null;
    useSession.setState({ status: 'signed_out', session: null, profile: null, lastEvent: event });
    return;
  }
  // Signed in (or still): the profile decides the role, so load it before saying so.
  const needsProfile = profileFor !== session.user.id || event === 'SIGNED_IN' || event === 'USER_UPDATED';
  const switching = profileFor !== session.user.id;
  useSession.setState({ session, lastEvent: event, ...(switching ? { status: 'loading' as const, profile: null } : {}) });
  if (!needsProfile) return;
  profileFor = session.user.id;
  void useSession
    .getState()
    .loadProfile()
    .then(() => {
      if (authClient.getSession()?.user.id === session.user.id) useSession.setState({ status: 'signed_in' });
    });
}

authClient.onAuthStateChange(onAuthChange);
if (typeof window !== 'undefined') forgetPushOnSignOut(authClient);

/** Resolves once the stored session (if any) and its profile are loaded. */
export function sessionReady(): Promise<SessionState> {
  // This module may load after the client emitted INITIAL_SESSION (the public pages load it
  // late, and only when a session is stored): then it takes the session as it is now.
  void authClient.initialize().then(() => {
    if (useSession.getState().status === 'loading' && profileFor === null)
      onAuthChange('INITIAL_SESSION', authClient.getSession());
  });
  const current = useSession.getState();
  if (current.status !== 'loading') return Promise.resolve(current);
  return new Promise((resolve) => {
    const unsubscribe = useSession.subscribe((s) => {
      if (s.status !== 'loading') {
        unsubscribe();
        resolve(s);
      }
    });
  });
}

/** Resolves once the signed-in user's profile is loaded (after signInWithPassword). */
export function signedInProfile(): Promise<SettingsProfile | null> {
  return new Promise((resolve) => {
    const check = (s: SessionState) => {
      if (s.status === 'signed_in') return resolve(s.profile), true;
      if (s.status === 'signed_out' && !authClient.getSession()) return resolve(null), true;
      return false;
    };
    if (check(useSession.getState())) return;
    const unsubscribe = useSession.subscribe((s) => {
      if (check(s)) unsubscribe();
    });
  });
}

export function currentRole(): Role | null {
  return useSession.getState().profile?.role ?? null;
}

export { authClient };
