import { create } from 'zustand';
import { LIMITS } from '@shared/constants';
import { readCookie, writeCookie } from '@client/lib/cookies';

export const SIDEBAR_COOKIE_NAME = 'sidebar_state';
export const SIDEBAR_COOKIE_MAX_AGE = LIMITS.sidebarCookieDays * 24 * 60 * 60;
export const SIDEBAR_KEYBOARD_SHORTCUT = 'b';

interface SidebarState {
  /** Desktop: expanded (16rem) or collapsed to icons (3rem). Remembered in a cookie for 7 days. */
  open: boolean;
  /** Under 768 px: whether the 18rem drawer is showing. Not remembered. */
  openMobile: boolean;
  setOpen: (open: boolean) => void;
  setOpenMobile: (open: boolean) => void;
  /** Toggle the drawer on mobile, expanded/collapsed otherwise. */
  toggle: (isMobile: boolean) => void;
}

function initialOpen(): boolean {
  return readCookie(SIDEBAR_COOKIE_NAME) !== 'false';
}

export const useSidebarStore = create<SidebarState>((set, get) => ({
  open: initialOpen(),
  openMobile: false,
  setOpen: (open) => {
    writeCookie(SIDEBAR_COOKIE_NAME, String(open), SIDEBAR_COOKIE_MAX_AGE);
    set({ open });
  },
  setOpenMobile: (openMobile) => set({ openMobile }),
  toggle: (isMobile) => {
    if (isMobile) set((s) => ({ openMobile: !s.openMobile }));
    else get().setOpen(!get().open);
  },
}));
