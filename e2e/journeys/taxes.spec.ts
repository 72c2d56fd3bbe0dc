import { randomBytes } from 'node:crypto';
import { expect, test } from '@playwright/test';
import { checkScreen } from './axe-check.ts';
import { openSignedIn, signUpWithNewOrganisation } from './sign-in.ts';

/** The rate field's label. */
const RATE = 'Tax rate (%)';

test('a new organisation has GST and GST Free; a new rate is created, edited, refused a rate that is not a number, and deleted', async ({
  page,
}) => {
  await signUpWithNewOrganisation(page, randomBytes(4).toString('hex'));
  await page.goto('/settings');
  await page.getByRole('main').getByRole('link', { name: 'Taxes' }).click();

  await expect(page.getByRole('heading', { level: 1, name: 'Taxes' })).toBeVisible();
  const taxes = page.getByRole('table', { name: 'Taxes' });
  await expect(taxes.getByRole('row')).toHaveText([/^Name\s*Rate$/, /^GST\s*10%$/, /^GST Free\s*0%$/]);

  await page.getByRole('link', { name: 'New tax' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'New tax' })).toBeVisible();
  await page.getByLabel('Tax name').fill('Reduced rate');
  await page.getByLabel(RATE).fill('12.5');
  await page.getByRole('button', { name: 'Save' }).click();

  await expect(page.getByRole('heading', { level: 1, name: 'Reduced rate' })).toBeVisible();
  await expect(page.getByText('Rate: 12.5%')).toBeVisible();
  await expect(page.getByText('Tax saved.')).toBeVisible();

  await page.getByRole('link', { name: 'Edit' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Edit tax' })).toBeVisible();
  await expect(page.getByLabel('Tax name')).toHaveValue('Reduced rate');
  await expect(page.getByLabel(RATE)).toHaveValue('12.5');

  // A rate that is not a number is refused on the page, and the text stays to be corrected.
  await page.getByLabel(RATE).fill('ten');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByLabel(RATE)).toHaveAttribute('aria-invalid', 'true');
  await expect(page.getByText('Enter the tax rate as a number, such as 10.')).toBeVisible();
  await expect(page.getByLabel(RATE)).toHaveValue('ten');

  await page.getByLabel('Tax name').fill('Reduced rate (WA)');
  await page.getByLabel(RATE).fill('7.25');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Reduced rate (WA)' })).toBeVisible();
  await expect(page.getByText('Rate: 7.25%')).toBeVisible();

  await page.getByRole('navigation', { name: 'Breadcrumb' }).getByRole('link', { name: 'Taxes' }).click();
  await expect(taxes.getByRole('row', { name: 'Reduced rate (WA) 7.25%' })).toBeVisible();
  await taxes.getByRole('link', { name: 'Reduced rate (WA)' }).click();

  await page.getByRole('button', { name: 'Actions' }).click();
  await page.getByRole('menuitem', { name: 'Delete tax' }).click();
  await page
    .getByRole('dialog', { name: 'Delete tax Reduced rate (WA)?' })
    .getByRole('button', { name: 'Delete tax' })
    .click();
  await expect(page.getByText('Tax Reduced rate (WA) deleted.')).toBeVisible();
  await expect(page).toHaveURL(/\/settings\/taxes$/);
  await expect(taxes.getByRole('link')).toHaveText(['GST', 'GST Free']);
});

for (const [device, viewport] of [
  ['desktop', { width: 1440, height: 900 }],
  ['phone', { width: 390, height: 844 }],
] as const) {
  test.describe(`taxes at ${viewport.width}×${viewport.height}`, () => {
    test.use({ viewport });

    test(`the tax list, a tax, its menu and question, and the editors have no serious axe violations (${device})`, async ({
      page,
    }) => {
      test.setTimeout(120_000);
      // The demo organisation: it starts with GST and GST Free, as every organisation does.
      await openSignedIn(page, '/settings/taxes');
      await expect(page.getByRole('table', { name: 'Taxes' })).toBeVisible();
      await checkScreen(page, 'tax list');

      await page.getByRole('link', { name: 'GST', exact: true }).click();
      await expect(page.getByRole('heading', { level: 1, name: 'GST' })).toBeVisible();
      await checkScreen(page, 'tax view');
      await page.getByRole('button', { name: 'Actions' }).click();
      await page.getByRole('menuitem', { name: 'Delete tax' }).click();
      await expect(page.getByRole('dialog', { name: 'Delete tax GST?' })).toBeVisible();
      await checkScreen(page, 'tax view, asking before deleting');
      await page.getByRole('button', { name: 'Cancel' }).click();

      await page.getByRole('link', { name: 'Edit' }).click();
      await expect(page.getByRole('heading', { level: 1, name: 'Edit tax' })).toBeVisible();
      await checkScreen(page, 'tax edit');

      await page.goto('/settings/taxes/new');
      await expect(page.getByRole('heading', { level: 1, name: 'New tax' })).toBeVisible();
      await checkScreen(page, 'tax new');
      await page.getByLabel('Tax name').fill('GST');
      await page.getByLabel(RATE).fill('ten');
      await page.getByRole('button', { name: 'Save' }).click();
      await expect(page.getByLabel(RATE)).toHaveAttribute('aria-invalid', 'true');
      await checkScreen(page, 'tax new, the rate refused');
      await page.getByLabel(RATE).fill('10');
      await page.getByRole('button', { name: 'Save' }).click();
      await expect(page.getByRole('alert').getByRole('listitem')).toHaveText([
        'A tax with this name already exists.',
      ]);
      await checkScreen(page, 'tax new, the duplicate name refused');
    });
  });
}
