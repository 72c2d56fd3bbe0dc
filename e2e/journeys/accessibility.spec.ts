import { expect, type Page, test } from '@playwright/test';
import axe from 'axe-core';
import { apiMessages, customerFields, fieldErrorsOf } from '../../packages/domain/src/index.ts';
import { endSignIn, openSignedIn } from './sign-in.ts';
import { CUSTOMER_LISTS, nameFirstCustomerOneLongWord, ONE_WORD_NAME } from './wide-table.ts';

/**
 * Every screen through axe (WCAG 2.0 A and AA, 2.1 AA, colour contrast included), at a desktop's and a phone's
 * size, in the states a user meets: the shell with its menus open, lists, viewers with their menu and
 * confirmation open, empty editors and editors showing the server's refusal, the question before leaving
 * unsaved changes, notices, a list that could not load and a save that got no answer, each with its Retry,
 * and the pages outside the shell. Serious and critical violations fail the journey; each is listed with its
 * rule and the elements it was found on.
 */

const TAGS = ['wcag2a', 'wcag2aa', 'wcag21aa'];
const FAILING = new Set(['serious', 'critical']);
/** Elements named per violation; the rest are counted. */
const MAX_TARGETS = 5;

/** The demo data's customer with an ampersand, and an item code of the same organisation. */
const CUSTOMER = 'Manly Wharf Fish & Chips';
const ITEM = 'PL-CALLOUT';
/** The demo customer's one location. */
const LOCATION = 'Shop';

/** What the server says of a malformed email: the domain's check, the one the API makes. */
const invalidEmail = {
  error: 'VALIDATION_FAILED',
  message: apiMessages.invalidRequest,
  fieldErrors: fieldErrorsOf(customerFields.safeParse({ name: CUSTOMER, billingEmail: 'accounts@' })),
};

async function settled(page: Page): Promise<void> {
  await expect(page.getByRole('status').filter({ hasText: 'Loading...' })).toHaveCount(0);
  // Menus, dialogs and notices fade in: measure colours once they are there. (Browser code as text: the
  // journeys are type-checked without the DOM's types.)
  // Polled with evaluate: waitForFunction evaluates its text with eval, which the Content-Security-Policy refuses.
  const animating = "document.getAnimations().some((a) => a.playState === 'running')";
  await expect.poll(() => page.evaluate(animating)).toBe(false);
}

/** Runs axe on the page as it is; a serious or critical violation fails the journey (softly: all screens run). */
async function checkScreen(page: Page, screen: string): Promise<void> {
  await test.step(`axe: ${screen}`, async () => {
    await settled(page);
    if (!(await page.evaluate("'axe' in window"))) {
      await page.evaluate(axe.source);
    }
    const results = (await page.evaluate(
      `axe.run(document, { runOnly: { type: 'tag', values: ${JSON.stringify(TAGS)} } })`,
    )) as axe.AxeResults;
    const failures = results.violations
      .filter((violation) => FAILING.has(violation.impact ?? ''))
      .map((violation) => {
        const targets = violation.nodes.map((node) => node.target.join(' '));
        const more = targets.length > MAX_TARGETS ? ` and ${targets.length - MAX_TARGETS} more` : '';
        return `${violation.impact} ${violation.id} (${violation.help}): ${targets.slice(0, MAX_TARGETS).join(' | ')}${more}`;
      });
    expect.soft(failures, `serious or critical axe violations on ${screen}`).toEqual([]);
    // Colour contrast is measured, not switched off: axe says whether each text passed or failed it.
    const measured = [...results.passes, ...results.violations, ...results.incomplete];
    expect
      .soft(
        measured.map((rule) => rule.id),
        `colour contrast measured on ${screen}`,
      )
      .toContain('color-contrast');
  });
}

/** Presses Save while the server refuses a customer's save (POST or PUT) with the email's field error. */
async function saveRefused(page: Page, method: 'POST' | 'PUT'): Promise<void> {
  const customers = '**/api/customers/**';
  await page.route(customers, (route) =>
    route.request().method() === method
      ? route.fulfill({ status: 400, json: invalidEmail })
      : route.fallback(),
  );
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByRole('alert')).toContainText(apiMessages.invalidRequest);
  await page.unroute(customers);
}

async function checkCustomerScreens(page: Page): Promise<void> {
  await page.goto('/customers/search');
  await expect(page.getByRole('table', { name: 'Customers' })).toBeVisible();
  await checkScreen(page, 'customers list');
  await nameFirstCustomerOneLongWord(page);
  await page.reload();
  await expect(page.getByRole('link', { name: ONE_WORD_NAME })).toBeVisible();
  await checkScreen(page, 'customers list with a name of one long word (on a phone, broken to fit)');
  await page.unroute(CUSTOMER_LISTS);

  await page.getByRole('searchbox', { name: 'Search' }).fill('Fish & Chips');
  await page.keyboard.press('Enter');
  // The search's answer first: a click on the list before it was taken back by the search's own navigation.
  await expect(page.getByRole('status').filter({ hasText: /^1 customer$/ })).toBeVisible();
  await page.getByRole('table', { name: 'Customers' }).getByRole('link', { name: CUSTOMER }).click();
  await expect(page.getByRole('heading', { level: 1, name: CUSTOMER })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Locations' }).getByRole('table')).toBeVisible();
  await checkScreen(page, 'customer view');
  const customerUrl = page.url();

  await page.getByRole('button', { name: 'Actions' }).click();
  await expect(page.getByRole('menuitem', { name: 'Delete' })).toBeVisible();
  await checkScreen(page, 'customer view, Actions menu open');
  await page.getByRole('menuitem', { name: 'Delete' }).click();
  const dialog = page.getByRole('dialog', { name: `Delete customer ${CUSTOMER} and its location?` });
  await expect(dialog).toBeVisible();
  await checkScreen(page, 'customer view, delete confirmation');
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toHaveCount(0);

  await page.getByRole('link', { name: 'Edit' }).click();
  await expect(page.getByRole('heading', { name: 'Edit customer' })).toBeVisible();
  await checkScreen(page, 'customer edit');
  await saveRefused(page, 'PUT');
  await expect(page.getByLabel('Email')).toHaveAttribute('aria-invalid', 'true');
  await checkScreen(page, "customer edit, the server's validation error");

  await page.goto('/customers/new');
  await expect(page.getByRole('heading', { name: 'New customer' })).toBeVisible();
  await checkScreen(page, 'customer new');
  await page.getByRole('textbox', { name: 'Name', exact: true }).fill("O'Brien & Sons Plumbing");
  await saveRefused(page, 'POST');
  await checkScreen(page, "customer new, the server's validation error");
  await page.getByRole('textbox', { name: 'Name', exact: true }).fill('');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Enter the customer name.')).toBeVisible();
  await checkScreen(page, 'customer new, a required field left empty');

  await page.goto(`${customerUrl}/locations/new`);
  await expect(page.getByRole('heading', { name: 'New location' })).toBeVisible();
  await checkScreen(page, 'new location');
  await page.getByRole('combobox', { name: 'Address search' }).fill('1 George St, Sydn');
  await expect(page.getByRole('option').first()).toContainText('1 George Street');
  await checkScreen(page, 'new location, address suggestions open');

  await checkLocationScreens(page, customerUrl);
}

/** The demo customer's one location: its viewer, the delete question, its editor and its refused address. */
async function checkLocationScreens(page: Page, customerUrl: string): Promise<void> {
  await page.goto(customerUrl);
  await page.getByRole('region', { name: 'Locations' }).getByRole('link', { name: LOCATION }).click();
  await expect(page.getByRole('heading', { level: 1, name: LOCATION })).toBeVisible();
  await checkScreen(page, 'location view');
  await page.getByRole('button', { name: 'Actions' }).click();
  await page.getByRole('menuitem', { name: 'Delete' }).click();
  const dialog = page.getByRole('dialog', { name: `Delete location ${LOCATION}?` });
  await expect(dialog).toBeVisible();
  await checkScreen(page, 'location view, delete confirmation');
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toHaveCount(0);

  await page.getByRole('link', { name: 'Edit' }).click();
  await expect(page.getByRole('heading', { name: 'Edit location' })).toBeVisible();
  await checkScreen(page, 'location edit');
  await page.getByLabel('State').fill('Sydney');
  await page.getByLabel('Postcode').fill('ABCDE');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByLabel('Postcode')).toHaveAttribute('aria-invalid', 'true');
  await checkScreen(page, 'location edit, the state and postcode refused');
}

async function checkItemScreens(page: Page): Promise<void> {
  await page.goto('/items');
  await expect(page.getByRole('table', { name: 'Items' })).toBeVisible();
  await checkScreen(page, 'items list');

  await page.getByRole('searchbox', { name: 'Search' }).fill(ITEM);
  await page.keyboard.press('Enter');
  await page.getByRole('table', { name: 'Items' }).getByRole('link', { name: ITEM }).click();
  await expect(page.getByRole('heading', { level: 1, name: ITEM })).toBeVisible();
  await checkScreen(page, 'item view');

  await page.getByRole('link', { name: 'Edit' }).click();
  await expect(page.getByRole('heading', { name: 'Edit item' })).toBeVisible();
  await checkScreen(page, 'item edit');

  await page.goto('/items/new');
  await expect(page.getByRole('heading', { name: 'New item' })).toBeVisible();
  await checkScreen(page, 'item new');
  await page.getByLabel('Code').fill(ITEM);
  await page.getByLabel('Description').fill('Call-out fee, again');
  await page.getByLabel('Price').fill('95');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByRole('alert').getByRole('listitem')).toHaveText([
    'An item with this code already exists.',
  ]);
  await checkScreen(page, 'item new, the duplicate code refused');
}

/** The pages that are only a heading for now, and the settings and account pages. */
const SHELL_PAGES = [
  ['/scheduler', 'Scheduler'],
  ['/jobs/search', 'Jobs'],
  ['/sales', 'Sales'],
  ['/sales/invoices/search', 'Invoices'],
  ['/sales/quotes/search', 'Quotes'],
  ['/settings', 'Settings'],
  ['/settings/organisation', 'Organisation details'],
  ['/settings/users', 'Users'],
  ['/settings/taxes', 'Taxes'],
  ['/settings/templates', 'Templates'],
  ['/account', 'Account'],
  ['/account/organisations', 'Organisations'],
  ['/error/service-unavailable', 'Service Unavailable'],
] as const;

/** The shell (its skip link and user menu), the pages without records, and the pages outside the shell. */
async function checkShellScreens(page: Page): Promise<void> {
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await page.keyboard.press('Tab');
  await expect(page.getByRole('link', { name: 'Skip to content' })).toBeFocused();
  await checkScreen(page, 'home, the skip link in view');
  await page
    .getByRole('banner')
    .getByRole('button', { name: /signed in as/ })
    .click();
  await expect(page.getByRole('menuitem', { name: 'Sign out' })).toBeVisible();
  await checkScreen(page, 'home, the user menu open');
  await page.keyboard.press('Escape');

  for (const [path, heading] of SHELL_PAGES) {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
    await checkScreen(page, path);
  }
  await page.goto('/no/such/page');
  await expect(page.getByRole('heading', { level: 1, name: 'Page not found' })).toBeVisible();
  await checkScreen(page, 'page not found');
}

/** What a user sees when things go wrong or right: a notice, the question before leaving, Retry. */
async function checkStateScreens(page: Page): Promise<void> {
  await page.goto('/items/new');
  await expect(page.getByRole('heading', { name: 'New item' })).toBeVisible();
  await page.getByLabel('Code').fill(ITEM);
  await page.getByRole('link', { name: 'Cancel' }).click();
  await expect(page.getByRole('dialog', { name: 'Leave without saving?' })).toBeVisible();
  await checkScreen(page, 'item new, the question before leaving unsaved changes');
  await page.getByRole('button', { name: 'Stay on this page' }).click();

  await page.getByLabel('Description').fill('Call-out fee, again');
  await page.getByLabel('Price').fill('95');
  await page.route('**/api/items', (route) => route.abort('internetdisconnected'));
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByRole('alert').getByRole('button', { name: 'Retry' })).toBeVisible();
  await checkScreen(page, 'item new, a save that got no answer');
  await page.unroute('**/api/items');

  const itemLists = /\/api\/items\?/;
  await page.route(itemLists, (route) =>
    route.fulfill({
      status: 503,
      headers: { 'Retry-After': '2' },
      json: { error: 'SERVICE_UNAVAILABLE', message: apiMessages.databaseUnavailable, fieldErrors: [] },
    }),
  );
  await page.goto('/items');
  await expect(page.getByRole('alert').getByRole('button', { name: 'Retry' })).toBeVisible();
  await checkScreen(page, 'items list that could not load');
  await page.unroute(itemLists);
  await page.route(itemLists, (route) => route.abort('internetdisconnected'));
  await page.goto('/items');
  await expect(page.getByRole('alert')).toContainText('Fieldbook could not be reached.');
  await checkScreen(page, 'items list that could not reach Fieldbook');
  await page.unroute(itemLists);

  await page.goto('/');
  await page
    .getByRole('banner')
    .getByRole('button', { name: /signed in as/ })
    .click();
  await page.getByRole('menuitem', { name: 'Southern Cross Electrical' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Now working in' })).toBeVisible();
  await checkScreen(page, 'home, the notice after switching organisation');

  // The switch finishes its silent sign-in in the background; a menu opened while it lands is drawn afresh,
  // closed, so open it until Sign out shows.
  await expect(async () => {
    await page
      .getByRole('banner')
      .getByRole('button', { name: /signed in as/ })
      .click();
    await expect(page.getByRole('menuitem', { name: 'Sign out' })).toBeVisible({ timeout: 2_000 });
  }).toPass({ timeout: 20_000 });
  await page.getByRole('menuitem', { name: 'Sign out' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Signed out' })).toBeVisible();
  await checkScreen(page, 'signed out');
}

/**
 * The sign-in ends with a form open (the provider's session cookie gone, the token refused, its renewal refused):
 * the banner that asks to sign in again, and the same banner once its sign-in window was closed unused.
 */
async function checkEndedSession(page: Page): Promise<void> {
  await page.goto('/items/new');
  await page.getByLabel('Code').fill(`${ITEM}-2`);
  await page.getByLabel('Description').fill('Call-out fee, again');
  await page.getByLabel('Price').fill('95');
  await endSignIn(page, '/api/items');
  await page.getByRole('button', { name: 'Save' }).click();
  const banner = page.getByRole('status').filter({ hasText: 'Your sign-in has ended' });
  await expect(banner).toBeVisible();
  await checkScreen(page, 'item new, the sign-in ended');
  const popupOpened = page.waitForEvent('popup');
  await banner.getByRole('button', { name: 'Sign in' }).click();
  await (await popupOpened).close();
  await expect(banner.getByRole('alert')).toContainText(
    'The sign-in window was closed before you signed in.',
  );
  await checkScreen(page, 'item new, the sign-in window closed before signing in');
  await page.unrouteAll();
}

/** The jobs list, a demo job's viewer, its editor with a line, and a new job with its errors. */
async function checkJobScreens(page: Page): Promise<void> {
  await page.goto('/jobs/search');
  await expect(page.getByRole('table', { name: 'Jobs' })).toBeVisible();
  await checkScreen(page, 'jobs list');
  await page.getByRole('table', { name: 'Jobs' }).getByRole('link').first().click();
  await expect(page.getByRole('heading', { level: 1, name: /^Job \d+/ })).toBeVisible();
  await checkScreen(page, 'job');
  await page.getByRole('link', { name: 'Edit' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Edit job' })).toBeVisible();
  await page.getByRole('button', { name: 'Add a line' }).click();
  await checkScreen(page, 'job editor');
  await page.goto('/jobs/new');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Choose the customer.')).toBeVisible();
  await checkScreen(page, 'new job, refused');
}

for (const [device, viewport] of [
  ['desktop', { width: 1440, height: 900 }],
  ['phone', { width: 390, height: 844 }],
] as const) {
  test.describe(`accessibility at ${viewport.width}×${viewport.height}`, () => {
    test.describe.configure({ mode: 'serial' });
    test.use({ viewport });

    test(`customers, locations and items have no serious axe violations (${device})`, async ({ page }) => {
      test.setTimeout(180_000);
      await openSignedIn(page);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      // With the pointer on a header link: its text keeps its contrast on the hover's blue.
      if (device === 'desktop') await page.getByRole('banner').getByRole('link', { name: 'Jobs' }).hover();
      await checkScreen(page, device === 'desktop' ? 'home, the pointer on Jobs' : 'home');
      if (device === 'phone') {
        await page.getByRole('button', { name: 'Menu' }).click();
        await expect(page.getByRole('navigation', { name: 'Main' })).toBeVisible();
        await checkScreen(page, 'home, the navigation menu open');
        await page.getByRole('button', { name: 'Menu' }).click();
      }
      await checkCustomerScreens(page);
      await checkItemScreens(page);
    });

    test(`jobs have no serious axe violations (${device})`, async ({ page }) => {
      test.setTimeout(180_000);
      await openSignedIn(page);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      await checkJobScreens(page);
    });

    test(`the shell, the other pages and the states of errors and notices have no serious axe violations (${device})`, async ({
      page,
    }) => {
      test.setTimeout(180_000);
      await openSignedIn(page);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      await checkShellScreens(page);
      await checkStateScreens(page);
    });

    test(`the banner of an ended sign-in has no serious axe violations (${device})`, async ({ page }) => {
      await openSignedIn(page);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      await checkEndedSession(page);
    });
  });
}
