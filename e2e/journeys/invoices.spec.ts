import { formatMoney } from '@fieldbook/domain';
import { expect, type Page, type Response, test } from '@playwright/test';
import { checkScreen } from './axe-check.ts';
import { openSignedIn } from './sign-in.ts';

interface SavedInvoice {
  id: string;
  number: number;
  subtotal: string;
  tax: string;
  total: string;
}

/** The invoice the server answered a save with. */
function savedInvoice(page: Page, method: 'POST' | 'PUT'): Promise<Response> {
  return page.waitForResponse(
    (response) => response.request().method() === method && /\/api\/sales\/invoices/.test(response.url()),
  );
}

/** Money as the screens show it: the domain's grouping and 2 decimals after a dollar sign. */
const money = (value: string) => `$${formatMoney(value)}`;

/** The editor's live totals, as they read on the screen. */
const editorTotals = (page: Page) => page.getByRole('group', { name: 'Totals' });

/** The viewer's Subtotal, Tax and Total rows equal the invoice the API gave. */
async function expectViewerTotals(page: Page, invoice: SavedInvoice): Promise<void> {
  for (const [label, value] of [
    ['Subtotal', invoice.subtotal],
    ['Tax', invoice.tax],
    ['Total', invoice.total],
  ] as const)
    await expect(page.getByRole('row', { name: `${label} ${money(value)}`, exact: true })).toBeVisible();
}

test('an invoice made by hand with lines at GST and GST free: totals exclusive, then inclusive of tax, as the API computes them', async ({
  page,
}) => {
  await openSignedIn(page, '/sales/invoices/search');
  await page.getByRole('link', { name: 'New invoice' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'New invoice' })).toBeVisible();

  await page.getByRole('combobox', { name: 'Customer' }).fill('Sunita');
  await page.getByRole('option', { name: /Sunita Patel/ }).click();
  await page.getByLabel('Reference').fill("PO 7781: O'Brien & Sons");

  await page.getByRole('combobox', { name: 'Add from the catalogue' }).fill('PL-LAB-HR');
  await page.getByRole('option', { name: /PL-LAB-HR/ }).click();
  const first = page.getByRole('group', { name: 'Line 1' });
  await first.getByLabel('Quantity').fill('2');
  await expect(first.getByLabel('Amount')).toHaveValue('240.00');
  await expect(first.getByLabel('Tax rate')).toHaveText(/GST \(10%\)/);
  await expect(first.getByLabel('Tax rate').locator('option:checked')).toHaveText('GST (10%)');

  await page.getByRole('button', { name: 'Add a line' }).click();
  const second = page.getByRole('group', { name: 'Line 2' });
  await second.getByLabel('Description').fill('Council permit & levy');
  await second.getByLabel('Quantity').fill('');
  await second.getByLabel('Amount').fill('57.35');
  await second.getByLabel('Tax rate').selectOption({ label: 'GST Free (0%)' });

  // 240.00 at 10 % and 57.35 at 0 %: tax 24.00 on top.
  await expect(editorTotals(page)).toHaveText('Subtotal$297.35Tax$24.00Total$321.35');
  await checkScreen(page, 'invoice new, two lines');

  const created = savedInvoice(page, 'POST');
  await page.getByRole('button', { name: 'Save' }).click();
  const exclusive = (await (await created).json()) as SavedInvoice;
  expect(exclusive).toMatchObject({ subtotal: '297.35', tax: '24.00', total: '321.35' });
  await expect(
    page.getByRole('heading', { level: 1, name: `Invoice ${exclusive.number}: PO 7781: O'Brien & Sons` }),
  ).toBeVisible();
  await expect(page.getByText('Invoice saved.')).toBeVisible();
  await expectViewerTotals(page, exclusive);
  await expect(
    page
      .getByRole('table', { name: 'Line items' })
      .getByRole('row', { name: /^Council permit & levy\s+GST Free \$57\.35$/ }),
  ).toBeVisible();

  // The same amounts, now including tax: 240.00 holds 21.82 of GST (1/11), and the total is the amounts.
  await page.getByRole('link', { name: 'Edit' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Edit invoice' })).toBeVisible();
  await expect(editorTotals(page)).toHaveText('Subtotal$297.35Tax$24.00Total$321.35');
  await page.getByRole('switch', { name: /Amounts include tax/ }).check();
  await expect(editorTotals(page)).toHaveText('Subtotal$297.35Tax$21.82Total$297.35');
  const updated = savedInvoice(page, 'PUT');
  await page.getByRole('button', { name: 'Save' }).click();
  const inclusive = (await (await updated).json()) as SavedInvoice;
  expect(inclusive).toMatchObject({ subtotal: '297.35', tax: '21.82', total: '297.35' });
  await expect(page.getByRole('row', { name: 'Amounts Amounts include tax' })).toBeVisible();
  await expectViewerTotals(page, inclusive);

  // Found by its reference on the list, with its amount.
  await page.goto('/sales/invoices/search?q=%22PO%207781%22');
  await expect(
    page
      .getByRole('table', { name: 'Invoices' })
      .getByRole('row', { name: new RegExp(`^${exclusive.number} PO 7781`) }),
  ).toContainText('297.35');
});

test('a job copied to an invoice through Copy to invoice, saved as a draft, then deleted from its viewer', async ({
  page,
}) => {
  await openSignedIn(page, '/jobs/search?q=status:CLOSED_COMPLETED');
  const jobs = page.getByRole('table', { name: 'Jobs' });
  await jobs.getByRole('row').nth(1).getByRole('link').first().click();
  await expect(page.getByRole('heading', { level: 1, name: /^Job \d+/ })).toBeVisible();
  await expect(page.getByRole('table', { name: 'Line items' })).toBeVisible();
  const heading = (await page.getByRole('heading', { level: 1 }).textContent()) ?? '';
  const jobNumber = /^Job (\d+)/.exec(heading)?.[1] ?? '';
  expect(jobNumber).not.toBe('');
  const customer =
    (await page
      .getByRole('row', { name: /^Customer / })
      .getByRole('link')
      .textContent()) ?? '';
  const jobLines = await page.getByRole('table', { name: 'Line items' }).getByRole('row').count();

  await page.getByRole('button', { name: 'Actions' }).click();
  await page.getByRole('menuitem', { name: 'Copy to invoice' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'New invoice' })).toBeVisible();
  await expect(page.getByRole('link', { name: `job ${jobNumber}` })).toBeVisible();
  await expect(page.getByRole('combobox', { name: 'Customer' })).toHaveValue(customer);
  const lines = page.getByRole('group', { name: /^Line \d+$/ });
  await expect(lines).toHaveCount(jobLines - 1); // the table's header row aside
  await expect(lines.first().getByLabel('Tax rate').locator('option:checked')).toHaveText('GST (10%)');
  await checkScreen(page, 'invoice new, copied from a job');

  const created = savedInvoice(page, 'POST');
  await page.getByRole('button', { name: 'Save' }).click();
  const invoice = (await (await created).json()) as SavedInvoice;
  await expect(
    page.getByRole('heading', { level: 1, name: new RegExp(`^Invoice ${invoice.number}`) }),
  ).toBeVisible();
  await expect(page.getByRole('row', { name: `Job Job ${jobNumber}` })).toBeVisible();
  await expect(page.getByRole('row', { name: 'Status Draft' })).toBeVisible();
  await expectViewerTotals(page, invoice);
  await checkScreen(page, 'invoice view');

  await page.getByRole('button', { name: 'Actions' }).click();
  await page.getByRole('menuitem', { name: 'Delete invoice' }).click();
  const question = page.getByRole('dialog', { name: `Delete invoice ${invoice.number}?` });
  await checkScreen(page, 'invoice view, asking before deleting');
  await question.getByRole('button', { name: 'Delete invoice' }).click();
  await expect(page.getByText(`Invoice ${invoice.number} deleted.`)).toBeVisible();
  await expect(page).toHaveURL(/\/sales\/invoices\/search/);
  await page.goto(`/sales/invoices/${invoice.id}`);
  await expect(page.getByText('Invoice not found.')).toBeVisible();
});

test.describe('the invoice editor on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('fits, and has no serious axe violations, new and with a refused save', async ({ page }) => {
    await openSignedIn(page, '/sales/invoices/new');
    await expect(page.getByRole('heading', { level: 1, name: 'New invoice' })).toBeVisible();
    await page.getByRole('button', { name: 'Add a line' }).click();
    await checkScreen(page, 'invoice new (phone)');
    expect(await page.evaluate('document.documentElement.scrollWidth')).toBeLessThanOrEqual(390);
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText('Choose the customer.')).toBeVisible();
    await checkScreen(page, 'invoice new, refused (phone)');
  });
});
