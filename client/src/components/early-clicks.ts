/**
 * Clicks on a prerendered page before React has hydrated it: its buttons are in the HTML
 * (the pricing page's monthly/yearly toggle, a plan's quote button) but have no handlers
 * yet, so a click there would be lost. The public entry holds them from the moment it runs
 * until the page is live, then replays the last one on its button, which is by then the
 * same element with React's handler (hydration keeps the server's DOM). A deferred part
 * (components/deferred.tsx) that is still waiting catches the replayed click itself.
 * Links need nothing: before hydration they are ordinary links.
 *
 * While clicks are held, <html> carries data-hydrating.
 */
let held: HTMLElement | null = null;

function hold(e: MouseEvent): void {
  const button = e.target instanceof Element ? e.target.closest('button') : null;
  if (!button) return;
  e.preventDefault();
  e.stopPropagation();
  held = button;
}

export function holdEarlyClicks(): void {
  document.documentElement.dataset.hydrating = '';
  document.addEventListener('click', hold, true);
}

/** Called once the page is hydrated: stops holding and replays the last held click. */
export function releaseEarlyClicks(): void {
  document.removeEventListener('click', hold, true);
  delete document.documentElement.dataset.hydrating;
  const button = held;
  held = null;
  if (button?.isConnected) button.click();
}
