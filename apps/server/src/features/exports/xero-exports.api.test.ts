import { exportMessages, type Invoice, invoiceFields, type TaxRate } from '@fieldbook/domain';
import type { LightMyRequestResponse } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { inTenant } from '../../platform/db/tenant-scope.ts';
import { type ApiClient, apiAs, fieldsOf } from '../../test-support/api-client.ts';
import { newMember, type TenantWithUser } from '../../test-support/factories.ts';
import { createCustomers } from '../../test-support/record-factories.ts';
import type { TestApp } from '../../test-support/test-app.ts';
import { withTwoTenants } from '../../test-support/two-tenants.ts';
import { importInvoices } from '../invoices/index.ts';
import { billingAddressOf } from './xero-exports.ts';

// The Xero files through the API (docs/exports.md): which invoices and payments go, their rows as Xero's templates
// have them, one kind of prices a file, the refusals, and who may ask.

let t: TestApp;
let a: TenantWithUser;
let b: TenantWithUser;
let owner: ApiClient;

withTwoTenants((env) => ({ t, a, b } = env));

const INVOICE_HEADER =
  '*ContactName,EmailAddress,POAddressLine1,POAddressLine2,POAddressLine3,POAddressLine4,POCity,PORegion,' +
  'POPostalCode,POCountry,*InvoiceNumber,Reference,*InvoiceDate,*DueDate,Total,InventoryItemCode,*Description,' +
  '*Quantity,*UnitAmount,Discount,*AccountCode,*TaxType,TaxAmount,TrackingName1,TrackingOption1,TrackingName2,' +
  'TrackingOption2,Currency,BrandingTheme';
const PAYMENT_HEADER = '*Date,*Amount,Payee,Description,Reference,Cheque Number';

const NOVEMBER = '?from=2026-11-01&to=2026-11-30';

/** The invoices the tests look for, by what they are. */
const made = {} as Record<
  'sent' | 'paid' | 'draft' | 'cancelled' | 'october' | 'inclusive' | 'other',
  Invoice
>;

async function newInvoice(client: ApiClient, body: Record<string, unknown>): Promise<Invoice> {
  const response = await client.post('/api/sales/invoices', { status: 'OPEN_SENT', ...body });
  expect(response.statusCode, response.body).toBe(201);
  return response.json();
}

async function pay(client: ApiClient, invoice: Invoice, body: Record<string, unknown>): Promise<void> {
  const response = await client.post(`/api/sales/invoices/${invoice.id}/payments`, body);
  expect(response.statusCode, response.body).toBe(201);
}

beforeAll(async () => {
  owner = apiAs(t, a.token);
  const [obrien, cafe] = await createCustomers(t, a.tenant.tenantId, [
    {
      name: "O'Brien & Sons, Plumbing",
      billingEmail: 'accounts@obrien.example',
      billingAddress: 'Unit 4, 12 Smith Street\nParramatta NSW 2150',
    },
    { name: 'Harbour Cafe' },
  ]);
  if (!obrien || !cafe) throw new Error('No customers');
  const rates = (await owner.get('/api/tax-rates')).json() as TaxRate[];
  const gst = { id: rates.find((rate) => rate.name === 'GST')?.id };
  const free = { id: rates.find((rate) => rate.name === 'GST Free')?.id };
  const labour = { code: 'LAB', description: 'Labour', quantity: '2.5', price: '110', taxRate: gst };
  const tap = {
    code: 'TAP-01',
    description: 'Mixer tap, supplied',
    quantity: '1',
    price: '120.5',
    taxRate: free,
  };

  made.sent = await newInvoice(owner, {
    customer: { id: obrien.id },
    reference: 'Hot water',
    date: '2026-11-03',
    due: '2026-11-17',
    lineItems: [labour, tap],
  });
  made.paid = await newInvoice(owner, {
    customer: { id: cafe.id },
    date: '2026-11-10',
    due: '2026-11-24',
    lineItems: [{ description: 'Call-out', quantity: '1', price: '200', taxRate: gst }],
  });
  await pay(owner, made.paid, {
    date: '2026-11-12',
    amount: '100.00',
    method: 'BANK_TRANSFER',
    reference: 'NAB 88213',
  });
  await pay(owner, made.paid, {
    date: '2026-11-20',
    amount: '120.00',
    method: 'CHEQUE',
    reference: '000123',
  });
  made.draft = await newInvoice(owner, {
    status: 'OPEN_DRAFT',
    customer: { id: obrien.id },
    date: '2026-11-05',
    due: '2026-11-19',
    lineItems: [labour],
  });
  made.cancelled = await newInvoice(owner, {
    status: 'CLOSED_CANCELLED',
    customer: { id: obrien.id },
    date: '2026-11-06',
    due: '2026-11-20',
    lineItems: [labour],
  });
  made.october = await newInvoice(owner, {
    customer: { id: cafe.id },
    date: '2026-10-31',
    due: '2026-11-14',
    lineItems: [labour],
  });
  await pay(owner, made.october, { date: '2026-10-31', amount: '50.00', method: 'CASH', reference: null });
  // Paid in December for November's work: the payment is December's.
  await pay(owner, made.sent, { date: '2026-12-01', amount: '20.00', method: 'CARD', reference: null });
  made.inclusive = await newInvoice(owner, {
    customer: { id: cafe.id },
    date: '2026-11-15',
    due: '2026-11-29',
    amountsEnteredIncludeTax: true,
    lineItems: [{ description: 'Coffee machine service', quantity: '1', price: '165', taxRate: gst }],
  });
  await pay(owner, made.inclusive, {
    date: '2026-11-16',
    amount: '165.00',
    method: 'CARD',
    reference: 'EFTPOS 5521',
  });

  const [bravo] = await createCustomers(t, b.tenant.tenantId, [{ name: 'Bravo Secret Customer' }]);
  const other = apiAs(t, b.token);
  made.other = await newInvoice(other, {
    customer: { id: bravo?.id },
    date: '2026-11-11',
    due: '2026-11-25',
    lineItems: [{ description: 'Switchboard upgrade', quantity: '1', price: '900' }],
  });
  await pay(other, made.other, {
    date: '2026-11-12',
    amount: '900.00',
    method: 'BANK_TRANSFER',
    reference: 'B-1',
  });
});

/** The file's lines, its last CRLF ending the last row. */
function linesOf(response: LightMyRequestResponse): string[] {
  expect(response.body.endsWith('\r\n')).toBe(true);
  return response.body.slice(0, -2).split('\r\n');
}

/** The invoice numbers of an invoice file's rows, each once. */
const numbersIn = (lines: string[]) =>
  [
    ...new Set(lines.slice(1).map((line) => Number(/,(\d+),[^,]*,\d\d\/\d\d\/\d{4},/.exec(line)?.[1]))),
  ].sort();

describe('GET /exports/xero/invoices', () => {
  it("is a CSV download of the month's issued invoices of one kind of prices, the other kind counted", async () => {
    const response = await owner.get(`/api/exports/xero/invoices${NOVEMBER}`);

    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(response.headers['content-disposition']).toBe(
      'attachment; filename="xero-invoices-2026-11-01-to-2026-11-30.csv"',
    );
    expect(response.headers['cache-control']).toBe('no-store');
    expect(response.headers['xero-amounts-are']).toBe('Tax Exclusive');
    expect(response.headers['xero-count']).toBe('2');
    expect(response.headers['xero-other-count']).toBe('1');
    const lines = linesOf(response);
    expect(lines[0]).toBe(INVOICE_HEADER);
    expect(numbersIn(lines)).toEqual([made.sent.number, made.paid.number].sort());
  });

  it("writes an invoice's lines as Xero's template rows: contact, address, dates dd/mm/yyyy, tax types", async () => {
    const lines = linesOf(await owner.get(`/api/exports/xero/invoices${NOVEMBER}`));
    const n = made.sent.number;
    const contact = `"O'Brien & Sons, Plumbing",accounts@obrien.example,"Unit 4, 12 Smith Street",,,,Parramatta,NSW,2150,`;
    expect(lines.filter((line) => line.includes(`,${n},Hot water,`))).toEqual([
      `${contact},${n},Hot water,03/11/2026,17/11/2026,,,Labour,2.5,110.00,,200,GST on Income,,,,,,,`,
      `${contact},${n},Hot water,03/11/2026,17/11/2026,,,"Mixer tap, supplied",1,120.50,,200,GST Free Income,,,,,,,`,
    ]);
    expect(lines).toContain(
      `Harbour Cafe,,,,,,,,,,${made.paid.number},,10/11/2026,24/11/2026,,,Call-out,1,200.00,,200,GST on Income,,,,,,,`,
    );
  });

  it('leaves out drafts, cancelled invoices, other dates and other organisations', async () => {
    const { body } = await owner.get(`/api/exports/xero/invoices${NOVEMBER}`);
    for (const absent of [made.draft, made.cancelled, made.october])
      expect(body).not.toMatch(new RegExp(`,${absent.number},[^,]*,\\d\\d/`));
    expect(body).not.toContain('Bravo');

    const theirs = await apiAs(t, b.token).get(`/api/exports/xero/invoices${NOVEMBER}`);
    expect(theirs.statusCode).toBe(200);
    expect(theirs.headers['xero-count']).toBe('1');
    expect(theirs.body).toContain('Bravo Secret Customer');
    expect(theirs.body).not.toContain("O'Brien");
  });

  it('gives the invoices of the other kind of prices in a file of their own (amounts=inclusive)', async () => {
    const response = await owner.get(`/api/exports/xero/invoices${NOVEMBER}&amounts=inclusive`);

    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['content-disposition']).toBe(
      'attachment; filename="xero-invoices-2026-11-01-to-2026-11-30-tax-inclusive.csv"',
    );
    expect(response.headers['xero-amounts-are']).toBe('Tax Inclusive');
    expect(response.headers['xero-count']).toBe('1');
    expect(response.headers['xero-other-count']).toBe('2');
    const n = made.inclusive.number;
    expect(linesOf(response)).toEqual([
      INVOICE_HEADER,
      `Harbour Cafe,,,,,,,,,,${n},,15/11/2026,29/11/2026,,,Coffee machine service,1,165.00,,200,GST on Income,,,,,,,`,
    ]);
    const exclusive = await owner.get(`/api/exports/xero/invoices${NOVEMBER}&amounts=exclusive`);
    expect(exclusive.headers['content-disposition']).toContain('-tax-exclusive.csv"');
    expect(exclusive.headers['xero-count']).toBe('2');
  });

  it('counts the invoices Xero will tax at 10 % where Fieldbook charged another rate', async () => {
    const levy = await owner.post('/api/tax-rates', { name: "Builders' levy", rate: '12.5' });
    expect(levy.statusCode, levy.body).toBe(201);
    const rates = (await owner.get('/api/tax-rates')).json() as TaxRate[];
    const gst = { id: rates.find((rate) => rate.name === 'GST')?.id };
    const customer = made.sent.customer;
    const lines = (taxRate: { id: string | undefined }) => [
      { description: 'Labour', quantity: '1', price: '100', taxRate: gst },
      { description: 'Levied work', quantity: '1', price: '40', taxRate },
    ];
    await newInvoice(owner, { customer, date: '2026-09-02', due: '2026-09-16', lineItems: lines(gst) });
    await newInvoice(owner, {
      customer,
      date: '2026-09-03',
      due: '2026-09-17',
      lineItems: lines({ id: (levy.json() as TaxRate).id }),
    });

    const september = await owner.get('/api/exports/xero/invoices?from=2026-09-01&to=2026-09-30');
    expect(september.headers['xero-count']).toBe('2');
    expect(september.headers['xero-other-rate-count']).toBe('1');
    // Xero reads the levied line as GST on Income, at its 10 %.
    expect(
      linesOf(september).filter((line) => line.includes('Levied work,1,40.00,,200,GST on Income')),
    ).toHaveLength(2);
    const november = await owner.get(`/api/exports/xero/invoices${NOVEMBER}`);
    expect(november.headers['xero-other-rate-count']).toBe('0');
  });

  it('takes the kind most invoices of the dates have, and answers a range with none with the header alone', async () => {
    const mostlyInclusive = await owner.get('/api/exports/xero/invoices?from=2026-11-15&to=2026-11-15');
    expect(mostlyInclusive.headers['xero-amounts-are']).toBe('Tax Inclusive');
    expect(mostlyInclusive.headers['xero-other-count']).toBe('0');

    const none = await owner.get('/api/exports/xero/invoices?from=2020-01-01&to=2020-01-31');
    expect(none.statusCode).toBe(200);
    expect(none.body).toBe(`${INVOICE_HEADER}\r\n`);
    expect(none.headers['xero-amounts-are']).toBe('Tax Exclusive');
    expect(none.headers['xero-count']).toBe('0');
  });
});

describe('GET /exports/xero/payments', () => {
  it("is a bank statement of the month's payments, each referring to its invoice", async () => {
    const response = await owner.get(`/api/exports/xero/payments${NOVEMBER}`);

    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(response.headers['content-disposition']).toBe(
      'attachment; filename="xero-payments-2026-11-01-to-2026-11-30.csv"',
    );
    expect(response.headers['xero-count']).toBe('3');
    const { paid, inclusive } = made;
    expect(linesOf(response)).toEqual([
      PAYMENT_HEADER,
      `12/11/2026,100.00,Harbour Cafe,"Invoice ${paid.number} (Bank transfer, ref NAB 88213)",${paid.number},`,
      `16/11/2026,165.00,Harbour Cafe,"Invoice ${inclusive.number} (Card, ref EFTPOS 5521)",${inclusive.number},`,
      `20/11/2026,120.00,Harbour Cafe,"Invoice ${paid.number} (Cheque, ref 000123)",${paid.number},000123`,
    ]);
  });

  it("leaves out other dates' payments and other organisations'", async () => {
    const october = await owner.get('/api/exports/xero/payments?from=2026-10-01&to=2026-10-31');
    expect(linesOf(october)).toEqual([
      PAYMENT_HEADER,
      `31/10/2026,50.00,Harbour Cafe,Invoice ${made.october.number} (Cash),${made.october.number},`,
    ]);
    const theirs = await apiAs(t, b.token).get(`/api/exports/xero/payments${NOVEMBER}`);
    expect(linesOf(theirs)).toEqual([
      PAYMENT_HEADER,
      `12/11/2026,900.00,Bravo Secret Customer,"Invoice ${made.other.number} (Bank transfer, ref B-1)",${made.other.number},`,
    ]);
  });
});

describe('the refusals', () => {
  it.each([
    ['no dates', '', ['from', 'to']],
    ['no last date', '?from=2026-11-01', ['to']],
    ['a date that is not one', '?from=2026-11-31&to=2026-12-31', ['from']],
    ['a date written the Australian way', '?from=01/11/2026&to=2026-11-30', ['from']],
    ['the last date before the first', '?from=2026-11-30&to=2026-11-01', ['to']],
    ['more than 366 days', '?from=2025-01-01&to=2026-01-02', ['to']],
  ])('refuses %s with a 400 naming the field, for both files', async (_what, query, fields) => {
    for (const file of ['invoices', 'payments']) {
      const response = await owner.get(`/api/exports/xero/${file}${query}`);
      expect(response.statusCode, response.body).toBe(400);
      expect(response.json()).toMatchObject({ error: 'VALIDATION_FAILED' });
      expect(fieldsOf(response)).toEqual(fields);
    }
  });

  it('says what is wrong with the range, and takes a leap year whole', async () => {
    const backwards = await owner.get('/api/exports/xero/invoices?from=2026-11-30&to=2026-11-01');
    expect(backwards.json().fieldErrors).toEqual([{ field: 'to', message: exportMessages.toBeforeFrom }]);
    const long = await owner.get('/api/exports/xero/payments?from=2025-01-01&to=2026-01-02');
    expect(long.json().fieldErrors).toEqual([{ field: 'to', message: exportMessages.tooLong }]);
    expect((await owner.get('/api/exports/xero/invoices?from=2024-01-01&to=2024-12-31')).statusCode).toBe(
      200,
    );
  });

  it('refuses a kind of prices it does not know', async () => {
    const response = await owner.get(`/api/exports/xero/invoices${NOVEMBER}&amounts=both`);
    expect(response.statusCode).toBe(400);
    expect(fieldsOf(response)).toEqual(['amounts']);
  });

  it('refuses more invoices or payments than Xero imports from one file', async () => {
    const [customer] = await createCustomers(t, a.tenant.tenantId, [{ name: 'Busy Builders' }]);
    const imports = Array.from({ length: 1001 }, (_, index) => ({
      ...invoiceFields.parse({
        customer: { id: customer?.id },
        status: 'CLOSED_PAID',
        date: `2025-05-${String((index % 28) + 1).padStart(2, '0')}`,
        due: '2025-06-30',
        lineItems: [{ description: 'Site visit', quantity: '1', price: '10' }],
      }),
      payment: { date: '2025-06-01', method: 'BANK_TRANSFER' as const },
    }));
    await inTenant(t.database.db, a.tenant.tenantId, (tx) => importInvoices(tx, a.tenant.tenantId, imports));

    const invoices = await owner.get('/api/exports/xero/invoices?from=2025-05-01&to=2025-05-31');
    expect(invoices.statusCode).toBe(400);
    expect(invoices.json().fieldErrors).toEqual([
      { field: 'to', message: exportMessages.tooManyInvoices(1001) },
    ]);
    const payments = await owner.get('/api/exports/xero/payments?from=2025-06-01&to=2025-06-01');
    expect(payments.statusCode).toBe(400);
    expect(payments.json().fieldErrors).toEqual([{ field: 'to', message: exportMessages.tooManyPayments }]);
    expect((await owner.get('/api/exports/xero/invoices?from=2025-05-01&to=2025-05-07')).statusCode).toBe(
      200,
    );
  });
});

describe('who may download them', () => {
  it('is Owners only: Office and Technician members are refused, and no token is 401', async () => {
    for (const role of ['OFFICE', 'TECHNICIAN'] as const) {
      const member = apiAs(t, (await newMember(t, a.tenant.tenantId, role)).token);
      for (const file of ['invoices', 'payments']) {
        const response = await member.get(`/api/exports/xero/${file}${NOVEMBER}`);
        expect(response.statusCode, `${role} ${file}`).toBe(403);
        expect(response.json()).toMatchObject({ error: 'FORBIDDEN' });
        expect(response.body).not.toContain('Harbour Cafe');
      }
    }
    expect((await apiAs(t, undefined).get(`/api/exports/xero/invoices${NOVEMBER}`)).statusCode).toBe(401);
  });
});

describe('billingAddressOf', () => {
  it.each([
    [
      'Unit 4, 12 Smith Street\nParramatta NSW 2150',
      ['Unit 4, 12 Smith Street'],
      'Parramatta',
      'NSW',
      '2150',
      null,
    ],
    ['12 Smith St, Parramatta nsw 2150', ['12 Smith St'], 'Parramatta', 'NSW', '2150', null],
    [
      'PO Box 88\nMillers Point NSW 2000\nAustralia',
      ['PO Box 88'],
      'Millers Point',
      'NSW',
      '2000',
      'Australia',
    ],
  ])(
    'reads %j as street lines, suburb, state, postcode and country',
    (text, lines, city, region, postcode, country) => {
      expect(billingAddressOf(text)).toEqual({ lines, city, region, postcode, country });
    },
  );

  it('keeps any other address as its lines, and none as none', () => {
    expect(billingAddressOf('12 Smith St Parramatta NSW 2150')).toEqual({
      lines: ['12 Smith St Parramatta NSW 2150'],
    });
    expect(billingAddressOf('Lot 7\n\nBack Road\nWoop Woop')).toEqual({
      lines: ['Lot 7', 'Back Road', 'Woop Woop'],
    });
    expect(billingAddressOf(null)).toBeNull();
    expect(billingAddressOf('  \n ')).toBeNull();
  });
});
