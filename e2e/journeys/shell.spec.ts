import { randomBytes } from 'node:crypto';
import { expect, type Locator, type Page, test } from '@playwright/test';
import { DEMO, DEMO_TENANTS, endSignIn, openSignedIn, signInAs } from './sign-in.ts';
import { CUSTOMER_LISTS, nameFirstCustomerOneLongWord, ONE_WORD_NAME } from './wide-table.ts';

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

/** At least 44 px high, where a finger hits it (a link may be wider than the screen's part of its table). */
async function expectTallEnoughToTap(locator: Locator): Promise<void> {
  const { height } = await box(locator);
  expect.soft(height, `${locator} is tall enough to tap`).toBeGreaterThanOrEqual(TAP_TARGET);
}

/** The opacity of the shadow a table's frame draws on its left ('::before') or right ('::after') edge. */
function edgeShadow(frame: Locator, edge: '::before' | '::after'): Promise<string> {
  return frame.evaluate(
    (element, pseudo) => element.ownerDocument.defaultView?.getComputedStyle(element, pseudo).opacity ?? '',
    edge,
  );
}

/** Two boxes on the page share no point. */
function expectApart(a: { x: number; y: number; width: number; height: number }, b: typeof a, what: string) {
  const apart =
    a.x + a.width <= b.x || b.x + b.width <= a.x || a.y + a.height <= b.y || b.y + b.height <= a.y;
  expect.soft(apart, what).toBe(true);
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
    await expect(userMenu(page)).toHaveAccessibleName(`${DEMO_TENANTS[0]} – signed in as ${DEMO.name}`);
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
      'Quotes',
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
    await expect(userMenu(page)).toHaveAccessibleName(`${DEMO_TENANTS[1]} – signed in as ${DEMO.name}`);

    // Back from the new organisation's home: no sign-in callback to open again, still in the new organisation.
    await page.goto('/customers/search');
    await expect(page.getByRole('heading', { level: 1, name: 'Customers' })).toBeVisible();
    await page.goBack();
    await expect(page.getByRole('heading', { level: 1, name: DEMO_TENANTS[1] })).toBeVisible();
    await page.goBack();
    await expect(page).not.toHaveURL(/\/auth\/callback/);
    await expect(page.getByText('Sign-in failed')).toHaveCount(0);
    await expect(userMenu(page)).toHaveAccessibleName(`${DEMO_TENANTS[1]} – signed in as ${DEMO.name}`);
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

  test('a list fits the screen; its links are 44 px; a table wider than the screen scrolls in its box and says so', async ({
    page,
  }) => {
    await openSignedIn(page, '/customers/search');
    const table = page.getByRole('table', { name: 'Customers' });
    await expect(table).toBeVisible();
    await expectNoSidewaysScroll(page, '/customers/search');
    // The demo's customers fit (number and name): nothing says to scroll, and the table is no extra Tab stop.
    await expect(page.getByText('Scroll sideways for more columns.')).toHaveCount(0);
    await expect(page.getByRole('region', { name: 'Customers' })).toHaveCount(0);
    await expectTappable(page, table.getByRole('link').first());
    for (const link of (await table.getByRole('link').all()).slice(0, 5)) await expectTallEnoughToTap(link);

    await page.goto('/items');
    await expect(page.getByRole('table', { name: 'Items' })).toBeVisible();
    await expectTappable(
      page,
      page.getByRole('navigation', { name: 'Breadcrumb' }).getByRole('link', { name: 'Home' }),
    );
    await expectTallEnoughToTap(page.getByRole('table', { name: 'Items' }).getByRole('link').first());
    await expectNoSidewaysScroll(page, '/items');

    // A customer named as one long word (a web address): the name breaks to fit, and the table still fits.
    await nameFirstCustomerOneLongWord(page);
    await page.goto('/customers/search');
    await expect(table.getByRole('link', { name: ONE_WORD_NAME })).toBeInViewport({ ratio: 1 });
    await expectNoSidewaysScroll(page, 'a customer named as one long word');
    await expect(page.getByText('Scroll sideways for more columns.')).toHaveCount(0);
    await page.unroute(CUSTOMER_LISTS);

    // The jobs list has more columns than a phone shows: its table scrolls in its own box.
    await page.goto('/jobs/search');
    const region = page.getByRole('region', { name: 'Jobs' });
    await expect(region.getByRole('link').first()).toBeVisible();
    await expectNoSidewaysScroll(page, 'a jobs list wider than the screen');
    await expect(page.getByText('Scroll sideways for more columns.')).toBeVisible();
    await expect(region).toHaveAttribute('tabindex', '0');
    await expect(region).toHaveAccessibleDescription('Scroll sideways for more columns.');
    // A shadow on the right edge, where the columns go on; none on the left until it has scrolled.
    const frame = page.locator('.record-table-frame').filter({ has: region });
    await expect.poll(() => edgeShadow(frame, '::after')).toBe('1');
    await expect.poll(() => edgeShadow(frame, '::before')).toBe('0');

    // The keyboard scrolls it: now there is more on the left too.
    await region.focus();
    await page.keyboard.press('ArrowRight');
    await expect.poll(() => edgeShadow(frame, '::before')).toBe('1');
    await expect.poll(() => edgeShadow(frame, '::after')).toBe('1');
    // At the end, only the left edge is shaded.
    await region.evaluate((element) => element.scrollTo({ left: element.scrollWidth }));
    await expect.poll(() => edgeShadow(frame, '::after')).toBe('0');
    await expect.poll(() => edgeShadow(frame, '::before')).toBe('1');
    // The column that names the jobs stays at the left edge, the left shadow beside it.
    const firstJob = region.getByRole('link').first();
    await expect(firstJob).toBeInViewport({ ratio: 1 });
    const held = await box(region.getByRole('columnheader', { name: 'Job' }));
    expect(Math.abs(held.x - (await box(region)).x)).toBeLessThan(2);
    const shadowLeft = await frame.evaluate(
      (element) => element.ownerDocument.defaultView?.getComputedStyle(element, '::before').left ?? '',
    );
    expect(Math.abs(Number.parseFloat(shadowLeft) - held.width)).toBeLessThan(2);

    // The held column is as wide as its header: 'Invoice' is not broken over two lines.
    await page.goto('/sales/invoices/search');
    const invoices = page.getByRole('region', { name: 'Invoices' });
    await expect(invoices.getByRole('link').first()).toBeVisible();
    const [invoice, status] = [
      await box(invoices.getByRole('columnheader', { name: 'Invoice' })),
      await box(invoices.getByRole('columnheader', { name: 'Status' })),
    ];
    expect(invoice.height).toBe(status.height);
  });

  test('a notice sits at the bottom of the screen, clear of the heading and its buttons', async ({
    page,
  }) => {
    const name = `Notice Plumbing ${randomBytes(3).toString('hex')}`;
    await openSignedIn(page, '/customers/new');
    await page.getByRole('textbox', { name: 'Name', exact: true }).fill(name);
    await page.getByRole('button', { name: 'Save' }).tap();

    const heading = page.getByRole('heading', { level: 1, name });
    await expect(heading).toBeVisible();
    const notice = page.getByRole('status').filter({ hasText: 'Customer saved.' });
    await expect(notice).toBeVisible();
    const noticeBox = await box(notice);
    expectApart(noticeBox, await box(heading), 'the notice does not cover the heading');
    expectApart(
      noticeBox,
      await box(page.getByRole('link', { name: 'Edit' })),
      'the notice does not cover Edit',
    );
    // As wide as the screen but for a margin, at its bottom.
    expect.soft(noticeBox.x).toBeGreaterThanOrEqual(8);
    expect.soft(noticeBox.x + noticeBox.width).toBeLessThanOrEqual(390 - 8);
    expect.soft(noticeBox.width).toBeGreaterThanOrEqual(390 - 2 * 16);
    expect.soft(noticeBox.y + noticeBox.height).toBeLessThanOrEqual(844);
    expect.soft(noticeBox.y + noticeBox.height).toBeGreaterThanOrEqual(844 - 32);
    await expectTappable(page, notice.getByRole('button', { name: 'Dismiss' }));
  });

  test("a customer's breadcrumbs and contact details are links 44 px high", async ({ page }) => {
    await openSignedIn(page, '/customers/search?q=Fish');
    await page.getByRole('table', { name: 'Customers' }).getByRole('link').first().tap();
    await expect(page.getByRole('region', { name: 'Locations' })).toBeVisible();
    const breadcrumb = page.getByRole('navigation', { name: 'Breadcrumb' });
    await expectTappable(page, breadcrumb.getByRole('link', { name: 'Home' }));
    await expectTappable(page, breadcrumb.getByRole('link', { name: 'Customers' }));
    const contactLinks = await page
      .locator('a[href^="tel:"], a[href^="mailto:"], a[href*="google.com/maps"]')
      .all();
    expect(contactLinks.length, 'the customer has a phone, an email or an address').toBeGreaterThan(0);
    for (const link of contactLinks) await expectTallEnoughToTap(link);
  });
});

test.describe('editors and errors, by keyboard at 1440 × 900', () => {
  test.use({ viewport: { width: 1440, height: 900 } });

  test('the keyboard skips the header to the page, and the focus follows the pages it goes to', async ({
    page,
  }) => {
    await openSignedIn(page);
    await expect(page.getByRole('heading', { level: 1, name: DEMO_TENANTS[0] })).toBeVisible();
    // The office's buttons come with the user's role (membership); until then the page has nothing to Tab to.
    await expect(page.getByRole('link', { name: 'New customer' })).toBeVisible();

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
    const saved = page.getByRole('status').filter({ hasText: 'Item saved.' });
    await expect(saved).toBeVisible();
    // On a desktop a notice is at the top right, under the header.
    const savedBox = await box(saved);
    expect.soft(savedBox.x + savedBox.width).toBeGreaterThan(1440 - 32);
    expect.soft(savedBox.y).toBeLessThan(100);
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

  test('a save after the sign-in ended asks to sign in; signing in in a popup keeps the form, and Save saves it', async ({
    page,
  }) => {
    const code = `END-${randomBytes(3).toString('hex').toUpperCase()}`;
    await openSignedIn(page, '/items/new');
    await page.getByLabel('Code').fill(code);
    await page.getByLabel('Description').fill("O'Brien & Sons' hot water unit, supply & fit");
    await page.getByLabel('Price').fill('1180');

    // The session ends meanwhile (it ran out, or its user signed out elsewhere).
    await endSignIn(page, '/api/items');
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByRole('alert')).toContainText('Your sign-in has ended.');
    const banner = page.getByRole('status').filter({ hasText: 'Your sign-in has ended' });
    await expect(banner).toBeVisible();
    await page.unrouteAll();

    const popupOpened = page.waitForEvent('popup');
    await banner.getByRole('button', { name: 'Sign in' }).click();
    const popup = await popupOpened;
    await signInAs(popup);
    await popup.waitForEvent('close');

    await expect(banner).toBeHidden();
    await expect(page.getByLabel('Code')).toHaveValue(code);
    await expect(page.getByLabel('Description')).toHaveValue("O'Brien & Sons' hot water unit, supply & fit");
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByRole('heading', { level: 1, name: code })).toBeVisible();
    await expect(page.getByRole('row', { name: 'Price $1,180.00 excl. GST' })).toBeVisible();
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
