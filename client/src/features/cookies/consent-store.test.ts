import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { COOKIE_CONSENT_KEY, COOKIE_CONSENT_VERSION } from '@shared/constants';

// The signed-in user (null: signed out) and the API calls the store makes.
const auth = vi.hoisted(() => ({ userId: null as string | null }));
const api = vi.hoisted(() => vi.fn());
vi.mock('@client/auth/client', () => ({
  authClient: { getSession: () => (auth.userId ? { user: { id: auth.userId } } : null) },
}));
vi.mock('@client/api/http', () => ({ api }));

/** localStorage as the browser keeps it across page loads. */
const storage = new Map<string, string>();
vi.stubGlobal('localStorage', {
  getItem: (k: string) => storage.get(k) ?? null,
  setItem: (k: string, v: string) => void storage.set(k, String(v)),
  removeItem: (k: string) => void storage.delete(k),
});

/** A fresh page load: the store module evaluated again, reading what localStorage holds. */
async function loadPage() {
  vi.resetModules();
  return import('./consent-store');
}

const storedChoice = (choice: { functional: boolean; performance: boolean; marketing: boolean }) =>
  storage.set(
    COOKIE_CONSENT_KEY,
    JSON.stringify({ version: COOKIE_CONSENT_VERSION, necessary: true, ...choice, saved_at: '2026-01-01T00:00:00.000Z' }),
  );

const consentPuts = () => api.mock.calls.filter(([method, path]) => method === 'PUT' && path === '/cookie-consent');

describe('cookie consent saved to the account', () => {
  beforeEach(() => {
    storage.clear();
    api.mockReset();
    api.mockResolvedValue({});
    auth.userId = 'user-1';
  });
  afterEach(() => vi.restoreAllMocks());

  it('a signed-in user who already consented sends it once, not on every page load', async () => {
    storedChoice({ functional: true, performance: false, marketing: false });
    for (let load = 0; load < 3; load += 1) await (await loadPage()).syncConsentToAccount();
    expect(consentPuts()).toHaveLength(1);
    expect(consentPuts()[0]![2]).toMatchObject({
      body: { version: COOKIE_CONSENT_VERSION, necessary: true, functional: true, performance: false, marketing: false },
    });
  });

  it('sends it again when the choice changed, or another user signs in on this browser', async () => {
    storedChoice({ functional: true, performance: false, marketing: false });
    await (await loadPage()).syncConsentToAccount();
    // A new choice: sent when made, and not again on the next load.
    const store = await loadPage();
    store.useConsent.getState().choose({ functional: true, performance: true, marketing: false });
    await vi.waitFor(() => expect(consentPuts()).toHaveLength(2));
    await (await loadPage()).syncConsentToAccount();
    expect(consentPuts()).toHaveLength(2);
    expect(consentPuts()[1]![2]).toMatchObject({ body: { performance: true } });

    auth.userId = 'user-2';
    await (await loadPage()).syncConsentToAccount();
    await (await loadPage()).syncConsentToAccount();
    expect(consentPuts()).toHaveLength(3);
  });

  it('sends it once when two syncs overlap (an effect run twice)', async () => {
    storedChoice({ functional: true, performance: true, marketing: true });
    const store = await loadPage();
    await Promise.all([store.syncConsentToAccount(), store.syncConsentToAccount()]);
    await (await loadPage()).syncConsentToAccount();
    expect(consentPuts()).toHaveLength(1);
  });

  it('tries again on the next load when saving failed', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    storedChoice({ functional: false, performance: false, marketing: false });
    api.mockRejectedValueOnce(new Error('offline'));
    await (await loadPage()).syncConsentToAccount();
    await (await loadPage()).syncConsentToAccount();
    await (await loadPage()).syncConsentToAccount();
    expect(consentPuts()).toHaveLength(2);
  });

  it('sends nothing without a choice or when signed out', async () => {
    await (await loadPage()).syncConsentToAccount();
    auth.userId = null;
    storedChoice({ functional: true, performance: true, marketing: true });
    await (await loadPage()).syncConsentToAccount();
    expect(api).not.toHaveBeenCalled();
  });
});
