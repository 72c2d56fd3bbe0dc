import { randomBytes } from 'node:crypto';
import { expect, type Page, test } from '@playwright/test';
import { openSignedIn } from './sign-in.ts';

const unique = () => randomBytes(4).toString('hex').toUpperCase();

async function fillItem(page: Page, item: { code: string; description: string; price: string }) {
  await page.getByLabel('Code').fill(item.code);
  await page.getByLabel('Description').fill(item.description);
  await page.getByLabel('Price').fill(item.price);
  await page.getByRole('button', { name: 'Save' }).click();
}

test('creates an item, finds it, edits it and deletes it', async ({ page }) => {
  const code = `TAP-${unique()}`;
  await openSignedIn(page, '/items');
  await expect(page.getByRole('heading', { name: 'Items' })).toBeVisible();

  await page.getByRole('link', { name: 'New item' }).click();
  await expect(page.getByRole('heading', { name: 'New item' })).toBeVisible();
  await fillItem(page, { code, description: 'Mixer tap, chrome', price: '149.9' });
  await expect(page.getByRole('heading', { level: 1, name: code })).toBeVisible();
  await expect(page.getByRole('row', { name: 'Price $149.90 excl. GST' })).toBeVisible();

  await page.goto('/items');
  await page.getByRole('searchbox', { name: 'Search' }).fill(code);
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(new RegExp(`/items\\?q=${code}&p=1&s=10$`));
  const table = page.getByRole('table', { name: 'Items' });
  await expect(table.getByRole('row', { name: `${code} Mixer tap, chrome $149.90` })).toBeVisible();
  await table.getByRole('link', { name: code }).click();

  await page.getByRole('link', { name: 'Edit' }).click();
  await expect(page.getByRole('heading', { name: 'Edit item' })).toBeVisible();
  await expect(page.getByLabel('Price')).toHaveValue('149.90');
  await page.getByLabel('Price').fill('1234.5');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByRole('row', { name: 'Price $1,234.50 excl. GST' })).toBeVisible();

  await page.getByRole('button', { name: 'Actions' }).click();
  await page.getByRole('menuitem', { name: 'Delete' }).click();
  await page
    .getByRole('dialog', { name: `Delete item ${code}?` })
    .getByRole('button', { name: 'Delete' })
    .click();
  await expect(page).toHaveURL(/\/items$/);
  await page.getByRole('searchbox', { name: 'Search' }).fill(code);
  await page.keyboard.press('Enter');
  await expect(page.getByText('No items found.')).toBeVisible();
});

test("a duplicate code shows the server's field error in the list of messages", async ({ page }) => {
  const code = `LAB-${unique()}`;
  await openSignedIn(page, '/items/new');
  await fillItem(page, { code, description: 'Labour, per hour', price: '95' });
  await expect(page.getByRole('heading', { level: 1, name: code })).toBeVisible();

  await page.goto('/items/new');
  await fillItem(page, { code, description: 'Labour again', price: '96' });
  const alert = page.getByRole('alert');
  await expect(alert.getByRole('listitem')).toHaveText(['An item with this code already exists.']);
  await expect(page.getByRole('heading', { name: 'New item' })).toBeVisible();
  await expect(page.getByLabel('Description')).toHaveValue('Labour again');
});

test('the price must not be negative or have more than 2 decimals', async ({ page }) => {
  await openSignedIn(page, '/items/new');
  await fillItem(page, { code: `X-${unique()}`, description: 'Anything', price: '1.999' });
  await expect(page.getByText('Use at most 2 decimal places.')).toBeVisible();
  await page.getByLabel('Price').fill('-5');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('The price cannot be negative.')).toBeVisible();
  await expect(page).toHaveURL(/\/items\/new$/);
});
