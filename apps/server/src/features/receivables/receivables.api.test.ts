import { AGEING_BUCKETS, type Receivables, sumOfAmounts, type TaxRate } from '@fieldbook/domain';
import type { LightMyRequestResponse } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { type ApiClient, apiAs, fieldsOf } from '../../test-support/api-client.ts';
import { createTenantWithUser, newMember, type TenantWithUser } from '../../test-support/factories.ts';
import { createCustomers } from '../../test-support/record-factories.ts';
import type { TestApp } from '../../test-support/test-app.ts';
import { withTwoTenants } from '../../test-support/two-tenants.ts';

/** An organisation's Owner, and its GST rate for the invoices they make. */
interface Books {
  tenantId: string;
  owner: ApiClient;
  gst: TaxRate;
}

let t: TestApp;
let b: TenantWithUser;
let books: Books;
let office: ApiClient;
let technician: ApiClient;

withTwoTenants((env) => ({ t, b } = env));

async function booksOf(made: TenantWithUser): Promise<Books> {
  const owner = apiAs(t, made.token);
  const gst = ((await owner.get('/api/tax-rates')).json() as TaxRate[]).find(
    (rate) => rate.name === 'GST',
  ) as TaxRate;
  return { tenantId: made.tenant.tenantId, owner, gst };
}

beforeAll(async () => {
  // An organisation of its own: the report adds up all its invoices.
  books = await booksOf(await createTenantWithUser(t, 'Aged & Co Electrical'));
  office = apiAs(t, (await newMember(t, books.tenantId, 'OFFICE')).token);
  technician = apiAs(t, (await newMember(t, books.tenantId, 'TECHNICIAN')).token);
});

/** A Sent invoice (or `status`) of `price` + GST ($110.00 for the default $100) due on `due`, paid `paid`, in `to`. */
async function owing(
  customerId: string,
  due: string,
  {
    paid,
    status = 'OPEN_SENT',
    price = '100',
    to = books,
    date = '2026-06-01',
  }: { paid?: string; status?: string; price?: string; to?: Books; date?: string } = {},
) {
  const made = await to.owner.post('/api/sales/invoices', {
    customer: { id: customerId },
    status,
    date,
    due,
    lineItems: [
      { description: "Switchboard upgrade & RCD's", quantity: '1', price, taxRate: { id: to.gst.id } },
    ],
  });
  expect(made.statusCode, made.body).toBe(201);
  if (paid) {
    const payment = await to.owner.post(`/api/sales/invoices/${made.json().id}/payments`, {
      date: '2026-06-02',
      amount: paid,
      method: 'CASH',
    });
    expect(payment.statusCode, payment.body).toBe(201);
  }
}

describe('the aged receivables report', () => {
  it('puts each Sent invoice’s amount due in its column as at a date, by customer, with totals', async () => {
    const [obrien, harbour, paidUp] = await createCustomers(t, books.tenantId, [
      { name: "O'Brien & Sons" },
      { name: 'Harbour Dental Group' },
      { name: 'Paid Up Pty Ltd' },
    ]);
    const asAt = '2026-11-30';
    // O'Brien: current (due on the day), 1 day late, 30 days late, 31 days late (part paid), 91 days late.
    await owing(obrien?.id as string, '2026-11-30');
    await owing(obrien?.id as string, '2026-11-29');
    await owing(obrien?.id as string, '2026-10-31');
    await owing(obrien?.id as string, '2026-10-30', { paid: '60.00' });
    await owing(obrien?.id as string, '2026-08-31');
    // Harbour: 61 and 90 days late; a draft and a cancelled one, which owe nothing yet.
    await owing(harbour?.id as string, '2026-09-30');
    await owing(harbour?.id as string, '2026-09-01');
    await owing(harbour?.id as string, '2026-08-31', { status: 'OPEN_DRAFT' });
    await owing(harbour?.id as string, '2026-08-31', { status: 'CLOSED_CANCELLED' });
    // Paid in full: not in the report.
    await owing(paidUp?.id as string, '2026-08-31', { paid: '110.00' });

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
    expect(report.customerCount).toBe(2);
    // The list's overdue filter counts the same invoices today (every due date above is past by now or today).
    const today = (await books.owner.get('/api/reports/receivables')).json() as Receivables;
    const overdue = await books.owner.get('/api/sales/invoices?q=overdue:true&s=1');
    expect(overdue.headers['total-count']).toBe(String(today.totals.overdueInvoices));
  });

  it('leaves out an invoice issued after the date it is as at, as the invoices behind its figures do', async () => {
    const later = await booksOf(await createTenantWithUser(t, 'Later & Sons Plumbing'));
    const [customer] = await createCustomers(t, later.tenantId, [{ name: "D'Arcy Holdings" }]);
    await owing(customer?.id as string, '2026-12-31', { to: later, date: '2026-12-01' });

    const before = (await later.owner.get('/api/reports/receivables?asAt=2026-11-30')).json() as Receivables;
    expect(before.customers).toEqual([]);
    expect(before.totals.total).toBe('0.00');
    const behind = await later.owner.get(
      `/api/sales/invoices?q=${encodeURIComponent('status:OPEN_SENT AND amountDue:>0 AND date:<=2026-11-30')}`,
    );
    expect(behind.headers['total-count']).toBe('0');

    const on = (await later.owner.get('/api/reports/receivables?asAt=2026-12-01')).json() as Receivables;
    expect(on.customers.map((row) => [row.customer.name, row.current])).toEqual([
      ["D'Arcy Holdings", '110.00'],
    ]);
  });

  it('counts what was owed on a past date: payments dated after it had not been received', async () => {
    const history = await booksOf(await createTenantWithUser(t, 'Then & Now Gasfitting'));
    const [customer] = await createCustomers(t, history.tenantId, [{ name: "O'Malley's Café" }]);
    const invoice = async (due: string) => {
      const made = await history.owner.post('/api/sales/invoices', {
        customer: { id: customer?.id },
        status: 'OPEN_SENT',
        date: '2026-09-01',
        due,
        lineItems: [
          { description: 'Hot water service', quantity: '1', price: '100', taxRate: { id: history.gst.id } },
        ],
      });
      expect(made.statusCode, made.body).toBe(201);
      return made.json().id as string;
    };
    const pay = async (id: string, date: string, amount: string) => {
      const paid = await history.owner.post(`/api/sales/invoices/${id}/payments`, {
        date,
        amount,
        method: 'BANK_TRANSFER',
      });
      expect(paid.statusCode, paid.body).toBe(201);
    };
    // Paid in full on 15 October (now Paid); part paid on 1 and 20 October (now Sent, $30.00 due).
    const paidLater = await invoice('2026-09-30');
    await pay(paidLater, '2026-10-15', '110.00');
    const partPaid = await invoice('2026-09-15');
    await pay(partPaid, '2026-10-01', '50.00');
    await pay(partPaid, '2026-10-20', '30.00');

    const report = async (asAt: string) =>
      (await history.owner.get(`/api/reports/receivables?asAt=${asAt}`)).json() as Receivables;
    const before = await report('2026-10-10');
    expect(before.totals).toMatchObject({
      days1To30: '170.00',
      total: '170.00',
      invoices: 2,
      overdueInvoices: 2,
    });
    const between = await report('2026-10-16');
    expect(between.totals).toMatchObject({ days31To60: '60.00', total: '60.00', invoices: 1 });
    const after = await report('2026-10-20');
    expect(after.totals).toMatchObject({ days31To60: '30.00', total: '30.00', invoices: 1 });
  });

  it('refuses a date, page or page size that is not one, before the role (Owners and Office staff only)', async () => {
    const wrong = await books.owner.get('/api/reports/receivables?asAt=30/11/2026');
    expect(wrong.statusCode).toBe(400);
    expect(fieldsOf(wrong)).toEqual(['asAt']);
    for (const [query, fields] of [
      ['p=0', ['p']],
      ['p=two', ['p']],
      ['s=0', ['s']],
      ['s=1001', ['s']],
      ['p=-1&s=2.5', ['p', 's']],
    ] as const) {
      const bad = await office.get(`/api/reports/receivables?${query}`);
      expect([query, bad.statusCode]).toEqual([query, 400]);
      expect([query, bad.json().error, fieldsOf(bad)]).toEqual([query, 'VALIDATION_FAILED', fields]);
    }
    // The request is read before the role: a Technician's bad page is a 400 too, a good one 403.
    expect((await technician.get('/api/reports/receivables?p=0')).statusCode).toBe(400);
    expect((await technician.get('/api/reports/receivables')).statusCode).toBe(403);
    expect((await technician.get('/api/reports/receivables/csv')).statusCode).toBe(403);
    const csv = await books.owner.get('/api/reports/receivables/csv?asAt=2026-11-31');
    expect(csv.statusCode).toBe(400);
    expect(fieldsOf(csv)).toEqual(['asAt']);
    expect((await apiAs(t, undefined).get('/api/reports/receivables/csv')).statusCode).toBe(401);
  });
});

describe('the report a page at a time, and as a CSV', () => {
  const asAt = '2026-11-30';
  const OBRIEN = "O'Brien & Sons, Plumbing";
  let paged: Books;
  let other: Books;

  const namesOf = (report: Receivables) => report.customers.map((owed) => owed.customer.name);
  const read = async (client: ApiClient, query: string) => {
    const response = await client.get(`/api/reports/receivables?asAt=${asAt}${query}`);
    expect(response.statusCode, response.body).toBe(200);
    return { response, report: response.json() as Receivables };
  };
  /** The `Link` header's targets by relation, as `p=…&s=…`. */
  const linksOf = (response: LightMyRequestResponse) =>
    Object.fromEntries(
      String(response.headers.link)
        .split(', ')
        .map((link) => {
          const [, target, rel] = /^<[^?]*\?(.*)>; rel="(\w+)"$/.exec(link) ?? [];
          return [rel, target];
        }),
    );
  /** The lines of a CSV answer after its byte order mark, which it must start with. */
  const csvLines = (response: LightMyRequestResponse) => {
    expect(response.body.startsWith('\uFEFF')).toBe(true);
    expect(response.body.endsWith('\r\n')).toBe(true);
    return response.body.slice(1, -2).split('\r\n');
  };

  // As at 30 November: O'Brien $330.00 1–30 days; Bayside $220.00 current; Coastal $220.00 90+ days; Delta $88.00
  // 61–90 days; Alpha $110.00 31–60 days less $60.00 paid. Two of the same total, ordered by name.
  const totals = {
    current: '220.00',
    days1To30: '330.00',
    days31To60: '50.00',
    days61To90: '88.00',
    days90Plus: '220.00',
    total: '908.00',
    invoices: 5,
    overdueInvoices: 4,
  };

  beforeAll(async () => {
    paged = await booksOf(await createTenantWithUser(t, 'Paged Plumbing'));
    const [obrien, bayside, coastal, delta, alpha] = await createCustomers(t, paged.tenantId, [
      { name: OBRIEN },
      { name: 'Bayside Dental' },
      { name: 'Coastal Builders' },
      { name: 'Delta Air' },
      { name: 'Alpha Electrical' },
    ]);
    const id = (customer: { id: string } | undefined) => customer?.id as string;
    await owing(id(obrien), '2026-11-01', { price: '300', to: paged });
    await owing(id(bayside), '2026-12-15', { price: '200', to: paged });
    await owing(id(coastal), '2026-07-01', { price: '200', to: paged });
    await owing(id(delta), '2026-09-15', { price: '80', to: paged });
    await owing(id(alpha), '2026-10-15', { paid: '60.00', to: paged });
    // The other organisation of the file owes too: never in this one's report, nor this one in its.
    other = await booksOf(b);
    const [theirs] = await createCustomers(t, other.tenantId, [{ name: 'Other Books Pty Ltd' }]);
    await owing(id(theirs), '2026-11-01', { price: '5000', to: other });
  });

  it('answers a page of customers, most owed first, with Total-Count, Link and the totals of them all', async () => {
    const first = await read(paged.owner, '&s=2');
    expect(namesOf(first.report)).toEqual([OBRIEN, 'Bayside Dental']);
    expect(first.report.customers[0]).toMatchObject({ days1To30: '330.00', total: '330.00', invoices: 1 });
    expect(first.report.customerCount).toBe(5);
    expect(first.report.totals).toEqual(totals);
    expect(first.response.headers['total-count']).toBe('5');
    expect(first.response.headers['total-count-relation']).toBeUndefined();
    expect(linksOf(first.response)).toEqual({
      first: `asAt=${asAt}&p=1&s=2`,
      next: `asAt=${asAt}&p=2&s=2`,
      last: `asAt=${asAt}&p=3&s=2`,
    });

    const second = await read(paged.owner, '&p=2&s=2');
    expect(namesOf(second.report)).toEqual(['Coastal Builders', 'Delta Air']);
    expect(second.report.totals).toEqual(totals);
    expect(second.report.customerCount).toBe(5);
    expect(linksOf(second.response)).toEqual({
      first: `asAt=${asAt}&p=1&s=2`,
      prev: `asAt=${asAt}&p=1&s=2`,
      next: `asAt=${asAt}&p=3&s=2`,
      last: `asAt=${asAt}&p=3&s=2`,
    });
    const last = await read(paged.owner, '&p=3&s=2');
    expect(namesOf(last.report)).toEqual(['Alpha Electrical']);
    expect(last.report.customers[0]).toMatchObject({ days31To60: '50.00', total: '50.00' });
    expect(last.report.totals).toEqual(totals);

    // The pages together are every customer once, and the totals are theirs added up, column by column.
    const all = [first, second, last].flatMap(({ report }) => report.customers);
    expect(new Set(all.map((owed) => owed.customer.id)).size).toBe(5);
    for (const key of [...AGEING_BUCKETS, 'total'] as const) {
      expect([key, sumOfAmounts(all.map((owed) => owed[key]))]).toEqual([key, totals[key]]);
    }
    expect(all.reduce((count, owed) => count + owed.invoices, 0)).toBe(totals.invoices);
    expect(all.reduce((count, owed) => count + owed.overdueInvoices, 0)).toBe(totals.overdueInvoices);
  });

  it('answers a page past the end empty, with the totals, and a way back to the last page', async () => {
    const past = await read(paged.owner, '&p=9&s=2');
    expect(past.report.customers).toEqual([]);
    expect(past.report.customerCount).toBe(5);
    expect(past.report.totals).toEqual(totals);
    expect(past.response.headers['total-count']).toBe('5');
    expect(linksOf(past.response)).toEqual({
      first: `asAt=${asAt}&p=1&s=2`,
      prev: `asAt=${asAt}&p=3&s=2`,
      last: `asAt=${asAt}&p=3&s=2`,
    });
  });

  it('holds 100 customers to a page unless asked otherwise', async () => {
    const whole = await read(paged.owner, '');
    expect(namesOf(whole.report)).toEqual([
      OBRIEN,
      'Bayside Dental',
      'Coastal Builders',
      'Delta Air',
      'Alpha Electrical',
    ]);
    expect(linksOf(whole.response)).toEqual({
      first: `asAt=${asAt}&p=1&s=100`,
      last: `asAt=${asAt}&p=1&s=100`,
    });
  });

  it('downloads every customer and the totals as receivables-<date>.csv, for Excel', async () => {
    const csv = await paged.owner.get(`/api/reports/receivables/csv?asAt=${asAt}`);
    expect(csv.statusCode, csv.body).toBe(200);
    expect(csv.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(csv.headers['content-disposition']).toBe(`attachment; filename="receivables-${asAt}.csv"`);
    expect(csv.rawPayload.subarray(0, 3)).toEqual(Buffer.from([0xef, 0xbb, 0xbf]));
    expect(csvLines(csv)).toEqual([
      'Customer,Current,1–30 days,31–60 days,61–90 days,90+ days,Total',
      `"${OBRIEN}",0.00,330.00,0.00,0.00,0.00,330.00`,
      'Bayside Dental,220.00,0.00,0.00,0.00,0.00,220.00',
      'Coastal Builders,0.00,0.00,0.00,0.00,220.00,220.00',
      'Delta Air,0.00,0.00,0.00,88.00,0.00,88.00',
      'Alpha Electrical,0.00,0.00,50.00,0.00,0.00,50.00',
      'Total,220.00,330.00,50.00,88.00,220.00,908.00',
    ]);
    // Office staff too; without a date, as at the organisation's today.
    const today = await office.get('/api/reports/receivables/csv');
    expect(today.statusCode, today.body).toBe(200);
    expect(today.headers['content-disposition']).toMatch(
      /^attachment; filename="receivables-\d{4}-\d{2}-\d{2}\.csv"$/,
    );
  });

  it('never holds another organisation’s customers or money', async () => {
    const ours = await paged.owner.get(`/api/reports/receivables/csv?asAt=${asAt}`);
    expect(ours.body).not.toContain('Other Books');
    expect(ours.body).not.toContain('5500.00');
    const theirs = await read(other.owner, '');
    expect(namesOf(theirs.report)).toEqual(['Other Books Pty Ltd']);
    expect(theirs.report.customerCount).toBe(1);
    expect(theirs.report.totals.total).toBe('5500.00');
    const theirCsv = await other.owner.get(`/api/reports/receivables/csv?asAt=${asAt}`);
    expect(csvLines(theirCsv)).toEqual([
      'Customer,Current,1–30 days,31–60 days,61–90 days,90+ days,Total',
      'Other Books Pty Ltd,0.00,5500.00,0.00,0.00,0.00,5500.00',
      'Total,0.00,5500.00,0.00,0.00,0.00,5500.00',
    ]);
  });
});
