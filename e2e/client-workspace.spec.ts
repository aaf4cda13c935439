import type { APIRequestContext, Page } from '@playwright/test';
import { answerCookiesInStorage, expect, signInViaApi, test, toast, uniqueEmail, ACCEPTED_TERMS } from './fixtures';

const PASSWORD = 'Thalassa-2026';

/** Signs a new client up through the API; returns its e-mail and an access token. */
async function newClient(request: APIRequestContext, prefix: string, organization = 'Ακμή Επικοινωνία') {
  const email = uniqueEmail(prefix);
  const up = await request.post('/auth/v1/signup', {
    data: { email, password: PASSWORD, data: { role: 'client', name: 'Νίκος Παππάς', organization }, ...ACCEPTED_TERMS },
  });
  expect(up.ok()).toBe(true);
  const tok = await request.post('/auth/v1/token?grant_type=password', { data: { email, password: PASSWORD } });
  const { access_token: token } = (await tok.json()) as { access_token: string };
  return { email, token };
}

async function apiCall(request: APIRequestContext, token: string, method: 'GET' | 'POST' | 'PATCH', path: string, data?: unknown) {
  const res = await request.fetch(`/api${path}`, { method, headers: { authorization: `Bearer ${token}` }, data });
  expect(res.ok(), `${method} ${path}: ${res.status()}`).toBe(true);
  return res.json() as Promise<unknown>;
}

async function onboardedClient(page: Page, prefix: string) {
  const c = await newClient(page.request, prefix);
  await apiCall(page.request, c.token, 'PATCH', '/profile', { onboarded: true });
  await signInViaApi(page, c.email, PASSWORD);
  await answerCookiesInStorage(page);
  return c;
}

test.describe('onboarding wizard', () => {
  test('a new client completes it, lands on the editor, the bell updates live, and it can be restarted', async ({
    page,
    browser,
    consoleErrors,
  }) => {
    // Several signed-in users, each in a browser of their own, on a 2-core machine: slow by design (3× timeout).
    test.slow();
    const c = await newClient(page.request, 'onboard');
    await signInViaApi(page, c.email, PASSWORD);

    // A second tab of the same user, to see the welcome notification arrive live.
    const other = await browser.newContext();
    const otherPage = await other.newPage();
    await signInViaApi(otherPage, c.email, PASSWORD);
    await otherPage.goto('/client/settings');
    await expect(otherPage.getByTestId('onboarding-wizard')).toBeVisible();
    await expect(otherPage.getByTestId('notification-badge')).toHaveCount(0);

    await page.goto('/client');
    const wizard = page.getByTestId('onboarding-wizard');
    await expect(wizard).toBeVisible();
    await expect(wizard.getByText('Βήμα 1 από 5')).toBeVisible();
    await expect(wizard.getByRole('button', { name: 'Προηγούμενο' })).toBeDisabled();
    await expect(wizard.getByRole('button', { name: /close|Κλείσιμο/i })).toHaveCount(0);
    // Cannot be dismissed.
    await page.keyboard.press('Escape');
    await page.mouse.click(5, 5);
    await expect(wizard).toBeVisible();

    await wizard.getByRole('button', { name: 'Επόμενο' }).click();
    await expect(wizard.getByText('Βήμα 2 από 5')).toBeVisible();
    const company = wizard.getByLabel('Όνομα εταιρείας');
    await expect(company).toHaveValue('Ακμή Επικοινωνία');
    await company.fill('');
    await expect(wizard.getByRole('button', { name: 'Επόμενο' })).toBeDisabled();
    await company.fill('Ακμή Νέα ΑΕ');
    await expect(wizard.getByText('Σύντομα διαθέσιμο')).toBeVisible();
    await wizard.getByLabel('URL λογοτύπου').fill('https://akmi.example/logo.png');
    await wizard.getByRole('button', { name: 'Επόμενο' }).click();

    await expect(wizard.getByText('Βήμα 3 από 5')).toBeVisible();
    await expect(wizard.getByRole('button', { name: 'Επόμενο' })).toBeDisabled();
    await wizard.getByLabel('Κατηγορία').click();
    await page.getByRole('option', { name: 'Τεχνολογία' }).click();
    await wizard.getByRole('button', { name: 'Επόμενο' }).click();

    await expect(wizard.getByText('Βήμα 4 από 5')).toBeVisible();
    const goal = wizard.getByRole('button', { name: /Συγγραφή με AI/ });
    await goal.click();
    await expect(goal).toHaveAttribute('aria-pressed', 'true');
    await wizard.getByRole('button', { name: 'Προηγούμενο' }).click();
    await expect(wizard.getByText('Βήμα 3 από 5')).toBeVisible();
    await wizard.getByRole('button', { name: 'Επόμενο' }).click();
    await wizard.getByRole('button', { name: 'Επόμενο' }).click();

    await expect(wizard.getByText('Βήμα 5 από 5')).toBeVisible();
    await wizard.getByRole('button', { name: 'Ολοκλήρωση Ρύθμισης' }).click();
    await expect(toast(page, 'Η ρύθμιση του λογαριασμού σας ολοκληρώθηκε επιτυχώς.')).toBeVisible();
    // The editor route (it may replace /new with the id of the draft it creates).
    await expect(page).toHaveURL(/\/client\/press-releases\/(new|[0-9a-f-]{36})$/);
    await expect(wizard).toHaveCount(0);

    const profile = (await apiCall(page.request, c.token, 'GET', '/profile')) as Record<string, unknown>;
    expect(profile).toMatchObject({
      onboarded: true,
      organization: 'Ακμή Νέα ΑΕ',
      default_category: 'tech',
      company_logo_url: 'https://akmi.example/logo.png',
      website: null,
    });

    // The other tab: the welcome notification raised the badge without a reload.
    await expect(otherPage.getByTestId('notification-badge')).toHaveText('1');
    await expect(otherPage.getByTestId('onboarding-wizard')).toHaveCount(0);
    await otherPage.getByTestId('notification-bell').click();
    await expect(otherPage.getByTestId('notification-item').first()).toContainText('Καλώς ήρθατε στο Deltio!');
    await otherPage.getByRole('button', { name: 'Σήμανση όλων ως αναγνωσμένων' }).click();
    await expect(otherPage.getByTestId('notification-badge')).toHaveCount(0);
    await expect(page.getByTestId('notification-badge')).toHaveCount(0);
    await other.close();

    // Restart from outside: onboarded false, step 1, open again.
    await page.evaluate(() => window.restartOnboarding?.());
    await expect(page.getByTestId('onboarding-wizard').getByText('Βήμα 1 από 5')).toBeVisible();
    expect(((await apiCall(page.request, c.token, 'GET', '/profile')) as { onboarded: boolean }).onboarded).toBe(false);
    expect(consoleErrors).toEqual([]);
  });
});

test.describe('press-release list', () => {
  /** Twelve releases of a new client's own: two pages of the list. */
  async function twelveReleases(page: Page, c: { token: string }) {
    await apiCall(page.request, c.token, 'POST', '/releases', { title: 'Δελτίο Τύπου Εγκαινίων', content: 'Νέο κατάστημα', category: 'culture' });
    await apiCall(page.request, c.token, 'POST', '/releases', { title: 'Οικονομικά αποτελέσματα', content: 'Το ΔΕΛΤΊΟ των αποτελεσμάτων', category: 'economy' });
    for (let i = 1; i <= 10; i++) {
      await apiCall(page.request, c.token, 'POST', '/releases', { title: `Ανακοίνωση ${i}`, content: 'Κείμενο', category: 'sports' });
    }
  }

  test('searches with and without accents, filters and pages', async ({ page, consoleErrors }) => {
    const c = await onboardedClient(page, 'list');
    await page.goto('/client/press-releases');
    await expect(page.getByText('Δεν έχετε ακόμη δελτία τύπου — ξεκινήστε με ένα νέο')).toBeVisible();
    await expect(page.getByRole('link', { name: 'Δημιουργήστε το πρώτο σας δελτίο τύπου' })).toHaveAttribute('href', '/client/press-releases/new');

    await twelveReleases(page, c);
    // Arrived live (socket) or on the next fetch: 12 releases, two pages.
    await page.reload();
    const rows = page.getByTestId('release-row');
    await expect(rows).toHaveCount(10);
    await expect(page.getByTestId('pager')).toHaveText('Σελίδα 1 από 2');
    await expect(rows.first()).toContainText('Ανακοίνωση 10');
    await page.getByRole('button', { name: 'Επόμενη' }).click();
    await expect(page.getByTestId('pager')).toHaveText('Σελίδα 2 από 2');
    await expect(rows).toHaveCount(2);
    await expect(rows.first()).toContainText('Οικονομικά αποτελέσματα');
    await expect(rows.first()).toContainText('Οικονομία');
    await expect(rows.first()).toContainText('Πρόχειρο');

    const search = page.getByLabel('Αναζήτηση δελτίων τύπου');
    await search.fill('δελτιο');
    await expect(rows).toHaveCount(2);
    await expect(page.getByTestId('pager')).toHaveText('Σελίδα 1 από 1');
    await search.fill('ΔΕΛΤΊΟ ΤΎΠΟΥ');
    await expect(rows).toHaveCount(1);
    await expect(rows.first()).toContainText('Δελτίο Τύπου Εγκαινίων');
    await search.fill('εγκαινιων');
    await expect(rows).toHaveCount(1);
    await search.fill('');
    await expect(rows).toHaveCount(10);

    await page.getByLabel('Κατηγορία').click();
    await page.getByRole('option', { name: 'Αθλητισμός' }).click();
    await expect(page.getByTestId('pager')).toHaveText('Σελίδα 1 από 1');
    await expect(rows).toHaveCount(10);
    await page.getByLabel('Κατάσταση').click();
    await page.getByRole('option', { name: 'Απεστάλη' }).click();
    await expect(page.getByText('Δεν βρέθηκαν δελτία τύπου που να ταιριάζουν με τα κριτήρια αναζήτησης')).toBeVisible();
    await page.getByRole('button', { name: 'Καθαρισμός φίλτρων' }).click();
    await expect(page.getByTestId('pager')).toHaveText('Σελίδα 1 από 2');
    expect(consoleErrors).toEqual([]);
  });

  test('duplicates, deletes after confirming, opens the editor; the history and the dashboard count the same releases', async ({ page, consoleErrors }) => {
    const c = await onboardedClient(page, 'listdup');
    await twelveReleases(page, c);
    await page.goto('/client/press-releases');
    const rows = page.getByTestId('release-row');
    const search = page.getByLabel('Αναζήτηση δελτίων τύπου');

    // Duplicate.
    await search.fill('εγκαινιων');
    await expect(rows).toHaveCount(1);
    await page.getByRole('button', { name: 'Ενέργειες για «Δελτίο Τύπου Εγκαινίων»' }).click();
    await page.getByRole('menuitem', { name: 'Αντιγραφή' }).click();
    await expect(toast(page, 'Το δελτίο τύπου αντιγράφηκε επιτυχώς')).toBeVisible();
    await expect(rows).toHaveCount(2);
    await expect(rows.first()).toContainText('Δελτίο Τύπου Εγκαινίων (αντίγραφο)');

    // Delete, after confirming.
    await page.getByRole('button', { name: 'Ενέργειες για «Δελτίο Τύπου Εγκαινίων (αντίγραφο)»' }).click();
    await page.getByRole('menuitem', { name: 'Διαγραφή' }).click();
    const dialog = page.getByRole('dialog');
    await expect(dialog).toContainText('Είστε σίγουροι ότι θέλετε να διαγράψετε αυτό το δελτίο τύπου;');
    await dialog.getByRole('button', { name: 'Ακύρωση' }).click();
    await expect(rows).toHaveCount(2);
    await page.getByRole('button', { name: 'Ενέργειες για «Δελτίο Τύπου Εγκαινίων (αντίγραφο)»' }).click();
    await page.getByRole('menuitem', { name: 'Διαγραφή' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Διαγραφή' }).click();
    await expect(toast(page, 'Το δελτίο τύπου διαγράφηκε επιτυχώς')).toBeVisible();
    await expect(rows).toHaveCount(1);

    // View goes to the editor route.
    await page.getByRole('button', { name: 'Ενέργειες για «Δελτίο Τύπου Εγκαινίων»' }).click();
    await page.getByRole('menuitem', { name: 'Προβολή' }).click();
    await expect(page).toHaveURL(/\/client\/press-releases\/[0-9a-f-]{36}$/);

    // /client/history is the same list.
    await page.goto('/client/history');
    await expect(page.getByTestId('pager')).toHaveText('Σελίδα 1 από 2');

    // The dashboard counts this client's 12 releases; nothing sent yet.
    await page.goto('/client');
    await expect(page.getByTestId('stat-total-value')).toHaveText('12');
    await expect(page.getByTestId('stat-total')).toContainText('+12');
    await expect(page.getByTestId('stat-open-rate-value')).toHaveText('0%');
    await expect(page.getByTestId('stat-ctr-value')).toHaveText('0%');
    await expect(page.getByTestId('recent-releases').locator('li')).toHaveCount(5);
    await expect(page.getByTestId('first-step')).toHaveCount(0);
    expect(consoleErrors).toEqual([]);
  });

  test('a new client sees zeros and a first-step prompt on the dashboard; the demo client sees its data', async ({ page }) => {
    await onboardedClient(page, 'dash');
    await page.goto('/client');
    await expect(page.getByTestId('first-step')).toBeVisible();
    await expect(page.getByTestId('stat-total-value')).toHaveText('0');
    await expect(page.getByTestId('stat-downloads-value')).toHaveText('0');

    const demo = await page.request.post('/auth/v1/token?grant_type=password', { data: { email: 'client@example.com', password: 'demodemo' } });
    const { access_token: token } = (await demo.json()) as { access_token: string };
    const data = (await apiCall(page.request, token, 'GET', '/client/dashboard')) as {
      stats: { totalReleases: { value: number }; openRate: { value: number } };
      quick: { deliveries: number };
    };
    expect(data.stats.totalReleases.value).toBeGreaterThanOrEqual(12);
    expect(data.quick.deliveries).toBeGreaterThan(0);
    await signInViaApi(page, 'client@example.com', 'demodemo');
    await page.goto('/client');
    // No spec changes the demo client's data (those that send, edit or open releases work as
    // organisations and journalists of their own): the page shows the seeded figures the API read.
    await expect(page.getByTestId('stat-total-value')).toHaveText(String(data.stats.totalReleases.value));
    await expect(page.getByTestId('stat-open-rate-value')).toHaveText(`${data.stats.openRate.value.toLocaleString('el-GR')}%`);
  });
});

test.describe('settings and shell', () => {
  test('settings persist across a reload; a wrong logo file is refused', async ({ page, consoleErrors }) => {
    await onboardedClient(page, 'settings');
    await page.goto('/client/settings');
    await expect(page.getByLabel('Email', { exact: true })).toHaveValue(/settings\./);
    await expect(page.getByTestId('account-role')).toHaveText('Πελάτης');
    await expect(page.getByTestId('account-year')).toHaveText(String(new Date().getFullYear()));
    await expect(page.getByLabel('Εβδομαδιαία σύνοψη')).toHaveAttribute('aria-checked', 'false');
    await expect(page.getByLabel('Αποστολή δελτίου τύπου')).toHaveAttribute('aria-checked', 'true');

    await page.getByLabel('Όνομα εταιρείας').fill('Νέα Εταιρεία ΙΚΕ');
    await page.getByLabel('Domain / ιστοσελίδα').fill('https://nea.example');
    await page.getByLabel('Προεπιλεγμένη κατηγορία').click();
    await page.getByRole('option', { name: 'Πολιτισμός' }).click();
    await page.getByLabel('Εβδομαδιαία σύνοψη').click();
    await page.getByLabel('Ενημερώσεις συστήματος').click();

    // A 1×1 PNG uploads and previews; an SVG is refused with a clear message.
    const png = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==', 'base64');
    await page.getByTestId('logo-file').setInputFiles({ name: 'logo.svg', mimeType: 'image/svg+xml', buffer: Buffer.from('<svg/>') });
    await expect(toast(page, 'Το λογότυπο πρέπει να είναι εικόνα PNG, JPEG, WebP ή GIF.')).toBeVisible();
    await page.getByTestId('logo-file').setInputFiles({ name: 'logo.png', mimeType: 'image/png', buffer: png });
    await expect(page.getByTestId('logo-preview').locator('img')).toHaveAttribute('src', /\/api\/profile\/logo\/[0-9a-f]{32}\.png$/);

    await page.getByRole('button', { name: 'Αποθήκευση αλλαγών' }).click();
    await expect(toast(page, 'Επιτυχία')).toBeVisible();
    await page.reload();
    await expect(page.getByLabel('Όνομα εταιρείας')).toHaveValue('Νέα Εταιρεία ΙΚΕ');
    await expect(page.getByLabel('Domain / ιστοσελίδα')).toHaveValue('https://nea.example');
    await expect(page.getByLabel('Προεπιλεγμένη κατηγορία')).toContainText('Πολιτισμός');
    await expect(page.getByLabel('Εβδομαδιαία σύνοψη')).toHaveAttribute('aria-checked', 'true');
    await expect(page.getByLabel('Ενημερώσεις συστήματος')).toHaveAttribute('aria-checked', 'false');
    await expect(page.getByTestId('logo-preview').locator('img')).toBeVisible();
    expect(consoleErrors).toEqual([]);
  });

  test('Ctrl+B toggles the sidebar and the choice survives a reload (with functional cookies); at 375 px it is a drawer', async ({ page }) => {
    await onboardedClient(page, 'shell');
    await answerCookiesInStorage(page, { functional: true }); // the sidebar cookie is a functional one
    await page.goto('/client');
    const aside = page.locator('aside');
    await expect(aside).toHaveAttribute('data-state', 'expanded');
    await page.keyboard.press('Control+b');
    await expect(aside).toHaveAttribute('data-state', 'collapsed');
    await page.reload();
    await expect(aside).toHaveAttribute('data-state', 'collapsed');
    await page.keyboard.press('Control+b');
    await expect(aside).toHaveAttribute('data-state', 'expanded');

    await page.setViewportSize({ width: 375, height: 800 });
    await expect(aside).toBeHidden();
    await page.getByRole('button', { name: 'Άνοιγμα πλευρικού μενού' }).click();
    const drawer = page.getByRole('dialog');
    await expect(drawer).toBeVisible();
    await drawer.getByRole('link', { name: /Ιστορικό/ }).click();
    await expect(page).toHaveURL(/\/client\/history$/);
    await expect(drawer).toBeHidden();
  });
});
