import { randomBytes } from 'node:crypto';
import { expect, type Page, test } from '@playwright/test';
import { locationMessages } from '../../packages/domain/src/index.ts';
import { openSignedIn } from './sign-in.ts';

const unique = () => randomBytes(4).toString('hex');

/** Creates a customer through the editor; returns the bearer token the app sent and the customer's URL. */
async function createCustomer(page: Page, name: string): Promise<{ authorization: string; url: string }> {
  await page.goto('/customers/new');
  await expect(page.getByRole('heading', { name: 'New customer' })).toBeVisible();
  await page.getByRole('textbox', { name: 'Name', exact: true }).fill(name);
  const created = page.waitForRequest(
    (request) => request.method() === 'POST' && request.url().includes('/api/customers/'),
  );
  await page.getByRole('button', { name: 'Save' }).click();
  const authorization = (await (await created).headerValue('authorization')) ?? '';
  // The notice first: it shows for 6 s from the save, and the viewer may take longer than that on a busy machine.
  await expect(page.getByText('Customer saved.')).toBeVisible();
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
  return { authorization, url: page.url() };
}

/** Types into the address search and picks the first suggestion for the whole text, by keyboard. */
async function pickAddress(page: Page, typed: string, expected: RegExp): Promise<void> {
  await page.getByRole('combobox', { name: 'Address search' }).focus();
  await page.keyboard.type(typed);
  const first = page.getByRole('option').first();
  await expect(first).toHaveText(expected);
  await page.keyboard.press('ArrowDown');
  await expect(first).toHaveAttribute('aria-selected', 'true');
  await page.keyboard.press('Enter');
  await expect(page.getByRole('listbox')).toHaveCount(0);
}

for (const [device, viewport] of [
  ['desktop', { width: 1440, height: 900 }],
  ['phone', { width: 390, height: 844 }],
] as const) {
  test.describe(`locations at ${viewport.width}×${viewport.height}`, () => {
    test.use({ viewport });

    test(`adds, views, edits and deletes a location by keyboard (${device})`, async ({ page }) => {
      const customer = `O'Brien & Sons Plumbing ${unique()}`;
      await openSignedIn(page, '/customers/search');
      const { url: customerUrl } = await createCustomer(page, customer);

      // Added with no name: it is named after its street.
      await page.getByRole('link', { name: 'Add location' }).click();
      await expect(page.getByRole('heading', { name: 'New location' })).toBeVisible();
      await pickAddress(page, '3/12 Illawarra Rd Marr', /^3\/12 Illawarra Road, Marrickville NSW 2204/);
      await expect(page.getByLabel('Street')).toHaveValue('3/12 Illawarra Road');
      await expect(page.getByLabel('State')).toHaveValue('NSW');
      await page.getByLabel('Postcode').focus();
      await page.keyboard.press('Enter');
      await expect(page).toHaveURL(customerUrl);
      await expect(page.getByText('Location saved.')).toBeVisible();

      // The customer's location rows link to the location.
      const locations = page.getByRole('region', { name: 'Locations' });
      await locations.getByRole('link', { name: '3/12 Illawarra Road' }).click();
      await expect(page.getByRole('heading', { level: 1, name: '3/12 Illawarra Road' })).toBeVisible();
      await expect(page.getByRole('row', { name: 'Suburb Marrickville' })).toBeVisible();
      await expect(page.getByRole('row', { name: 'Postcode 2204' })).toBeVisible();
      await expect(page.getByRole('row', { name: `Customer ${customer}` }).getByRole('link')).toHaveAttribute(
        'href',
        new URL(customerUrl).pathname,
      );
      const locationUrl = page.url();

      // Edited: a state that is not one, then a postcode of another state, each named on its field.
      await page.getByRole('link', { name: 'Edit' }).click();
      await expect(page.getByRole('heading', { name: 'Edit location' })).toBeVisible();
      const name = "O'Brien's rear yard & depot (Illawarra Road, Marrickville) – gate code at the office";
      await page.getByRole('textbox', { name: 'Name', exact: true }).fill(name);
      await page.getByLabel('State').fill('Sydney');
      await page.getByRole('button', { name: 'Save' }).click();
      await expect(page.getByLabel('State')).toHaveAccessibleDescription(locationMessages.state);
      await expect(page.getByLabel('State')).toBeFocused();
      await page.keyboard.press('ControlOrMeta+a');
      await page.keyboard.type('vic');
      await page.keyboard.press('Enter');
      await expect(page.getByLabel('Postcode')).toHaveAccessibleDescription('2204 is not a VIC postcode.');
      await page.getByLabel('State').fill('nsw');
      await page.getByRole('button', { name: 'Save' }).click();
      await expect(page).toHaveURL(locationUrl);
      // The notice of the first save may still be there: this is the second.
      await expect(page.getByText('Location saved.').last()).toBeVisible();
      await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
      await expect(page.getByRole('row', { name: 'State NSW' })).toBeVisible();

      // Deleted after confirming: back at the customer, which has no locations left.
      await page.getByRole('button', { name: 'Actions' }).click();
      await page.getByRole('menuitem', { name: 'Delete' }).click();
      const dialog = page.getByRole('dialog', { name: `Delete location ${name}?` });
      await expect(dialog).toBeVisible();
      await dialog.getByRole('button', { name: 'Delete' }).click();
      await expect(page).toHaveURL(customerUrl);
      await expect(page.getByText(`Location ${name} deleted.`)).toBeVisible();
      await expect(locations.getByText('No locations found.')).toBeVisible();
    });
  });
}

test("a save over a colleague's newer version carries what was typed over theirs, and nothing is lost", async ({
  page,
}) => {
  await openSignedIn(page, '/customers/search');
  const { authorization, url } = await createCustomer(page, `Bondi Icebergs Cafe ${unique()}`);
  const customerId = new URL(url).pathname.split('/').at(-1) ?? '';
  const headers = { Authorization: authorization };
  const site = {
    customer: { id: customerId },
    name: 'Kiosk',
    suburb: 'Bondi Beach',
    state: 'NSW',
    postcode: '2026',
  };
  const created = await page.request.post('/api/locations/', {
    headers,
    data: { ...site, country: 'Australia' },
  });
  expect(created.status()).toBe(201);
  const location = await created.json();

  await page.goto(`/locations/${location.id}/edit`);
  await expect(page.getByLabel('Suburb')).toHaveValue('Bondi Beach');
  // Meanwhile a colleague saves the location.
  const colleague = await page.request.put(`/api/locations/${location.id}`, {
    headers,
    data: { ...location, name: 'Kiosk (north end)' },
  });
  expect(colleague.status()).toBe(200);

  const name = page.getByRole('textbox', { name: 'Name', exact: true });
  await name.fill('Beach kiosk');
  await page.getByRole('button', { name: 'Save' }).click();
  // Refused over the version it started from: the editor starts again from the colleague's, with the name typed.
  await expect(
    page.getByRole('status').filter({ hasText: 'Someone else saved changes while you were editing.' }),
  ).toContainText('They also changed what you changed (Name): yours is kept.');
  await expect(name).toHaveValue('Beach kiosk');
  await expect(page).toHaveURL(/\/edit$/);

  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Beach kiosk' })).toBeVisible();
});

test('suggestions for an earlier text are never picked (the Bondi case)', async ({ page }) => {
  await openSignedIn(page, '/customers/search');
  const { url } = await createCustomer(page, `Marrickville Metro Dental ${unique()}`);
  await page.goto(`${url}/locations/new`);
  const search = page.getByRole('combobox', { name: 'Address search' });
  await search.focus();
  await page.keyboard.type('Bondi');
  await expect(page.getByRole('option').first()).toContainText('Bondi');

  // The answer for the new text is held back, so the Bondi list is all there is while ↓ Enter are pressed.
  let release: () => void = () => undefined;
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route('**/api/addresses/suggest?*', async (route) => {
    await held;
    await route.fallback();
  });
  await search.fill('3/12 Illawarra Rd Marr');
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('Enter');
  await expect(page.getByRole('status').filter({ hasText: 'Searching…' })).toBeVisible();
  await expect(search).toHaveValue('3/12 Illawarra Rd Marr');
  await expect(page.getByLabel('Street')).toHaveValue('');
  await expect(page.getByRole('heading', { name: 'New location' })).toBeVisible();

  release();
  await expect(page.getByRole('option').first()).toContainText('3/12 Illawarra Road, Marrickville');
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('Enter');
  await expect(page.getByLabel('Street')).toHaveValue('3/12 Illawarra Road');
  await expect(page.getByLabel('Suburb')).toHaveValue('Marrickville');
});
