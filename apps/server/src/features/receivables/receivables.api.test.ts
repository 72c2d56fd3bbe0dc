import type { Receivables, TaxRate } from '@fieldbook/domain';
import { beforeAll, describe, expect, it } from 'vitest';
import { type ApiClient, apiAs, fieldsOf } from '../../test-support/api-client.ts';
import { createTenantWithUser, newMember, type TenantWithUser } from '../../test-support/factories.ts';
import { createCustomers } from '../../test-support/record-factories.ts';
import type { TestApp } from '../../test-support/test-app.ts';
import { withTwoTenants } from '../../test-support/two-tenants.ts';

let t: TestApp;
let b: TenantWithUser;
let owner: ApiClient;
let office: ApiClient;
let technician: ApiClient;
let tenantId: string;
let gst: TaxRate;

withTwoTenants((env) => ({ t, b } = env));

beforeAll(async () => {
  // An organisation of its own: the report adds up all its invoices.
  const made = await createTenantWithUser(t, 'Aged & Co Electrical');
  tenantId = made.tenant.tenantId;
  owner = apiAs(t, made.token);
  office = apiAs(t, (await newMember(t, tenantId, 'OFFICE')).token);
  technician = apiAs(t, (await newMember(t, tenantId, 'TECHNICIAN')).token);
  gst = ((await owner.get('/api/tax-rates')).json() as TaxRate[]).find(
    (rate) => rate.name === 'GST',
  ) as TaxRate;
});

/** A Sent invoice of $110.00 ($100 + GST) due on `due`, paid `paid`. */
async function owing(customerId: string, due: string, paid?: string, status = 'OPEN_SENT') {
  const made = await owner.post('/api/sales/invoices', {
    customer: { id: customerId },
    status,
    date: '2026-06-01',
    due,
    lineItems: [
      { description: "Switchboard upgrade & RCD's", quantity: '1', price: '100', taxRate: { id: gst.id } },
    ],
  });
  expect(made.statusCode, made.body).toBe(201);
  if (paid) {
    const payment = await owner.post(`/api/sales/invoices/${made.json().id}/payments`, {
      date: '2026-06-02',
      amount: paid,
      method: 'CASH',
    });
    expect(payment.statusCode, payment.body).toBe(201);
  }
}

describe('the aged receivables report', () => {
  it('puts each Sent invoice’s amount due in its column as at a date, by customer, with totals', async () => {
    const [obrien, harbour, paidUp] = await createCustomers(t, tenantId, [
      { name: "O'Brien & Sons" },
      { name: 'Harbour Dental Group' },
      { name: 'Paid Up Pty Ltd' },
    ]);
    const asAt = '2026-11-30';
    // O'Brien: current (due on the day), 1 day late, 30 days late, 31 days late (part paid), 91 days late.
    await owing(obrien?.id as string, '2026-11-30');
    await owing(obrien?.id as string, '2026-11-29');
    await owing(obrien?.id as string, '2026-10-31');
    await owing(obrien?.id as string, '2026-10-30', '60.00');
    await owing(obrien?.id as string, '2026-08-31');
    // Harbour: 61 and 90 days late; a draft and a cancelled one, which owe nothing yet.
    await owing(harbour?.id as string, '2026-09-30');
    await owing(harbour?.id as string, '2026-09-01');
    await owing(harbour?.id as string, '2026-08-31', undefined, 'OPEN_DRAFT');
    await owing(harbour?.id as string, '2026-08-31', undefined, 'CLOSED_CANCELLED');
    // Paid in full: not in the report.
    await owing(paidUp?.id as string, '2026-08-31', '110.00');

    const read = await office.get(`/api/reports/receivables?asAt=${asAt}`);
    expect(read.statusCode, read.body).toBe(200);
    const report = read.json() as Receivables;
    expect(report.asAt).toBe(asAt);
    expect(report.customers).toEqual([
      {
        customer: { id: obrien?.id, name: "O'Brien & Sons" },
        current: '110.00',
        days1To30: '220.00',
        days31To60: '50.00',
        days61To90: '0.00',
        days90Plus: '110.00',
        total: '490.00',
        invoices: 5,
        overdueInvoices: 4,
      },
      {
        customer: { id: harbour?.id, name: 'Harbour Dental Group' },
        current: '0.00',
        days1To30: '0.00',
        days31To60: '0.00',
        days61To90: '220.00',
        days90Plus: '0.00',
        total: '220.00',
        invoices: 2,
        overdueInvoices: 2,
      },
    ]);
    expect(report.totals).toEqual({
      current: '110.00',
      days1To30: '220.00',
      days31To60: '50.00',
      days61To90: '220.00',
      days90Plus: '110.00',
      total: '710.00',
      invoices: 7,
      overdueInvoices: 6,
    });
    // The list's overdue filter counts the same invoices today (every due date above is past by now or today).
    const today = (await owner.get('/api/reports/receivables')).json() as Receivables;
    const overdue = await owner.get('/api/sales/invoices?q=overdue:true&s=1');
    expect(overdue.headers['total-count']).toBe(String(today.totals.overdueInvoices));
  });

  it('refuses a date that is not one, and is the organisation’s own, for Owners and Office staff only', async () => {
    const wrong = await owner.get('/api/reports/receivables?asAt=30/11/2026');
    expect(wrong.statusCode).toBe(400);
    expect(fieldsOf(wrong)).toEqual(['asAt']);
    expect((await technician.get('/api/reports/receivables')).statusCode).toBe(403);
    const theirs = (
      await apiAs(t, b.token).get('/api/reports/receivables?asAt=2026-11-30')
    ).json() as Receivables;
    expect(theirs.customers).toEqual([]);
    expect(theirs.totals.total).toBe('0.00');
  });
});
