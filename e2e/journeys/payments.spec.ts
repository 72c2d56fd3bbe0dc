import { randomBytes } from 'node:crypto';
import { expect, type Locator, type Page, test } from '@playwright/test';
import { checkScreen } from './axe-check.ts';
import { lendPageApi, type PageApi } from './page-api.ts';
import { downloadBy, pdfText } from './pdf-download.ts';
import { signUpWithNewOrganisation } from './sign-in.ts';

/** A calendar date `days` from today (UTC): a week back is before today in every organisation's time zone. */
const day = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

/** A Sent invoice of one line at GST, made through the API as a colleague would. */
async function sentInvoice(
  api: PageApi,
  customer: { id: string },
  line: { description: string; price: string },
  dates: { date: string; due: string },
): Promise<{ id: string; number: number; total: string }> {
  const rates = (await api.get('/api/tax-rates')) as { id: string; name: string }[];
  const gst = rates.find((rate) => rate.name === 'GST');
  if (!gst) throw new Error('A new organisation has GST');
  return (await api.post('/api/sales/invoices/', {
    customer,
    status: 'OPEN_SENT',
    ...dates,
    lineItems: [{ ...line, quantity: '1', taxRate: { id: gst.id } }],
  })) as { id: string; number: number; total: string };
}

/** The viewer's Status row, Amount due row and whether Record payment is offered. */
async function expectBalance(page: Page, status: string, due: string): Promise<void> {
  await expect(page.getByRole('row', { name: new RegExp(`^Status ${status}`) })).toBeVisible();
  await expect(page.getByRole('row', { name: `Amount due ${due}`, exact: true })).toBeVisible();
}

/** A table's cell in the column with header `header`, in the row whose first cell is `first`. */
async function cellOf(table: Locator, first: string, header: string): Promise<Locator> {
  const headers = await table.getByRole('columnheader').allTextContents();
  const column = headers.findIndex((text) => text.trim() === header);
  expect(column, `the column ${header} among ${headers.join(', ')}`).toBeGreaterThanOrEqual(0);
  return table
    .getByRole('row')
    .filter({ has: table.page().getByRole('cell', { name: first, exact: true }) })
    .getByRole('cell')
    .nth(column);
}

test('payments on a Sent invoice: two recorded until Paid, one deleted, the PDF shows the rest, Paid in the editor records what is left, and the list shows what is due and what is overdue', async ({
  page,
}) => {
  // Five axe runs and a PDF: about 25 s alone, 40 s beside another journey on two busy cores.
  test.setTimeout(120_000);
  // An Owner of a new organisation, so the invoice list holds only this journey's invoices.
  const api = await lendPageApi(page, () => signUpWithNewOrganisation(page, randomBytes(4).toString('hex')));
  const customer = await api.post('/api/customers/', { name: "O'Brien & Sons Plumbing" });
  const invoice = await sentInvoice(
    api,
    customer,
    { description: 'Replace the tempering valve', price: '50.18' },
    { date: day(-7), due: day(7) },
  );
  expect(invoice.total).toBe('55.20');

  // 1. The viewer of a Sent invoice: nothing paid yet, and Record payment offered.
  await page.goto(`/sales/invoices/${invoice.id}`);
  await expect(page.getByRole('heading', { level: 1, name: `Invoice ${invoice.number}` })).toBeVisible();
  await expect(page.getByRole('row', { name: "Customer O'Brien & Sons Plumbing" })).toBeVisible();
  await expectBalance(page, 'Sent', '$55.20');
  const payments = page.getByRole('region', { name: 'Payments' });
  await expect(payments.getByText('No payments yet.')).toBeVisible();

  // 2. $20.00 by bank transfer with the bank's reference.
  await payments.getByRole('button', { name: 'Record payment' }).click();
  const recording = page.getByRole('dialog', { name: 'Record payment' });
  await expect(recording.getByRole('textbox', { name: 'Amount' })).toHaveValue('55.20');
  await expect(recording.getByText('Amount due: $55.20')).toBeVisible();
  await expect(recording.getByRole('combobox', { name: 'Method' })).toHaveValue('BANK_TRANSFER');
  await recording.getByRole('textbox', { name: 'Amount' }).fill('20.00');
  await recording.getByRole('textbox', { name: 'Reference' }).fill("O'Brien EFT 4417");
  // Money not yet received: a date after today is refused on its field, and nothing is sent.
  const date = recording.getByLabel('Date');
  const today = await date.inputValue();
  await date.fill(day(3));
  await recording.getByRole('button', { name: 'Save payment' }).click();
  await expect(recording.getByText(/^The payment date cannot be after today \(/)).toBeVisible();
  await expect(date).toBeFocused();
  await checkScreen(page, 'the payment dialog with a date after today');
  await date.fill(today);
  await checkScreen(page, 'the payment dialog');
  await recording.getByRole('button', { name: 'Save payment' }).click();
  await expect(page.getByText('Payment of $20.00 recorded. $35.20 is still due.')).toBeVisible();
  await expect(recording).toHaveCount(0);
  await expectBalance(page, 'Sent', '$35.20');
  await expect(page.getByRole('row', { name: 'Amount paid $20.00', exact: true })).toBeVisible();
  const table = payments.getByRole('table', { name: 'Payments' });
  await expect(table.getByRole('row')).toHaveCount(2);
  await expect(table.getByRole('row').nth(1)).toContainText(/Bank transfer\s*O'Brien EFT 4417\s*\$20\.00/);
  await checkScreen(page, 'the invoice viewer with a payment');

  // 3. The rest, $35.20 by card: the invoice is Paid and takes no more.
  await payments.getByRole('button', { name: 'Record payment' }).click();
  await expect(recording.getByRole('textbox', { name: 'Amount' })).toHaveValue('35.20');
  await recording.getByRole('combobox', { name: 'Method' }).selectOption({ label: 'Card' });
  await recording.getByRole('button', { name: 'Save payment' }).click();
  await expect(
    page.getByText(`Payment of $35.20 recorded. Invoice ${invoice.number} is paid.`),
  ).toBeVisible();
  await expectBalance(page, 'Paid', '$0.00');
  await expect(payments.getByRole('button', { name: 'Record payment' })).toHaveCount(0);
  await expect(payments.getByText('This invoice is paid.')).toBeVisible();
  await expect(table.getByRole('row')).toHaveCount(3);
  await expect(table.getByRole('row').filter({ hasText: 'Card' })).toContainText('$35.20');

  // 4. The first payment deleted, after its question: Sent again with $20.00 due.
  await payments.getByRole('button', { name: /^Delete payment of \$20\.00 on / }).click();
  const question = page.getByRole('dialog', { name: /^Delete the payment of \$20\.00 on .+\?$/ });
  await expect(question).toBeVisible();
  await checkScreen(page, 'the invoice viewer, asking before deleting a payment');
  await question.getByRole('button', { name: 'Delete payment' }).click();
  await expect(page.getByText(/^Payment of \$20\.00 on .+ deleted\.$/)).toBeVisible();
  await expectBalance(page, 'Sent', '$20.00');
  await expect(table.getByRole('row')).toHaveCount(2);
  await expect(table).not.toContainText('Bank transfer');
  await expect(payments.getByRole('button', { name: 'Record payment' })).toBeVisible();

  // 5. The PDF: the payment left, then the $20.00 due.
  const text = await pdfText(await downloadBy(page, 'PDF'));
  expect(text).toMatch(
    /Total \$55\.20 Paid \d{1,2} \w{3} \d{4} \(Card\) −\$35\.20 Amount due Due .+ \$20\.00/,
  );
  expect(text).not.toContain('Bank transfer');

  // 6. Paid chosen in the editor: the rest is recorded as a payment today, by method Other, after a question.
  await page.getByRole('link', { name: 'Edit' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Edit invoice' })).toBeVisible();
  await page.getByRole('combobox', { name: 'Status' }).selectOption({ label: 'Paid' });
  await page.getByRole('button', { name: 'Save' }).click();
  const remainder = page.getByRole('dialog', { name: 'Record the remaining $20.00 as a payment today?' });
  await expect(remainder).toBeVisible();
  await checkScreen(page, 'the invoice editor, asking before recording the rest');
  await remainder.getByRole('button', { name: 'Record payment and save' }).click();
  await expect(page.getByRole('heading', { level: 1, name: `Invoice ${invoice.number}` })).toBeVisible();
  await expect(page.getByText('Invoice saved.')).toBeVisible();
  await expectBalance(page, 'Paid', '$0.00');
  await expect(table.getByRole('row')).toHaveCount(3);
  await expect(table.getByRole('row').filter({ hasText: 'Other' })).toContainText('$20.00');
  await expect(payments.getByRole('button', { name: 'Record payment' })).toHaveCount(0);

  // 7. The list: nothing due on this one; another Sent invoice, due ten days ago, is Overdue.
  const overdue = await sentInvoice(
    api,
    customer,
    { description: 'Clear the stormwater drain', price: '180' },
    { date: day(-40), due: day(-10) },
  );
  await page.goto('/sales/invoices/search');
  const list = page.getByRole('table', { name: 'Invoices' });
  await expect(list.getByRole('row')).toHaveCount(3);
  await expect(await cellOf(list, `${invoice.number}`, 'Amount due')).toHaveText('$0.00');
  await expect(await cellOf(list, `${invoice.number}`, 'Status')).toHaveText('Paid');
  await expect(await cellOf(list, `${overdue.number}`, 'Status')).toHaveText(/^Sent\s*Overdue$/);
  await expect(await cellOf(list, `${overdue.number}`, 'Amount due')).toHaveText('$198.00');
  await checkScreen(page, 'the invoice list with a paid and an overdue invoice');
});
