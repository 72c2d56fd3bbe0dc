import { randomBytes } from 'node:crypto';
import { expect, type Page, test } from '@playwright/test';
import { openSignedIn, signUpWithNewOrganisation } from './sign-in.ts';

/** The status buttons the job viewer shows (Edit and Actions aside), in order. */
async function statusButtons(page: Page): Promise<string[]> {
  const names = await page.getByRole('main').getByRole('button').allTextContents();
  // The viewer's other buttons: the Actions menu, the search box's, the job sheet's download, the photos' and the notes'.
  return names.filter(
    (name) =>
      !['Actions', 'Search'].some((other) => name.includes(other)) &&
      !['PDF', 'Add note', 'Take photo', 'Attach files'].includes(name),
  );
}

test("creates a job from a customer's page with two lines, walks it through its statuses, finds it and deletes it", async ({
  page,
}) => {
  await openSignedIn(page, '/customers/search?q=Sunita');
  await page.getByRole('link', { name: 'Sunita Patel' }).click();
  const jobs = page.getByRole('region', { name: 'Jobs' });
  await jobs.getByRole('link', { name: 'New job' }).click();

  await expect(page.getByRole('heading', { level: 1, name: 'New job' })).toBeVisible();
  await expect(page.getByRole('combobox', { name: 'Customer' })).toHaveValue('Sunita Patel');
  await page.getByLabel('Location').selectOption({ index: 1 });
  await page.getByLabel('Territory').selectOption({ label: 'Inner West' });
  await page.getByLabel('Priority').selectOption({ label: 'High' });
  await page.getByLabel('Reference').fill("O'Brien & Sons: leaking tap");

  // A line from the catalogue, by its code.
  await page.getByRole('combobox', { name: 'Add from the catalogue' }).fill('PL-LAB-HR');
  await page.getByRole('option', { name: /PL-LAB-HR/ }).click();
  const first = page.getByRole('group', { name: 'Line 1' });
  await expect(first.getByLabel('Description')).toHaveValue('Plumber labour, per hour');
  await first.getByLabel('Quantity').fill('2');
  await expect(first.getByLabel('Amount')).toHaveValue('240.00');

  // A typed line: its amount sets its price, and the amount stays.
  await page.getByRole('button', { name: 'Add a line' }).click();
  const second = page.getByRole('group', { name: 'Line 2' });
  await second.getByLabel('Description').fill('Replace washer & reseat valve');
  await second.getByLabel('Quantity').fill('3');
  await second.getByLabel('Amount').fill('100');
  await expect(second.getByLabel('Price')).toHaveValue('33.3333');
  await expect(page.getByText('$340.00').first()).toBeVisible();

  await page.getByRole('button', { name: 'Save' }).click();
  await expect(
    page.getByRole('heading', { level: 1, name: /^Job \d+: O'Brien & Sons: leaking tap$/ }),
  ).toBeVisible();
  const heading = await page.getByRole('heading', { level: 1 }).textContent();
  const number = /^Job (\d+)/.exec(heading ?? '')?.[1] ?? '';
  const lines = page.getByRole('table', { name: 'Line items' });
  await expect(
    lines.getByRole('row', { name: /Replace washer & reseat valve 3 \$33\.3333 \$100\.00/ }),
  ).toBeVisible();
  await expect(page.getByRole('row', { name: 'Total $340.00', exact: true })).toBeVisible();
  expect(await statusButtons(page)).toEqual(['Booking required', 'Ready to be scheduled']);

  await page.getByRole('button', { name: 'Booking required' }).click();
  await expect(page.getByRole('row', { name: /^Status Booking required$/ })).toBeVisible();
  expect(await statusButtons(page)).toEqual(['Ready to be scheduled']);

  await page.getByRole('button', { name: 'Ready to be scheduled' }).click();
  await expect(page.getByRole('row', { name: /^Status Ready to be scheduled$/ })).toBeVisible();
  expect(await statusButtons(page)).toEqual(['Cancelled']);

  await page.goto(`/jobs/search?q=${number}`);
  const table = page.getByRole('table', { name: 'Jobs' });
  await expect(table.getByRole('link', { name: number, exact: true })).toBeVisible();
  await table.getByRole('link', { name: number, exact: true }).click();

  await page.getByRole('button', { name: 'Actions' }).click();
  await page.getByRole('menuitem', { name: 'Delete job' }).click();
  await page
    .getByRole('dialog', { name: `Delete job ${number}?` })
    .getByRole('button', { name: 'Delete job' })
    .click();
  await expect(page.getByText(`Job ${number} deleted.`)).toBeVisible();
  await expect(page).toHaveURL(/\/jobs\/search$/);
});

test('a new organisation numbers its jobs from 1 and has priorities and a territory to choose', async ({
  page,
}) => {
  await signUpWithNewOrganisation(page, randomBytes(4).toString('hex'));
  await page.goto('/customers/new');
  await page.getByRole('textbox', { name: 'Name', exact: true }).fill('Bondi Beach Café');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Bondi Beach Café' })).toBeVisible();

  await page.getByRole('region', { name: 'Jobs' }).getByRole('link', { name: 'New job' }).click();
  await expect(page.getByRole('combobox', { name: 'Customer' })).toHaveValue('Bondi Beach Café');
  await expect(page.getByLabel('Priority').getByRole('option')).toHaveText([
    'Choose the priority',
    'Low',
    'Normal',
    'High',
    'Urgent',
  ]);
  expect(await page.getByLabel('Territory').getByRole('option').count()).toBeGreaterThan(1);
  await page.getByRole('button', { name: 'Save' }).click();

  await expect(page.getByRole('heading', { level: 1, name: 'Job 1' })).toBeVisible();
  await page.getByRole('link', { name: 'Bondi Beach Café' }).click();
  await expect(
    page.getByRole('region', { name: 'Jobs' }).getByRole('link', { name: '1', exact: true }),
  ).toBeVisible();
});
