import { create } from 'zustand';
import { LIMITS } from '@shared/constants';
import { deleteCookie, readCookie, writeCookie } from '@client/lib/cookies';
import { hasConsent, SIDEBAR_COOKIE_NAME, useConsent } from '@client/features/cookies/consent-store';

export { SIDEBAR_COOKIE_NAME };
export const SIDEBAR_COOKIE_MAX_AGE = LIMITS.sidebarCookieDays * 24 * 60 * 60;
export const SIDEBAR_KEYBOARD_SHORTCUT = 'b';

interface SidebarState {
  /**
   * Desktop: expanded (16rem) or collapsed to icons (3rem). Remembered in a cookie for 7
   * days, a functional cookie: only with the visitor's consent to functional cookies;
   * without it the choice lasts as long as the page (kept in memory).
   */
  open: boolean;
  /** Under 768 px: whether the 18rem drawer is showing. Not remembered. */
  openMobile: boolean;
  setOpen: (open: boolean) => void;
  setOpenMobile: (open: boolean) => void;
  /** Toggle the drawer on mobile, expanded/collapsed otherwise. */
  toggle: (isMobile: boolean) => void;
}

/** Stores the choice when functional cookies are allowed, and removes the cookie when they are not. */
function remember(open: boolean): void {
  if (hasConsent('functional')) writeCookie(SIDEBAR_COOKIE_NAME, String(open), SIDEBAR_COOKIE_MAX_AGE);
  else deleteCookie(SIDEBAR_COOKIE_NAME);
}

function initialOpen(): boolean {
  return !hasConsent('functional') || readCookie(SIDEBAR_COOKIE_NAME) !== 'false';
}

export const useSidebarStore = create<SidebarState>((set, get) => ({
  open: initialOpen(),
  openMobile: false,
  setOpen: (open) => {
    remember(open);
    set({ open });
  },
  setOpenMobile: (openMobile) => set({ openMobile }),
  toggle: (isMobile) => {
    if (isMobile) set((s) => ({ openMobile: !s.openMobile }));
    else get().setOpen(!get().open);
  },
}));

// Consent given while the app is open stores the current state at once (a refusal or a
// withdrawal removes the cookie wherever it is made: consent-store.ts).
useConsent.subscribe((s, before) => {
  if (s.consent?.functional && !before.consent?.functional) remember(useSidebarStore.getState().open);
});
