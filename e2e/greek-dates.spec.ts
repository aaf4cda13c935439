import { expectGreekOnly } from './english-labels';
import { expect, signInAs, test } from './fixtures';

const GREEK_MONTH = /^(Ιανουάριος|Φεβρουάριος|Μάρτιος|Απρίλιος|Μάιος|Ιούνιος|Ιούλιος|Αύγουστος|Σεπτέμβριος|Οκτώβριος|Νοέμβριος|Δεκέμβριος) \d{4}$/i;

test('an English-language phone still gets Greek dates: dd/mm/yyyy fields and a Monday-first Greek calendar', async ({ browser }) => {
  const context = await browser.newContext({ locale: 'en-US', viewport: { width: 375, height: 740 } });
  const page = await context.newPage();
  await signInAs(page, 'client');
  await page.goto('/client/reports');
  const from = page.getByLabel('Από', { exact: true });
  await expect(from).toHaveValue(/^\d{2}\/\d{2}\/\d{4}$/);
  await expect(page.locator('input[type="date"], input[type="time"]')).toHaveCount(0);

  await page.getByRole('button', { name: 'Επιλογή από ημερολόγιο' }).first().click();
  const calendar = page.getByRole('dialog', { name: 'Ημερολόγιο' });
  await expect(calendar).toBeVisible();
  await expect(calendar.getByRole('grid')).toHaveAccessibleName(GREEK_MONTH);
  await expect(calendar.getByRole('columnheader').first()).toHaveAttribute('aria-label', 'Δευτέρα');
  await expectGreekOnly(page);

  await calendar.getByRole('gridcell', { name: '10', exact: true }).click();
  await expect(calendar).toBeHidden();
  await expect(from).toHaveValue(/^10\/\d{2}\/\d{4}$/);
  await expect(from).toBeFocused();

  // Typed dates are read in Greek order; an impossible one is marked and not applied.
  const to = page.getByLabel('Έως', { exact: true });
  await to.fill('31/02/2026');
  await expect(to).toHaveAttribute('aria-invalid', 'true');
  await to.fill('01/01/2020');
  await expect(page.getByRole('alert')).toHaveText('Η ημερομηνία «Έως» δεν μπορεί να είναι πριν από την «Από»');
  await context.close();
});
