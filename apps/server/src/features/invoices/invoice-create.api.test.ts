import type { Invoice, TaxRate } from '@fieldbook/domain';
import { beforeAll, describe, expect, it } from 'vitest';
import { type ApiClient, apiAs, fieldsOf } from '../../test-support/api-client.ts';
import { withCustomerGoneOnInsert } from '../../test-support/customer-gone.ts';
import { createTenantWithUser } from '../../test-support/factories.ts';
import { createCustomers, createJobs } from '../../test-support/record-factories.ts';
import type { TestApp } from '../../test-support/test-app.ts';
import { withTwoTenants } from '../../test-support/two-tenants.ts';

// A new invoice's answer is built before its insert, which goes with the COMMIT (`invoiceCreate`): these prove the
// answer is the invoice as it reads back, and that a failed insert commits nothing.

let t: TestApp;
let api: ApiClient;
let tenantId: string;
let customer: { id: string; name: string };
let job: { id: string; number: number };
let gst: TaxRate;
let gstFree: TaxRate;

withTwoTenants((env) => {
  t = env.t;
  api = apiAs(t, env.a.token);
  tenantId = env.a.tenant.tenantId;
});

beforeAll(async () => {
  const [made] = await createCustomers(t, tenantId, [{ name: "O'Brien & Sons Plumbing — Bondi Junction" }]);
  if (!made) throw new Error('No customer');
  customer = { id: made.id, name: made.name };
  const [madeJob] = await createJobs(t, tenantId, [{ customer: { id: customer.id } }]);
  if (!madeJob) throw new Error('No job');
  job = { id: madeJob.id, number: madeJob.number };
  const rates = (await api.get('/api/tax-rates')).json() as TaxRate[];
  [gst, gstFree] = ['GST', 'GST Free'].map((name) => rates.find((rate) => rate.name === name)) as [
    TaxRate,
    TaxRate,
  ];
});

const base = () => ({ customer: { id: customer.id }, date: '2026-11-23', due: '2026-12-07' });

const bodies: [string, () => Record<string, unknown>][] = [
  ['no lines', () => base()],
  [
    'a job, a reference, amounts with tax, and every kind of line',
    () => ({
      ...base(),
      job: { id: job.id },
      reference: "  PO 7/81 — O'Brien & Co  ",
      status: 'OPEN_SENT',
      amountsEnteredIncludeTax: true,
      lineItems: [
        { code: 'LAB', description: 'Labour', quantity: '2.5', price: '19.9999999', taxRate: { id: gst.id } },
        { description: 'Call-out fee', amount: '0.05', taxRate: { id: gstFree.id } },
        { description: 'Plumber’s putty & tape', quantity: 3, price: 4.1 },
        { description: 'Quantity only', quantity: '7' },
        { description: 'Price only', price: '12.5', taxRate: { id: gst.id } },
        { description: 'Largest lump sum', amount: '9999999999.99', taxRate: { id: gst.id } },
        { code: 'ZERO', description: 'No charge', quantity: '0.0001', price: '0.0000001' },
      ],
    }),
  ],
];

describe('POST /api/sales/invoices: the answer', () => {
  it.each(bodies)('is the invoice as it reads back, first and on a retry (%s)', async (_, body) => {
    const keys: Record<string, string>[] = [{}, { 'idempotency-key': `answer-${Math.random()}` }];
    for (const headers of keys) {
      const created = await api.post('/api/sales/invoices', body(), headers);
      expect(created.statusCode, created.body).toBe(201);
      const invoice = created.json() as Invoice;
      const read = await api.get(`/api/sales/invoices/${invoice.id}`);
      expect(read.json()).toEqual(invoice);
      expect(invoice.customer).toEqual(customer);
      if (!('idempotency-key' in headers)) continue;
      const retry = await api.post('/api/sales/invoices', body(), headers);
      expect(retry.headers['idempotency-replayed']).toBe('true');
      expect(retry.body).toBe(created.body);
    }
  });

  it('commits nothing when the insert fails: the key and the number are given back', async () => {
    const first = (await api.post('/api/sales/invoices', base())).json() as Invoice;
    const key = { 'idempotency-key': `failed-${Math.random()}` };
    const [gone] = await createCustomers(t, tenantId, [{ name: 'Gone & Forgotten Pty Ltd' }]);
    const failed = await withCustomerGoneOnInsert(t.database.db, 'invoices', () =>
      api.post('/api/sales/invoices', { ...base(), customer: { id: gone?.id } }, key),
    );
    expect(failed.statusCode).toBe(400);
    expect(fieldsOf(failed)).toEqual(['customer.id']);
    // The customer was deleted in the transaction that failed, so it is still there.
    expect((await api.get(`/api/customers/${gone?.id}`)).statusCode).toBe(200);
    // The key was not kept (a different request with it is not refused) and the number was given back.
    const next = await api.post('/api/sales/invoices', base(), key);
    expect(next.statusCode, next.body).toBe(201);
    expect((next.json() as Invoice).number).toBe(first.number + 1);
  });

  it("numbers a new organisation's first invoices, made at once, 1 to 20", async () => {
    // Its counter row does not exist yet: the first create inserts it while the others queue for it.
    const { token, tenant } = await createTenantWithUser(t, 'Fresh Start Electrical & Data');
    const [own] = await createCustomers(t, tenant.tenantId, [{ name: 'First Customer' }]);
    const fresh = apiAs(t, token);
    const made = await Promise.all(
      Array.from({ length: 20 }, () =>
        fresh.post('/api/sales/invoices', { ...base(), customer: { id: own?.id } }),
      ),
    );
    expect(made.map((response) => response.statusCode)).toEqual(made.map(() => 201));
    const numbers = made.map((response) => (response.json() as Invoice).number).sort((x, y) => x - y);
    expect(numbers).toEqual(Array.from({ length: 20 }, (_, index) => index + 1));
  });
});
