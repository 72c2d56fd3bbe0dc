import { expect, test } from '@playwright/test';
import { checkScreen } from './axe-check.ts';
import { openSignedIn } from './sign-in.ts';

// The demo organisation's Office member and a Technician (docs/team.md, Demo), each on a screen of their role and
// on one it may not use.

const OFFICE = { email: 'office@fieldbook.example', password: 'fieldbook-demo' };
const TECHNICIAN = { email: 'tech1@fieldbook.example', password: 'fieldbook-demo' };
const REFUSAL = 'Insufficient permissions. Please contact your administrator.';

test('a screen refused to the role shows only why: the Office at Users, a Technician at Invoices', async ({
  page,
  browser,
}) => {
  await openSignedIn(page, '/settings/users', OFFICE);
  await expect(page.getByRole('heading', { level: 1, name: 'Users' })).toBeVisible();
  await expect(page.getByRole('main').getByText(REFUSAL)).toBeVisible();
  await expect(page.getByRole('button', { name: 'Invite user' })).toHaveCount(0);
  await expect(page.getByRole('table')).toHaveCount(0);
  await checkScreen(page, "the Office's refused Users screen");

  const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
  const tech = await context.newPage();
  await openSignedIn(tech, '/sales/invoices', TECHNICIAN);
  await expect(tech.getByRole('heading', { level: 1, name: 'Invoices' })).toBeVisible();
  await expect(tech.getByRole('main').getByText(REFUSAL)).toBeVisible();
  await expect(tech.getByRole('link', { name: 'New invoice' })).toHaveCount(0);
  await expect(tech.getByRole('searchbox')).toHaveCount(0);
  await checkScreen(tech, "a Technician's refused Invoices screen");
  await context.close();
});

test("the Office's new invoice: 'Amounts include tax' is named by its label and described apart", async ({
  page,
}) => {
  await openSignedIn(page, '/sales/invoices/new', OFFICE);
  await expect(page.getByRole('heading', { level: 1, name: 'New invoice' })).toBeVisible();
  const amounts = page.getByRole('switch', { name: 'Amounts include tax', exact: true });
  await expect(amounts).toHaveAccessibleName('Amounts include tax');
  await expect(amounts).toHaveAccessibleDescription(
    'On: each amount already contains its tax. Off: tax is added to the amounts.',
  );
  const describedBy = await amounts.getAttribute('aria-describedby');
  await expect(page.locator(`[id="${describedBy}"]`)).toHaveText(
    'On: each amount already contains its tax. Off: tax is added to the amounts.',
  );
  await checkScreen(page, 'the new invoice');
});

test('the browser finds the icon at /favicon.ico', async ({ request }) => {
  const icon = await request.get('/favicon.ico');
  expect(icon.status()).toBe(200);
  expect(icon.headers()['content-type']).toMatch(/^image\//);
  expect((await icon.body()).readUInt16LE(2)).toBe(1); // an ICO file's type: icon
});
