/**
 * Sending domains: an organisation's owner adds its domain in settings, sees the DNS records to
 * publish (copyable), and once they are "published" (the e2e server's resolver is filled
 * through its test-only route, E2E_DNS=manual, e2e/serve.ts) checks them and sees ✓. A member
 * without the right reads the same screen without the buttons.
 */
import { browserOf, expect, newClient, test, toast } from './fixtures';

test('an admin adds a sending domain, sees its records, verifies it through DNS and sees ✓; an editor only reads', async ({ browser, request, consoleErrors }) => {
  test.slow(); // two browsers, an RSA key generated
  const client = await newClient(request, 'domains', { members: [{ role: 'editor', name: 'Ελένη Συντάκτρια' }] });
  const domain = `aigaio-${Date.now().toString(36)}.gr`;
  const { context, page } = await browserOf(browser, client);
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto('/client/settings');
  const section = page.getByTestId('sending-domains');
  await expect(section.getByTestId('sending-from')).toContainText('no-reply@');

  // A free-mail domain is refused with a clear message.
  await section.getByLabel('Domain', { exact: true }).fill('gmail.com');
  await section.getByRole('button', { name: 'Προσθήκη domain' }).click();
  await expect(section.getByTestId('sending-domain-error')).toContainText('δωρεάν');

  await section.getByLabel('Domain', { exact: true }).fill(domain.toUpperCase());
  await section.getByRole('button', { name: 'Προσθήκη domain' }).click();
  const item = section.getByTestId('sending-domain').filter({ hasText: domain });
  await expect(item).toHaveAttribute('data-status', 'pending');
  await expect(item.getByTestId('domain-status')).toHaveText('Σε αναμονή επαλήθευσης');
  const dkim = item.getByTestId('record-dkim');
  const dkimName = (await dkim.getByTestId('record-name').textContent())!;
  const dkimValue = (await dkim.getByTestId('record-value').textContent())!;
  expect(dkimName).toMatch(new RegExp(`^deltio\\d{6}\\._domainkey\\.${domain.replace(/\./g, '\\.')}$`));
  expect(dkimValue).toMatch(/^v=DKIM1; k=rsa; p=[A-Za-z0-9+/=]{300,}$/);
  await expect(item.getByTestId('record-return_path').getByTestId('record-name')).toHaveText(`bounces.${domain}`);
  await expect(item.getByTestId('record-spf').getByTestId('record-value')).toHaveText(/^v=spf1 include:\S+ ~all$/);
  await expect(item.getByTestId('record-dmarc').getByTestId('record-value')).toHaveText(`v=DMARC1; p=none; rua=mailto:dmarc@${domain}`);

  // The copy button puts the exact value on the clipboard.
  await dkim.getByRole('button', { name: 'Αντιγραφή τιμής DKIM' }).click();
  await expect(toast(page, 'Αντιγράφηκε')).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(dkimValue);

  // Checked before anything is published: DKIM missing, still pending.
  await item.getByRole('button', { name: 'Έλεγχος τώρα' }).click();
  await expect(dkim.getByTestId('check-missing')).toHaveText('Λείπει');
  await expect(item).toHaveAttribute('data-status', 'pending');
  await section.screenshot({ path: test.info().outputPath('sending-domains-pending-1280.png') });

  // "Published": the DKIM TXT in 255-character strings, the Return-Path CNAME; no SPF, no DMARC.
  const published = await request.post('/__test/dns', {
    data: {
      txt: { [dkimName]: [[dkimValue.slice(0, 255), dkimValue.slice(255)]] },
      cname: { [`bounces.${domain}`]: [(await item.getByTestId('record-return_path').getByTestId('record-value').textContent())!] },
    },
  });
  expect(published.status(), 'the e2e server has a manual resolver (E2E_DNS=manual)').toBe(204);
  await item.getByRole('button', { name: 'Έλεγχος τώρα' }).click();
  await expect(item).toHaveAttribute('data-status', 'verified');
  await expect(item.getByTestId('domain-status')).toHaveText('Επαληθευμένο');
  await expect(dkim).toHaveAttribute('data-ok', 'true');
  await expect(dkim.getByTestId('check-ok')).toBeVisible();
  await expect(item.getByTestId('record-return_path')).toHaveAttribute('data-ok', 'true');
  await expect(item.getByTestId('record-spf').getByTestId('check-missing')).toHaveText('Λείπει');
  await expect(item.getByTestId('domain-summary')).toContainText('λείπουν ακόμη: SPF, DMARC');
  await expect(section.getByTestId('sending-from')).toContainText(`press@${domain}`);
  await section.screenshot({ path: test.info().outputPath('sending-domains-verified-1280.png') });
  await page.setViewportSize({ width: 375, height: 800 });
  await section.scrollIntoViewIfNeeded();
  // Nothing wider than the phone's screen.
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
  await section.screenshot({ path: test.info().outputPath('sending-domains-verified-375.png') });

  // An editor of the organisation sees the same, without the buttons.
  const editor = await browserOf(browser, client.members[0]!);
  await editor.page.goto('/client/settings');
  const seen = editor.page.getByTestId('sending-domain').filter({ hasText: domain });
  await expect(seen).toHaveAttribute('data-status', 'verified');
  await expect(seen.getByRole('button', { name: 'Έλεγχος τώρα' })).toHaveCount(0);
  await expect(editor.page.getByRole('button', { name: 'Προσθήκη domain' })).toHaveCount(0);
  await editor.context.close();

  // Removed (after a confirmation): the platform address again.
  await page.setViewportSize({ width: 1280, height: 900 });
  await item.getByRole('button', { name: 'Αφαίρεση' }).click();
  await item.getByRole('button', { name: 'Ναι, αφαίρεση' }).click();
  await expect(section.getByTestId('sending-domain')).toHaveCount(0);
  await expect(section.getByTestId('sending-from')).toContainText('no-reply@');
  await context.close();
  expect(consoleErrors).toEqual([]);
});
