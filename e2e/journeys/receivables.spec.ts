import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { type Download, expect, type Locator, test } from '@playwright/test';
import { checkScreen } from './axe-check.ts';
import { lendPageApi, type PageApi } from './page-api.ts';
import { downloadBy } from './pdf-download.ts';
import { signUpWithNewOrganisation } from './sign-in.ts';

// The money owed, as the screens add it up: the aged receivables report against the invoice list and Home's overdue
// figure, its CSV; and the Xero files of Settings › Accounting export (docs/exports.md).

/**
 * A calendar date `days` from today (UTC). Every age below is days away from a column's edge, so the day the
 * organisation's time zone (Sydney) is on, a day either side of UTC's, never moves an invoice to another column.
 */
const day = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

/** An ISO date as Xero's files write it: 2026-11-20 → 20/11/2026. */
const xeroDate = (iso: string) => iso.split('-').reverse().join('/');

/** The customer the report and both files quote for its comma. */
const OBRIEN = "O'Brien & Sons, Plumbing";

interface Made {
  id: string;
  number: number;
  total: string;
}

/** An invoice of one line at GST, made through the API as a colleague would: Sent unless told. */
async function invoice(
  api: PageApi,
  customer: { id: string },
  line: { description: string; price: string },
  dates: { date: string; due: string },
  status: 'OPEN_DRAFT' | 'OPEN_SENT' | 'CLOSED_PAID' = 'OPEN_SENT',
): Promise<Made> {
  const rates = (await api.get('/api/tax-rates')) as { id: string; name: string }[];
  const gst = rates.find((rate) => rate.name === 'GST');
  if (!gst) throw new Error('A new organisation has GST');
  return (await api.post('/api/sales/invoices/', {
    customer,
    status,
    ...dates,
    lineItems: [{ ...line, quantity: '1', taxRate: { id: gst.id } }],
  })) as Made;
}

/** A table's column (by its header) in each row of its body, as text (as written: no CSS capitals). */
async function columnOf(table: Locator, header: string): Promise<string[]> {
  const headers = await table.getByRole('columnheader').allTextContents();
  const column = headers.findIndex((text) => text.trim() === header);
  expect(column, `the column ${header} among ${headers.join(', ')}`).toBeGreaterThanOrEqual(0);
  const rows = table.locator('tbody').getByRole('row');
  const texts: string[] = [];
  for (const row of await rows.all())
    texts.push(((await row.getByRole('cell').nth(column).textContent()) ?? '').trim());
  return texts;
}

/** A row's cells, as text: the row whose first cell is `first` (a customer, or Total in the footer). */
async function rowOf(table: Locator, first: string): Promise<string[]> {
  const row = table
    .getByRole('row')
    .filter({ has: table.page().getByRole('cell', { name: first, exact: true }) });
  await expect(row).toHaveCount(1);
  return (await row.getByRole('cell').allInnerTexts()).map((text) => text.trim());
}

/** '$1,234.50' in cents. */
const cents = (money: string) => Math.round(Number(money.replace(/[$,]/g, '')) * 100);

/** A downloaded CSV's lines (CRLF ends, as RFC 4180 writes them), a byte order mark kept if there is one. */
function csvLines(download: Download, text: string): string[] {
  expect(text.endsWith('\r\n'), `${download.suggestedFilename()} ends its last line with CRLF`).toBe(true);
  return text.slice(0, -2).split('\r\n');
}

test("the aged receivables report adds up what the invoice list shows: a figure's invoices, Home's overdue total and count, and its CSV", async ({
  page,
}) => {
  // An Owner of a new organisation, so the report and the lists hold only this journey's invoices.
  const api = await lendPageApi(page, () => signUpWithNewOrganisation(page, randomBytes(4).toString('hex')));
  const obrien = await api.post('/api/customers/', { name: OBRIEN });
  const bayside = await api.post('/api/customers/', { name: 'Bayside Dental' });
  const clarke = await api.post('/api/customers/', { name: 'Clarke Builders' });
  // O'Brien: $110.00 current; $220.00 and $330.00 less $130.00 paid 1–30 days past due; $88.00 31–60 days.
  const current = await invoice(
    api,
    obrien,
    { description: 'Service the hot water unit', price: '100' },
    { date: day(-5), due: day(14) },
  );
  const tenDays = await invoice(
    api,
    obrien,
    { description: 'Clear the stormwater drain', price: '200' },
    { date: day(-24), due: day(-10) },
  );
  const partPaid = await invoice(
    api,
    obrien,
    { description: 'Reline the sewer', price: '300' },
    { date: day(-30), due: day(-16) },
  );
  await api.post(`/api/sales/invoices/${partPaid.id}/payments`, {
    date: day(-8),
    amount: '130.00',
    method: 'BANK_TRANSFER',
    reference: 'NAB 88213',
  });
  await invoice(
    api,
    obrien,
    { description: 'Replace the tempering valve', price: '80' },
    { date: day(-59), due: day(-45) },
  );
  // Bayside Dental: $55.00 1–30 days past due, $44.00 current.
  await invoice(
    api,
    bayside,
    { description: 'Fix the steriliser tap', price: '50' },
    { date: day(-20), due: day(-6) },
  );
  await invoice(api, bayside, { description: 'Fit a mixer', price: '40' }, { date: day(-2), due: day(12) });
  // Owing nothing: a Paid invoice and a draft, both due in the past.
  await invoice(
    api,
    clarke,
    { description: 'Rough-in, stage 1', price: '500' },
    { date: day(-20), due: day(-6) },
    'CLOSED_PAID',
  );
  await invoice(
    api,
    clarke,
    { description: 'Rough-in, stage 2', price: '70' },
    { date: day(-24), due: day(-10) },
    'OPEN_DRAFT',
  );

  // 1. The report, from the invoice list: two customers who owe, the most owed first, then the totals.
  await page.goto('/sales/invoices/search');
  await page.getByRole('link', { name: 'Aged receivables', exact: true }).click();
  await expect(page).toHaveURL(/\/reports\/receivables$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Aged receivables' })).toBeVisible();
  const report = page.getByRole('table', { name: 'Aged receivables' });
  await expect(report.getByRole('row')).toHaveCount(4);
  expect(await report.getByRole('columnheader').allInnerTexts()).toEqual([
    'Customer',
    'Current',
    '1–30 days',
    '31–60 days',
    '61–90 days',
    '90+ days',
    'Total',
  ]);
  expect(await rowOf(report, OBRIEN)).toEqual([
    OBRIEN,
    '$110.00',
    '$420.00',
    '$88.00',
    '$0.00',
    '$0.00',
    '$618.00',
  ]);
  expect(await rowOf(report, 'Bayside Dental')).toEqual([
    'Bayside Dental',
    '$44.00',
    '$55.00',
    '$0.00',
    '$0.00',
    '$0.00',
    '$99.00',
  ]);
  const totals = await rowOf(report, 'Total');
  expect(totals).toEqual(['Total', '$154.00', '$475.00', '$88.00', '$0.00', '$0.00', '$717.00']);
  await expect(report.getByRole('row').nth(1)).toContainText(OBRIEN);
  await checkScreen(page, 'the aged receivables report');

  // 2. Its CSV: the columns' names, O'Brien quoted for the comma, money as plain decimals, the totals last.
  const csv = await downloadBy(page, 'Download CSV');
  expect(csv.suggestedFilename()).toMatch(/^receivables-\d{4}-\d{2}-\d{2}\.csv$/);
  const text = readFileSync(await csv.path(), 'utf8');
  expect(text.startsWith('\uFEFF'), 'a byte order mark, for Excel').toBe(true);
  expect(csvLines(csv, text.slice(1))).toEqual([
    'Customer,Current,1–30 days,31–60 days,61–90 days,90+ days,Total',
    `"${OBRIEN}",110.00,420.00,88.00,0.00,0.00,618.00`,
    'Bayside Dental,44.00,55.00,0.00,0.00,0.00,99.00',
    'Total,154.00,475.00,88.00,0.00,0.00,717.00',
  ]);

  // 3. O'Brien's 1–30 days opens the invoice list of exactly those invoices, whose amounts due add up to it.
  await page.getByRole('link', { name: `$420.00: ${OBRIEN}, 1–30 days`, exact: true }).click();
  await expect(page).toHaveURL(/\/sales\/invoices\/search\?q=/);
  const list = page.getByRole('table', { name: 'Invoices' });
  await expect(page.getByRole('status').filter({ hasText: /invoices?$/ })).toHaveText('2 invoices');
  await expect(list.getByRole('row')).toHaveCount(3);
  expect((await columnOf(list, 'Invoice')).sort()).toEqual(
    [`${tenDays.number}`, `${partPaid.number}`].sort(),
  );
  expect(new Set(await columnOf(list, 'Customer'))).toEqual(new Set([OBRIEN]));
  const due = await columnOf(list, 'Amount due');
  expect(due.map(cents).reduce((sum, amount) => sum + amount, 0)).toBe(cents('$420.00'));
  expect(due.sort()).toEqual(['$200.00', '$220.00']);
  expect(await columnOf(list, 'Invoice')).not.toContain(`${current.number}`);

  // 4. Home: what is past due is the report's past-due columns and count; its link lists those invoices.
  await page.goto('/');
  const receivables = page.getByRole('region', { name: 'Receivables' });
  // The past-due columns: 1–30, 31–60, 61–90 and 90+ days.
  const pastDue = totals.slice(2, 6).reduce((sum, money) => sum + cents(money), 0);
  expect(pastDue).toBe(cents('$563.00'));
  const overdue = receivables.getByRole('link', { name: /^Overdue: / });
  await expect(overdue).toHaveText('Overdue: $563.00 across 4 invoices');
  await overdue.click();
  await expect(page).toHaveURL(/\/sales\/invoices\/search\?q=overdue%3Atrue/);
  await expect(page.getByRole('searchbox', { name: 'Search' })).toHaveValue('overdue:true');
  await expect(page.getByRole('status').filter({ hasText: /invoices?$/ })).toHaveText('4 invoices');
  await expect(list.getByRole('row')).toHaveCount(5);
  const overdueDue = await columnOf(list, 'Amount due');
  expect(overdueDue.map(cents).reduce((sum, amount) => sum + amount, 0)).toBe(pastDue);
  const statuses = (await columnOf(list, 'Status')).map((status) => status.replace(/\s+/g, ' '));
  expect(new Set(statuses)).toEqual(new Set(['Sent Overdue']));
});

test('the Xero export: the invoices of the dates as Xero’s sales import, and their payments as a bank statement', async ({
  page,
}) => {
  const api = await lendPageApi(page, () => signUpWithNewOrganisation(page, randomBytes(4).toString('hex')));
  const obrien = await api.post('/api/customers/', { name: OBRIEN, billingEmail: 'accounts@obrien.example' });
  const bayside = await api.post('/api/customers/', { name: 'Bayside Dental' });
  const dates = { date: day(-20), due: day(-6) };
  const sent = await invoice(
    api,
    obrien,
    { description: 'Replace the hot water unit', price: '1200' },
    dates,
  );
  await api.post(`/api/sales/invoices/${sent.id}/payments`, {
    date: day(-3),
    amount: '395.50',
    method: 'BANK_TRANSFER',
    reference: 'NAB 88213',
  });
  const other = await invoice(
    api,
    bayside,
    { description: 'Fix the steriliser tap', price: '50' },
    { date: day(-10), due: day(4) },
  );
  const draft = await invoice(
    api,
    bayside,
    { description: 'Quote the new surgery', price: '70' },
    { date: day(-9), due: day(5) },
    'OPEN_DRAFT',
  );

  // 1. Settings › Accounting export, dates covering the invoices (and the days either side, for Sydney's today).
  await page.goto('/settings');
  await page.getByRole('link', { name: 'Accounting export', exact: true }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Accounting export' })).toBeVisible();
  const from = day(-30);
  const to = day(1);
  await page.getByLabel(/^From\s*\*?$/).fill(from);
  await page.getByLabel(/^To\s*\*?$/).fill(to);

  // 2. The invoices: Xero's template's columns, a row per line; O'Brien quoted, dates dd/mm/yyyy, GST on Income.
  const invoices = page.getByRole('region', { name: 'Invoices' });
  const invoiceFile = await downloadBy(page, 'Download invoices for Xero');
  expect(invoiceFile.suggestedFilename()).toBe(`xero-invoices-${from}-to-${to}.csv`);
  await expect(invoices.getByRole('status')).toContainText(
    `Saved xero-invoices-${from}-to-${to}.csv with 2 invoices. At Xero's import, choose Tax Exclusive.`,
  );
  const [header = '', ...rows] = csvLines(invoiceFile, readFileSync(await invoiceFile.path(), 'utf8'));
  expect(header.startsWith('*ContactName,EmailAddress,')).toBe(true);
  const columns = header.split(',');
  expect(columns).toContain('*InvoiceNumber');
  expect(columns).toHaveLength(29);
  expect(rows).toHaveLength(2);
  const obrienRow = rows.find((row) => row.startsWith(`"${OBRIEN}",`));
  expect(obrienRow, rows.join('\n')).toBeDefined();
  expect(obrienRow).toBe(
    `"${OBRIEN}",accounts@obrien.example,,,,,,,,,${sent.number},,${xeroDate(dates.date)},${xeroDate(dates.due)},` +
      ',,Replace the hot water unit,1,1200.00,,200,GST on Income,,,,,,,',
  );
  expect(rows.find((row) => row.startsWith('Bayside Dental,'))).toContain(`,${other.number},`);
  expect(rows.join('\n')).not.toContain(`,${draft.number},`);

  // 3. The payments: a bank statement line of money in, the invoice number its reference.
  const paymentFile = await downloadBy(page, 'Download payments for Xero');
  expect(paymentFile.suggestedFilename()).toBe(`xero-payments-${from}-to-${to}.csv`);
  await expect(page.getByRole('region', { name: 'Payments' }).getByRole('status')).toHaveText(
    `Saved xero-payments-${from}-to-${to}.csv with 1 payment.`,
  );
  expect(csvLines(paymentFile, readFileSync(await paymentFile.path(), 'utf8'))).toEqual([
    '*Date,*Amount,Payee,Description,Reference,Cheque Number',
    `${xeroDate(day(-3))},395.50,"${OBRIEN}","Invoice ${sent.number} (Bank transfer, ref NAB 88213)",${sent.number},`,
  ]);
});
