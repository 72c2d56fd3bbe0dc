import { addDays, type Quote, type QuoteStatus, type TaxRate } from '@fieldbook/domain';
import { beforeAll, describe, expect, it } from 'vitest';
import { type ApiClient, apiAs, fieldsOf } from '../../test-support/api-client.ts';
import { newMember, type TenantWithUser } from '../../test-support/factories.ts';
import { describeRecordEndpoints } from '../../test-support/record-contract.ts';
import { createCustomers, createLocations } from '../../test-support/record-factories.ts';
import type { TestApp } from '../../test-support/test-app.ts';
import { withTwoTenants } from '../../test-support/two-tenants.ts';

let t: TestApp;
let a: TenantWithUser;
let b: TenantWithUser;
let api: ApiClient;
let customer: { id: string; name: string };
let otherCustomer: { id: string };
let site: { id: string; name: string };
let otherCustomersSite: { id: string };
let gst: TaxRate;
let gstFree: TaxRate;

const TERMS = 'Prices hold for the validity of this quote. A 30% deposit secures the booking.';

withTwoTenants((env) => {
  ({ t, a, b } = env);
});

beforeAll(async () => {
  api = apiAs(t, a.token);
  const [made, other] = await createCustomers(t, a.tenant.tenantId, [
    { name: "O'Brien & Sons Plumbing" },
    { name: 'Nguyen Dental' },
  ]);
  if (!made || !other) throw new Error('No customers');
  customer = { id: made.id, name: made.name };
  otherCustomer = { id: other.id };
  const [home, surgery] = await createLocations(t, a.tenant.tenantId, [
    { customer, name: 'Home' },
    { customer: otherCustomer, name: 'Surgery' },
  ]);
  if (!home || !surgery) throw new Error('No locations');
  site = { id: home.id, name: 'Home' };
  otherCustomersSite = { id: surgery.id };
  const rates = (await api.get('/api/tax-rates')).json() as TaxRate[];
  [gst, gstFree] = ['GST', 'GST Free'].map((name) => rates.find((rate) => rate.name === name)) as [
    TaxRate,
    TaxRate,
  ];
  const details = (await api.get('/api/organisation')).json();
  const saved = await api.put('/api/organisation', { ...details, quoteValidityDays: 14, quoteTerms: TERMS });
  expect(saved.statusCode, saved.body).toBe(200);
});

const lines = () => [
  { code: 'LAB', description: 'Labour', quantity: '3', price: '33.3333', taxRate: { id: gst.id } },
  { description: 'Call-out fee', amount: '120', taxRate: { id: gstFree.id } },
];

const quote = (more: Record<string, unknown> = {}) => ({
  customer: { id: customer.id },
  date: '2026-11-23',
  title: 'Replace the hot water system',
  lineItems: lines(),
  ...more,
});

/** Two options over common lines: A repairs ($200 + GST), B replaces ($2,500 + GST), both with the call-out. */
const withOptions = (more: Record<string, unknown> = {}) =>
  quote({
    lineItems: [
      { description: 'Call-out fee', amount: '120', taxRate: { id: gst.id } },
      { description: 'Repair the valve', amount: '200', taxRate: { id: gst.id }, option: 'Option A: repair' },
      {
        description: 'Heat pump, installed',
        amount: '2500',
        taxRate: { id: gst.id },
        option: 'Option B: replace',
      },
    ],
    ...more,
  });

async function created(body: Record<string, unknown>): Promise<Quote> {
  const response = await api.post('/api/sales/quotes', body);
  expect(response.statusCode, response.body).toBe(201);
  return response.json();
}

/** The quote saved with `changes` over the version read. */
const save = (record: Quote, changes: Record<string, unknown>) =>
  api.put(`/api/sales/quotes/${record.id}`, { ...record, ...changes });

/** A quote brought to `status` by the allowed moves (Draft → Sent → …). */
async function quoteIn(status: QuoteStatus, body = quote()): Promise<Quote> {
  let record = await created(body);
  const path: QuoteStatus[] =
    status === 'OPEN_DRAFT' ? [] : status === 'OPEN_SENT' ? ['OPEN_SENT'] : ['OPEN_SENT', status];
  for (const next of path) {
    const response = await save(record, { status: next });
    expect(response.statusCode, response.body).toBe(200);
    record = response.json();
  }
  return record;
}

describeRecordEndpoints(() => ({ t, a, b }), {
  path: '/api/sales/quotes',
  noun: 'quote',
  valid: () => quote(),
  change: {
    body: { reference: ' PO 7781 ', status: 'OPEN_SENT', expiry: '2026-12-21' },
    expected: { reference: 'PO 7781', status: 'OPEN_SENT', expiry: '2026-12-21' },
  },
  invalid: {
    body: { date: '2026-13-01', expiry: 'soon', status: 'WON', title: ' ' },
    fields: ['status', 'customer', 'date', 'expiry', 'title'],
  },
});

describe('POST /api/sales/quotes', () => {
  it("numbers the quote, expires it the organisation's validity days after its date, and gives it the terms", async () => {
    const first = await created(quote({ total: '1.00' }));
    const second = await created(quote());
    expect(second.number).toBe(first.number + 1);
    expect(first).toMatchObject({
      reference: null,
      status: 'OPEN_DRAFT',
      expired: false,
      customer,
      location: null,
      date: '2026-11-23',
      expiry: addDays('2026-11-23', 14),
      title: 'Replace the hot water system',
      description: null,
      terms: TERMS,
      options: [],
      acceptedOption: null,
      subtotal: '220.00',
      tax: '10.00',
      total: '230.00',
      acceptedName: null,
      acceptedAt: null,
      declinedReason: null,
    });
    expect(first.expiry).toBe('2026-12-07');
    expect(first.lineItems[0]).toEqual({
      code: 'LAB',
      description: 'Labour',
      quantity: '3',
      price: '33.3333',
      taxRate: { id: gst.id, name: 'GST', rate: '10' },
      amount: '100.00',
      option: null,
    });
  });

  it('keeps an expiry and terms it is given, none included', async () => {
    const record = await created(quote({ expiry: '2027-01-31', terms: null, location: { id: site.id } }));
    expect(record).toMatchObject({ expiry: '2027-01-31', terms: null, location: site });
    expect((await api.get(`/api/sales/quotes/${record.id}`)).json()).toEqual(record);
  });

  it('totals the lines exactly as an invoice with the same lines, amounts including tax or not', async () => {
    for (const include of [false, true]) {
      const body = { amountsEnteredIncludeTax: include, lineItems: lines() };
      const invoice = await api.post('/api/sales/invoices', {
        ...body,
        customer: { id: customer.id },
        date: '2026-11-23',
        due: '2026-11-23',
      });
      const record = await created(quote(body));
      const { subtotal, tax, total } = invoice.json();
      expect({ subtotal, tax, total }).toEqual({
        subtotal: record.subtotal,
        tax: record.tax,
        total: record.total,
      });
    }
  });

  it("gives each option's totals, and the first option's on top until one is accepted", async () => {
    const record = await created(withOptions());
    expect(record.options).toEqual([
      { name: 'Option A: repair', subtotal: '320.00', tax: '32.00', total: '352.00' },
      { name: 'Option B: replace', subtotal: '2620.00', tax: '262.00', total: '2882.00' },
    ]);
    expect(record).toMatchObject({ subtotal: '320.00', tax: '32.00', total: '352.00' });
    expect(record.lineItems.map((line) => line.option)).toEqual([
      null,
      'Option A: repair',
      'Option B: replace',
    ]);

    const sent = (await save(record, { status: 'OPEN_SENT' })).json();
    const accepted = await save(sent, { status: 'CLOSED_ACCEPTED', acceptedOption: 'Option B: replace' });
    expect(accepted.statusCode, accepted.body).toBe(200);
    expect(accepted.json()).toMatchObject({
      status: 'CLOSED_ACCEPTED',
      acceptedOption: 'Option B: replace',
      subtotal: '2620.00',
      tax: '262.00',
      total: '2882.00',
    });
    expect((await api.get(`/api/sales/quotes/${record.id}`)).json()).toEqual(accepted.json());
    const listed = (await api.get(`/api/sales/quotes?q=id:${record.id}`)).json() as Quote[];
    expect(listed[0]?.total).toBe('2882.00');
    // The list's total:… reads the kept total, the accepted option's.
    expect((await api.get(`/api/sales/quotes?q=id:${record.id} AND total:2882`)).headers['total-count']).toBe(
      '1',
    );

    // Undone, the option is forgotten and the first option's totals are on top again.
    const undone = await save(accepted.json(), { status: 'OPEN_SENT' });
    expect(undone.json()).toMatchObject({ status: 'OPEN_SENT', acceptedOption: null, total: '352.00' });
  });

  it("refuses another customer's location, a missing customer and another organisation's tax rate", async () => {
    const response = await api.post('/api/sales/quotes', quote({ location: { id: otherCustomersSite.id } }));
    expect(response.statusCode).toBe(400);
    expect(response.json().fieldErrors).toEqual([
      { field: 'location.id', message: "Choose one of the customer's locations, or none." },
    ]);
    const theirRate = ((await apiAs(t, b.token).get('/api/tax-rates')).json() as TaxRate[])[0] as TaxRate;
    const many = await api.post(
      '/api/sales/quotes',
      quote({
        customer: { id: '01900000-0000-7000-8000-000000000000' },
        lineItems: [{ description: 'Labour', amount: '10', taxRate: { id: theirRate.id } }],
      }),
    );
    expect(many.statusCode).toBe(400);
    expect(fieldsOf(many)).toEqual(['customer.id', 'lineItems.0.taxRate.id']);
  });

  it('starts a quote as a Draft or Sent only (409 otherwise)', async () => {
    expect((await created(quote({ status: 'OPEN_SENT' }))).status).toBe('OPEN_SENT');
    const accepted = await api.post('/api/sales/quotes', quote({ status: 'CLOSED_ACCEPTED' }));
    expect(accepted.statusCode).toBe(409);
    expect(accepted.json().message).toBe('A new quote cannot become Accepted: a new quote is Draft or Sent.');
  });

  it('creates one quote for an Idempotency-Key sent twice', async () => {
    const before = (await api.get('/api/sales/quotes')).headers['total-count'];
    const key = { 'idempotency-key': `quote-${Math.random()}` };
    const first = await api.post('/api/sales/quotes', quote({ title: 'Sent twice' }), key);
    const retry = await api.post('/api/sales/quotes', quote({ title: 'Sent twice' }), key);
    expect(first.statusCode).toBe(201);
    expect(retry.json()).toEqual(first.json());
    expect(first.json().number).toBeGreaterThan(0);
    expect((await api.get('/api/sales/quotes')).headers['total-count']).toBe(String(Number(before) + 1));
  });
});

describe('PUT /api/sales/quotes/{id}: the status', () => {
  const allowed: [QuoteStatus, QuoteStatus][] = [
    ['OPEN_DRAFT', 'OPEN_SENT'],
    ['OPEN_SENT', 'OPEN_DRAFT'],
    ['OPEN_SENT', 'CLOSED_ACCEPTED'],
    ['OPEN_SENT', 'CLOSED_DECLINED'],
    ['CLOSED_ACCEPTED', 'OPEN_SENT'],
    ['CLOSED_DECLINED', 'OPEN_SENT'],
  ];

  it.each(allowed)('moves a %s quote to %s', async (from, to) => {
    const record = await quoteIn(from);
    const response = await save(record, { status: to });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().status).toBe(to);
    expect((await api.get(`/api/sales/quotes/${record.id}`)).json().status).toBe(to);
  });

  it.each([
    [
      'OPEN_DRAFT',
      'CLOSED_ACCEPTED',
      'A Draft quote cannot become Accepted: a Draft quote can only become Sent.',
    ],
    [
      'OPEN_DRAFT',
      'CLOSED_DECLINED',
      'A Draft quote cannot become Declined: a Draft quote can only become Sent.',
    ],
    [
      'CLOSED_ACCEPTED',
      'CLOSED_DECLINED',
      'An Accepted quote cannot become Declined: an Accepted quote can only become Sent.',
    ],
    [
      'CLOSED_ACCEPTED',
      'OPEN_DRAFT',
      'An Accepted quote cannot become Draft: an Accepted quote can only become Sent.',
    ],
    [
      'CLOSED_DECLINED',
      'CLOSED_ACCEPTED',
      'A Declined quote cannot become Accepted: a Declined quote can only become Sent.',
    ],
    [
      'OPEN_SENT',
      'CLOSED_CONVERTED',
      'A Sent quote cannot become Converted: a quote is Converted only by making it into a job or an invoice.',
    ],
    [
      'CLOSED_ACCEPTED',
      'CLOSED_CONVERTED',
      'An Accepted quote cannot become Converted: a quote is Converted only by making it into a job or an invoice.',
    ],
  ] as const)('refuses %s → %s with 409 naming both', async (from, to, message) => {
    const record = await quoteIn(from);
    const response = await save(record, { status: to });
    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual({ error: 'CONFLICT', message, fieldErrors: [] });
    expect((await api.get(`/api/sales/quotes/${record.id}`)).json()).toEqual(record);
  });

  it('needs the accepted option when the quote has options, and one of its own', async () => {
    const sent = await quoteIn('OPEN_SENT', withOptions());
    const none = await save(sent, { status: 'CLOSED_ACCEPTED' });
    expect(none.statusCode).toBe(400);
    expect(none.json().fieldErrors).toEqual([
      { field: 'acceptedOption', message: 'Choose the option the customer accepted.' },
    ]);
    const unknown = await save(sent, { status: 'CLOSED_ACCEPTED', acceptedOption: 'Option C: patch' });
    expect(fieldsOf(unknown)).toEqual(['acceptedOption']);
    // A quote without options is accepted whole.
    const plain = await save(await quoteIn('OPEN_SENT'), { status: 'CLOSED_ACCEPTED' });
    expect(plain.json()).toMatchObject({ status: 'CLOSED_ACCEPTED', acceptedOption: null });
  });
});

describe('PUT /api/sales/quotes/{id}: the lines', () => {
  const changed = { lineItems: [{ description: 'Labour', quantity: '2', price: '90', taxRate: null }] };

  it.each(['OPEN_DRAFT', 'OPEN_SENT'] as const)('changes the lines of a %s quote', async (status) => {
    const record = await quoteIn(status);
    const response = await save(record, changed);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({ subtotal: '180.00', tax: '0.00', total: '180.00' });
  });

  it.each([
    ['CLOSED_ACCEPTED', 'Accepted'],
    ['CLOSED_DECLINED', 'Declined'],
  ] as const)('locks the lines of a %s quote, and saves its other fields', async (status, name) => {
    const record = await quoteIn(status);
    const refused = await save(record, changed);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(
      `The line items cannot be changed once the quote is ${name}: only a Draft or Sent quote's can.`,
    );
    const includeTax = await save(record, { amountsEnteredIncludeTax: true });
    expect(includeTax.statusCode).toBe(409);
    const kept = await save(record, { reference: 'Signed copy on file' });
    expect(kept.statusCode, kept.body).toBe(200);
    expect(kept.json()).toMatchObject({ reference: 'Signed copy on file', lineItems: record.lineItems });
  });
});

describe('DELETE /api/sales/quotes/{id}', () => {
  it.each(['OPEN_SENT', 'CLOSED_ACCEPTED', 'CLOSED_DECLINED'] as const)(
    'refuses a %s quote with 409 and keeps it',
    async (status) => {
      const record = await quoteIn(status);
      const response = await api.delete(`/api/sales/quotes/${record.id}`);
      expect(response.statusCode).toBe(409);
      expect(response.json().message).toBe(
        'Only a draft quote can be deleted: a quote the customer was sent is kept (decline it or withdraw it instead).',
      );
      expect((await api.get(`/api/sales/quotes/${record.id}`)).statusCode).toBe(200);
    },
  );

  it('deletes a draft', async () => {
    const record = await quoteIn('OPEN_DRAFT');
    expect((await api.delete(`/api/sales/quotes/${record.id}`)).statusCode).toBe(204);
    expect((await api.get(`/api/sales/quotes/${record.id}`)).statusCode).toBe(404);
  });
});

describe('what quotes hold on to', () => {
  it('keeps a customer and a location with quotes from being deleted, until the quotes are gone', async () => {
    const [held] = await createCustomers(t, a.tenant.tenantId, [{ name: 'Held By A Quote' }]);
    if (!held) throw new Error('No customer');
    const [place] = await createLocations(t, a.tenant.tenantId, [
      { customer: { id: held.id }, name: 'Shop' },
    ]);
    const record = await created(quote({ customer: { id: held.id }, location: { id: place?.id } }));

    const location = await api.delete(`/api/locations/${place?.id}`);
    expect(location.statusCode).toBe(409);
    expect(location.json().message).toBe('This location has jobs or quotes, so it cannot be deleted.');
    const refused = await api.delete(`/api/customers/${held.id}`);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toEqual({
      error: 'CONFLICT',
      message: 'This customer has jobs, quotes or invoices, so it cannot be deleted.',
      fieldErrors: [],
    });
    expect((await api.delete(`/api/sales/quotes/${record.id}`)).statusCode).toBe(204);
    expect((await api.delete(`/api/customers/${held.id}`)).statusCode).toBe(204);
  });
});

describe('who may use quotes', () => {
  it('refuses a Technician every quote endpoint with 403, and lets Office in', async () => {
    const record = await created(quote());
    const technician = apiAs(t, (await newMember(t, a.tenant.tenantId, 'TECHNICIAN')).token);
    const office = apiAs(t, (await newMember(t, a.tenant.tenantId, 'OFFICE')).token);
    for (const response of [
      await technician.get('/api/sales/quotes'),
      await technician.post('/api/sales/quotes', quote()),
      await technician.get(`/api/sales/quotes/${record.id}`),
      await technician.put(`/api/sales/quotes/${record.id}`, record),
      await technician.delete(`/api/sales/quotes/${record.id}`),
    ]) {
      expect(response.statusCode).toBe(403);
      expect(response.json().error).toBe('FORBIDDEN');
    }
    expect((await api.get(`/api/sales/quotes/${record.id}`)).json()).toEqual(record);
    expect((await office.get(`/api/sales/quotes/${record.id}`)).statusCode).toBe(200);
    expect((await office.post('/api/sales/quotes', quote())).statusCode).toBe(201);
  });

  it('answers 404 to another organisation on every route, and lists none of its quotes', async () => {
    const record = await created(quote());
    const other = apiAs(t, b.token);
    for (const response of [
      await other.get(`/api/sales/quotes/${record.id}`),
      await other.put(`/api/sales/quotes/${record.id}`, record),
      await other.delete(`/api/sales/quotes/${record.id}`),
    ]) {
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({ error: 'NOT_FOUND', message: 'Quote not found.', fieldErrors: [] });
    }
    const listed = await other.get(`/api/sales/quotes?q=customer.id:${customer.id}`);
    expect(listed.json()).toEqual([]);
    expect(listed.headers['total-count']).toBe('0');
    // Nor may it quote for this organisation's customer, at its tax rates.
    const theirs = await other.post('/api/sales/quotes', quote());
    expect(theirs.statusCode).toBe(400);
    expect(fieldsOf(theirs)).toEqual(['customer.id', 'lineItems.0.taxRate.id', 'lineItems.1.taxRate.id']);
    expect((await api.get(`/api/sales/quotes/${record.id}`)).json()).toEqual(record);
  });
});
