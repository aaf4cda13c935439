import { useSyncExternalStore } from 'react';
import { LIMITS } from '@shared/constants';

const QUERY = `(max-width: ${LIMITS.mobileBreakpointPx - 1}px)`;

function subscribe(onChange: () => void): () => void {
  const mql = window.matchMedia(QUERY);
  mql.addEventListener('change', onChange);
  return () => mql.removeEventListener('change', onChange);
}

/** True under the 768 px breakpoint. */
export function useIsMobile(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => window.matchMedia(QUERY).matches,
    () => false,
  );
}
