import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  addDays,
  calendarDateIn,
  calendarDateText,
  type Invoice,
  type Payment,
  paymentMessages,
  type TaxRate,
} from '@fieldbook/domain';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { type ApiClient, apiAs, fieldsOf } from '../../test-support/api-client.ts';
import { newMember, type TenantWithUser } from '../../test-support/factories.ts';
import { createCustomers } from '../../test-support/record-factories.ts';
import type { TestApp } from '../../test-support/test-app.ts';
import { withTwoTenants } from '../../test-support/two-tenants.ts';
import { invoices } from './invoice-tables.ts';
import { invoicePayments } from './payment-tables.ts';

const migrationsFolder = fileURLToPath(new URL('../../../drizzle', import.meta.url));

let t: TestApp;
let a: TenantWithUser;
let b: TenantWithUser;
let owner: ApiClient;
let office: ApiClient;
let technician: ApiClient;
let customerId: string;
let gst: TaxRate;

withTwoTenants((env) => ({ t, a, b } = env));

beforeAll(async () => {
  owner = apiAs(t, a.token);
  office = apiAs(t, (await newMember(t, a.tenant.tenantId, 'OFFICE')).token);
  technician = apiAs(t, (await newMember(t, a.tenant.tenantId, 'TECHNICIAN')).token);
  const [made] = await createCustomers(t, a.tenant.tenantId, [{ name: "O'Brien & Sons Plumbing" }]);
  if (!made) throw new Error('No customer');
  customerId = made.id;
  const rates = (await owner.get('/api/tax-rates')).json() as TaxRate[];
  gst = rates.find((rate) => rate.name === 'GST') as TaxRate;
});

/** An invoice of $55.20 with tax ($50.18 + 10 % GST, half-up per line), Sent unless told. */
async function newInvoice(more: Record<string, unknown> = {}): Promise<Invoice> {
  const made = await owner.post('/api/sales/invoices', {
    customer: { id: customerId },
    status: 'OPEN_SENT',
    date: '2026-11-02',
    due: '2026-11-16',
    lineItems: [
      {
        description: 'Replace hot water tap & washer',
        quantity: '1',
        price: '50.18',
        taxRate: { id: gst.id },
      },
    ],
    ...more,
  });
  expect(made.statusCode, made.body).toBe(201);
  return made.json();
}

const paymentsOf = (invoiceId: string) => `/api/sales/invoices/${invoiceId}/payments`;
const payment = (more: Record<string, unknown> = {}) => ({
  date: '2026-11-20',
  amount: '20.00',
  method: 'BANK_TRANSFER',
  reference: "O'Brien EFT 4417",
  ...more,
});

async function pay(invoiceId: string, more: Record<string, unknown> = {}, who = office): Promise<Payment> {
  const paid = await who.post(paymentsOf(invoiceId), payment(more));
  expect(paid.statusCode, paid.body).toBe(201);
  return paid.json();
}

const read = async (invoiceId: string): Promise<Invoice> =>
  (await owner.get(`/api/sales/invoices/${invoiceId}`)).json();

describe('payments against an invoice', () => {
  it('bring the amount due down, make the invoice Paid at its total, and Sent again when one is deleted', async () => {
    const invoice = await newInvoice();
    expect(invoice).toMatchObject({ total: '55.20', amountPaid: '0.00', amountDue: '55.20' });

    const first = await pay(invoice.id, { note: 'Deposit, paid at the door.' });
    expect(first).toMatchObject({
      amount: '20.00',
      method: 'BANK_TRANSFER',
      reference: "O'Brien EFT 4417",
      note: 'Deposit, paid at the door.',
      customer: { id: customerId, name: "O'Brien & Sons Plumbing" },
      invoice: {
        id: invoice.id,
        number: invoice.number,
        status: 'OPEN_SENT',
        amountPaid: '20.00',
        amountDue: '35.20',
      },
    });
    expect(first.recordedBy.name).not.toBeNull();
    const second = await pay(invoice.id, { date: '2026-11-25', amount: 35.2, method: 'CARD' });
    expect(second.invoice).toMatchObject({ status: 'CLOSED_PAID', amountPaid: '55.20', amountDue: '0.00' });

    // The invoice, read and listed, says the same.
    expect(await read(invoice.id)).toMatchObject({
      status: 'CLOSED_PAID',
      amountPaid: '55.20',
      amountDue: '0.00',
    });
    const listed = (await owner.get(`/api/sales/invoices?q=number:${invoice.number}`)).json() as Invoice[];
    expect(listed[0]).toMatchObject({ status: 'CLOSED_PAID', amountDue: '0.00' });
    const payments = (await owner.get(paymentsOf(invoice.id))).json() as Payment[];
    expect(payments.map((each) => [each.date, each.amount])).toEqual([
      ['2026-11-20', '20.00'],
      ['2026-11-25', '35.20'],
    ]);

    const deleted = await office.delete(`${paymentsOf(invoice.id)}/${first.id}`);
    expect(deleted.statusCode, deleted.body).toBe(204);
    expect(await read(invoice.id)).toMatchObject({
      status: 'OPEN_SENT',
      amountPaid: '35.20',
      amountDue: '20.00',
    });
  });

  it('are changed over the version read, the money following', async () => {
    const invoice = await newInvoice();
    const made = await pay(invoice.id);
    const url = `${paymentsOf(invoice.id)}/${made.id}`;
    const changed = await office.put(url, {
      ...payment({ amount: '55.20', method: 'CASH' }),
      updated: made.updated,
    });
    expect(changed.statusCode, changed.body).toBe(200);
    expect((changed.json() as Payment).invoice).toMatchObject({ status: 'CLOSED_PAID', amountDue: '0.00' });
    const stale = await office.put(url, { ...payment({ amount: '1.00' }), updated: made.updated });
    expect(stale.statusCode).toBe(409);
    const tooMuch = await office.put(url, {
      ...payment({ amount: '55.21' }),
      updated: (changed.json() as Payment).updated,
    });
    expect(tooMuch.statusCode).toBe(400);
    expect(fieldsOf(tooMuch)).toEqual(['amount']);
    expect(tooMuch.json().fieldErrors[0].message).toBe('This is more than the amount due: $55.20.');
  });

  it('are refused with a field error: over the amount due, nothing, before the invoice, after today, on a draft or cancelled one', async () => {
    const invoice = await newInvoice();
    await pay(invoice.id, { amount: '50.00' });
    const over = await office.post(paymentsOf(invoice.id), payment({ amount: '5.21' }));
    expect(over.statusCode).toBe(400);
    expect(over.json().fieldErrors).toEqual([
      { field: 'amount', message: 'This is more than the amount due: $5.20.' },
    ]);
    for (const amount of ['0', '0.00', '-5', 'ten'])
      expect(fieldsOf(await office.post(paymentsOf(invoice.id), payment({ amount })))).toEqual(['amount']);
    const early = await office.post(paymentsOf(invoice.id), payment({ date: '2026-11-01', amount: '1.00' }));
    expect(early.json().fieldErrors).toEqual([
      { field: 'date', message: 'The payment date cannot be before the invoice date (2 Nov 2026).' },
    ]);
    expect(fieldsOf(await office.post(paymentsOf(invoice.id), { amount: '1', method: 'IOU' }))).toEqual([
      'date',
      'method',
    ]);

    // Money not yet received: a date after today in the organisation's zone, recorded or changed to.
    const { timeZone } = (await owner.get('/api/organisation')).json() as { timeZone: string };
    const today = calendarDateIn(timeZone);
    // The server's today, a moment later, may be the next day.
    const todays = [today, addDays(today, 1)].map(calendarDateText);
    const later = await office.post(
      paymentsOf(invoice.id),
      payment({ date: addDays(today, 2), amount: '1.00' }),
    );
    expect(later.statusCode).toBe(400);
    expect(fieldsOf(later)).toEqual(['date']);
    expect(todays.map(paymentMessages.future)).toContain(later.json().fieldErrors[0].message);
    const [paid] = (await owner.get(paymentsOf(invoice.id))).json() as Payment[];
    if (!paid) throw new Error('No payment');
    const moved = await office.put(`${paymentsOf(invoice.id)}/${paid.id}`, {
      ...payment({ amount: paid.amount, date: '2099-01-01' }),
      updated: paid.updated,
    });
    expect(moved.statusCode).toBe(400);
    expect(fieldsOf(moved)).toEqual(['date']);
    expect(
      (await office.post(paymentsOf(invoice.id), payment({ date: today, amount: '1.00' }))).statusCode,
    ).toBe(201);

    for (const status of ['OPEN_DRAFT', 'CLOSED_CANCELLED']) {
      const unissued = await newInvoice({ status });
      const refused = await office.post(paymentsOf(unissued.id), payment());
      expect(refused.statusCode).toBe(400);
      expect(refused.json().fieldErrors[0].message).toMatch(/^Payments are recorded on a sent invoice/);
    }
    expect((await read(invoice.id)).amountPaid).toBe('51.00');
  });

  it('keep an invoice from being cancelled, made a draft or totalled below them (409 with the figures)', async () => {
    const invoice = await newInvoice();
    await pay(invoice.id, { amount: '20.00' });
    const current = await read(invoice.id);
    for (const status of ['CLOSED_CANCELLED', 'OPEN_DRAFT']) {
      const refused = await owner.put(`/api/sales/invoices/${invoice.id}`, { ...current, status });
      expect(refused.statusCode).toBe(409);
      expect(refused.json().message).toBe(
        'This invoice has a payment ($20.00 on 20 Nov 2026). Delete it first.',
      );
    }
    const cheaper = await owner.put(`/api/sales/invoices/${invoice.id}`, {
      ...current,
      lineItems: [{ description: 'Washer only', quantity: '1', price: '10', taxRate: { id: gst.id } }],
    });
    expect(cheaper.statusCode).toBe(409);
    expect(cheaper.json().message).toBe(
      'The new total, $11.00, is less than the $20.00 already paid. Delete a payment first, or keep the total at least what was paid.',
    );
    // A draft invoice cannot be deleted once sent anyway; nothing above was saved.
    expect(await read(invoice.id)).toMatchObject({
      status: 'OPEN_SENT',
      total: '55.20',
      amountPaid: '20.00',
    });
    // A total down to what was paid makes it Paid.
    const exact = await owner.put(`/api/sales/invoices/${invoice.id}`, {
      ...current,
      lineItems: [{ description: 'Call-out', amount: '20.00' }],
    });
    expect(exact.statusCode, exact.body).toBe(200);
    expect(exact.json()).toMatchObject({ status: 'CLOSED_PAID', total: '20.00', amountDue: '0.00' });
    const reopened = await owner.put(`/api/sales/invoices/${invoice.id}`, {
      ...(exact.json() as Invoice),
      status: 'OPEN_SENT',
    });
    expect(reopened.statusCode).toBe(400);
    expect(fieldsOf(reopened)).toEqual(['status']);
  });

  it('keep the customer who paid, and the invoice dated by its first payment (field errors)', async () => {
    const invoice = await newInvoice();
    await pay(invoice.id, { date: '2026-11-20' });
    await pay(invoice.id, { date: '2026-11-25' });
    const current = await read(invoice.id);
    const [other] = await createCustomers(t, a.tenant.tenantId, [{ name: 'Harbour Dental & Co' }]);

    const moved = await owner.put(`/api/sales/invoices/${invoice.id}`, {
      ...current,
      customer: { id: other?.id },
    });
    expect(moved.statusCode).toBe(400);
    expect(moved.json().fieldErrors).toEqual([
      {
        field: 'customer.id',
        message:
          'This invoice has payments from its customer, so the customer cannot change. Delete the payments first, ' +
          'or make a new invoice for the other customer.',
      },
    ]);
    const later = await owner.put(`/api/sales/invoices/${invoice.id}`, {
      ...current,
      date: '2026-11-21',
      due: '2026-12-05',
    });
    expect(later.statusCode).toBe(400);
    expect(later.json().fieldErrors).toEqual([
      { field: 'date', message: 'The invoice date cannot be after its first payment (20 Nov 2026).' },
    ]);
    expect(await read(invoice.id)).toEqual(current);

    // Up to the first payment's own date is fine.
    const onThatDay = await owner.put(`/api/sales/invoices/${invoice.id}`, {
      ...current,
      date: '2026-11-20',
      due: '2026-12-04',
    });
    expect(onThatDay.statusCode, onThatDay.body).toBe(200);
  });

  it('are recorded for the rest when an invoice is marked Paid, today in the organisation’s zone, method Other', async () => {
    const invoice = await newInvoice();
    await pay(invoice.id, { amount: '20.00' });
    const marked = await owner.put(`/api/sales/invoices/${invoice.id}`, {
      ...(await read(invoice.id)),
      status: 'CLOSED_PAID',
    });
    expect(marked.statusCode, marked.body).toBe(200);
    expect(marked.json()).toMatchObject({ status: 'CLOSED_PAID', amountPaid: '55.20', amountDue: '0.00' });
    expect(await read(invoice.id)).toMatchObject({
      status: 'CLOSED_PAID',
      amountPaid: '55.20',
      updated: marked.json().updated,
    });
    const payments = (await owner.get(paymentsOf(invoice.id))).json() as Payment[];
    const today = calendarDateIn('Australia/Sydney');
    expect(payments.map((each) => [each.amount, each.method])).toEqual([
      ['20.00', 'BANK_TRANSFER'],
      ['35.20', 'OTHER'],
    ]);
    expect([today, calendarDateIn('Australia/Melbourne')]).toContain(payments[1]?.date);

    // A new invoice made Paid was paid in full.
    const paidNew = await newInvoice({ status: 'CLOSED_PAID' });
    expect(paidNew).toMatchObject({ amountPaid: '55.20', amountDue: '0.00' });
    expect(await read(paidNew.id)).toEqual(paidNew);
    expect(
      ((await owner.get(paymentsOf(paidNew.id))).json() as Payment[]).map((each) => each.amount),
    ).toEqual(['55.20']);
  });

  it('recorded 20 at once never add up to more than the total: the database decides', async () => {
    const invoice = await newInvoice();
    const answers = await Promise.all(
      Array.from({ length: 20 }, () => office.post(paymentsOf(invoice.id), payment({ amount: '5.00' }))),
    );
    const codes = answers.map((answer) => answer.statusCode).sort();
    // $55.20 takes 11 payments of $5.00; the rest are more than the $0.20 left.
    expect(codes.filter((code) => code === 201)).toHaveLength(11);
    expect(codes.filter((code) => code === 400)).toHaveLength(9);
    const [row] = await t.database.db
      .select({ paid: invoices.amountPaid, total: invoices.total })
      .from(invoices)
      .where(and(eq(invoices.tenantId, a.tenant.tenantId), eq(invoices.id, invoice.id)));
    expect(row).toEqual({ paid: '55.00', total: '55.20' });
    const rows = await t.database.db
      .select()
      .from(invoicePayments)
      .where(eq(invoicePayments.invoiceId, invoice.id));
    expect(rows).toHaveLength(11);
  });

  it("are another organisation's as their invoice is: not found, and Technicians may not touch them", async () => {
    const invoice = await newInvoice();
    const made = await pay(invoice.id);
    const theirs = apiAs(t, b.token);
    expect((await theirs.get(paymentsOf(invoice.id))).statusCode).toBe(404);
    expect((await theirs.post(paymentsOf(invoice.id), payment())).statusCode).toBe(404);
    expect((await theirs.delete(`${paymentsOf(invoice.id)}/${made.id}`)).statusCode).toBe(404);
    for (const call of [
      () => technician.get(paymentsOf(invoice.id)),
      () => technician.post(paymentsOf(invoice.id), payment()),
      () => technician.put(`${paymentsOf(invoice.id)}/${made.id}`, { ...payment(), updated: made.updated }),
      () => technician.delete(`${paymentsOf(invoice.id)}/${made.id}`),
    ])
      expect((await call()).statusCode).toBe(403);
    // Another invoice's payment is not this invoice's.
    const other = await newInvoice();
    expect((await owner.delete(`${paymentsOf(other.id)}/${made.id}`)).statusCode).toBe(404);
    expect((await owner.delete(`${paymentsOf(invoice.id)}/not-a-uuid`)).statusCode).toBe(404);
    expect((await read(invoice.id)).amountPaid).toBe('20.00');
  });
});

describe('the list of every payment', () => {
  it('gives the payments of every invoice newest first, each with its invoice, and searches them', async () => {
    const first = await newInvoice();
    const second = await newInvoice();
    const older = await pay(first.id, {
      date: '2026-11-03',
      amount: '10.00',
      reference: 'Deposit & call-out',
    });
    const newer = await pay(second.id, {
      date: '2026-11-04',
      amount: '55.20',
      method: 'CHEQUE',
      reference: 'Chq 000417',
    });
    const read = await office.get(
      `/api/payments?q=${encodeURIComponent(`invoice.id:${first.id} OR invoice.id:${second.id}`)}`,
    );
    expect(read.statusCode, read.body).toBe(200);
    expect(read.headers['total-count']).toBe('2');
    const payments = read.json() as Payment[];
    expect(payments.map((each) => each.id)).toEqual([newer.id, older.id]);
    expect(payments[0]?.invoice).toMatchObject({ id: second.id, status: 'CLOSED_PAID', amountDue: '0.00' });
    expect(payments[1]).toEqual(older);
    const byWord = (await office.get(`/api/payments?q=${encodeURIComponent('000417')}`)).json() as Payment[];
    expect(byWord.map((each) => each.id)).toEqual([newer.id]);
    const byMethod = await office.get(
      `/api/payments?q=${encodeURIComponent(`method:CHEQUE AND date:2026-11-04`)}`,
    );
    expect((byMethod.json() as Payment[]).map((each) => each.id)).toContain(newer.id);
    expect((await office.get('/api/payments?q=method:IOU')).statusCode).toBe(400);
    expect((await technician.get('/api/payments')).statusCode).toBe(403);
    const theirs = (await apiAs(t, b.token).get('/api/payments?s=100')).json() as Payment[];
    expect(theirs.filter((each) => each.customer.id === customerId)).toEqual([]);
  });
});

describe('overdue invoices and what is due, in the list', () => {
  it('are found by overdue:true, amountDue and due ranges, today in the organisation’s zone', async () => {
    const [buyer] = await createCustomers(t, a.tenant.tenantId, [{ name: 'Late Payers & Co' }]);
    const customer = { id: buyer?.id };
    const today = calendarDateIn('Australia/Sydney');
    const past = '2026-10-01';
    const made = {
      overdue: await newInvoice({ customer, date: past, due: '2026-10-15' }),
      partPaidOverdue: await newInvoice({ customer, date: past, due: '2026-10-15' }),
      paid: await newInvoice({ customer, date: past, due: '2026-10-15', status: 'CLOSED_PAID' }),
      draft: await newInvoice({ customer, date: past, due: '2026-10-15', status: 'OPEN_DRAFT' }),
      dueToday: await newInvoice({ customer, date: today, due: today }),
    };
    await pay(made.partPaidOverdue.id, { date: '2026-10-20', amount: '50.00' });
    const numbersOf = async (q: string) => {
      const found = await owner.get(
        `/api/sales/invoices?q=${encodeURIComponent(`customer.id:${customer.id} AND ${q}`)}`,
      );
      expect(found.statusCode, found.body).toBe(200);
      expect(found.headers['total-count']).toBe(String((found.json() as Invoice[]).length));
      return (found.json() as Invoice[]).map((invoice) => invoice.number).sort((x, y) => x - y);
    };
    const numbers = (...invoices: Invoice[]) =>
      invoices.map((invoice) => invoice.number).sort((x, y) => x - y);
    expect(await numbersOf('overdue:true')).toEqual(numbers(made.overdue, made.partPaidOverdue));
    expect(await numbersOf('overdue:false')).toEqual(numbers(made.paid, made.draft, made.dueToday));
    expect(await numbersOf('amountDue:>0 AND status:OPEN_SENT')).toEqual(
      numbers(made.overdue, made.partPaidOverdue, made.dueToday),
    );
    expect(await numbersOf('amountDue:5.20')).toEqual(numbers(made.partPaidOverdue));
    expect(await numbersOf('amountDue:[0 TO 10]')).toEqual(numbers(made.partPaidOverdue, made.paid));
    expect(await numbersOf(`due:[2026-10-01 TO ${today}]`)).toEqual(numbers(...Object.values(made)));
    const wrong = await owner.get(`/api/sales/invoices?q=${encodeURIComponent('overdue:maybe')}`);
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().fieldErrors).toEqual([
      { field: 'q', message: 'overdue: write overdue:true or overdue:false' },
    ]);
  });
});

describe('migration 0034', () => {
  /** The migration's statement that starts with `start`, as the file has it. */
  const statementOf = (start: string) => {
    const file = readFileSync(path.join(migrationsFolder, '0034_invoice_payments.sql'), 'utf8');
    const found = file.split('--> statement-breakpoint').find((text) => text.includes(start));
    if (!found) throw new Error(`No statement with ${start}`);
    return found;
  };

  it('totals the invoices already there to the cent, as invoiceTotals does, tax inclusive and exclusive', async () => {
    const odd = await owner.post('/api/tax-rates', { name: 'Odd 12.5 %', rate: '12.5' });
    expect(odd.statusCode, odd.body).toBe(201);
    const lines = [
      { description: 'Labour', quantity: '3', price: '33.3333', taxRate: { id: gst.id } },
      { description: 'Parts', quantity: '7', price: '0.15', taxRate: { id: odd.json().id } },
      { description: 'Call-out fee', amount: '120.05' },
      { description: 'Disposal', quantity: '1', price: '0.05', taxRate: { id: gst.id } },
    ];
    const made = [
      await newInvoice({ lineItems: lines }),
      await newInvoice({ lineItems: lines, amountsEnteredIncludeTax: true }),
      await newInvoice({ lineItems: [] }),
    ];
    const ids = made.map((invoice) => invoice.id);
    await t.database.db
      .update(invoices)
      .set({ total: '0' })
      .where(and(eq(invoices.tenantId, a.tenant.tenantId), inArray(invoices.id, ids)));
    await t.database.db.execute(sql.raw(statementOf('UPDATE invoices SET total')));
    const rows = await t.database.db
      .select({ id: invoices.id, total: invoices.total })
      .from(invoices)
      .where(and(eq(invoices.tenantId, a.tenant.tenantId), inArray(invoices.id, ids)));
    const totals = new Map(rows.map((row) => [row.id, row.total]));
    expect(made.map((invoice) => totals.get(invoice.id))).toEqual(made.map((invoice) => invoice.total));
    expect(made.map((invoice) => invoice.total)).toEqual(['231.29', '221.15', '0.00']);
  });
});
