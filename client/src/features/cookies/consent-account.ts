import { COOKIE_CONSENT_KEY, COOKIE_CONSENT_VERSION } from '@shared/constants';
import { authClient } from '@client/auth/client';
import type { ConsentChoice } from './consent-store';

/**
 * What this browser last saved in an account: the user and the choice. A signed-in page load
 * sends the choice only when it differs (another user, a new choice or consent version).
 */
const SAVED_TO_ACCOUNT_KEY = `${COOKIE_CONSENT_KEY}_account`;

function accountRecord(userId: string, choice: ConsentChoice): string {
  const { functional, performance, marketing } = choice;
  return JSON.stringify({ user: userId, version: COOKIE_CONSENT_VERSION, functional, performance, marketing });
}

function readSavedToAccount(): string | null {
  try {
    return localStorage.getItem(SAVED_TO_ACCOUNT_KEY);
  } catch {
    return null;
  }
}

async function putConsent(choice: ConsentChoice, record: string): Promise<void> {
  try {
    // Only signed-in users get here: the request core and the schemas load then.
    const [{ api }, { cookieConsentSchema }] = await Promise.all([
      import('@client/api/http'),
      import('@shared/schemas/public-site'),
    ]);
    await api('PUT', '/cookie-consent', {
      body: { version: COOKIE_CONSENT_VERSION, necessary: true, ...choice },
      schema: cookieConsentSchema,
    });
  } catch (err) {
    console.error('Error saving cookie consent', err);
    return;
  }
  try {
    localStorage.setItem(SAVED_TO_ACCOUNT_KEY, record);
  } catch {
    // Without storage the next page load sends it again: harmless.
  }
}

/** The save under way, so a second sync of the same choice waits for it instead of sending it again. */
let saving: { record: string; done: Promise<void> } | null = null;

/**
 * Saves the choice in the signed-in user's account; a failure is only logged (the choice still
 * applies, and the next page load tries again). `onlyIfChanged`: not when this browser already
 * saved this very choice for this user, or is saving it (React runs a mount's effect twice in
 * development).
 */
export function saveConsentToAccount(
  choice: ConsentChoice,
  { onlyIfChanged = false }: { onlyIfChanged?: boolean } = {},
): Promise<void> {
  const userId = authClient.getSession()?.user.id;
  if (!userId) return Promise.resolve();
  const record = accountRecord(userId, choice);
  if (onlyIfChanged) {
    if (saving?.record === record) return saving.done;
    if (readSavedToAccount() === record) return Promise.resolve();
  }
  const done = putConsent(choice, record).finally(() => {
    if (saving?.done === done) saving = null;
  });
  saving = { record, done };
  return done;
}
