import { execFileSync } from 'node:child_process';
import type { Quote, TaxRate } from '@fieldbook/domain';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createRenderer, type Renderer } from '../../platform/renderer/renderer.ts';
import { type ApiClient, apiAs } from '../../test-support/api-client.ts';
import { createTenantWithUser, newMember, type TenantWithUser } from '../../test-support/factories.ts';
import type { TestApp } from '../../test-support/test-app.ts';
import { withTwoTenants } from '../../test-support/two-tenants.ts';
import { readRecordSource, renderDocument, withQuoteLink } from './index.ts';

let t: TestApp;
let b: TenantWithUser;
let owner: TenantWithUser;
let office: ApiClient;
let technician: ApiClient;
let customerId: string;
let locationId: string;
let gst: TaxRate;
let renderer: Renderer;

const CUSTOMER = "O'Brien & Sons Plumbing, Gas & Roofing (Northern Beaches) Pty Ltd";
const TERMS =
  "Prices hold for 30 days.\nA 30% deposit secures the booking; O'Brien & Sons' site rules apply.";

withTwoTenants((env) => ({ t, b } = env));

/** A PDF's text as poppler's pdftotext reads it, white space collapsed. */
const textOf = (pdf: Uint8Array) =>
  execFileSync('pdftotext', ['-', '-'], { input: pdf }).toString().replace(/\s+/g, ' ');
const pdfText = (response: LightMyRequestResponse) => textOf(response.rawPayload);

const dollars = (amount: string) =>
  `$${Number(amount).toLocaleString('en-AU', { minimumFractionDigits: 2 })}`;

beforeAll(async () => {
  renderer = createRenderer();
  owner = await createTenantWithUser(t, "Harbour & Co's Plumbing");
  const api = apiAs(t, owner.token);
  office = apiAs(t, (await newMember(t, owner.tenant.tenantId, 'OFFICE')).token);
  technician = apiAs(t, (await newMember(t, owner.tenant.tenantId, 'TECHNICIAN')).token);
  const details = (await api.get('/api/organisation')).json();
  const saved = await api.put('/api/organisation', { ...details, abn: '51824753556' });
  expect(saved.statusCode, saved.body).toBe(200);
  const customer = await api.post('/api/customers', {
    name: CUSTOMER,
    billingAddress: '7 Kent Street\nMillers Point NSW 2000',
  });
  expect(customer.statusCode, customer.body).toBe(201);
  customerId = customer.json().id;
  const location = await api.post('/api/locations', {
    customer: { id: customerId },
    name: 'Kent Street terrace',
    street1: '9 Argyle Place',
    suburb: 'Millers Point',
    state: 'NSW',
    postcode: '2000',
    country: 'Australia',
  });
  expect(location.statusCode, location.body).toBe(201);
  locationId = location.json().id;
  gst = ((await api.get('/api/tax-rates')).json() as TaxRate[]).find(
    (rate) => rate.name === 'GST',
  ) as TaxRate;
});

afterAll(() => renderer.close());

async function quoteOf(more: Record<string, unknown>): Promise<Quote> {
  const made = await office.post('/api/sales/quotes', {
    customer: { id: customerId },
    location: { id: locationId },
    reference: 'PO 7781 & co',
    date: '2026-11-23',
    expiry: '2026-12-23',
    title: 'Replace the hot water system',
    description: 'The tank leaks at the base.\nThe valve drips.',
    terms: TERMS,
    ...more,
  });
  expect(made.statusCode, made.body).toBe(201);
  return made.json();
}

/** Two options over a common line: A repairs, B replaces, both with the call-out. */
const OPTION_LINES = () => [
  { description: 'Call-out fee & diagnosis', amount: '120', taxRate: { id: gst.id } },
  {
    description: 'Repair the valve',
    quantity: '1',
    price: '200',
    taxRate: { id: gst.id },
    option: 'Option A: repair',
  },
  {
    code: 'HP-270',
    description: 'Heat pump, installed',
    quantity: '1',
    price: '2500',
    taxRate: { id: gst.id },
    option: 'Option B: replace',
  },
];

describe('the quote PDF', () => {
  it('shows the common lines, then each option with its lines and totals, and the terms', async () => {
    const quote = await quoteOf({ lineItems: OPTION_LINES() });
    expect(quote.options.map((option) => option.total)).toEqual(['352.00', '2882.00']);
    const pdf = await office.get(`/api/sales/quotes/${quote.id}/pdf`);
    expect(pdf.statusCode, pdf.body).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.headers['content-disposition']).toBe(`attachment; filename="quote-${quote.number}.pdf"`);
    const text = pdfText(pdf);
    for (const expected of [
      'Quote',
      "Harbour & Co's Plumbing",
      'ABN 51 824 753 556',
      String(quote.number),
      '23 Nov 2026',
      'Valid until',
      '23 Dec 2026',
      'PO 7781 & co',
      CUSTOMER,
      'Kent Street terrace',
      '9 Argyle Place',
      'Replace the hot water system',
      'The tank leaks at the base. The valve drips.',
      'Included in every option',
      'Call-out fee & diagnosis',
      'Option A: repair',
      'Repair the valve',
      'Option B: replace',
      'Heat pump, installed',
      "Prices hold for 30 days. A 30% deposit secures the booking; O'Brien & Sons' site rules apply.",
    ])
      expect(text).toContain(expected);
    for (const option of quote.options)
      for (const figure of [option.subtotal, option.tax, option.total])
        expect(text).toContain(dollars(figure));
    expect(text.indexOf('Included in every option')).toBeLessThan(text.indexOf('Option A: repair'));
    expect(text.indexOf('Option A: repair')).toBeLessThan(text.indexOf('Option B: replace'));
    expect(text).not.toMatch(/accepted|accept or decline/i);
  });

  it("lines up the columns of every option's table, whatever each option's figures are", async () => {
    const quote = await quoteOf({
      lineItems: [
        { description: 'Call-out fee', amount: '120', taxRate: { id: gst.id } },
        {
          description: 'Repair the valve',
          quantity: '1',
          price: '20',
          taxRate: null,
          option: 'Option A: repair',
        },
        {
          description: 'Heat pumps, installed across the estate',
          quantity: '1250.75',
          price: '12345.67',
          taxRate: { id: gst.id },
          option: 'Option B: replace',
        },
      ],
    });
    const pdf = await office.get(`/api/sales/quotes/${quote.id}/pdf`);
    const layout = execFileSync('pdftotext', ['-layout', '-', '-'], { input: pdf.rawPayload }).toString();
    // Each table's header row, as pdftotext lays it out: where each heading ends.
    const headers = layout.split('\n').filter((line) => line.includes('DESCRIPTION'));
    expect(headers).toHaveLength(3);
    const ends = (line: string) =>
      ['QTY', 'UNIT PRICE', 'TAX RATE', 'AMOUNT'].map((h) => line.indexOf(h) + h.length);
    for (const header of headers) expect(ends(header)).toEqual(ends(headers[0] ?? ''));
  });

  it('marks the accepted option', async () => {
    const quote = await quoteOf({ lineItems: OPTION_LINES(), status: 'OPEN_SENT' });
    const accepted = await office.put(`/api/sales/quotes/${quote.id}`, {
      ...quote,
      status: 'CLOSED_ACCEPTED',
      acceptedOption: 'Option B: replace',
    });
    expect(accepted.statusCode, accepted.body).toBe(200);
    const text = pdfText(await office.get(`/api/sales/quotes/${quote.id}/pdf`));
    expect(text).toContain('Option B: replace ACCEPTED');
    expect(text).not.toContain('Option A: repair ACCEPTED');
  });

  it('shows the subtotal, GST and total of a quote without options, as an invoice does', async () => {
    const lineItems = [
      { description: 'Clear the blocked drain', quantity: '2', price: '110', taxRate: { id: gst.id } },
      { description: 'CCTV inspection', amount: '250.50', taxRate: { id: gst.id } },
    ];
    const quote = await quoteOf({ lineItems });
    expect(quote.options).toEqual([]);
    const text = pdfText(await office.get(`/api/sales/quotes/${quote.id}/pdf`));
    expect(text).not.toContain('Included in every option');
    for (const figure of [quote.subtotal, quote.tax, quote.total]) expect(text).toContain(dollars(figure));
    expect(quote.total).toBe('517.55');
    expect(text).toMatch(/Subtotal GST Total/);

    const inclusive = await quoteOf({ lineItems, amountsEnteredIncludeTax: true });
    const inclusiveText = pdfText(await office.get(`/api/sales/quotes/${inclusive.id}/pdf`));
    expect(inclusiveText).toContain('Total price includes GST');
    expect(inclusiveText).toContain(dollars(inclusive.total));
    expect(inclusiveText).toContain(dollars(inclusive.tax));
  });

  it('still shows the GST a quote charges once the organisation is no longer registered, so it adds up', async () => {
    const made = await createTenantWithUser(t, 'Was Registered & Co');
    const api = apiAs(t, made.token);
    const customer = await api.post('/api/customers', { name: "D'Arcy's Café" });
    const rate = ((await api.get('/api/tax-rates')).json() as TaxRate[]).find((row) => row.name === 'GST');
    const quoted = await api.post('/api/sales/quotes', {
      customer: { id: customer.json().id },
      date: '2026-11-23',
      expiry: '2026-12-23',
      title: 'New hot water system',
      lineItems: [
        { description: 'Heat pump, installed', quantity: '1', price: '2500', taxRate: { id: rate?.id } },
      ],
    });
    expect(quoted.statusCode, quoted.body).toBe(201);
    const quote = quoted.json() as Quote;
    const details = (await api.get('/api/organisation')).json();
    const off = await api.put('/api/organisation', { ...details, gstRegistered: false });
    expect(off.statusCode, off.body).toBe(200);

    const text = pdfText(await api.get(`/api/sales/quotes/${quote.id}/pdf`));
    expect(quote.tax).toBe('250.00');
    for (const figure of [quote.subtotal, quote.tax, quote.total]) expect(text).toContain(dollars(figure));
    expect(text).toMatch(/Subtotal GST Total/);
  });

  it('gives the link to answer online only when the source has one (`withQuoteLink`)', async () => {
    const quote = await quoteOf({ lineItems: OPTION_LINES() });
    const caller = { subject: owner.user.id, tenantId: owner.tenant.tenantId, access: 'office' as const };
    const { record, source } = await readRecordSource(t.database.db, caller, 'quote', quote.id);
    expect(record.number).toBe(quote.number);
    expect(source.data.quote?.link).toBeNull();
    const url = 'https://fieldbook.example/quotes/answer/kq3v8A_x-7Zp2mWn';
    const linked = textOf((await renderDocument(renderer, withQuoteLink(source, url), 'pdf')) as Uint8Array);
    expect(linked).toContain(`Accept or decline this quote online: ${url}`);
    const plain = textOf((await renderDocument(renderer, source, 'pdf')) as Uint8Array);
    expect(plain).not.toContain('Accept or decline');
    expect(plain).toContain(CUSTOMER);
  });

  it('is 403 for a Technician, 404 for another organisation’s quote and for no quote, 401 anonymous', async () => {
    const quote = await quoteOf({ lineItems: OPTION_LINES() });
    const url = `/api/sales/quotes/${quote.id}/pdf`;
    expect((await technician.get(url)).statusCode).toBe(403);
    const theirs = await apiAs(t, b.token).get(url);
    expect(theirs.statusCode).toBe(404);
    expect(theirs.json().message).toBe('Quote not found.');
    expect((await office.get('/api/sales/quotes/not-an-id/pdf')).statusCode).toBe(404);
    expect((await t.app.inject({ url })).statusCode).toBe(401);
  });
});
