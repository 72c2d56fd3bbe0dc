import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { type Browser, expect, type Page, test } from '@playwright/test';
import { checkScreen } from './axe-check.ts';
import { outboxMessageTo } from './outbox.ts';
import { openSignedInWithApi } from './page-api.ts';
import { anotherAddress, openSignedIn } from './sign-in.ts';

// Quotes of the demo organisation (Harbourside Plumbing & Gas): made in the office, emailed (to the outbox: the e2e
// server has no mail server), answered by the customer on the public page with no sign-in, then made into work.

const unique = () => randomBytes(3).toString('hex');

const quoteLink = (text: string) => /http:\/\/localhost:\d+\/q\/[A-Za-z0-9_-]{32}/.exec(text)?.[0] ?? '';

/** The customer's browser: a context of its own, never signed in, from an address of its own. */
async function customerPage(browser: Browser, viewport: { width: number; height: number }) {
  const context = await browser.newContext({ viewport, extraHTTPHeaders: anotherAddress() });
  return { context, page: await context.newPage() };
}

/** Emails the quote on screen to `to` from its viewer; the link its message holds. */
async function emailQuote(page: Page, number: number, to: string): Promise<string> {
  await page.getByRole('button', { name: 'Email', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: `Email quote ${number}` });
  await dialog.getByLabel(/^To/).fill(to);
  await checkScreen(page, 'the quote email dialog');
  await dialog.getByRole('button', { name: 'Send' }).click();
  await expect(
    page.getByText(
      `Quote ${number} is ready to go to ${to}. No mail server is set up, so the email waits in the Outbox.`,
    ),
  ).toBeVisible();
  await expect(page.getByRole('row', { name: /^Status Sent/ })).toBeVisible();
  const viewer = page.url();
  const body = await outboxMessageTo(page, to);
  expect(body).toContain('Accept or decline this quote online');
  expect(body).toContain(`quote-${number}.pdf`);
  const link = quoteLink(body);
  expect(link).not.toBe('');
  await page.goto(viewer);
  return link;
}

test('a quote with two options is emailed, accepted online as option B on a phone, and becomes a job ready to schedule with option B’s lines', async ({
  page,
  browser,
}) => {
  test.slow(); // the office, the outbox, the customer's phone, then the job and the scheduler
  const suffix = unique();
  const title = `Hot water: repair or replace (O'Brien & Sons) ${suffix}`;
  await openSignedIn(page, '/sales/quotes/search');
  await expect(page.getByRole('heading', { level: 1, name: 'Quotes' })).toBeVisible();
  await expect(page.getByRole('table', { name: 'Quotes' })).toBeVisible();
  await checkScreen(page, 'the quote list');
  await page.getByRole('link', { name: 'New quote' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'New quote' })).toBeVisible();
  await page.getByRole('combobox', { name: 'Customer' }).fill('Sunita');
  await page.getByRole('option', { name: /Sunita Patel/ }).click();
  await page.getByLabel('Title').fill(title);

  await page.getByRole('combobox', { name: 'Add from the catalogue' }).fill('PL-CALLOUT');
  await page.getByRole('option', { name: /PL-CALLOUT/ }).click();
  await page.getByRole('button', { name: 'Add a line' }).click();
  const repair = page.getByRole('group', { name: 'Line 2' });
  await repair.getByLabel('Description').fill('Replace the thermostat & relief valve');
  await repair.getByLabel('Quantity').fill('');
  await repair.getByLabel('Amount').fill('240');
  await repair.getByLabel('Option').fill('Option A: repair');
  await page.getByRole('combobox', { name: 'Add from the catalogue' }).fill('PL-HWS-EL250');
  await page.getByRole('option', { name: /PL-HWS-EL250/ }).click();
  await page.getByRole('group', { name: 'Line 3' }).getByLabel('Option').fill('Option B: replace');
  // $95.00 call-out in both: A $335.00 + GST, B $1,985.00 + GST.
  await expect(page.getByRole('group', { name: 'Totals, Option A: repair' })).toContainText('$368.50');
  await expect(page.getByRole('group', { name: 'Totals, Option B: replace' })).toContainText('$2,183.50');
  await checkScreen(page, 'the quote editor, two options');

  await page.getByRole('button', { name: 'Save as draft' }).click();
  const heading = page.getByRole('heading', { level: 1, name: /^Quote \d+$/ });
  await expect(heading).toBeVisible();
  const number = Number((await heading.textContent())?.replace('Quote ', ''));
  await expect(page.getByRole('row', { name: /^Status Draft/ })).toBeVisible();
  await checkScreen(page, 'the quote viewer, a draft with two options');

  const link = await emailQuote(page, number, `sunita-${suffix}@example.test`);

  // The customer, on their phone, with no sign-in: the quote, then option B accepted by name.
  const customer = await customerPage(browser, { width: 390, height: 844 });
  await customer.page.goto(link);
  await expect(
    customer.page.getByRole('heading', { level: 1, name: `Quote ${number}: ${title}` }),
  ).toBeVisible();
  await expect(customer.page.getByText('Harbourside Plumbing & Gas')).toBeVisible();
  expect(await customer.page.evaluate('document.documentElement.scrollWidth')).toBeLessThanOrEqual(390);
  await expect(customer.page.locator('meta[name="robots"]')).toHaveAttribute('content', 'noindex, nofollow');
  await checkScreen(customer.page, "the quote's public page on a phone");
  // The quote as a PDF, downloaded from the page: the same quote.
  const pdfLink = customer.page.getByRole('link', { name: 'Download the quote (PDF)' });
  await expect(pdfLink).toBeInViewport();
  const [download] = await Promise.all([customer.page.waitForEvent('download'), pdfLink.click()]);
  expect(download.suggestedFilename()).toBe(`quote-${number}.pdf`);
  const pdf = execFileSync('pdftotext', ['-layout', (await download.path()) ?? '', '-']).toString();
  expect(pdf).toContain(title);
  expect(pdf).toContain('$2,183.50');
  // By keyboard alone: the arrow picks option B, Tab goes on to the name, the tick and Accept.
  await customer.page.getByRole('radio', { name: 'Option A: repair: $368.50' }).focus();
  await customer.page.keyboard.press('ArrowDown');
  await expect(customer.page.getByRole('radio', { name: 'Option B: replace: $2,183.50' })).toBeChecked();
  await customer.page.keyboard.press('Tab');
  await expect(customer.page.getByLabel('Your name')).toBeFocused();
  await customer.page.keyboard.type("Siobhan O'Reilly");
  await customer.page.keyboard.press('Tab');
  await customer.page.keyboard.press('Space');
  await expect(
    customer.page.getByRole('checkbox', { name: 'I accept this quote and its terms' }),
  ).toBeChecked();
  await customer.page.keyboard.press('Tab');
  await expect(customer.page.getByRole('button', { name: 'Accept quote' })).toBeFocused();
  await customer.page.keyboard.press('Enter');
  await expect(customer.page.getByRole('status')).toContainText(
    "Siobhan O'Reilly accepted this quote (Option B: replace)",
  );
  await expect(customer.page.getByRole('button', { name: 'Accept quote' })).toHaveCount(0);
  await checkScreen(customer.page, "the quote's public page, accepted");
  await customer.context.close();

  // The office sees it Accepted, with who accepted it, and makes the job.
  await page.reload();
  await expect(page.getByRole('row', { name: /^Status Accepted/ })).toBeVisible();
  await expect(
    page.getByRole('row', { name: /^Answered online Accepted by Siobhan O'Reilly/ }),
  ).toBeVisible();
  await page.getByRole('button', { name: 'Create job' }).click();
  const made = page.getByText(new RegExp(`^Job \\d+ made from quote ${number}\\.$`));
  await expect(made).toBeVisible();
  const jobNumber = /^Job (\d+)/.exec((await made.textContent()) ?? '')?.[1] ?? '';
  await expect(page).toHaveURL(/\/jobs\/[0-9a-f-]{36}$/);
  await expect(
    page.getByRole('heading', { level: 1, name: new RegExp(`^Job ${jobNumber}\\b`) }),
  ).toBeVisible();
  await expect(page.getByRole('main')).toContainText('Ready to be scheduled');
  const lines = page.getByRole('table', { name: 'Line items' });
  await expect(lines).toContainText('Electric hot water system 250 L');
  await expect(lines).toContainText('Call-out fee');
  await expect(lines).not.toContainText('thermostat');

  // Ready on the scheduler, waiting for a technician.
  await page.goto('/scheduler');
  const readyList = page.getByRole('region', { name: /^Ready to be scheduled/ });
  await readyList.getByLabel('Search ready jobs').fill('Sunita');
  await expect(readyList.getByRole('link', { name: `Job ${jobNumber}`, exact: true })).toBeVisible();
});

test('a quote declined online shows its reason in the office; with the network cut the customer is told nothing was sent', async ({
  page,
  browser,
}) => {
  test.slow(); // the office, the outbox, the customer's browser offline and back, then the office on a phone
  const suffix = unique();
  const api = await openSignedInWithApi(page, '/sales/quotes/search');
  const customers = (await api.get('/api/customers?q=Cartwright')) as { id: string }[];
  const made = (await api.post('/api/sales/quotes', {
    customer: { id: customers[0]?.id },
    date: new Date().toISOString().slice(0, 10),
    title: `Switchboard upgrade ${suffix}`,
    lineItems: [{ description: 'Switchboard upgrade & RCDs', amount: '1450' }],
  })) as { id: string; number: number };
  await page.goto(`/sales/quotes/${made.id}`);
  await expect(page.getByRole('heading', { level: 1, name: `Quote ${made.number}` })).toBeVisible();
  const link = await emailQuote(page, made.number, `cartwright-${suffix}@example.test`);

  const customer = await customerPage(browser, { width: 1440, height: 900 });
  await customer.page.goto(link);
  await customer.page.getByRole('button', { name: 'Decline…' }).click();
  await customer.page
    .getByLabel('Why are you declining? (optional)')
    .fill("We've found someone closer & cheaper.");
  await customer.context.setOffline(true);
  await customer.page.getByRole('button', { name: 'Decline quote' }).click();
  await expect(customer.page.getByRole('alert')).toContainText(
    'Your answer was not sent; what you typed is still here.',
  );
  await customer.context.setOffline(false);
  await customer.page.getByRole('button', { name: 'Decline quote' }).click();
  await expect(customer.page.getByRole('status')).toContainText(
    "This quote was declined: “We've found someone closer & cheaper.”",
  );
  await checkScreen(customer.page, "the quote's public page, declined");
  // The link now says the quote was answered; the page shows nothing else to do.
  await customer.page.reload();
  await expect(customer.page.getByRole('status')).toContainText('This quote was declined');
  await expect(customer.page.getByRole('button', { name: 'Decline…' })).toHaveCount(0);
  await customer.context.close();

  // The office, on a phone: the viewer fits, and says why the customer declined.
  await page.setViewportSize({ width: 390, height: 844 });
  await page.reload();
  await expect(page.getByRole('row', { name: /^Status Declined/ })).toBeVisible();
  expect(await page.evaluate('document.documentElement.scrollWidth')).toBeLessThanOrEqual(390);
  await checkScreen(page, 'the quote viewer on a phone, declined');
  await expect(
    page.getByRole('row', { name: "Answered online Declined: We've found someone closer & cheaper." }),
  ).toBeVisible();
});

test('a link that is not valid says so, with no sign-in', async ({ browser }) => {
  const customer = await customerPage(browser, { width: 390, height: 844 });
  await customer.page.goto(`/q/${'A'.repeat(32)}`);
  await expect(customer.page.getByRole('heading', { level: 1, name: 'Quote not found' })).toBeVisible();
  await expect(customer.page.getByRole('alert')).toContainText('This link is not valid.');
  await checkScreen(customer.page, 'a quote link that is not valid');
  await customer.context.close();
});
