/** "Not now" on the inbox's push prompt, remembered on this device. */
const DISMISSED_KEY = 'deltio.push-prompt';

export function promptDismissed(): boolean {
  try {
    return localStorage.getItem(DISMISSED_KEY) === 'dismissed';
  } catch {
    return false;
  }
}

export function dismissPrompt(): void {
  try {
    localStorage.setItem(DISMISSED_KEY, 'dismissed');
  } catch {
    /* private mode: hidden for this visit */
  }
}
