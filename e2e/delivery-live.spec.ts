import crypto from 'node:crypto';
import type { APIRequestContext } from '@playwright/test';
import { browserOf, createRelease, EDITOR_OPEN_MS, expect, LIVE_MS, newClient, newJournalist, openEditor, openLive, sendRelease, test } from './fixtures';
import { E2E_MAILGUN_SIGNING_KEY } from './secrets';

/** A Mailgun event for `recipient` (a bounce, or a complaint), signed as Mailgun signs it, at the server's time. */
async function mailgunEvent(request: APIRequestContext, recipient: string, event: 'failed' | 'complained', severity?: 'permanent' | 'temporary') {
  const now = ((await (await request.get('/__test/clock')).json()) as { now: string }).now;
  const timestamp = String(Math.floor(Date.parse(now) / 1000));
  const token = crypto.randomBytes(16).toString('hex');
  const signature = crypto.createHmac('sha256', E2E_MAILGUN_SIGNING_KEY).update(timestamp + token).digest('hex');
  return request.post('/api/webhooks/mail/mailgun', {
    data: {
      signature: { timestamp, token, signature },
      'event-data': {
        event,
        id: crypto.randomUUID(),
        ...(severity ? { severity } : {}),
        recipient,
        'delivery-status': { code: 550, 'enhanced-code': '5.1.1', message: '5.1.1 The email account that you tried to reach does not exist' },
      },
    },
  });
}

test('a bounce reported by the provider appears in the release’s delivery table, live, for two members', async ({ browser, request }) => {
  const org = await newClient(request, 'bounce', { members: [{ role: 'editor', name: 'Συντάκτρια Παράδοσης' }] });
  const gone = await newJournalist(request, 'gone', { lists: ['tech'], name: 'Ανύπαρκτη Διεύθυνση', outlet: 'Κλειστή Εφημερίδα' });
  const title = `Επιστροφή ζωντανά ${Date.now()}`;
  const releaseId = await sendRelease(request, org, { title, category: 'tech' });

  const watchers = [await browserOf(browser, org), await browserOf(browser, org.members[0]!)];
  for (const { page } of watchers) {
    await openLive(page, `/client/press-releases/${releaseId}`);
    const card = page.getByTestId('delivery-card');
    await expect(card).toBeVisible({ timeout: EDITOR_OPEN_MS });
    await card.getByRole('button', { name: 'Πίνακας παράδοσης' }).click();
    await expect(page.getByTestId('delivery-table').locator(`tr[data-email="${gone.email}"]`)).toHaveAttribute('data-state', /sent|queued/);
  }

  expect((await mailgunEvent(request, gone.email, 'failed', 'permanent')).status()).toBe(200);
  for (const { page } of watchers) {
    const row = page.getByTestId('delivery-table').locator(`tr[data-email="${gone.email}"]`);
    await expect(row).toHaveAttribute('data-state', 'bounced', { timeout: LIVE_MS });
    await expect(row).toContainText('Επιστράφηκε');
    await expect(row).toContainText('5.1.1');
  }
  await watchers[1]!.page.screenshot({ path: test.info().outputPath('delivery-table-bounce.png') });
  // The next send's confirmation says the address gets it in the app only, and why.
  const next = await createRelease(request, org, { title: `Μετά την επιστροφή ${Date.now()}`, category: 'tech' });
  const { page } = watchers[0]!;
  await openEditor(page, next);
  await page.getByRole('button', { name: 'Αποστολή τώρα' }).click();
  const dialog = page.getByRole('dialog', { name: 'Αποστολή τώρα' });
  await expect(dialog.getByTestId('preview-suppressed')).toContainText('1 παραλήπτης θα το δει μόνο στην εφαρμογή, χωρίς e-mail (λίστα αποκλεισμού):', { timeout: 10_000 });
  await expect(dialog.getByTestId('preview-suppressed')).toContainText('1 διεύθυνση δεν υπάρχει (μόνιμη επιστροφή)');
  await dialog.getByTestId('preview-suppressed').screenshot({ path: test.info().outputPath('send-confirmation-suppressed.png') });
  for (const w of watchers) await w.context.close();
});

test('a journalist’s complaint stops the company’s mail: the company sees it live, the journalist is told live and can lift it', async ({ browser, request }) => {
  const org = await newClient(request, 'complaint');
  const angry = await newJournalist(request, 'angry', { lists: ['economy'], name: 'Θυμωμένη Δημοσιογράφος' });
  const releaseId = await sendRelease(request, org, { title: `Καταγγελία ${Date.now()}`, category: 'economy' });

  const company = await browserOf(browser, org);
  await openLive(company.page, `/client/press-releases/${releaseId}`);
  await company.page.getByTestId('delivery-card').getByRole('button', { name: 'Πίνακας παράδοσης' }).click({ timeout: EDITOR_OPEN_MS });
  const row = company.page.getByTestId('delivery-table').locator(`tr[data-email="${angry.email}"]`);
  await expect(row).toHaveAttribute('data-state', /sent|queued/);
  const journalist = await browserOf(browser, angry);
  await openLive(journalist.page, '/media/settings');
  await expect(journalist.page.getByTestId('media-complaints')).toHaveCount(0);

  // The journalist's bell is open: the notice comes in without a reload and says whose mail stops.
  await journalist.page.getByTestId('notification-bell').click();
  const notice = journalist.page.getByTestId('notification-item').filter({ hasText: 'Σημειώσατε ένα e-mail ως ανεπιθύμητο' });
  await expect(notice).toHaveCount(0);

  expect((await mailgunEvent(request, angry.email, 'complained')).status()).toBe(200);
  await expect(row).toHaveAttribute('data-state', 'complained', { timeout: LIVE_MS });
  await expect(notice).toContainText(org.organisation, { timeout: LIVE_MS });
  await journalist.page.keyboard.press('Escape');

  // Media settings list the company; «Λήψη ξανά» lifts it and the company's next send reaches them.
  await journalist.page.reload();
  const section = journalist.page.getByTestId('media-complaints');
  await expect(section).toContainText(org.organisation);
  await journalist.page.setViewportSize({ width: 375, height: 800 });
  await section.screenshot({ path: test.info().outputPath('media-complaints-375.png') });
  await section.getByRole('button', { name: 'Λήψη ξανά' }).click();
  await expect(section).toHaveCount(0);
  const again = await sendRelease(request, org, { title: `Ξανά μετά την καταγγελία ${Date.now()}`, category: 'economy' });
  const inbox = await request.get('/api/media/inbox', { headers: angry.headers });
  expect(JSON.stringify(await inbox.json())).toContain(again);
  await company.context.close();
  await journalist.context.close();
});
