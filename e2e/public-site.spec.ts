import { TERMS_VERSION } from '../shared/plans';
import { ROUTES } from '../shared/routes';
import AxeBuilder from '@axe-core/playwright';
import type { APIRequestContext, BrowserContext, Page } from '@playwright/test';
import {
  DEMO,
  expect,
  SUPERADMIN_LOGIN_PATH,
  signInAs,
  dmy,
  test,
  toast,
  uniqueEmail,
} from './fixtures';

const CONSENT_KEY = 'cookie_consent_v1';
const GREEK_LONG_DATE =
  /\d{1,2} (Ιανουαρίου|Φεβρουαρίου|Μαρτίου|Απριλίου|Μαΐου|Ιουνίου|Ιουλίου|Αυγούστου|Σεπτεμβρίου|Οκτωβρίου|Νοεμβρίου|Δεκεμβρίου) \d{4}/;

/** Pretends the visitor already chose, so the fixed banner does not cover the page under test. */
async function withConsent(context: BrowserContext): Promise<void> {
  await context.addInitScript((key) => {
    if (!localStorage.getItem(key)) {
      localStorage.setItem(
        key,
        JSON.stringify({
          version: 'v1',
          necessary: true,
          functional: false,
          performance: false,
          marketing: false,
          saved_at: new Date().toISOString(),
        }),
      );
    }
  }, CONSENT_KEY);
}

function athensDate(offsetDays: number): string {
  const d = new Date(Date.now() + offsetDays * 86_400_000);
  return new Intl.DateTimeFormat('en-CA', {
    timeZone: 'Europe/Athens',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(d);
}

async function superToken(request: APIRequestContext): Promise<string> {
  const res = await request.post('/auth/v1/token?grant_type=password', {
    data: { ...DEMO.superadmin, login_path: SUPERADMIN_LOGIN_PATH },
  });
  expect(res.ok()).toBe(true);
  return ((await res.json()) as { access_token: string }).access_token;
}

async function metaDescription(page: Page): Promise<string> {
  return (await page.locator('meta[name="description"]').getAttribute('content')) ?? '';
}

test.describe('with a stored cookie choice', () => {
  test.beforeEach(async ({ context }) => {
    await withConsent(context);
  });

  test('the landing page shows the three plans, its own title and description', async ({
    page,
    consoleErrors,
  }) => {
    await page.goto('/');
    await expect(
      page.getByRole('heading', { level: 1, name: 'Διανομή δελτίων τύπου στα ελληνικά media' }),
    ).toBeVisible();
    await expect(page.getByTestId('landing-plan-starter')).toContainText('49€');
    await expect(page.getByTestId('landing-plan-starter')).toContainText('5 δελτία τύπου τον μήνα');
    await expect(page.getByTestId('landing-plan-pro')).toContainText('149€');
    await expect(page.getByTestId('landing-plan-pro')).toContainText('Δημοφιλέστερο');
    await expect(page.getByTestId('landing-plan-enterprise')).toContainText('Κατόπιν επικοινωνίας');
    await expect(page.getByRole('heading', { name: 'Τι λένε οι πελάτες μας' })).toBeVisible();
    await expect(page.locator('figure')).toHaveCount(3);
    await expect(page.getByRole('link', { name: 'Ξεκίνα δοκιμή Pro' })).toHaveAttribute(
      'href',
      '/signup?role=client&plan=pro',
    );
    await expect(page).toHaveTitle(/Διανομή δελτίων τύπου/);
    expect(await metaDescription(page)).toContain('14 ημέρες δωρεάν δοκιμή');
    await expect(page.locator('img:not([alt])')).toHaveCount(0);
    expect(consoleErrors).toEqual([]);
  });

  test('pricing: plans from the server, monthly/yearly toggle, comparison, FAQ and the quote dialog', async ({
    page,
    consoleErrors,
  }) => {
    const plans = (
      (await (await page.request.get('/api/plans')).json()) as {
        plans: { code: string; monthly_price: number | null; yearly_price: number | null }[];
      }
    ).plans;
    const pro = plans.find((p) => p.code === 'pro')!;
    const starter = plans.find((p) => p.code === 'starter')!;

    await page.goto('/pricing');
    await expect(page).toHaveTitle(/^Τιμές \| Deltio/);
    expect(await metaDescription(page)).toContain('Starter, Pro και Enterprise');
    await expect(page.getByTestId('price-pro')).toContainText(`${pro.monthly_price}€`);
    await expect(page.getByTestId('price-starter')).toContainText(`${starter.monthly_price}€`);
    await expect(page.getByTestId('price-enterprise')).toHaveText('Κατόπιν επικοινωνίας');
    await expect(page.getByText('2 μήνες δώρο', { exact: true })).toBeVisible();
    await expect(page.getByTestId('plan-pro')).toContainText('Δημοφιλέστερο');
    await expect(page.getByTestId('plan-starter')).not.toContainText('Δημοφιλέστερο');
    await expect(page.getByRole('link', { name: 'Ξεκίνα δοκιμή Pro' })).toHaveAttribute(
      'href',
      '/signup?role=client&plan=pro',
    );
    await expect(page.getByRole('link', { name: 'Ξεκίνα δωρεάν' })).toHaveAttribute(
      'href',
      '/signup?role=client&plan=starter',
    );
    await expect(page.getByText('Όλες οι τιμές είναι χωρίς ΦΠΑ', { exact: false })).toBeVisible();

    await page.getByRole('button', { name: 'Ετήσια', exact: true }).click();
    const proMonthly = Math.round(pro.yearly_price! / 12);
    const proSaving = Math.round(
      ((12 * pro.monthly_price! - pro.yearly_price!) / (12 * pro.monthly_price!)) * 100,
    );
    await expect(page.getByTestId('price-pro')).toContainText(`${proMonthly}€`);
    await expect(page.getByTestId('price-pro')).toContainText(`Εξοικονόμηση ${proSaving}%`);
    await expect(page.getByTestId('price-starter')).toContainText(
      `${Math.round(starter.yearly_price! / 12)}€`,
    );
    await expect(page.getByTestId('price-enterprise')).toHaveText('Κατόπιν επικοινωνίας');
    await page.getByRole('button', { name: 'Μηνιαία', exact: true }).click();
    await expect(page.getByTestId('price-pro')).toContainText(`${pro.monthly_price}€`);

    // Comparison table: lists, booleans and text.
    const table = page.getByRole('table');
    await expect(table.getByRole('row', { name: /Ενιαία σύνδεση \(SSO\)/ })).toContainText('Όχι');
    await expect(table.getByRole('row', { name: /Ενιαία σύνδεση \(SSO\)/ })).toContainText('Ναι');
    await expect(
      table
        .getByRole('row', { name: /Αναφορές και KPIs/ })
        .locator('li')
        .first(),
    ).toBeVisible();

    await expect(page.getByTestId('faq-item')).toHaveCount(8);
    // One answer open at a time: opening a second question closes the first.
    const faq = (q: string) => page.getByTestId('faq-item').filter({ hasText: q });
    await faq('Ποιους τρόπους πληρωμής δέχεστε;').getByRole('heading').click();
    await expect(page.getByText(/Visa, Mastercard/)).toBeVisible();
    await faq('Οι τιμές περιλαμβάνουν ΦΠΑ;').getByRole('heading').click();
    await expect(page.getByText(/αντίστροφη επιβάρυνση/)).toBeVisible();
    await expect(page.getByText(/Visa, Mastercard/)).toBeHidden();

    await page.getByRole('button', { name: 'Ζήτησε προσφορά' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('button', { name: 'Αποστολή αιτήματος' }).click();
    await expect(dialog.getByRole('alert')).toHaveText(
      'Παρακαλώ συμπληρώστε όλα τα υποχρεωτικά πεδία',
    );
    await dialog.getByLabel('Ονοματεπώνυμο').fill('Σοφία Ιωάννου');
    await dialog.getByLabel('Email').fill(uniqueEmail('quote'));
    await dialog.getByLabel('Εταιρεία').fill('Όμιλος Δοκιμή ΑΕ');
    await dialog.getByRole('button', { name: 'Αποστολή αιτήματος' }).click();
    await expect(toast(page, 'Επιτυχής αποστολή')).toBeVisible();
    await expect(page).toHaveURL(/\/thank-you$/);
    expect(consoleErrors).toEqual([]);
  });

  test('a plans load failure shows the spec message', async ({ page }) => {
    // /pricing comes from the server with its plans; reached by navigation, it loads them.
    await page.route('**/api/plans', (route) =>
      route.fulfill({ status: 500, body: '{"error":{"code":"internal","message":"x"}}' }),
    );
    await page.goto('/');
    await expect(page.locator('html[data-hydrating]')).toHaveCount(0);
    await page
      .getByRole('navigation', { name: 'Κύρια πλοήγηση' })
      .getByRole('link', { name: 'Τιμές' })
      .click();
    await expect(page).toHaveURL(/\/pricing$/);
    await expect(
      page.getByRole('alert').filter({ hasText: 'Δεν ήταν δυνατή η φόρτωση των πλάνων' }),
    ).toBeVisible();
    await expect(toast(page, 'Δεν ήταν δυνατή η φόρτωση των πλάνων')).toBeVisible();
  });

  test('contact: required fields, consent, then a stored lead and the thank-you page', async ({
    page,
    consoleErrors,
  }) => {
    await page.goto('/contact');
    await expect(page.getByTestId('opening-hours')).toContainText('9:00 - 18:00');
    await expect(page.getByTestId('opening-hours')).toContainText('10:00 - 15:00');
    await expect(page.getByTestId('opening-hours')).toContainText('Κλειστά');
    const submit = page.getByRole('button', { name: 'Αποστολή μηνύματος' });
    await submit.click();
    await expect(page.getByRole('alert').filter({ hasText: 'Παρακαλώ συμπληρώστε' })).toHaveText(
      'Παρακαλώ συμπληρώστε όλα τα υποχρεωτικά πεδία',
    );
    await page.getByLabel('Ονοματεπώνυμο').fill('Δημήτρης Κωνσταντίνου');
    await page.getByLabel('Email').fill(uniqueEmail('contact'));
    await page
      .getByLabel('Μήνυμα')
      .fill('Θα θέλαμε μια παρουσίαση για την ομάδα επικοινωνίας μας.');
    await submit.click();
    await expect(page.getByRole('alert').filter({ hasText: 'Παρακαλώ δεχτείτε' })).toHaveText(
      'Παρακαλώ δεχτείτε την πολιτική απορρήτου',
    );
    await page.getByLabel(/Συμφωνώ με την/).check();
    const sent = page.waitForResponse(
      (r) => r.url().endsWith('/api/leads') && r.request().method() === 'POST',
    );
    await submit.click();
    const res = await sent;
    expect(res.status()).toBe(201);
    expect(((await res.json()) as { source: string }).source).toBe('contact');
    await expect(toast(page, 'Επιτυχής αποστολή')).toBeVisible();
    await expect(page).toHaveURL(/\/thank-you$/);
    await expect(page.getByText(/μέσα σε 5 λεπτά/)).toBeVisible();
    await expect(page.getByText(/εντός 24 ωρών/).first()).toBeVisible();
    await expect(page.getByText(/demo 15 λεπτών/)).toBeVisible();
    expect(consoleErrors).toEqual([]);
  });

  test('a lead failure shows the failure toast and stays on the page', async ({ page }) => {
    await page.route('**/api/leads', (route) =>
      route.fulfill({ status: 500, body: '{"error":{"code":"internal","message":"x"}}' }),
    );
    await page.goto('/contact');
    await page.getByLabel('Ονοματεπώνυμο').fill('Δημήτρης');
    await page.getByLabel('Email').fill('d@example.gr');
    await page.getByLabel('Μήνυμα').fill('Γεια σας');
    // Before the form's code is here a click is held and replayed once it is live
    // (components/deferred.tsx): click as a visitor does and wait for the box to tick, since
    // check() would read the box at once and fail on the held click.
    const consent = page.getByLabel(/Συμφωνώ με την/);
    await consent.click();
    await expect(consent).toBeChecked();
    await page.getByRole('button', { name: 'Αποστολή μηνύματος' }).click();
    await expect(toast(page, 'Παρουσιάστηκε σφάλμα κατά την αποστολή')).toBeVisible();
    await expect(page).toHaveURL(/\/contact$/);
  });

  test('book a demo: no date before today, then a stored request', async ({
    page,
    consoleErrors,
  }) => {
    await page.goto('/book-demo');
    const date = page.getByLabel('Προτιμώμενη ημερομηνία');
    // The calendar starts today: no earlier month to go to.
    await page.getByRole('button', { name: 'Επιλογή από ημερολόγιο' }).click();
    await expect(page.getByRole('dialog', { name: 'Ημερολόγιο' }).getByRole('button', { name: 'Προηγούμενος μήνας' })).toBeDisabled();
    await page.keyboard.press('Escape');
    const submit = page.getByRole('button', { name: 'Κλείστε το demo' });
    await submit.click();
    await expect(page.getByRole('alert').filter({ hasText: 'Παρακαλώ' })).toHaveText(
      'Παρακαλώ συμπληρώστε όλα τα υποχρεωτικά πεδία',
    );
    await page.getByLabel('Ονοματεπώνυμο').fill('Αλεξάνδρα Νικολάου');
    await page.getByLabel('Email').fill(uniqueEmail('demo'));
    await page.getByLabel('Εταιρεία ή μέσο').fill('Ionian Labs');
    await page.getByRole('combobox', { name: 'Ενδιαφέρομαι ως' }).click();
    await page.getByRole('option', { name: 'Πελάτης' }).click();
    await submit.click();
    await expect(page.getByRole('alert').filter({ hasText: 'Παρακαλώ' })).toHaveText(
      'Παρακαλώ δεχτείτε την πολιτική απορρήτου',
    );
    await page.getByLabel(/Συμφωνώ με την/).check();
    await date.fill(dmy(athensDate(-2)));
    await submit.click();
    await expect(page.getByRole('alert').filter({ hasText: 'ημερομηνία' })).toBeVisible();
    await expect(page).toHaveURL(/\/book-demo$/);

    // The server refuses a past date too.
    const refused = await page.request.post('/api/demo-requests', {
      data: {
        full_name: 'Α',
        email: 'a@example.gr',
        company: 'Β',
        role: 'client',
        preferred_date: athensDate(-2),
      },
    });
    expect(refused.status()).toBe(400);
    expect(
      ((await refused.json()) as { error: { fields: Record<string, string> } }).error.fields,
    ).toHaveProperty('preferred_date');

    await date.fill(dmy(athensDate(3)));
    await page.getByRole('combobox', { name: 'Προτιμώμενη ώρα' }).click();
    await page.getByRole('option', { name: /Πρωί/ }).click();
    const sent = page.waitForResponse(
      (r) => r.url().endsWith('/api/demo-requests') && r.request().method() === 'POST',
    );
    await submit.click();
    const res = await sent;
    expect(res.status()).toBe(201);
    expect(await res.json()).toMatchObject({
      status: 'new',
      role: 'client',
      preferred_date: athensDate(3),
      preferred_time: 'morning',
      notes: null,
    });
    await expect(toast(page, 'Επιτυχής υποβολή')).toBeVisible();
    await expect(page).toHaveURL(/\/thank-you$/);
    expect(consoleErrors).toEqual([]);
  });

  test('legal pages: privacy has six sections, cookies five with durations, terms are real with their version', async ({
    page,
  }) => {
    await page.goto('/legal/privacy');
    await expect(page.locator('main h2')).toHaveCount(6);
    await expect(page.getByRole('heading', { name: /Τα δικαιώματά σας \(GDPR\)/ })).toBeVisible();
    await page.goto('/legal/cookies');
    await expect(page.locator('main section[id] h2')).toHaveCount(5);
    const types = page.getByRole('table');
    await expect(types.getByRole('row', { name: /Λειτουργικά/ })).toContainText('1 έτος');
    await expect(types.getByRole('row', { name: /Απόδοσης/ })).toContainText('2 έτη');
    await expect(types.getByRole('row', { name: /Marketing/ })).toContainText('1 έτος');
    // Real terms (the spec's "coming soon" is replaced), versioned as sign-ups record them.
    await page.goto('/legal/terms');
    await expect(page.locator('main section[id] h2')).toHaveCount(14);
    await expect(page.getByRole('heading', { name: /Δωρεάν δοκιμή, πλάνα και χρεώσεις/ })).toBeVisible();
    await expect(page.getByText(`Έκδοση ${TERMS_VERSION}`)).toBeVisible();
  });

  test('the navbar offers the dashboard instead of sign-in when signed in', async ({ page }) => {
    await page.goto('/');
    await expect(page.getByRole('banner').getByRole('link', { name: 'Σύνδεση' })).toBeVisible();
    await signInAs(page, 'client');
    await page.goto('/pricing');
    const dash = page.getByRole('banner').getByRole('link', { name: 'Πίνακας ελέγχου' });
    await expect(dash).toBeVisible();
    await expect(dash).toHaveAttribute('href', '/client');
  });

  test('the status page lists incidents with Greek dates and follows a superadmin live', async ({
    browser,
    page,
    consoleErrors,
  }) => {
    const token = await superToken(page.request);
    const title = `Καθυστέρηση ειδοποιήσεων ${Date.now()}`;
    const created = await page.request.post('/api/incidents', {
      headers: { authorization: `Bearer ${token}` },
      data: { title, impact: 'minor', message: 'Διερευνούμε καθυστερήσεις στις ειδοποιήσεις.' },
    });
    expect(created.status()).toBe(201);

    await page.goto('/status');
    await expect(page.getByTestId('overall')).toContainText('Σε λειτουργία');
    await expect(page.getByTestId('uptime-30')).toHaveText('99,9%');
    await expect(page.getByTestId('uptime-90')).toHaveText('99,8%');
    const incident = page.getByTestId('incident').filter({ hasText: title });
    await expect(incident).toContainText(GREEK_LONG_DATE);
    await expect(incident).toContainText('Διερεύνηση');
    await expect(incident).toContainText(/\d{2}\/\d{2}\/\d{4} \d{2}:\d{2}/);

    const adminContext = await browser.newContext();
    await withConsent(adminContext);
    const admin = await adminContext.newPage();
    try {
      await signInAs(admin, 'superadmin');
      await admin.goto('/superadmin/settings');
      await admin.getByLabel('Αποστολή email', { exact: true }).selectOption('degraded');
      await expect(page.getByTestId('component-emails')).toHaveAttribute('data-state', 'degraded');
      await expect(page.getByTestId('component-emails')).toContainText('Υποβαθμισμένη λειτουργία');

      // An update and the resolution show live too.
      const row = admin.getByTestId('admin-incident').filter({ hasText: title });
      // Nothing typed and the status unchanged: the form says what it needs (the shared schema).
      await row.getByRole('button', { name: 'Προσθήκη ενημέρωσης' }).click();
      await expect(toast(admin, 'Γράψτε μια ενημέρωση ή επιλέξτε νέα κατάσταση')).toBeVisible();
      await row.getByPlaceholder('Νέα ενημέρωση').fill('Εντοπίσαμε την αιτία στον διακομιστή αλληλογραφίας.');
      await row.getByRole('button', { name: 'Προσθήκη ενημέρωσης' }).click();
      await expect(incident).toContainText('Εντοπίσαμε την αιτία στον διακομιστή αλληλογραφίας.');
      await expect(row.getByPlaceholder('Νέα ενημέρωση')).toHaveValue('');
      await row.getByRole('button', { name: 'Επίλυση' }).click();
      await expect(incident.getByText('Επιλύθηκε', { exact: true })).toBeVisible();
      await expect(incident).toContainText('Νέα κατάσταση: Επιλύθηκε');

      await admin.getByLabel('Αποστολή email', { exact: true }).selectOption('operational');
      await expect(page.getByTestId('component-emails')).toHaveAttribute(
        'data-state',
        'operational',
      );
    } finally {
      await adminContext.close();
    }
    expect(consoleErrors).toEqual([]);
  });
});

test.describe('cookie consent', () => {
  test('accept all hides the banner for good and stores cookie_consent_v1', async ({
    page,
    consoleErrors,
  }) => {
    await page.goto('/');
    const banner = page.getByTestId('cookie-banner');
    await expect(banner).toBeVisible();
    await expect(banner.getByRole('link', { name: 'πολιτική απορρήτου' })).toHaveAttribute(
      'href',
      '/legal/privacy',
    );
    await expect(banner.getByRole('link', { name: 'πολιτική cookies' })).toHaveAttribute(
      'href',
      '/legal/cookies',
    );
    await banner.getByRole('button', { name: 'Αποδοχή όλων' }).click();
    await expect(banner).toHaveCount(0);
    await page.reload();
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(page.getByTestId('cookie-banner')).toHaveCount(0);
    const stored = JSON.parse(
      (await page.evaluate((k) => localStorage.getItem(k), CONSENT_KEY)) ?? 'null',
    ) as Record<string, unknown>;
    expect(stored).toMatchObject({
      version: 'v1',
      necessary: true,
      functional: true,
      performance: true,
      marketing: true,
    });
    expect(consoleErrors).toEqual([]);
  });

  test('preferences: necessary fixed on, others off by default, saved to the account when signed in', async ({
    page,
  }) => {
    await signInAs(page, 'media');
    await page.goto('/');
    await page.getByTestId('cookie-banner').getByRole('button', { name: 'Προτιμήσεις' }).click();
    const dialog = page.getByRole('dialog', { name: 'Προτιμήσεις cookies' });
    await expect(dialog.getByRole('switch', { name: 'Απαραίτητα' })).toBeChecked();
    await expect(dialog.getByRole('switch', { name: 'Απαραίτητα' })).toBeDisabled();
    await expect(dialog.getByRole('switch', { name: 'Λειτουργικά' })).not.toBeChecked();
    await expect(dialog.getByRole('switch', { name: /Απόδοσης/ })).not.toBeChecked();
    await expect(dialog.getByRole('switch', { name: 'Marketing' })).not.toBeChecked();
    await dialog.getByRole('switch', { name: /Απόδοσης/ }).click();
    const saved = page.waitForResponse(
      (r) => r.url().endsWith('/api/cookie-consent') && r.request().method() === 'PUT',
    );
    await dialog.getByRole('button', { name: 'Αποθήκευση προτιμήσεων' }).click();
    const res = await saved;
    expect(res.status()).toBe(200);
    expect(await res.json()).toMatchObject({
      version: 'v1',
      necessary: true,
      functional: false,
      performance: true,
      marketing: false,
    });
    await expect(page.getByTestId('cookie-banner')).toHaveCount(0);
  });

  test('a failed save is only logged and the choice still applies', async ({ page }) => {
    const logged: string[] = [];
    page.on('console', (m) => logged.push(m.text()));
    await signInAs(page, 'client');
    await page.route('**/api/cookie-consent', (route) =>
      route.fulfill({ status: 500, body: '{"error":{"code":"internal","message":"x"}}' }),
    );
    await page.goto('/pricing');
    await page
      .getByTestId('cookie-banner')
      .getByRole('button', { name: 'Απόρριψη μη απαραίτητων' })
      .click();
    await expect(page.getByTestId('cookie-banner')).toHaveCount(0);
    await expect
      .poll(() => logged.some((l) => l.includes('Error saving cookie consent')))
      .toBe(true);
    const stored = await page.evaluate((k) => localStorage.getItem(k), CONSENT_KEY);
    expect(JSON.parse(stored ?? 'null')).toMatchObject({
      functional: false,
      performance: false,
      marketing: false,
    });
  });
});

/** Every page of the public site: the public and marketing routes, and the newsroom index (server-rendered). */
const PUBLIC_PATHS = [
  ...ROUTES.filter((r) => r.area === 'public' || r.area === 'marketing').map((r) => r.path),
  '/newsroom',
];

/** How far the page is wider than the viewport (0 or less: it fits), after a frame at the current size. */
async function horizontalOverflow(page: Page): Promise<number> {
  return page.evaluate(
    () =>
      new Promise<number>((resolve) =>
        requestAnimationFrame(() => resolve(document.documentElement.scrollWidth - window.innerWidth)),
      ),
  );
}

async function shoot(page: Page, name: string): Promise<void> {
  await page.screenshot({ path: test.info().outputPath(`${name}.png`), fullPage: true });
}

test.describe('accessibility and small screens', () => {
  for (const path of ['/', '/pricing', '/contact', '/book-demo', '/status', '/legal/cookies']) {
    test(`${path} has no serious or critical axe violation and fits 375 px`, async ({ page }) => {
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      await page.waitForLoadState('networkidle');
      const results = await new AxeBuilder({ page }).analyze();
      const bad = results.violations
        .filter((v) => v.impact === 'serious' || v.impact === 'critical')
        .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
      expect(bad).toEqual([]);

      await page.setViewportSize({ width: 375, height: 800 });
      // The page has the new width, and a frame has run since (resize handlers, layout).
      await page.waitForFunction(() => window.innerWidth === 375);
      expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0);
    });
  }

  test('every public page fits 375 px without scrolling sideways', async ({ page }) => {
    test.slow();
    await withConsent(page.context());
    await page.setViewportSize({ width: 375, height: 800 });
    const wide: string[] = [];
    for (const path of PUBLIC_PATHS) {
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
      const overflow = await horizontalOverflow(page);
      if (overflow > 0) wide.push(`${path}: ${overflow}px too wide`);
    }
    expect(wide).toEqual([]);
  });

  test('the cookie table scrolls inside its own box on a phone, with a visible hint', async ({ page }) => {
    await withConsent(page.context());
    await page.setViewportSize({ width: 375, height: 800 });
    await page.goto('/legal/cookies');
    const region = page.getByRole('region', { name: 'Τύποι cookies', exact: true });
    await region.scrollIntoViewIfNeeded();
    await expect(page.getByText('Σύρετε οριζόντια για να δείτε όλον τον πίνακα')).toBeVisible();
    expect(await region.evaluate((el) => el.scrollWidth > el.clientWidth)).toBe(true);
    expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0);
    await shoot(page, 'cookies-375');
    await page.setViewportSize({ width: 1280, height: 800 });
    await expect(page.getByText('Σύρετε οριζόντια για να δείτε όλον τον πίνακα')).toBeHidden();
    await shoot(page, 'cookies-1280');
  });

  test('the pricing comparison says it scrolls on a phone and not where it fits', async ({ page }) => {
    await withConsent(page.context());
    const hint = page.getByText('Σύρετε οριζόντια για να δείτε όλα τα πακέτα');
    await page.setViewportSize({ width: 375, height: 800 });
    await page.goto('/pricing');
    // The table's own scrolling box (its section is a region of the same name).
    const region = page.locator('div[role="region"][aria-labelledby="compare-heading"]');
    await region.scrollIntoViewIfNeeded();
    await expect(hint).toBeVisible();
    // The visual cue: the fade at the edge that is cut off.
    await expect(region.locator('..').getByTestId('scroll-fade-end')).toBeVisible();
    const section = page.locator('section[aria-labelledby="compare-heading"]');
    await section.screenshot({ path: test.info().outputPath('pricing-compare-375.png') });
    // Scrolled to the end, the end's fade goes.
    await region.evaluate((el) => el.scrollTo({ left: el.scrollWidth }));
    await expect(region.locator('..').getByTestId('scroll-fade-end')).toBeHidden();
    await page.setViewportSize({ width: 1280, height: 800 });
    await expect(hint).toBeHidden();
    await section.screenshot({ path: test.info().outputPath('pricing-compare-1280.png') });
  });
});

test.describe('canonical address and link previews', () => {
  /** The server's public base URL, as it announces it in robots.txt (PUBLIC_URL, or its default). */
  async function publicBase(request: APIRequestContext): Promise<string> {
    const robots = await (await request.get('/robots.txt')).text();
    const sitemap = /^Sitemap: (\S+)\/sitemap\.xml$/m.exec(robots);
    expect(sitemap).not.toBeNull();
    return sitemap![1]!;
  }

  function headValue(html: string, selector: RegExp): string | undefined {
    const tag = selector.exec(html)?.[0];
    return tag ? /(?:content|href)="([^"]*)"/.exec(tag)?.[1] : undefined;
  }

  const decode = (s: string | undefined) =>
    s?.replace(/&quot;/g, '"').replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&amp;/g, '&');

  test('every prerendered public page is served with its own canonical and Open Graph tags', async ({
    request,
  }) => {
    const base = await publicBase(request);
    const seen = new Set<string>();
    for (const route of ROUTES.filter((r) => r.area === 'public' || r.area === 'marketing')) {
      const res = await request.get(route.path);
      expect(res.status(), route.path).toBe(200);
      const html = await res.text();
      const url = route.path === '/' ? `${base}/` : `${base}${route.path}`;
      const value = (re: RegExp) => decode(headValue(html, re));
      const description = value(/<meta\s+name="description"[^>]*>/);
      const got = {
        canonical: value(/<link\s+rel="canonical"[^>]*>/),
        ogUrl: value(/<meta\s+property="og:url"[^>]*>/),
        ogTitle: value(/<meta\s+property="og:title"[^>]*>/),
        ogDescription: value(/<meta\s+property="og:description"[^>]*>/),
        ogType: value(/<meta\s+property="og:type"[^>]*>/),
        ogLocale: value(/<meta\s+property="og:locale"[^>]*>/),
        ogImage: value(/<meta\s+property="og:image"[^>]*>/),
        twitterCard: value(/<meta\s+name="twitter:card"[^>]*>/),
      };
      expect(got, route.path).toEqual({
        canonical: url,
        ogUrl: url,
        ogTitle: `${route.title} | Deltio`,
        ogDescription: description,
        ogType: 'website',
        ogLocale: 'el_GR',
        ogImage: `${base}/og-image.png`,
        twitterCard: 'summary_large_image',
      });
      expect(html.match(/rel="canonical"/g), route.path).toHaveLength(1);
      seen.add(got.ogImage!);
    }
    // The preview image is one the site serves.
    const image = await request.get(new URL([...seen][0]!).pathname);
    expect(image.status()).toBe(200);
    expect(image.headers()['content-type']).toBe('image/png');
  });

  test('navigating between public pages updates the canonical and preview tags', async ({ page }) => {
    await withConsent(page.context());
    const base = await publicBase(page.request);
    await page.goto('/');
    await expect(page.locator('link[rel="canonical"]')).toHaveAttribute('href', `${base}/`);
    // Navigation in place (no document load): the marker survives.
    await page.evaluate(() => ((window as unknown as { stayed: boolean }).stayed = true));
    await page.getByRole('contentinfo').getByRole('link', { name: 'Πολιτική cookies' }).click();
    await expect(page).toHaveURL(/\/legal\/cookies$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Πολιτική cookies' })).toBeVisible();
    expect(await page.evaluate(() => (window as unknown as { stayed?: boolean }).stayed)).toBe(true);
    await expect(page.locator('link[rel="canonical"]')).toHaveAttribute('href', `${base}/legal/cookies`);
    await expect(page.locator('meta[property="og:url"]')).toHaveAttribute('content', `${base}/legal/cookies`);
    await expect(page.locator('meta[property="og:title"]')).toHaveAttribute('content', 'Πολιτική cookies | Deltio');
    await expect(page.locator('meta[property="og:description"]')).toHaveAttribute('content', /^Τι είναι τα cookies, ποιους τύπους/);
    expect(await metaDescription(page)).toMatch(/^Τι είναι τα cookies, ποιους τύπους/);
    await expect(page.locator('link[rel="canonical"]')).toHaveCount(1);
  });
});

test('the landing page links to the organisations\' newsroom index', async ({ page }) => {
  await withConsent(page.context());
  await page.goto('/');
  const link = page.getByRole('contentinfo').getByRole('link', { name: 'Newsroom οργανισμών' });
  await expect(link).toHaveAttribute('href', '/newsroom');
  await link.click();
  await expect(page).toHaveURL(/\/newsroom$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Newsroom οργανισμών' })).toBeVisible();
});
