import { randomBytes } from 'node:crypto';
import { expect, type Page, test } from '@playwright/test';
import { openSignedIn, signUpWithNewOrganisation } from './sign-in.ts';

const unique = () => randomBytes(4).toString('hex');

/** Creates a customer through the editor and waits for its viewer. */
async function createCustomer(page: Page, name: string): Promise<void> {
  await page.getByRole('link', { name: 'New customer' }).click();
  await expect(page.getByRole('heading', { name: 'New customer' })).toBeVisible();
  await page.getByRole('textbox', { name: 'Name', exact: true }).fill(name);
  await page.getByLabel('Billing address').fill('PO Box 12\nSydney NSW 2001');
  await page.getByLabel('Email').fill(`accounts-${name.split(' ').at(-1)}@example.test`);
  await page.getByLabel('Phone').fill('02 9000 1234');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
  await expect(page).toHaveURL(/\/customers\/[0-9a-f-]{36}$/);
}

test('creates a customer, adds a location with the address search by keyboard, and finds it', async ({
  page,
}) => {
  const suffix = unique();
  const name = `Acme Plumbing ${suffix}`;
  await openSignedIn(page, '/customers');
  await expect(page.getByRole('heading', { name: 'Customers' })).toBeVisible();
  await expect(page).toHaveURL(/\/customers\/search$/);

  await createCustomer(page, name);
  const customerUrl = page.url();
  await expect(page.getByRole('row', { name: 'Phone 02 9000 1234' })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Jobs' }).getByText('No jobs found.')).toBeVisible();
  await expect(page.getByRole('region', { name: 'Invoices' }).getByText('No invoices found.')).toBeVisible();

  await page.getByRole('link', { name: 'Add location' }).click();
  await expect(page.getByRole('heading', { name: 'New location' })).toBeVisible();
  await expect(page.getByLabel('Country')).toHaveValue('Australia');
  await page.getByRole('textbox', { name: 'Name', exact: true }).fill('Head office');
  const search = page.getByRole('combobox', { name: 'Address search' });
  await search.focus();
  // Only the suggestions for the whole text can be highlighted (a shorter text's list stays dimmed while they
  // load): wait for them before moving the highlight.
  const typed = '1 George St, Sydn';
  const answered = page.waitForResponse(
    (response) => new URL(response.url()).searchParams.get('q') === typed && response.ok(),
  );
  await page.keyboard.type(typed);
  await answered;
  const first = page.getByRole('option').first();
  await expect(first).toContainText('1 George Street');
  await expect(first).toContainText('Sydney');
  await page.keyboard.press('ArrowDown');
  await expect(first).toHaveAttribute('aria-selected', 'true');
  await page.keyboard.press('Enter');
  await expect(page.getByRole('listbox')).toHaveCount(0);
  await expect(page.getByLabel('Street')).toHaveValue('1 George Street');
  await expect(page.getByLabel('Suburb')).toHaveValue(/^Sydney/);
  await expect(page.getByLabel('State')).toHaveValue('NSW');
  await expect(page.getByLabel('Postcode')).toHaveValue(/^2\d{3}$/);
  await page.getByRole('button', { name: 'Save' }).click();

  await expect(page).toHaveURL(customerUrl);
  const locations = page.getByRole('region', { name: 'Locations' });
  await expect(
    locations.getByRole('row', { name: /Head office 1 George Street, Sydney.* NSW/ }),
  ).toBeVisible();

  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Customers' }).click();
  await page.getByRole('searchbox', { name: 'Search' }).fill(suffix);
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(new RegExp(`/customers/search\\?q=${suffix}&p=1&s=15$`));
  const results = page.getByRole('table', { name: 'Customers' });
  await expect(results.getByRole('row')).toHaveCount(2);
  await results.getByRole('link', { name }).click();
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
});

test('pages through a list of more than one page', async ({ page }) => {
  const suffix = unique();
  // The app's own list request carries the bearer token; bulk data for paging goes straight to the API.
  const listRequest = page.waitForRequest((request) => request.url().includes('/api/customers?'));
  await openSignedIn(page, '/customers/search');
  const authorization = await (await listRequest).headerValue('authorization');
  expect(authorization).toMatch(/^Bearer /);
  for (let index = 1; index <= 32; index += 1) {
    const response = await page.request.post('/api/customers/', {
      headers: { Authorization: authorization ?? '' },
      data: { name: `Pager ${suffix} ${String(index).padStart(2, '0')}` },
    });
    expect(response.status()).toBe(201);
  }

  await page.getByRole('searchbox', { name: 'Search' }).fill(`Pager ${suffix}`);
  await page.getByRole('button', { name: 'Search' }).click();
  const table = page.getByRole('table', { name: 'Customers' });
  const pages = page.getByRole('navigation', { name: 'Pagination' });
  await expect(table.getByRole('row')).toHaveCount(16);
  await expect(table.getByRole('link', { name: `Pager ${suffix} 01` })).toBeVisible();
  await expect(pages.getByRole('link', { name: 'Previous' })).toHaveAttribute('aria-disabled', 'true');
  await expect(pages.getByRole('link', { name: '1', exact: true })).toHaveAttribute('aria-current', 'page');
  await expect(pages.getByRole('link', { name: '4', exact: true })).toHaveCount(0);

  await pages.getByRole('link', { name: 'Next' }).click();
  await expect(page).toHaveURL(/p=2&s=15$/);
  await expect(table.getByRole('link', { name: `Pager ${suffix} 16` })).toBeVisible();
  await expect(pages.getByRole('link', { name: '2', exact: true })).toHaveAttribute('aria-current', 'page');

  await pages.getByRole('link', { name: '3', exact: true }).click();
  await expect(table.getByRole('row')).toHaveCount(3);
  await expect(table.getByRole('link', { name: `Pager ${suffix} 32` })).toBeVisible();
  await expect(pages.getByRole('link', { name: 'Next' })).toHaveAttribute('aria-disabled', 'true');
  await expect(pages.getByRole('link', { name: '3', exact: true })).toHaveAttribute('aria-disabled', 'true');

  await pages.getByRole('link', { name: 'Previous' }).click();
  await expect(page).toHaveURL(/p=2&s=15$/);
  await expect(table.getByRole('link', { name: `Pager ${suffix} 30` })).toBeVisible();
  await expect(pages.getByRole('link', { name: 'Previous' })).not.toHaveAttribute('aria-disabled');
  await expect(pages.getByRole('link', { name: 'Next' })).not.toHaveAttribute('aria-disabled');
});

test('edits a customer, then deletes it after confirming', async ({ page }) => {
  const suffix = unique();
  const name = `Bondi Gas ${suffix}`;
  await openSignedIn(page, '/customers/search');
  await createCustomer(page, name);

  await page.getByRole('link', { name: 'Edit' }).click();
  await expect(page.getByRole('heading', { name: 'Edit customer' })).toBeVisible();
  await expect(page.getByLabel('Number')).toHaveValue(/^\d+$/);
  await page.getByLabel('Phone').fill('02 9555 0101');
  await page.getByRole('textbox', { name: 'Name', exact: true }).fill(`${name} Pty Ltd`);
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByRole('heading', { level: 1, name: `${name} Pty Ltd` })).toBeVisible();
  await expect(page.getByRole('row', { name: 'Phone 02 9555 0101' })).toBeVisible();

  await page.getByRole('button', { name: 'Actions' }).click();
  await page.getByRole('menuitem', { name: 'Delete' }).click();
  const dialog = page.getByRole('dialog', { name: `Delete customer ${name} Pty Ltd?` });
  await expect(dialog).toBeVisible();
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toHaveCount(0);
  await expect(page.getByRole('heading', { level: 1, name: `${name} Pty Ltd` })).toBeVisible();

  await page.getByRole('button', { name: 'Actions' }).click();
  await page.getByRole('menuitem', { name: 'Delete' }).click();
  await dialog.getByRole('button', { name: 'Delete' }).click();
  await expect(page).toHaveURL(/\/customers\/search$/);
  await page.getByRole('searchbox', { name: 'Search' }).fill(suffix);
  await page.keyboard.press('Enter');
  await expect(page.getByText('No customers found.')).toBeVisible();
});

test('a required name is asked for before anything is saved', async ({ page }) => {
  await openSignedIn(page, '/customers/new');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Enter the customer name.')).toBeVisible();
  await expect(page.getByRole('textbox', { name: 'Name', exact: true })).toBeFocused();
  await expect(page).toHaveURL(/\/customers\/new$/);
});

test('a new organisation starts with no customers and numbers its own from 1', async ({ page }) => {
  const suffix = unique();
  await signUpWithNewOrganisation(page, suffix);
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Customers' }).click();
  await expect(page.getByText('No customers found.')).toBeVisible();
  await createCustomer(page, `First Customer ${suffix}`);
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Customers' }).click();
  const results = page.getByRole('table', { name: 'Customers' });
  await expect(results.getByRole('row')).toHaveCount(2);
  await expect(results.getByRole('row', { name: `1 First Customer ${suffix}` })).toBeVisible();
});
