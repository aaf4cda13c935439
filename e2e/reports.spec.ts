import fs from 'node:fs';
import type { Page } from '@playwright/test';
import {
  answerCookiesInStorage,
  createRelease,
  dmy,
  EDITOR_OPEN_MS,
  expect,
  LIVE_MS,
  newClient,
  newJournalist,
  openLive,
  sendRelease,
  signInAs,
  signInViaApi,
  test,
  toast,
  type Account,
} from './fixtures';

/** Today and another day in Europe/Athens (the browser's zone in these tests), as YYYY-MM-DD. */
function athensDay(offsetDays = 0): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Athens', year: 'numeric', month: '2-digit', day: '2-digit' }).format(
    new Date(Date.now() + offsetDays * 86_400_000),
  );
}

const ddmmyyyy = (day: string) => `${day.slice(8, 10)}/${day.slice(5, 7)}/${day.slice(0, 4)}`;

/**
 * Opens the demo client's reports, which the tests here only read (the ones that change
 * figures have a client of their own: ownReports). `untilYesterday` narrows To to yesterday
 * so that only the seeded releases (created 1 to 29 days ago) are in the table.
 */
async function openReports(page: Page, untilYesterday = false): Promise<void> {
  await signInAs(page, 'client');
  await page.goto('/client/reports');
  await expect(page.getByRole('heading', { level: 1, name: 'Αναφορές' })).toBeVisible();
  await expect(page.getByTestId('report-row').first()).toBeVisible();
  if (untilYesterday) {
    await page.locator('#report-to').fill(athensDay(-1));
    await expect(page.getByTestId('report-totals')).toContainText(`– ${ddmmyyyy(athensDay(-1))}:`);
    await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
  }
}

/** The visible table, one array of cell texts per row (title, category, opens, clicks, downloads, coverage, last update). */
async function tableRows(page: Page): Promise<string[][]> {
  return page.getByTestId('report-row').evaluateAll((rows) =>
    rows.map((tr) =>
      ['title', 'category', 'opens', 'clicks', 'downloads', 'coverage', 'updated'].map((c) => {
        const cell = tr.querySelector(`[data-col="${c}"]`);
        const first = c === 'title' ? cell?.querySelector('span') : cell;
        return (first?.textContent ?? '').trim();
      }),
    ),
  );
}

/** Signs in as a client of the test's own and opens its reports, live (its releases were sent today, in the default range). */
async function ownReports(page: Page, client: Account): Promise<void> {
  await signInViaApi(page, client.email, client.password);
  await answerCookiesInStorage(page);
  await openLive(page, '/client/reports');
  await expect(page.getByRole('heading', { level: 1, name: 'Αναφορές' })).toBeVisible();
  await expect(page.getByTestId('report-row').first()).toBeVisible();
}

const REGION = 'Μνημόνιο συνεργασίας με την Περιφέρεια Νοτίου Αιγαίου για τον ψηφιακό μετασχηματισμό των νησιών';
const ACADEMY = 'Ακαδημία Ψηφιακών Δεξιοτήτων: 200 δωρεάν θέσεις εκπαίδευσης για νέους ανέργους';

function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let field = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const ch = text[i]!;
    if (quoted) {
      if (ch === '"' && text[i + 1] === '"') {
        field += '"';
        i++;
      } else if (ch === '"') quoted = false;
      else field += ch;
    } else if (ch === '"') quoted = true;
    else if (ch === ',') {
      row.push(field);
      field = '';
    } else if (ch === '\n') {
      row.push(field.replace(/\r$/, ''));
      rows.push(row);
      row = [];
      field = '';
    } else field += ch;
  }
  return rows;
}

test.describe('client reports', () => {
  test('the charts, the table and the default 30-day range show the seeded data', async ({ page, consoleErrors }) => {
    await openReports(page);
    await expect(page.locator('#report-to')).toHaveValue(dmy(athensDay()));
    await expect(page.locator('#report-from')).toHaveValue(dmy(athensDay(-29)));
    await openReports(page, true);
    // Line (weekly open rate), donut (categories) and bars (CTR) are drawn with the seeded figures.
    await expect(page.getByTestId('chart-weekly').locator('svg .recharts-line-curve')).toHaveCount(1);
    await expect(page.getByTestId('chart-categories').locator('svg .recharts-pie-sector')).not.toHaveCount(0);
    await expect(page.getByTestId('chart-ctr').locator('svg .recharts-bar-rectangle')).not.toHaveCount(0);
    await expect(page.getByTestId('chart-categories')).toContainText('Αθλητισμός');
    await expect(page.getByTestId('chart-ctr')).toContainText('Πολιτική');
    // Tooltips carry the exact figures.
    await page.getByTestId('chart-ctr').locator('.recharts-bar-rectangle').first().hover();
    await expect(page.getByTestId('chart-tooltip')).toContainText('Μοναδικά ανοίγματα:');
    // Table: the seeded releases of the period, dates as dd/MM/yyyy, pager in Greek.
    const rows = await tableRows(page);
    expect(rows.length).toBeGreaterThan(3);
    expect(rows.map((r) => r[0])).toContain('Η Αιγαίο Τεχνολογίες μεγάλος χορηγός του Μαραθωνίου Κρήτης');
    for (const r of rows) expect(r[6]).toMatch(/^\d{2}\/\d{2}\/\d{4}$/);
    await expect(page.getByTestId('report-pager')).toHaveText('Σελίδα 1 από 1');
    // Sorting by clicks puts the most clicked first.
    await page.getByRole('button', { name: 'Κλικ' }).click();
    await expect.poll(async () => (await tableRows(page)).map((r) => Number(r[3]))).toEqual(
      [...rows.map((r) => Number(r[3]))].sort((a, b) => b - a),
    );
    expect(consoleErrors).toEqual([]);
  });

  test('the date pickers refuse future dates and a To before From', async ({ page, consoleErrors }) => {
    await openReports(page);
    const to = page.locator('#report-to');
    const from = page.locator('#report-from');
    // The calendar of "To" ends today: no later month to go to.
    await page.getByRole('button', { name: 'Επιλογή από ημερολόγιο' }).nth(1).click();
    await expect(page.getByRole('dialog', { name: 'Ημερολόγιο' }).getByRole('button', { name: 'Επόμενος μήνας' })).toBeDisabled();
    await page.keyboard.press('Escape');
    await to.fill(dmy(athensDay(1)));
    await expect(page.getByRole('alert')).toHaveText('Δεν επιτρέπονται μελλοντικές ημερομηνίες');
    await to.blur();
    await expect(to).toHaveValue(dmy(athensDay()));
    await from.fill(dmy(athensDay(3)));
    await expect(page.getByRole('alert')).toHaveText('Δεν επιτρέπονται μελλοντικές ημερομηνίες');
    await from.fill(dmy(athensDay(-2)));
    await expect(page.getByRole('alert')).toHaveCount(0);
    await to.fill(dmy(athensDay(-5)));
    await expect(page.getByRole('alert')).toHaveText('Η ημερομηνία «Έως» δεν μπορεί να είναι πριν από την «Από»');
    await to.blur();
    await expect(to).toHaveValue(dmy(athensDay()));
    // The server refuses them too.
    const token = await page.evaluate(() => (JSON.parse(localStorage.getItem('deltio.auth.session') ?? '{}') as { access_token?: string }).access_token);
    const res = await page.request.get(`/api/client/reports?to=${athensDay(1)}`, { headers: { authorization: `Bearer ${token}` } });
    expect(res.status()).toBe(400);
    expect(consoleErrors).toEqual([]);
  });

  test('Export downloads a CSV (UTF-8 with BOM, named with the date) whose rows match the table', async ({ page, consoleErrors }) => {
    await openReports(page, true);
    await page.getByRole('button', { name: 'Τίτλος' }).click(); // sort by title, descending
    await expect(page.getByRole('columnheader', { name: 'Τίτλος' })).toHaveAttribute('aria-sort', 'descending');
    await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
    const shown = await tableRows(page);
    await page.getByRole('button', { name: 'Εξαγωγή' }).click();
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('menuitem', { name: 'Πίνακας (CSV)' }).click()]);
    expect(download.suggestedFilename()).toBe(`reports-${athensDay(-1)}.csv`);
    const bytes = fs.readFileSync(await download.path());
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const csv = parseCsv(bytes.subarray(3).toString('utf8'));
    expect(csv[0]).toEqual([
      'Τίτλος',
      'Κατηγορία',
      'Μοναδικά ανοίγματα',
      'Κλικ',
      'Λήψεις συνημμένων',
      'Σύνδεσμοι κάλυψης',
      'Τελευταία ενημέρωση',
      'Προβολές στο newsroom',
      'Εμβάργκο έως',
      'Ανοίγματα πριν από τη λήξη του εμβάργκο',
      'Ανοίγματα μετά τη λήξη του εμβάργκο',
      'Σύνδεσμοι',
      'Παραδόθηκαν',
      'Επιστράφηκαν μόνιμα',
      'Επιστράφηκαν προσωρινά',
      'Καταγγελίες',
      'Αποκλεισμένες',
    ]);
    const body = csv.slice(1).map((r) => [r[0], r[1] || '—', r[2], r[3], r[4], r[5], r[6]]);
    // Every row of the table (one page here), in the table's order.
    await expect(page.getByTestId('report-pager')).toHaveText('Σελίδα 1 από 1');
    expect(body).toEqual(shown);

    const [pdf] = await Promise.all([
      page.waitForEvent('download'),
      (async () => {
        await page.getByRole('button', { name: 'Εξαγωγή' }).click();
        await page.getByRole('menuitem', { name: 'Αναφορά (PDF)' }).click();
      })(),
    ]);
    expect(pdf.suggestedFilename()).toBe(`reports-${athensDay(-1)}.pdf`);
    expect(fs.readFileSync(await pdf.path()).subarray(0, 5).toString()).toBe('%PDF-');
    expect(consoleErrors).toEqual([]);
  });

  test('an empty result offers resetting the filters', async ({ page, consoleErrors }) => {
    await openReports(page, true);
    await page.getByRole('combobox', { name: 'Κατηγορία' }).click();
    await page.getByRole('option', { name: 'Lifestyle' }).click();
    await page.getByRole('combobox', { name: 'Κατάσταση' }).click();
    await page.getByRole('option', { name: 'Απεστάλη' }).click();
    await expect(page.getByTestId('report-empty')).toContainText('Δεν βρέθηκαν δελτία τύπου για τα φίλτρα που επιλέξατε');
    await expect(page.getByRole('button', { name: 'Εξαγωγή' })).toBeDisabled();
    await page.getByRole('button', { name: 'Επαναφορά φίλτρων' }).click();
    await expect(page.getByTestId('report-row').first()).toBeVisible();
    await expect(page.getByRole('combobox', { name: 'Κατηγορία' })).toHaveText('Όλες οι κατηγορίες');
    expect(consoleErrors).toEqual([]);
  });

  test('a load failure shows the spec’s message', async ({ page }) => {
    await signInAs(page, 'client');
    await page.route('**/api/client/reports?*', (route) => route.fulfill({ status: 500, body: '{"error":{"code":"boom","message":"x"}}' }));
    await page.goto('/client/reports');
    await expect(page.getByTestId('report-error')).toContainText('Δεν ήταν δυνατή η φόρτωση των αναφορών');
    await expect(toast(page, 'Δεν ήταν δυνατή η φόρτωση των αναφορών')).toBeVisible();
  });

  test('a coverage link added in one window appears in another at once', async ({ page, browser, consoleErrors }) => {
    // Several signed-in users, each in a browser of their own, on a 2-core machine: slow by design (3× timeout).
    test.slow();
    const client = await newClient(page.request, 'coverage', { name: 'Μαρία Παπαδοπούλου', organisation: 'Αιγαίο Τεχνολογίες Α.Ε.' });
    await sendRelease(page.request, client, { title: REGION, category: 'politics' });
    await ownReports(page, client);
    const other = await browser.newContext();
    const otherPage = await other.newPage();
    try {
      await ownReports(otherPage, client);
      const row = page.getByTestId('report-row').filter({ hasText: 'Νοτίου Αιγαίου' });
      const otherRow = otherPage.getByTestId('report-row').filter({ hasText: 'Νοτίου Αιγαίου' });
      await expect(otherRow.locator('[data-col="coverage"]')).toHaveText('0');
      await row.locator('[data-col="coverage"] button').click();
      const url = `https://news.example/arthro-${Date.now()}`;
      await page.getByLabel('Νέος σύνδεσμος κάλυψης').fill('ftp://news.example');
      await page.getByRole('button', { name: 'Προσθήκη' }).click();
      await expect(page.getByText('Εισάγετε έναν σύνδεσμο που αρχίζει με http:// ή https://')).toBeVisible();
      await page.getByLabel('Νέος σύνδεσμος κάλυψης').fill(url);
      await page.getByRole('button', { name: 'Προσθήκη' }).click();
      await expect(toast(page, 'Ο σύνδεσμος κάλυψης προστέθηκε')).toBeVisible();
      await expect(page.getByTestId('coverage-list')).toContainText(url);
      await expect(otherRow.locator('[data-col="coverage"]')).toHaveText('1', { timeout: LIVE_MS });
      // Removing it brings the other window back.
      await page.getByRole('button', { name: `Αφαίρεση: ${url}` }).click();
      await expect(toast(page, 'Ο σύνδεσμος κάλυψης αφαιρέθηκε')).toBeVisible();
      await expect(otherRow.locator('[data-col="coverage"]')).toHaveText('0', { timeout: LIVE_MS });
    } finally {
      await other.close();
    }
    expect(consoleErrors).toEqual([]);
  });

  test('a tracked click by a recipient raises the click count in the client’s open report live', async ({ page, browser, consoleErrors }) => {
    // Several signed-in users, each in a browser of their own, on a 2-core machine: slow by design (3× timeout).
    test.slow();
    const client = await newClient(page.request, 'clicks', { name: 'Μαρία Παπαδοπούλου', organisation: 'Αιγαίο Τεχνολογίες Α.Ε.' });
    const recipient = await newJournalist(page.request, 'clicksj', { lists: ['economy'] });
    const releaseId = await createRelease(page.request, client, {
      title: ACADEMY,
      category: 'economy',
      content: 'Αθήνα — Η Αιγαίο Τεχνολογίες ανακοινώνει τον δεύτερο κύκλο της Ακαδημίας Ψηφιακών Δεξιοτήτων, με 200 δωρεάν θέσεις.',
    });
    // A link in the text, pasted in the editor as a writer does: every recipient's copy tracks it.
    await signInViaApi(page, client.email, client.password);
    await answerCookiesInStorage(page);
    await page.goto(`/client/press-releases/${releaseId}`);
    const saveState = page.getByTestId('save-state');
    await expect(saveState).toHaveAttribute('data-state', 'saved', { timeout: EDITOR_OPEN_MS });
    const text = page.getByRole('textbox', { name: 'Κείμενο δελτίου τύπου' });
    await text.click();
    await text.evaluate((el) => {
      const data = new DataTransfer();
      data.setData('text/html', '<p>Αιτήσεις: <a href="https://aigaio-tech.example/academy/apply">aigaio-tech.example/academy/apply</a></p>');
      data.setData('text/plain', 'Αιτήσεις: https://aigaio-tech.example/academy/apply');
      el.dispatchEvent(new ClipboardEvent('paste', { clipboardData: data, bubbles: true, cancelable: true }));
    });
    await expect(text.getByRole('link', { name: 'aigaio-tech.example/academy/apply' })).toBeVisible();
    await expect(saveState).toHaveAttribute('data-state', 'saved', { timeout: 10_000 });
    expect((await page.request.post(`/api/releases/${releaseId}/send`, { headers: client.headers })).status()).toBe(200);

    await openLive(page, '/client/reports');
    const row = page.getByTestId('report-row').filter({ hasText: 'Ακαδημία Ψηφιακών Δεξιοτήτων' });
    await expect(row).toHaveAttribute('data-release-id', releaseId);
    await expect(row.locator('[data-col="clicks"]')).toHaveText('0');

    // The recipient, in another browser context: the reading view's tracked link of this delivery.
    const media = await browser.newContext();
    try {
      const view = await media.request.get(`/api/media/inbox/${releaseId}`, { headers: recipient.headers });
      expect(view.status()).toBe(200);
      const { html } = (await view.json()) as { html: string };
      const href = /href="(\/api\/t\/c\/[^"]+)"/.exec(html)?.[1]?.replace(/&amp;/g, '&');
      expect(href).toBeTruthy();
      // Follow it as a browser would; the redirect goes to the release's own (offline) site, so stop there.
      const click = await media.request.get(href!, { maxRedirects: 0 });
      expect(click.status()).toBe(302);
      await expect(row.locator('[data-col="clicks"]')).toHaveText('1', { timeout: LIVE_MS });
    } finally {
      await media.close();
    }
    expect(consoleErrors).toEqual([]);
  });

  test('the category chart counts every release of the summary once, those without a category too', async ({ page, consoleErrors }, testInfo) => {
    const client = await newClient(page.request, `rcat${Date.now()}`);
    await createRelease(page.request, client, { title: 'Κατηγορίες: οικονομικά νέα', category: 'economy' });
    await createRelease(page.request, client, { title: 'Κατηγορίες: ακόμη ένα οικονομικό', category: 'economy' });
    const uncategorised = await page.request.post('/api/releases', { headers: client.headers, data: { title: 'Κατηγορίες: χωρίς κατηγορία ακόμη' } });
    expect(uncategorised.status()).toBe(201);
    await signInViaApi(page, client.email, client.password);
    await answerCookiesInStorage(page);
    await page.goto('/client/reports');
    await expect(page.getByTestId('report-totals')).toContainText('3 δελτία τύπου');
    const chart = page.getByTestId('chart-categories');
    await expect(chart).toContainText('Οικονομία (2)');
    await expect(chart).toContainText('Χωρίς κατηγορία (1)');
    await expect(chart.locator('svg .recharts-pie-sector')).toHaveCount(2);
    for (const width of [1280, 375]) {
      await page.setViewportSize({ width, height: width > 400 ? 900 : 800 });
      await chart.scrollIntoViewIfNeeded();
      await page.screenshot({ path: testInfo.outputPath(`report-categories-${width}.png`) });
    }
    expect(consoleErrors).toEqual([]);
  });
});
