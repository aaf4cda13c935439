/**
 * First paint: the public pages arrive as HTML (prerendered at build) and show their
 * heading with JavaScript off; with JavaScript the same markup is hydrated without errors or
 * mismatch warnings; text responses and assets are compressed; the public site does not load
 * the signed-in screens' code.
 */
import { answerCookiesInStorage, browserOf, createRelease, EDITOR_OPEN_MS, editorText, expect, newClient, openEditor, SESSION_KEY, signInAs, test, toast } from './fixtures';

const PAGES: [string, string][] = [
  ['/', 'Διανομή δελτίων τύπου στα ελληνικά media'],
  ['/pricing', 'Τιμές'],
  ['/contact', 'Επικοινωνία'],
  ['/book-demo', 'Κλείστε ένα demo'],
  ['/legal/privacy', 'Πολιτική απορρήτου'],
  ['/status', 'Κατάσταση συστήματος'],
];

test('every public page is HTML with its heading, compressed, before any JavaScript', async ({
  request,
}) => {
  for (const [path, heading] of PAGES) {
    const res = await request.get(path, { headers: { 'Accept-Encoding': 'br, gzip' } });
    expect(res.status()).toBe(200);
    expect(res.headers()['content-encoding'], path).toBe('br');
    expect(res.headers()['vary'], path).toContain('Accept-Encoding');
    const html = await res.text();
    expect(html, path).toMatch(new RegExp(`<div id="root"><.*<h1[^>]*>${heading}`, 's'));
    // The server's config script carries the CSP nonce of this response.
    const nonce = /'nonce-([^']+)'/.exec(res.headers()['content-security-policy'] ?? '')?.[1];
    expect(nonce, path).toBeTruthy();
    expect(html).toContain(`<script nonce="${nonce}">window.__APP_CONFIG__=`);
  }
});

test.describe('with JavaScript off', () => {
  test.use({ javaScriptEnabled: false });
  test('the heading and text of each public page show', async ({ page }) => {
    for (const [path, heading] of PAGES) {
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
    }
    await page.goto('/pricing');
    await expect(page.getByRole('heading', { name: 'Συχνές ερωτήσεις' })).toBeVisible();
  });
});

test('/pricing and /status arrive with their data: prices and states in the HTML, no fetch after hydration', async ({
  page,
  request,
}) => {
  const { plans } = (await (await request.get('/api/plans')).json()) as {
    plans: { code: string; monthly_price: number | null }[];
  };
  const pro = plans.find((p) => p.code === 'pro')!;
  const pricing = await (await request.get('/pricing')).text();
  expect(pricing).toMatch(new RegExp(`data-testid="price-pro".*${pro.monthly_price}€`, 's'));
  expect(pricing).toContain('<script type="application/json" id="page-data">');
  const status = await (await request.get('/status')).text();
  expect(status).toMatch(/data-testid="component-emails" data-state="(operational|degraded|outage)"/);

  const calls: string[] = [];
  page.on('request', (req) => {
    if (/\/api\/(plans|status)$/.test(req.url())) calls.push(new URL(req.url()).pathname);
  });
  await page.goto('/pricing');
  await page.waitForLoadState('networkidle');
  await expect(page.locator('html[data-hydrating]')).toHaveCount(0);
  await expect(page.getByTestId('price-pro')).toContainText(`${pro.monthly_price}€`);
  // The plans came with the page; the status page loads its status once more when it goes
  // live (a change between the render and its subscription is not missed).
  await page.goto('/status');
  // The live part loads after hydration (on a loaded machine, after the network went idle):
  // wait for its one read, then for anything more it would start.
  await expect.poll(() => calls).toEqual(['/api/status']);
  await page.waitForLoadState('networkidle');
  expect(calls).toEqual(['/api/status']);
});

test('a click before the page is hydrated is kept: the yearly toggle works as soon as the code is there', async ({
  page,
}) => {
  // Hold the pricing page's code back: the HTML (with its prices) shows, React is not there yet.
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  await page.route('**/assets/pricing-page-*.js', async (route) => {
    await released;
    await route.continue();
  });
  await page.goto('/pricing', { waitUntil: 'commit' });
  await expect(page.locator('html[data-hydrating]')).toHaveCount(1);
  const yearly = page.getByRole('button', { name: 'Ετήσια', exact: true });
  await yearly.click();
  await expect(yearly).toHaveAttribute('aria-pressed', 'false');
  release();
  await expect(page.locator('html[data-hydrating]')).toHaveCount(0);
  await expect(yearly).toHaveAttribute('aria-pressed', 'true');
  await expect(page.getByTestId('price-pro')).toContainText('ετησίως');
});

test('hydration keeps the page: no errors or warnings, the cookie banner appears, links navigate in place', async ({
  page,
}) => {
  const problems: string[] = [];
  page.on('console', (msg) => {
    if (msg.type() === 'error' || msg.type() === 'warning')
      problems.push(`${msg.type()}: ${msg.text()}`);
  });
  page.on('pageerror', (err) => problems.push(`pageerror: ${err.message}`));
  for (const [path, heading] of PAGES) {
    await page.goto(path);
    await page.waitForLoadState('networkidle');
    await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
    // Shown only once the page is hydrated (the stored choice lives in the browser).
    await expect(page.getByTestId('cookie-banner')).toBeVisible();
  }
  expect(problems).toEqual([]);

  await page.goto('/');
  await page.waitForLoadState('networkidle');
  await page.evaluate(() => ((window as { __sameDocument?: boolean }).__sameDocument = true));
  await page
    .getByRole('navigation', { name: 'Κύρια πλοήγηση' })
    .getByRole('link', { name: 'Τιμές' })
    .click();
  await expect(page).toHaveURL(/\/pricing$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Τιμές' })).toBeVisible();
  expect(await page.evaluate(() => (window as { __sameDocument?: boolean }).__sameDocument)).toBe(
    true,
  );
  expect(problems).toEqual([]);
});

test('the public site loads neither the editor, the charts nor the signed-in areas; assets come precompressed', async ({
  page,
}) => {
  const scripts: string[] = [];
  page.on('request', (req) => {
    if (req.resourceType() === 'script') scripts.push(req.url());
  });
  for (const [path] of PAGES) {
    await page.goto(path);
    await page.waitForLoadState('networkidle');
  }
  expect(scripts.length).toBeGreaterThan(0);
  expect(
    scripts.filter((u) =>
      /release-editor|reports-page|statistics-page|area-layouts|superadmin|media-lists/.test(u),
    ),
  ).toEqual([]);

  const asset = new URL(scripts[0]!).pathname;
  const res = await page.request.get(asset, { headers: { 'Accept-Encoding': 'br, gzip' } });
  expect(res.headers()['content-encoding']).toBe('br');
  expect(res.headers()['vary']).toContain('Accept-Encoding');
  expect(res.headers()['cache-control']).toContain('immutable');
});

test('a public page hydrates with its own small entry; the contact form loads its code when reached for, then sends', async ({
  page,
}) => {
  const scripts: string[] = [];
  page.on('request', (req) => {
    if (req.resourceType() === 'script') scripts.push(new URL(req.url()).pathname);
  });
  await page.goto('/contact');
  await page.waitForLoadState('networkidle');
  // Neither the app's entry (router, query cache) nor the form's code (react-hook-form, zod).
  expect(scripts.filter((s) => /\/assets\/(index|contact-form|router)-/.test(s))).toEqual([]);
  await expect(page.getByTestId('cookie-banner')).toBeVisible();

  // Typed at once, before the form's code is there: kept when the form comes alive.
  const name = page.getByLabel('Ονοματεπώνυμο');
  await name.fill('Μαρία Παπαδοπούλου');
  await expect.poll(() => scripts.some((s) => s.includes('/contact-form-'))).toBe(true);
  await expect(name).toHaveValue('Μαρία Παπαδοπούλου');
  await page.getByLabel('Email').fill('maria@example.gr');
  await page.getByLabel('Μήνυμα').fill('Θέλουμε προσφορά για 5 δελτία τον μήνα.');
  await page.getByRole('button', { name: 'Αποστολή μηνύματος' }).click();
  // The form's own rule (consent), from the shared schema: the hydrated form handles the submit.
  await expect(page.getByText('Παρακαλώ δεχτείτε την πολιτική απορρήτου').first()).toBeVisible();
  await expect(page).toHaveURL(/\/contact$/);
  await page.getByLabel(/Συμφωνώ με την/).check();
  await page.getByRole('button', { name: 'Αποστολή μηνύματος' }).click();
  await expect(page).toHaveURL(/\/thank-you$/);
  await expect(toast(page, 'Επιτυχής αποστολή')).toBeVisible();
});

test("a signed-in screen's first data comes in one request started by its HTML, and its code is announced there", async ({ page, request }) => {
  await signInAs(page, 'client');
  await answerCookiesInStorage(page);
  const calls: string[] = [];
  page.on('request', (req) => {
    const url = new URL(req.url());
    if (url.pathname.startsWith('/api/')) calls.push(url.pathname);
  });
  await page.goto('/client');
  await expect(page.getByTestId('stat-total-value')).toBeVisible();
  await page.waitForLoadState('networkidle');
  // The profile and the dashboard came with GET /first-screen, not with their own GETs.
  expect(calls.filter((p) => p === '/api/first-screen')).toHaveLength(1);
  expect(calls).not.toContain('/api/profile');
  expect(calls).not.toContain('/api/client/dashboard');

  // The editor: the release came with the first screen; the page's HTML names the editor's chunks.
  const token = (JSON.parse((await page.evaluate((k) => localStorage.getItem(k), SESSION_KEY))!) as { access_token: string }).access_token;
  const drafts = (await (await request.get('/api/releases?status=draft', { headers: { authorization: `Bearer ${token}` } })).json()) as { items: { id: string }[] };
  const id = drafts.items[0]!.id;
  const html = await (await request.get(`/client/press-releases/${id}`)).text();
  expect(html).toMatch(/<link rel="modulepreload" crossorigin href="\/assets\/release-editor-page-[^"]+\.js">/);
  expect(html).toMatch(/<script nonce="[^"]+">[^<]*\/api\/first-screen/);
  calls.length = 0;
  await page.goto(`/client/press-releases/${id}`);
  await expect(page.getByTestId('save-state')).toHaveAttribute('data-state', 'saved', { timeout: EDITOR_OPEN_MS });
  expect(calls.filter((p) => p === '/api/first-screen')).toHaveLength(1);
  expect(calls).not.toContain('/api/profile');
  expect(calls).not.toContain(`/api/releases/${id}`);
});

test('the editor shows the release’s text from the first answer, before its live document has synced', async ({ browser, request }) => {
  const org = await newClient(request, 'firstdoc');
  const text = `Κείμενο πρώτης οθόνης ${Date.now()}`;
  const id = await createRelease(request, org, { title: `Πρώτη οθόνη ${Date.now()}`, category: 'tech', content: text });
  // Opened once, so its live document is stored.
  const first = await browserOf(browser, org);
  await openEditor(first.page, id);
  await first.context.close();

  // A new browser (no local copy) whose collab socket never answers: the text can only come from GET /first-screen.
  const { context, page } = await browserOf(browser, org);
  await context.routeWebSocket(/\/collab/, () => {
    /* held: never connected to the server */
  });
  await page.goto(`/client/press-releases/${id}`);
  await expect(editorText(page)).toContainText(text, { timeout: EDITOR_OPEN_MS });
  await expect(editorText(page)).toHaveAttribute('contenteditable', 'true');
  await expect(page.getByTestId('save-state')).toHaveAttribute('data-state', 'connecting');
  await context.close();
});
