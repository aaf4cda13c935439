import { trackingToken } from '../server/src/modules/distribution/tracking.tokens';
import { tokenKey } from '../server/src/modules/auth/auth.tokens';
import { expect, newClient, newJournalist, sendRelease, test } from './fixtures';
import { E2E_JWT_SECRET } from './secrets';

test('the e-mail unsubscribe link works in one click without signing in, with undo', async ({ page, request, consoleErrors }) => {
  // A sender and a journalist of the test's own: unsubscribing changes nobody else's sends.
  const sender = await newClient(request, 'unsub', { organisation: 'Αιγαίο Τεχνολογίες Α.Ε.' });
  const journalist = await newJournalist(request, 'unsubj', {
    lists: ['economy'],
    email: `anna.${Date.now()}.${Math.floor(Math.random() * 1e6)}@politistiko-periodiko.example`,
  });
  const releaseId = await sendRelease(request, sender, { title: `Δελτίο με σύνδεσμο διαγραφής ${Date.now()}`, category: 'economy' });
  const inbox = (await (await request.get('/api/media/inbox', { headers: journalist.headers })).json()) as {
    items: { releaseId: string; deliveryId: number; senderCompany: string }[];
  };
  const delivery = inbox.items.find((i) => i.releaseId === releaseId)!;
  expect(delivery.senderCompany).toBe('Αιγαίο Τεχνολογίες Α.Ε.');
  const token = trackingToken(tokenKey(E2E_JWT_SECRET), 'unsubscribe', delivery.deliveryId);

  // The visitor is not signed in: a fresh context with no session.
  await page.goto(`/unsubscribe/${token}?scope=sender`);
  await expect(page.getByRole('heading', { name: `Δεν θα λαμβάνετε πλέον δελτία τύπου από ${delivery.senderCompany}` })).toBeVisible();
  await expect(page.getByText(/^Διεύθυνση: an•+@politistiko-periodiko\.example$/)).toBeVisible();
  await page.setViewportSize({ width: 375, height: 800 });
  await page.screenshot({ path: test.info().outputPath('unsubscribe-375.png'), fullPage: true });

  await page.getByRole('button', { name: /^Αναίρεση/ }).click();
  await expect(page.getByRole('heading', { name: 'Η εγγραφή σας είναι ενεργή' })).toBeVisible();

  await page.getByRole('button', { name: 'Διαγραφή από όλα τα δελτία' }).click();
  await expect(page.getByRole('heading', { name: 'Διαγραφήκατε από όλα τα δελτία τύπου' })).toBeVisible();
  await page.getByRole('button', { name: 'Αναίρεση: θέλω ξανά δελτία τύπου' }).click();
  await expect(page.getByRole('heading', { name: 'Η εγγραφή σας είναι ενεργή' })).toBeVisible();

  // A forged link says so, without an error page.
  await page.goto(`/unsubscribe/${delivery.deliveryId}.AAAAAAAAAAAAAAAAAAAAAAAA`);
  await expect(page.getByText('Ο σύνδεσμος διαγραφής δεν είναι έγκυρος.', { exact: false })).toBeVisible();
  expect(consoleErrors.filter((e) => !e.includes('404'))).toEqual([]);
});
