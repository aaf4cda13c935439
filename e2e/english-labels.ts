import { expect, type Page } from '@playwright/test';

/**
 * Interface words that must appear in Greek: labels that slipped through in English
 * before ("healthy", "Inactive", "Client") and the usual suspects of component libraries
 * (Radix "Close", date widgets, chart legends). Whole words, case-sensitive: data such as
 * e-mail addresses and company names is not matched.
 */
export const ENGLISH_LABELS = [
  'Inactive', 'Active', 'healthy', 'warning', 'unknown', 'Client', 'Clients', 'Admin', 'Superadmin',
  'Loading', 'Submit', 'Cancel', 'Save', 'Delete', 'Edit', 'Search', 'Settings', 'Dashboard',
  'Sign in', 'Sign out', 'Log in', 'Log out', 'Logout', 'Sign up',
  'Draft', 'Scheduled', 'Sent', 'Archived', 'Pending', 'Approved', 'Rejected', 'Banned',
  'Next', 'Previous', 'Close', 'Open', 'Today', 'Yesterday', 'No data', 'No results', 'Select',
  'Upload', 'Download', 'Actions', 'Status', 'Role', 'Error', 'Retry', 'Back', 'Home', 'Page',
  'mm/dd/yyyy', 'dd/mm/yyyy', 'yyyy', 'Go to next month', 'Go to previous month',
  'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday',
  'January', 'February', 'March', 'April', 'June', 'July', 'August', 'September', 'October', 'November', 'December',
] as const;

/**
 * Names allowed in English. The specification's English sidebar titles ('Deltio Dashboard',
 * 'Client Dashboard', …) are shown in Greek since issue 33 ("Greek everywhere"), so none.
 */
export const SPEC_NAMES: readonly string[] = [];

const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');
const PATTERN = new RegExp(`(?<![\\p{L}@._-])(${ENGLISH_LABELS.map(escape).join('|')})(?![\\p{L}@._-])`, 'u');

/** The English labels found on the page: its visible text and its placeholder, aria-label and title attributes. */
export async function englishLabelsOn(page: Page): Promise<string[]> {
  const texts = await page.evaluate(() => {
    const attrs = [...document.querySelectorAll('[placeholder],[aria-label],[title]')].flatMap((el) =>
      ['placeholder', 'aria-label', 'title'].map((a) => el.getAttribute(a) ?? ''),
    );
    return [document.title, document.body.innerText, ...attrs];
  });
  const found = new Set<string>();
  for (const line of texts.join('\n').split('\n')) {
    const m = PATTERN.exec(SPEC_NAMES.reduce((l, name) => l.replaceAll(name, ''), line));
    if (m) found.add(`${m[1]} — in "${line.trim().slice(0, 80)}"`);
  }
  return [...found];
}

export async function expectGreekOnly(page: Page): Promise<void> {
  expect(await englishLabelsOn(page), `English labels on ${page.url()}`).toEqual([]);
}
