import { create } from 'zustand';
import { COOKIE_CONSENT_KEY, COOKIE_CONSENT_VERSION } from '@shared/constants';
import { authClient } from '@client/auth/client';
import { deleteCookie } from '@client/lib/cookies';

/** The sidebar's expanded/collapsed state (stores/sidebar.ts): a functional cookie. */
export const SIDEBAR_COOKIE_NAME = 'sidebar_state';
/** The functional cookies the app writes: only with consent, removed when it is refused or withdrawn. */
const FUNCTIONAL_COOKIES = [SIDEBAR_COOKIE_NAME];

export interface ConsentChoice {
  functional: boolean;
  performance: boolean;
  marketing: boolean;
}

export interface StoredConsent extends ConsentChoice {
  version: typeof COOKIE_CONSENT_VERSION;
  necessary: true;
  saved_at: string;
}

export const NO_OPTIONAL: ConsentChoice = {
  functional: false,
  performance: false,
  marketing: false,
};
export const ALL_OPTIONAL: ConsentChoice = { functional: true, performance: true, marketing: true };

/** The stored choice, or null when there is none (or it is of another version / unreadable). */
export function readStoredConsent(): StoredConsent | null {
  try {
    const raw = localStorage.getItem(COOKIE_CONSENT_KEY);
    if (!raw) return null;
    const v = JSON.parse(raw) as Partial<StoredConsent>;
    if (v.version !== COOKIE_CONSENT_VERSION) return null;
    return {
      version: COOKIE_CONSENT_VERSION,
      necessary: true,
      functional: v.functional === true,
      performance: v.performance === true,
      marketing: v.marketing === true,
      saved_at: typeof v.saved_at === 'string' ? v.saved_at : new Date().toISOString(),
    };
  } catch {
    return null;
  }
}

/**
 * Saves the choice in the signed-in user's account (consent-account.ts, loaded only then);
 * `onlyIfChanged`: not when this browser already saved this very choice for this user.
 */
function saveToAccount(choice: ConsentChoice, onlyIfChanged: boolean): Promise<void> {
  if (!authClient.getSession()) return Promise.resolve();
  return import('./consent-account')
    .then((m) => m.saveConsentToAccount(choice, { onlyIfChanged }))
    .catch((err: unknown) => console.error('Error saving cookie consent', err));
}

/**
 * A signed-in user's page load (or sign-in): the choice made in this browser goes to the
 * account, unless it is what this browser already saved there.
 */
export function syncConsentToAccount(): Promise<void> {
  const current = useConsent.getState().consent;
  if (!current) return Promise.resolve();
  const { functional, performance, marketing } = current;
  return saveToAccount({ functional, performance, marketing }, true);
}

interface ConsentState {
  consent: StoredConsent | null;
  /** The banner was closed with its X for this visit (no choice stored). */
  dismissed: boolean;
  preferencesOpen: boolean;
  choose: (choice: ConsentChoice) => void;
  acceptAll: () => void;
  rejectOptional: () => void;
  dismiss: () => void;
  setPreferencesOpen: (open: boolean) => void;
}

export const useConsent = create<ConsentState>()((set, get) => ({
  consent: typeof localStorage === 'undefined' ? null : readStoredConsent(),
  dismissed: false,
  preferencesOpen: false,
  choose(choice) {
    const consent: StoredConsent = {
      version: COOKIE_CONSENT_VERSION,
      necessary: true,
      ...choice,
      saved_at: new Date().toISOString(),
    };
    try {
      localStorage.setItem(COOKIE_CONSENT_KEY, JSON.stringify(consent));
    } catch (err) {
      console.warn('Could not store the cookie consent locally', err);
    }
    if (!choice.functional) for (const name of FUNCTIONAL_COOKIES) deleteCookie(name);
    set({ consent, preferencesOpen: false });
    void saveToAccount(choice, false);
  },
  acceptAll() {
    get().choose(ALL_OPTIONAL);
  },
  rejectOptional() {
    get().choose(NO_OPTIONAL);
  },
  dismiss() {
    set({ dismissed: true });
  },
  setPreferencesOpen(open) {
    set({ preferencesOpen: open });
  },
}));

/** Opens the preferences dialog (from the cookie policy page or the footer). */
export function openCookiePreferences(): void {
  useConsent.getState().setPreferencesOpen(true);
}

/** Whether a non-necessary category may load: only after the visitor agreed to it. */
export function hasConsent(category: keyof ConsentChoice): boolean {
  return useConsent.getState().consent?.[category] === true;
}
