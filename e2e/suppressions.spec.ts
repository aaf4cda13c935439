import fs from 'node:fs';
import {
  answerCookiesInStorage,
  browserOf,
  DEMO,
  EDITOR_OPEN_MS,
  expect,
  newClient,
  newJournalist,
  openLive,
  sendRelease,
  signInViaApi,
  superadminHeaders,
  test,
  toast,
  uniqueEmail,
} from './fixtures';

/** Today in Europe/Athens (the export's file name). */
const athensToday = () =>
  new Intl.DateTimeFormat('en-CA', {
    timeZone: 'Europe/Athens',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(new Date());

test('an organisation admin adds an address to the suppression list, sees it, exports it, imports a list and lifts it', async ({
  browser,
  request,
}, testInfo) => {
  const org = await newClient(request, 'supp', {
    members: [
      { role: 'admin', name: 'Διαχειρίστρια Λίστας' },
      { role: 'editor', name: 'Συντάκτρια Λίστας' },
    ],
  });
  const [admin, editor] = org.members;
  const address = uniqueEmail('blocked');
  const { context, page } = await browserOf(browser, admin!);
  await page.goto('/client/suppressions');
  await expect(
    page.getByRole('heading', { level: 1, name: 'Αποκλεισμένες διευθύνσεις' }),
  ).toBeVisible();
  await expect(page.getByTestId('suppressions-table')).toContainText('Η λίστα είναι κενή');

  await page.getByRole('button', { name: 'Προσθήκη διεύθυνσης' }).first().click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('Διεύθυνση e-mail').fill('όχι διεύθυνση');
  await dialog.getByRole('button', { name: 'Προσθήκη διεύθυνσης' }).click();
  await expect(dialog.getByText('Η διεύθυνση e-mail δεν είναι έγκυρη')).toBeVisible();
  await dialog.getByLabel('Διεύθυνση e-mail').fill(address);
  await dialog.getByLabel('Σημείωση (προαιρετικά)').fill('Ζήτησε να μη λαμβάνει δελτία');
  await dialog.getByRole('button', { name: 'Προσθήκη διεύθυνσης' }).click();
  await expect(toast(page, 'Η διεύθυνση προστέθηκε στη λίστα')).toBeVisible();
  const row = page.locator(`tr[data-email="${address}"]`);
  await expect(row).toContainText('Χειροκίνητη προσθήκη');
  await expect(row).toContainText('Διαχειρίστρια Λίστας');
  // el-GR date and time: DD/MM/YYYY HH:mm.
  await expect(row).toContainText(/\d{2}\/\d{2}\/\d{4} \d{2}:\d{2}/);
  await expect(page.getByTestId('suppressions-pager')).toContainText('1 διεύθυνση');

  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Εξαγωγή CSV' }).click(),
  ]);
  expect(download.suggestedFilename()).toBe(`suppressions-${athensToday()}.csv`);
  const csv = fs
    .readFileSync(await download.path(), 'utf8')
    .replace(/^\uFEFF/, '')
    .split('\r\n');
  expect(csv[0]).toBe('email,reason,source,detail,created_at,created_by');
  expect(csv[1]).toMatch(
    new RegExp(`^${address.replace(/[.+]/g, '\\$&')},manual,admin,Ζήτησε να μη λαμβάνει δελτία,`),
  );

  await page.getByRole('button', { name: 'Εισαγωγή CSV' }).click();
  const imported = uniqueEmail('imported');
  await page.getByRole('dialog').getByLabel('CSV').fill(`email\n${imported}\nλάθος-γραμμή`);
  await page.getByRole('dialog').getByRole('button', { name: 'Εισαγωγή', exact: true }).click();
  const summary = page.getByTestId('suppression-import-summary');
  await expect(summary).toContainText('Προστέθηκαν 1 από 1 διευθύνσεις');
  await expect(summary).toContainText('Γραμμή 3: Μη έγκυρη διεύθυνση e-mail');
  await page.screenshot({ path: testInfo.outputPath('suppressions-import-1280.png') });
  await summary.getByRole('button', { name: 'Κλείσιμο' }).click();
  await expect(page.locator(`tr[data-email="${imported}"]`)).toContainText('Εισαγωγή από CSV');
  await page.screenshot({ path: testInfo.outputPath('suppressions-1280.png'), fullPage: true });
  await page.setViewportSize({ width: 375, height: 800 });
  await expect(row).toBeVisible();
  await page.screenshot({ path: testInfo.outputPath('suppressions-375.png'), fullPage: true });
  await page.setViewportSize({ width: 1280, height: 800 });

  await row.getByRole('button', { name: `Άρση ${address}` }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Άρση' }).click();
  await expect(toast(page, 'Ο αποκλεισμός άρθηκε')).toBeVisible();
  await expect(row).toHaveCount(0);
  await context.close();

  // The editor reads the list and cannot change it.
  const asEditor = await browserOf(browser, editor!);
  await asEditor.page.goto('/client/suppressions');
  await expect(asEditor.page.locator(`tr[data-email="${imported}"]`)).toBeVisible();
  await expect(
    asEditor.page.getByText('Μόνο οι διαχειριστές της εταιρείας μπορούν να αλλάξουν τη λίστα.'),
  ).toBeVisible();
  await expect(asEditor.page.getByRole('button', { name: 'Προσθήκη διεύθυνσης' })).toHaveCount(0);
  await asEditor.context.close();
});

test('the superadmin sees the global list', async ({ browser, request }, testInfo) => {
  const address = uniqueEmail('global');
  const headers = await superadminHeaders(request);
  expect(
    (
      await request.post('/api/admin/suppressions', {
        headers,
        data: { email: address, note: 'Μόνιμη βλάβη' },
      })
    ).status(),
  ).toBe(201);
  const context = await browser.newContext();
  const page = await context.newPage();
  await signInViaApi(page, DEMO.superadmin.email, DEMO.superadmin.password, true);
  await answerCookiesInStorage(page);
  await page.goto('/superadmin/suppressions');
  await expect(
    page.getByRole('heading', { level: 1, name: 'Αποκλεισμένες διευθύνσεις' }),
  ).toBeVisible();
  await page.getByLabel('Αναζήτηση διεύθυνσης').fill(address);
  await expect(page.locator(`tr[data-email="${address}"]`)).toContainText('Μόνιμη βλάβη');
  await page.screenshot({ path: testInfo.outputPath('global-1280.png'), fullPage: true });

  // The health card's mail rates over 7 days (a dash or a percentage, el-GR decimals).
  await page.goto('/superadmin');
  const card = page.getByTestId('health-card');
  await expect(card.getByTestId('health-bounce-rate')).toContainText('Επιστροφές e-mail (7 ημέρες)');
  await expect(card.getByTestId('health-complaint-rate')).toContainText(/Καταγγελίες ως ανεπιθύμητα \(7 ημέρες\)(—|\d+(,\d+)? %)/);
  await card.screenshot({ path: testInfo.outputPath('health-1280.png') });
  await context.close();
});

test('a sent release shows its delivery table', async ({ browser, request }, testInfo) => {
  const org = await newClient(request, 'deliv');
  const journalists = [
    await newJournalist(request, 'deliv1', {
      lists: ['tech'],
      name: 'Ελένη Παραλήπτρια',
      outlet: 'Ημερήσια Νέα',
    }),
  ];
  const title = `Πίνακας παράδοσης ${Date.now()}`;
  const releaseId = await sendRelease(request, org, { title, category: 'tech' });
  const { context, page } = await browserOf(browser, org);
  await openLive(page, `/client/press-releases/${releaseId}`);
  const card = page.getByTestId('delivery-card');
  await expect(card).toBeVisible({ timeout: EDITOR_OPEN_MS });
  await expect(card.getByTestId('delivery-counts')).toContainText('Παραδόθηκαν');
  await card.getByRole('button', { name: 'Πίνακας παράδοσης' }).click();
  const table = page.getByTestId('delivery-table');
  const row = table.locator(`tr[data-email="${journalists[0]!.email}"]`);
  await expect(row).toContainText('Ελένη Παραλήπτρια');
  await expect(row).toContainText('Ημερήσια Νέα');
  // Delivered once the outbox has sent it (the log transport in the e2e server).
  await expect(row).toContainText(/Παραδόθηκε|Σε αναμονή/);
  await page.screenshot({ path: testInfo.outputPath('delivery-1280.png') });
  await page.setViewportSize({ width: 375, height: 800 });
  await expect(row).toBeVisible();
  await page.screenshot({ path: testInfo.outputPath('delivery-375.png') });
  await page.keyboard.press('Escape');

  // The reports say the same per release: the e-mails delivered (and bounced, complained, suppressed when any).
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto('/client/reports');
  const reportRow = page.locator(`[data-testid="report-row"][data-release-id="${releaseId}"]`);
  await expect(reportRow.getByTestId('report-row-mail')).toHaveText(/^E-mail: \d+ παραδόθηκ/);
  await reportRow.screenshot({ path: testInfo.outputPath('report-row-1280.png') });
  await context.close();
});
