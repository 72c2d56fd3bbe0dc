import { addDays, type Invoice, type Job, type Quote, type TaxRate } from '@fieldbook/domain';
import { beforeAll, describe, expect, it } from 'vitest';
import { type ApiClient, apiAs } from '../../test-support/api-client.ts';
import { newMember, type TenantWithUser } from '../../test-support/factories.ts';
import { createCustomers, createLocations } from '../../test-support/record-factories.ts';
import type { TestApp } from '../../test-support/test-app.ts';
import { withTwoTenants } from '../../test-support/two-tenants.ts';

let t: TestApp;
let a: TenantWithUser;
let b: TenantWithUser;
let api: ApiClient;
let customer: { id: string; name: string };
let site: { id: string; name: string };
let gst: TaxRate;
let gstFree: TaxRate;

withTwoTenants((env) => {
  ({ t, a, b } = env);
});

beforeAll(async () => {
  api = apiAs(t, a.token);
  const [made] = await createCustomers(t, a.tenant.tenantId, [{ name: "O'Brien & Sons Plumbing" }]);
  if (!made) throw new Error('No customer');
  customer = { id: made.id, name: made.name };
  const [home] = await createLocations(t, a.tenant.tenantId, [{ customer, name: 'Home' }]);
  if (!home) throw new Error('No location');
  site = { id: home.id, name: 'Home' };
  const rates = (await api.get('/api/tax-rates')).json() as TaxRate[];
  [gst, gstFree] = ['GST', 'GST Free'].map((name) => rates.find((rate) => rate.name === name)) as [
    TaxRate,
    TaxRate,
  ];
  const details = (await api.get('/api/organisation')).json();
  const saved = await api.put('/api/organisation', { ...details, paymentTermsDays: 14 });
  expect(saved.statusCode, saved.body).toBe(200);
});

/** Two options over a common line: A repairs, B replaces (with a GST-free disposal fee). */
const withOptions = () => ({
  customer: { id: customer.id },
  location: { id: site.id },
  reference: 'PO 7781',
  date: '2026-11-23',
  title: 'Replace the hot water system',
  description: 'Tank leaking at the base.',
  status: 'OPEN_SENT',
  lineItems: [
    { description: 'Call-out fee', amount: '120', taxRate: { id: gst.id } },
    { description: 'Repair the valve', amount: '200', taxRate: { id: gst.id }, option: 'Option A: repair' },
    {
      code: 'HP-270',
      description: 'Heat pump, installed',
      quantity: '1',
      price: '2500',
      taxRate: { id: gst.id },
      option: 'Option B: replace',
    },
    { description: 'Disposal', amount: '45.50', taxRate: { id: gstFree.id }, option: 'Option B: replace' },
  ],
});

/** A quote without options whose amounts include tax. */
const inclusive = () => ({
  customer: { id: customer.id },
  date: '2026-11-23',
  title: 'Service the boiler',
  status: 'OPEN_SENT',
  amountsEnteredIncludeTax: true,
  lineItems: [
    { code: 'SVC', description: 'Service', quantity: '2', price: '110', taxRate: { id: gst.id } },
    { description: 'Parts', amount: '55', taxRate: { id: gst.id } },
  ],
});

async function created(body: Record<string, unknown>): Promise<Quote> {
  const response = await api.post('/api/sales/quotes', body);
  expect(response.statusCode, response.body).toBe(201);
  return response.json();
}

async function accepted(body: Record<string, unknown>, acceptedOption: string | null = null): Promise<Quote> {
  const quote = await created(body);
  const saved = await api.put(`/api/sales/quotes/${quote.id}`, {
    ...quote,
    status: 'CLOSED_ACCEPTED',
    acceptedOption,
  });
  expect(saved.statusCode, saved.body).toBe(200);
  return saved.json();
}

const today = async () => (await api.get('/api/today')).json() as { date: string };

describe('POST /sales/quotes/{id}/job', () => {
  it("makes a Ready to be scheduled job of the accepted option's lines, once", async () => {
    const quote = await accepted(withOptions(), 'Option B: replace');
    const first = await api.post(`/api/sales/quotes/${quote.id}/job`, undefined);
    expect(first.statusCode, first.body).toBe(201);
    const job = first.json() as Job;
    expect(job).toMatchObject({
      status: 'OPEN_READY_TO_BE_SCHEDULED',
      customer: { id: customer.id, name: customer.name },
      location: { id: site.id, name: 'Home' },
      reference: 'PO 7781',
      subtotal: '2665.50',
    });
    expect(job.items).toEqual([
      { code: null, description: 'Call-out fee', quantity: null, price: null, amount: '120.00' },
      {
        code: 'HP-270',
        description: 'Heat pump, installed',
        quantity: '1',
        price: '2500.00',
        amount: '2500.00',
      },
      { code: null, description: 'Disposal', quantity: null, price: null, amount: '45.50' },
    ]);
    expect((await api.get(`/api/jobs/${job.id}`)).json()).toEqual(job);
    const notes = (await api.get(`/api/jobs/${job.id}/notes`)).json() as { text: string }[];
    expect(notes.map((note) => note.text)).toEqual([
      `Quote ${quote.number}: Replace the hot water system\n\nTank leaking at the base.`,
    ]);

    const converted = (await api.get(`/api/sales/quotes/${quote.id}`)).json() as Quote;
    expect(converted).toMatchObject({ status: 'CLOSED_CONVERTED', job: { id: job.id, number: job.number } });
    expect(converted.invoice).toBeNull();
    // The quote list finds the quote by the job it made (Copy to invoice takes its lines' rates).
    const byJob = await api.get(`/api/sales/quotes?q=${encodeURIComponent(`job.id:${job.id}`)}`);
    expect((byJob.json() as Quote[]).map((found) => found.id)).toEqual([quote.id]);

    const again = await api.post(`/api/sales/quotes/${quote.id}/job`, undefined);
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json()).toEqual(job);
  });

  it('makes one job of five presses at once', async () => {
    const quote = await accepted(withOptions(), 'Option A: repair');
    const before = Number((await api.get('/api/jobs?q=*')).headers['total-count']);
    const presses = await Promise.all(
      Array.from({ length: 5 }, () => api.post(`/api/sales/quotes/${quote.id}/job`, undefined)),
    );
    const codes = presses.map((press) => press.statusCode).sort();
    expect(codes, presses.map((press) => press.body).join('\n')).toEqual([200, 200, 200, 200, 201]);
    expect(new Set(presses.map((press) => press.json().id)).size).toBe(1);
    expect(Number((await api.get('/api/jobs?q=*')).headers['total-count'])).toBe(before + 1);
    const job = presses[0]?.json() as Job;
    expect(job.items.map((line) => line.description)).toEqual(['Call-out fee', 'Repair the valve']);
  });

  it('gives a tax-inclusive quote tax-exclusive job lines', async () => {
    const quote = await accepted(inclusive());
    const response = await api.post(`/api/sales/quotes/${quote.id}/job`, undefined);
    expect(response.statusCode, response.body).toBe(201);
    expect((response.json() as Job).items).toEqual([
      { code: 'SVC', description: 'Service', quantity: '2', price: '100.00', amount: '200.00' },
      { code: null, description: 'Parts', quantity: null, price: null, amount: '50.00' },
    ]);
    expect(quote.subtotal).toBe('275.00');
    expect(quote.tax).toBe('25.00');
  });
});

describe('POST /sales/quotes/{id}/invoice', () => {
  it("makes a Draft invoice whose totals are the quote's, after the job, and keeps it Converted", async () => {
    const quote = await accepted(withOptions(), 'Option B: replace');
    const job = (await api.post(`/api/sales/quotes/${quote.id}/job`, undefined)).json() as Job;
    const first = await api.post(`/api/sales/quotes/${quote.id}/invoice`, undefined);
    expect(first.statusCode, first.body).toBe(201);
    const invoice = first.json() as Invoice;
    const { date } = await today();
    expect(invoice).toMatchObject({
      status: 'OPEN_DRAFT',
      customer: { id: customer.id },
      reference: 'PO 7781',
      job: { id: job.id, number: job.number },
      date,
      due: addDays(date, 14),
      amountsEnteredIncludeTax: false,
      subtotal: quote.subtotal,
      tax: quote.tax,
      total: quote.total,
    });
    expect(invoice.subtotal).toBe('2665.50');
    expect(invoice.tax).toBe('262.00');
    expect(invoice.lineItems).toEqual(
      quote.lineItems
        .filter((line) => line.option !== 'Option A: repair')
        .map(({ option: _option, ...line }) => line),
    );
    expect((await api.get(`/api/sales/invoices/${invoice.id}`)).json()).toEqual(invoice);
    const converted = (await api.get(`/api/sales/quotes/${quote.id}`)).json() as Quote;
    expect(converted).toMatchObject({
      status: 'CLOSED_CONVERTED',
      job: { id: job.id },
      invoice: { id: invoice.id, number: invoice.number },
    });
    const again = await api.post(`/api/sales/quotes/${quote.id}/invoice`, undefined);
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual(invoice);
    // The quote keeps what it was made into: neither can be deleted from under it.
    const removed = await api.delete(`/api/sales/invoices/${invoice.id}`);
    expect(removed.statusCode, removed.body).toBe(409);
    expect((await api.delete(`/api/jobs/${job.id}`)).statusCode).toBe(409);
  });

  it('makes an invoice of every line of a quote without options, tax included as the quote has it', async () => {
    const quote = await accepted(inclusive());
    const response = await api.post(`/api/sales/quotes/${quote.id}/invoice`, undefined);
    expect(response.statusCode, response.body).toBe(201);
    const invoice = response.json() as Invoice;
    expect(invoice).toMatchObject({
      amountsEnteredIncludeTax: true,
      job: null,
      subtotal: '275.00',
      tax: '25.00',
      total: '275.00',
    });
    expect(invoice.lineItems).toEqual(quote.lineItems.map(({ option: _option, ...line }) => line));
    // Converted by the invoice, it may still make a job.
    expect((await api.post(`/api/sales/quotes/${quote.id}/job`, undefined)).statusCode).toBe(201);
  });
});

describe('refusals', () => {
  it('refuses a Draft, Sent or Declined quote with 409 naming its status', async () => {
    const draft = await created({ ...inclusive(), status: 'OPEN_DRAFT' });
    const sent = await created(inclusive());
    const declinedQuote = await created(inclusive());
    const declined = await api.put(`/api/sales/quotes/${declinedQuote.id}`, {
      ...declinedQuote,
      status: 'CLOSED_DECLINED',
    });
    expect(declined.statusCode, declined.body).toBe(200);
    for (const [quote, name] of [
      [draft, 'Draft'],
      [sent, 'Sent'],
      [declinedQuote, 'Declined'],
    ] as const) {
      const job = await api.post(`/api/sales/quotes/${quote.id}/job`, undefined);
      expect(job.statusCode).toBe(409);
      expect(job.json().message).toBe(`Only an accepted quote can become a job: this quote is ${name}.`);
      const invoice = await api.post(`/api/sales/quotes/${quote.id}/invoice`, undefined);
      expect(invoice.statusCode).toBe(409);
      expect(invoice.json().message).toBe(
        `Only an accepted quote can become an invoice: this quote is ${name}.`,
      );
      expect((await api.get(`/api/sales/quotes/${quote.id}`)).json()).toMatchObject({
        job: null,
        invoice: null,
      });
    }
  });

  it("answers 404 to another organisation's quote and a Technician 403", async () => {
    const quote = await accepted(inclusive());
    const other = apiAs(t, b.token);
    const technician = apiAs(t, (await newMember(t, a.tenant.tenantId, 'TECHNICIAN')).token);
    for (const into of ['job', 'invoice']) {
      expect((await other.post(`/api/sales/quotes/${quote.id}/${into}`, undefined)).statusCode).toBe(404);
      const refused = await technician.post(`/api/sales/quotes/${quote.id}/${into}`, undefined);
      expect(refused.statusCode).toBe(403);
      expect(refused.json().error).toBe('FORBIDDEN');
    }
    expect((await api.get(`/api/sales/quotes/${quote.id}`)).json()).toMatchObject({
      status: 'CLOSED_ACCEPTED',
      job: null,
      invoice: null,
    });
  });
});

describe('Idempotency-Key', () => {
  it('makes one record for a key sent twice, and replays the first answer', async () => {
    for (const into of ['job', 'invoice'] as const) {
      const quote = await accepted(inclusive());
      const key = { 'idempotency-key': `convert-${into}-${quote.id}` };
      const first = await api.post(`/api/sales/quotes/${quote.id}/${into}`, undefined, key);
      expect(first.statusCode, first.body).toBe(201);
      const second = await api.post(`/api/sales/quotes/${quote.id}/${into}`, undefined, key);
      expect(second.statusCode).toBe(201);
      expect(second.headers['idempotency-replayed']).toBe('true');
      expect(second.json().id).toBe(first.json().id);
      const quoteNow = (await api.get(`/api/sales/quotes/${quote.id}`)).json() as Quote;
      expect(quoteNow[into]?.id).toBe(first.json().id);
    }
  });
});
