import { randomBytes } from 'node:crypto';
import { expect, type Locator, type Page, test } from '@playwright/test';
import { DEMO, DEMO_TENANTS, openSignedIn } from './sign-in.ts';

/** Apple's and WCAG 2.5.5's least size of a control a finger hits. */
const TAP_TARGET = 44;

/** The main pages, by the navigation's and the settings' links and a record of each kind. */
const MAIN_PAGES = [
  '/',
  '/scheduler',
  '/jobs/search',
  '/sales',
  '/sales/invoices/search',
  '/customers/search',
  '/customers/new',
  '/items',
  '/items/new',
  '/settings',
  '/settings/organisation',
  '/settings/users',
  '/settings/taxes',
  '/settings/templates',
  '/account',
  '/account/organisations',
];

async function box(locator: Locator) {
  const found = await locator.boundingBox();
  if (!found) throw new Error(`${locator} is not on screen`);
  return found;
}

/** Wholly on screen, and at least 44 px each way. */
async function expectTappable(page: Page, locator: Locator): Promise<void> {
  await expect(locator).toBeVisible();
  const { x, y, width, height } = await box(locator);
  const viewport = page.viewportSize() ?? { width: 0, height: 0 };
  expect.soft(x, `${locator} starts on screen`).toBeGreaterThanOrEqual(0);
  expect.soft(x + width, `${locator} ends on screen`).toBeLessThanOrEqual(viewport.width);
  expect.soft(y + height, `${locator} is above the bottom`).toBeLessThanOrEqual(viewport.height);
  expect.soft(width, `${locator} is wide enough to tap`).toBeGreaterThanOrEqual(TAP_TARGET);
  expect.soft(height, `${locator} is tall enough to tap`).toBeGreaterThanOrEqual(TAP_TARGET);
}

/** The page is no wider than the screen: nothing to scroll sideways but a table's own scroller. */
async function expectNoSidewaysScroll(page: Page, path: string): Promise<void> {
  const widths = await page.evaluate('[document.documentElement.scrollWidth, window.innerWidth]');
  const [scrollWidth, innerWidth] = widths as [number, number];
  expect
    .soft(scrollWidth, `${path} is ${scrollWidth} px wide on a ${innerWidth} px screen`)
    .toBeLessThanOrEqual(innerWidth);
}

const userMenu = (page: Page) => page.getByRole('banner').getByRole('button', { name: DEMO.name });

test.describe('the shell on a 390 × 844 phone', () => {
  test.use({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });

  test('the header fits: Menu, home, the organisation and the user menu are on screen and 44 px', async ({
    page,
  }) => {
    await openSignedIn(page);
    await expect(page.getByRole('heading', { level: 1, name: DEMO_TENANTS[0] })).toBeVisible();

    const banner = page.getByRole('banner');
    await expectTappable(page, banner.getByRole('button', { name: 'Menu' }));
    await expectTappable(page, banner.getByRole('link', { name: 'Fieldbook' }));
    await expectTappable(page, userMenu(page));
    await expect(userMenu(page)).toHaveAccessibleName(`${DEMO_TENANTS[0]}, signed in as ${DEMO.name}`);
    await expect(banner.getByText(DEMO_TENANTS[0])).toBeVisible();
  });

  test('opens the menu by tap and reaches every section, Settings too', async ({ page }) => {
    await openSignedIn(page);
    await expect(page.getByRole('heading', { level: 1, name: DEMO_TENANTS[0] })).toBeVisible();

    await page.getByRole('button', { name: 'Menu' }).tap();
    const nav = page.getByRole('navigation', { name: 'Main' });
    await expect(nav.getByRole('link')).toHaveText([
      'Scheduler',
      'Jobs',
      'Invoices',
      'Customers',
      'Items',
      'Settings',
    ]);
    for (const link of await nav.getByRole('link').all()) await expectTappable(page, link);

    await nav.getByRole('link', { name: 'Settings' }).tap();
    const heading = page.getByRole('heading', { level: 1, name: 'Settings' });
    await expect(heading).toBeVisible();
    await expect(heading).toBeFocused();
    await expect(page.getByRole('navigation', { name: 'Main' })).toHaveCount(0);

    await page.getByRole('button', { name: 'Menu' }).tap();
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Items' }).tap();
    await expect(page.getByRole('heading', { level: 1, name: 'Items' })).toBeVisible();
    await expect(page.getByRole('navigation', { name: 'Breadcrumb' })).toContainText('Home');
  });

  test('switches organisation from the user menu, and says which one is now active', async ({ page }) => {
    await openSignedIn(page);
    await expect(page.getByRole('heading', { level: 1, name: DEMO_TENANTS[0] })).toBeVisible();

    await userMenu(page).tap();
    const other = page.getByRole('menuitem', { name: DEMO_TENANTS[1] });
    await expectTappable(page, other);
    await other.tap();

    await expect(page.getByRole('heading', { level: 1, name: DEMO_TENANTS[1] })).toBeVisible();
    await expect(
      page.getByRole('status').filter({ hasText: `Now working in ${DEMO_TENANTS[1]}.` }),
    ).toBeVisible();
    await expect(userMenu(page)).toHaveAccessibleName(`${DEMO_TENANTS[1]}, signed in as ${DEMO.name}`);
  });

  test('signs out from the user menu, and says so', async ({ page }) => {
    await openSignedIn(page);
    await expect(page.getByRole('heading', { level: 1, name: DEMO_TENANTS[0] })).toBeVisible();

    await userMenu(page).tap();
    await page.getByRole('menuitem', { name: 'Sign out' }).tap();

    await expect(page.getByRole('heading', { level: 1, name: 'Signed out' })).toBeVisible();
    await expect(page.getByText('You have signed out of Fieldbook.')).toBeVisible();
    await page.getByRole('button', { name: 'Sign in again' }).tap();
    await expect(page.getByRole('heading', { name: 'Sign in' })).toBeVisible();
    // The home page asks for sign-in again, as any page does.
    await page.goto('/settings');
    await expect(page.getByRole('heading', { name: 'Sign in' })).toBeVisible();
  });

  test('no main page is wider than the screen', async ({ page }) => {
    test.setTimeout(120_000);
    await openSignedIn(page);
    await expect(page.getByRole('heading', { level: 1, name: DEMO_TENANTS[0] })).toBeVisible();
    for (const path of MAIN_PAGES) {
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      await expect(page.getByRole('status').filter({ hasText: 'Loading...' })).toHaveCount(0);
      await expectNoSidewaysScroll(page, path);
    }

    // A record of each kind, with the longest names the demo has.
    await page.goto('/customers/search?q=Fish');
    await page.getByRole('table', { name: 'Customers' }).getByRole('link').first().tap();
    await expect(page.getByRole('region', { name: 'Locations' })).toBeVisible();
    await expectNoSidewaysScroll(page, 'a customer');
    await page.getByRole('link', { name: 'Edit' }).tap();
    await expect(page.getByRole('heading', { level: 1, name: 'Edit customer' })).toBeVisible();
    await expectNoSidewaysScroll(page, "a customer's editor");

    await page.goto('/items?q=GAS');
    await page.getByRole('table', { name: 'Items' }).getByRole('link').first().tap();
    await expect(page.getByRole('row', { name: /^Price \$[\d,]+\.\d\d excl\. GST$/ })).toBeVisible();
    await expectNoSidewaysScroll(page, 'an item');
  });
});

test.describe('editors and errors, by keyboard at 1440 × 900', () => {
  test.use({ viewport: { width: 1440, height: 900 } });

  test('the keyboard skips the header to the page, and the focus follows the pages it goes to', async ({
    page,
  }) => {
    await openSignedIn(page);
    await expect(page.getByRole('heading', { level: 1, name: DEMO_TENANTS[0] })).toBeVisible();

    await page.keyboard.press('Tab');
    await expect(page.getByRole('link', { name: 'Skip to content' })).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(page.getByRole('heading', { level: 1, name: DEMO_TENANTS[0] })).toBeFocused();
    await page.keyboard.press('Tab');
    await expect(page.getByRole('link', { name: 'New customer' })).toBeFocused();

    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Items' }).focus();
    await page.keyboard.press('Enter');
    await expect(page.getByRole('heading', { level: 1, name: 'Items' })).toBeFocused();
  });

  test('an item: Ctrl+S saves it with a notice, unsaved changes are asked about, Cancel leaves', async ({
    page,
  }) => {
    const code = `SHELL-${randomBytes(3).toString('hex').toUpperCase()}`;
    await openSignedIn(page, '/items/new');
    await expect(page.getByRole('heading', { level: 1, name: 'New item' })).toBeVisible();
    await expect(page.getByLabel('Price')).toHaveAccessibleDescription('Dollars and cents, excl. GST');

    await page.getByLabel('Code').fill(code);
    await page.getByLabel('Description').fill('Hot water system flush, per hour');
    // Leaving now asks first; staying keeps what was typed.
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Customers' }).click();
    const leave = page.getByRole('dialog', { name: 'Leave without saving?' });
    await expect(leave).toBeVisible();
    await expect(leave.getByRole('button', { name: 'Stay on this page' })).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(leave).toHaveCount(0);
    await expect(page.getByLabel('Code')).toHaveValue(code);

    // Closing the tab asks the browser's own question.
    const closing = page.waitForEvent('dialog');
    void page.close({ runBeforeUnload: true });
    const question = await closing;
    expect(question.type()).toBe('beforeunload');
    await question.dismiss();
    await expect(page.getByLabel('Code')).toHaveValue(code);

    await page.getByLabel('Price').fill('185');
    await page.getByLabel('Price').press('Control+s');
    await expect(page.getByRole('heading', { level: 1, name: code })).toBeVisible();
    await expect(page.getByRole('status').filter({ hasText: 'Item saved.' })).toBeVisible();
    await expect(page.getByRole('row', { name: 'Price $185.00 excl. GST' })).toBeVisible();

    await page.getByRole('link', { name: 'Edit' }).click();
    await page.getByLabel('Price').fill('190');
    await page.getByRole('link', { name: 'Cancel' }).click();
    await page
      .getByRole('dialog', { name: 'Leave without saving?' })
      .getByRole('button', { name: 'Leave without saving' })
      .click();
    await expect(page.getByRole('row', { name: 'Price $185.00 excl. GST' })).toBeVisible();

    // Deleted by keyboard: the Actions menu, its Delete, the question's Delete.
    await page.getByRole('button', { name: 'Actions' }).press('Enter');
    await page.getByRole('menuitem', { name: 'Delete' }).press('Enter');
    const deleteQuestion = page.getByRole('dialog', { name: `Delete item ${code}?` });
    await deleteQuestion.getByRole('button', { name: 'Delete' }).press('Enter');
    await expect(page.getByRole('status').filter({ hasText: `Item ${code} deleted.` })).toBeVisible();
    await expect(page.getByRole('heading', { level: 1, name: 'Items' })).toBeFocused();
  });

  test('a save that cannot reach Fieldbook says nothing was saved, and Retry saves it', async ({ page }) => {
    const code = `NET-${randomBytes(3).toString('hex').toUpperCase()}`;
    await openSignedIn(page, '/items/new');
    await page.getByLabel('Code').fill(code);
    await page.getByLabel('Description').fill('Tempering valve, supply and fit');
    await page.getByLabel('Price').fill('245.5');

    await page.route('**/api/items', (route) => route.abort('internetdisconnected'));
    await page.getByRole('button', { name: 'Save' }).click();
    const alert = page.getByRole('alert');
    await expect(alert).toContainText('Not saved');
    await expect(alert).toContainText('Fieldbook could not be reached.');
    await page.unroute('**/api/items');

    await alert.getByRole('button', { name: 'Retry' }).click();
    await expect(page.getByRole('heading', { level: 1, name: code })).toBeVisible();
    await expect(page.getByRole('row', { name: 'Price $245.50 excl. GST' })).toBeVisible();
  });

  test('a duplicate code is shown on Code, and goes when the code changes', async ({ page }) => {
    await openSignedIn(page, '/items/new');
    await page.getByLabel('Code').fill('PL-CALLOUT');
    await page.getByLabel('Description').fill('Call-out fee, again');
    await page.getByLabel('Price').fill('95');
    await page.getByRole('button', { name: 'Save' }).click();

    const code = page.getByLabel('Code');
    await expect(code).toHaveAttribute('aria-invalid', 'true');
    await expect(code).toHaveAccessibleDescription('An item with this code already exists.');
    await code.press('End');
    await code.pressSequentially('-2');
    await expect(code).not.toHaveAttribute('aria-invalid', 'true');
  });

  test('a list that cannot load says so, and Retry loads it', async ({ page }) => {
    await openSignedIn(page);
    await expect(page.getByRole('heading', { level: 1, name: DEMO_TENANTS[0] })).toBeVisible();
    await page.route(/\/api\/items\?/, (route) =>
      route.fulfill({
        status: 503,
        headers: { 'Retry-After': '2' },
        json: {
          error: 'SERVICE_UNAVAILABLE',
          message: 'The service is currently unavailable. Please try again in a few minutes.',
          fieldErrors: [],
        },
      }),
    );
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Items' }).click();
    const alert = page.getByRole('alert');
    await expect(alert).toContainText('Service unavailable. Please try again in a few minutes.');

    await page.unroute(/\/api\/items\?/);
    await alert.getByRole('button', { name: 'Retry' }).click();
    await expect(page.getByRole('table', { name: 'Items' })).toBeVisible();
    await expect(alert).toHaveCount(0);
  });
});
