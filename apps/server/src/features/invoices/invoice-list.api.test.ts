import { INVOICE_STATUSES, type Invoice, type InvoiceStatus, invoiceFields } from '@fieldbook/domain';
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { inTenant } from '../../platform/db/tenant-scope.ts';
import { type ApiClient, apiAs } from '../../test-support/api-client.ts';
import { renameWrite, sendAllAtOnce, type Write } from '../../test-support/concurrent-writes.ts';
import { createTenantWithUser, type TenantWithUser } from '../../test-support/factories.ts';
import {
  blocksCounted,
  expectPagesFromBlocks,
  expectPagesOfTheWhole,
  expectWalkedAsSorted,
} from '../../test-support/list-pages.ts';
import { createCustomers } from '../../test-support/record-factories.ts';
import type { TestApp } from '../../test-support/test-app.ts';
import { withTwoTenants } from '../../test-support/two-tenants.ts';
import { numberedInvoices } from './invoice-list.ts';
import { importInvoices } from './invoices.ts';

// The invoice list counts `*`, a status and a lone word from counts kept by triggers (migration 0014,
// docs/server.md "Fast lists"), as the job list does. These tests hold the kept counts to the invoices through
// every kind of write, and the totals the list gives to the ones it counts row by row.

let t: TestApp;
let a: TenantWithUser;
let b: TenantWithUser;
let api: ApiClient;
let bakery: { id: string };
let plumbing: { id: string };

withTwoTenants((env) => {
  ({ t, a, b } = env);
});

beforeAll(async () => {
  api = apiAs(t, a.token);
  const made = await createCustomers(t, a.tenant.tenantId, [
    { name: 'Bondi Bakehouse & Café' },
    { name: "O'Brien Plumbing Supplies" },
  ]);
  [bakery, plumbing] = made.map((customer) => ({ id: customer.id })) as [{ id: string }, { id: string }];
});

const invoice = (more: Record<string, unknown> = {}) => ({
  customer: bakery,
  date: '2026-11-02',
  due: '2026-11-16',
  lineItems: [{ description: 'Labour', amount: '100' }],
  ...more,
});

type Rows = Record<string, unknown>[];
const rowsOf = async (query: ReturnType<typeof sql>) =>
  ((await t.database.db.execute(query)) as unknown as { rows: Rows }).rows;

/**
 * The kept counts and words of a tenant (A's unless told; zeros left out) and the same counted and made from its
 * invoices: equal.
 */
async function keptAndCounted(tenantId = a.tenant.tenantId) {
  return {
    kept: {
      statuses: await rowsOf(sql`select status, count::int from invoice_counts
        where tenant_id = ${tenantId} and count <> 0 order by 1`),
      customers: await rowsOf(sql`select customer_id, count::int from invoice_customer_counts
        where tenant_id = ${tenantId} and count <> 0 order by 1`),
      blocks: await rowsOf(sql`select status, block, count::int from invoice_number_blocks
        where tenant_id = ${tenantId} and count <> 0 order by 1, 2`),
      words: await rowsOf(
        sql`select word, number, status from invoice_words where tenant_id = ${tenantId} order by 1, 2`,
      ),
    },
    counted: {
      statuses: await rowsOf(sql`select status, count(*)::int as count from invoices
        where tenant_id = ${tenantId} group by 1 order by 1`),
      customers: await rowsOf(sql`select customer_id, count(*)::int as count from invoices
        where tenant_id = ${tenantId} group by 1 order by 1`),
      blocks: await rowsOf(blocksCounted('invoices', tenantId)),
      // Each invoice's words, made here from the texts themselves (not the words kept beside them).
      words:
        await rowsOf(sql`select distinct word collate "C" as word, invoices.number, invoices.status from invoices
        join customers on customers.tenant_id = invoices.tenant_id and customers.id = invoices.customer_id,
        string_to_table(concat(search_words(invoices.reference), search_words(customers.name)), ' ') as word
        where invoices.tenant_id = ${tenantId} and word <> '' order by 1, 2`),
    },
  };
}

const expectCountsKept = async (tenantId?: string) => {
  const { kept, counted } = await keptAndCounted(tenantId);
  expect(kept).toEqual(counted);
};

const totalOf = async (q: string) => {
  const response = await api.get(`/api/sales/invoices?q=${encodeURIComponent(q)}&s=1`);
  expect(response.statusCode, JSON.stringify(response.json())).toBe(200);
  return Number(response.headers['total-count']);
};

const numbersOf = async (q: string, size = 100, page = 1) =>
  (
    (await api.get(`/api/sales/invoices?q=${encodeURIComponent(q)}&s=${size}&p=${page}`)).json() as Invoice[]
  ).map((found) => found.number);

describe('the kept invoice counts', () => {
  it('follow creates, status changes, moves to another customer, deletes and imports', async () => {
    await expectCountsKept();
    const created: Invoice[] = [];
    for (const body of [invoice(), invoice({ reference: 'PO 4471' }), invoice({ customer: plumbing })]) {
      const response = await api.post('/api/sales/invoices', body);
      expect(response.statusCode, JSON.stringify(response.json())).toBe(201);
      created.push(response.json());
    }
    await expectCountsKept();

    const [first, second, third] = created as [Invoice, Invoice, Invoice];
    const sent = await api.put(`/api/sales/invoices/${first.id}`, {
      ...invoice(),
      status: 'OPEN_SENT',
      updated: first.updated,
    });
    expect(sent.statusCode, JSON.stringify(sent.json())).toBe(200);
    await expectCountsKept();

    const moved = await api.put(`/api/sales/invoices/${second.id}`, {
      ...invoice({ customer: plumbing, status: 'CLOSED_PAID' }),
      updated: second.updated,
    });
    expect(moved.statusCode, JSON.stringify(moved.json())).toBe(200);
    await expectCountsKept();

    expect((await api.delete(`/api/sales/invoices/${third.id}`)).statusCode).toBe(204);
    await expectCountsKept();

    // A customer's rename: its invoices' words follow.
    const current = (await api.get(`/api/customers/${plumbing.id}`)).json() as Record<string, unknown>;
    const renamed = await api.put(`/api/customers/${plumbing.id}`, {
      ...current,
      name: "O'Brien & Daughters Plumbing",
    });
    expect(renamed.statusCode, renamed.body).toBe(200);
    await expectCountsKept();

    const tenantId = a.tenant.tenantId;
    await inTenant(t.database.db, tenantId, (tx) =>
      importInvoices(
        tx,
        tenantId,
        Array.from({ length: 25 }, (_, index) =>
          invoiceFields.parse(
            invoice({
              reference: `Imported ${index}`,
              status: index % 2 === 0 ? 'CLOSED_PAID' : 'OPEN_SENT',
              date: `2026-10-${String(index + 1).padStart(2, '0')}`,
              due: '2026-12-01',
            }),
          ),
        ),
      ),
    );
    await expectCountsKept();
  });

  it("are the caller's tenant's only: another tenant's invoices change none of them", async () => {
    const before = await keptAndCounted();
    const [theirs] = await createCustomers(t, b.tenant.tenantId, [{ name: 'Bondi Bakehouse' }]);
    const response = await apiAs(t, b.token).post(
      '/api/sales/invoices',
      invoice({ customer: { id: theirs?.id } }),
    );
    expect(response.statusCode).toBe(201);
    expect(await keptAndCounted()).toEqual(before);
    const found = (await api.get('/api/sales/invoices?q=bakehouse&s=100')).json() as Invoice[];
    expect(found.map((mine) => mine.id)).not.toContain((response.json() as Invoice).id);
  });

  it('give the list the totals it would count row by row', async () => {
    // A word in an invoice's reference and in its customer's name too counts the invoice once.
    for (const body of [
      invoice({ reference: 'Bakehouse ovens' }),
      invoice({ customer: plumbing, reference: 'Bakehouse fit-out' }),
    ]) {
      expect((await api.post('/api/sales/invoices', body)).statusCode).toBe(201);
    }
    // Parentheses make the same search one the kept counts do not answer, so the list counts it from the rows.
    for (const q of [
      '*',
      'status:OPEN_SENT',
      'status:CLOSED_PAID',
      'bakehouse',
      '"plumbing supplies"',
      'imported',
      '"PO 4471"',
      'bakehouse ovens',
      'obrien bakehouse',
    ]) {
      const counted = q === '*' ? await totalOf('(status:* OR NOT status:*)') : await totalOf(`(${q})`);
      expect(await totalOf(q), q).toBe(counted);
      expect(await numbersOf(q), q).toEqual(
        await numbersOf(q === '*' ? '(status:* OR NOT status:*)' : `(${q})`),
      );
    }
    expect(await totalOf('*')).toBeGreaterThan(25);
    // A word is read from invoice_words: an invoice whose words are taken away behind the triggers' back is not
    // found by it until they are made again.
    const [ovens] = await numbersOf('ovens');
    const tenantId = a.tenant.tenantId;
    await t.database.db.execute(
      sql`delete from invoice_words where tenant_id = ${tenantId} and number = ${ovens}`,
    );
    expect(await numbersOf('ovens')).not.toContain(ovens);
    expect(await numbersOf('(ovens)')).toContain(ovens);
    await t.database.db.execute(
      sql`select rewrite_invoice_words(array[${tenantId}::uuid], array[${ovens}::int])`,
    );
    expect(await numbersOf('ovens')).toContain(ovens);
  });
});

describe('the invoice list', () => {
  it('filters by customer, status and date range, newest number first, with the right totals', async () => {
    const all = (await api.get('/api/sales/invoices?s=100')).json() as Invoice[];
    const expected = (keep: (found: Invoice) => boolean) => all.filter(keep).map((found) => found.number);
    expect(all.map((found) => found.number)).toEqual(
      [...all.map((found) => found.number)].sort((x, y) => y - x),
    );
    const cases: [string, (found: Invoice) => boolean][] = [
      [`customer.id:${plumbing.id}`, (found) => found.customer.id === plumbing.id],
      ['status:OPEN_SENT', (found) => found.status === 'OPEN_SENT'],
      [
        'date:[2026-10-05 TO 2026-10-09]',
        (found) => found.date >= '2026-10-05' && found.date <= '2026-10-09',
      ],
      ['due:[2026-12-01 TO 2026-12-31]', (found) => found.due >= '2026-12-01'],
      [
        'bakehouse AND status:CLOSED_PAID',
        (found) => found.customer.id === bakery.id && found.status === 'CLOSED_PAID',
      ],
    ];
    for (const [q, keep] of cases) {
      expect(await numbersOf(q), q).toEqual(expected(keep));
      expect(await totalOf(q), q).toBe(expected(keep).length);
    }
    expect(await numbersOf('date:[2026-10-05 TO 2026-10-09]')).toHaveLength(5);
  });

  it('finds a number whole, and reads the right page of a few matches and of many', async () => {
    const all = (await api.get('/api/sales/invoices?s=100')).json() as Invoice[];
    const some = all[3] as Invoice;
    expect(await numbersOf(String(some.number))).toContain(some.number);
    expect(await numbersOf('99999999999')).toEqual([]);
    const every = await numbersOf('imported');
    expect(every).toHaveLength(25);
    expect([...(await numbersOf('imported', 5, 1)), ...(await numbersOf('imported', 5, 2))]).toEqual(
      every.slice(0, 10),
    );
    expect(await numbersOf('imported', 5, 6)).toEqual([]);
    const newest = await numbersOf('*', 5, 2);
    expect(newest).toEqual(all.slice(5, 10).map((found) => found.number));
  });
});

describe('the kept invoice counts under concurrent writes', () => {
  // As for jobs (job-counts.api.test.ts): truly at once on PostgreSQL, in turns on PGlite. Each round sends creates
  // for a customer no count row names yet, moves of other invoices to it, status changes and deletes of drafts.
  // A Paid invoice stays Paid (its payments pay it: payments.api.test.ts), and is saved with a move.
  const next: Record<InvoiceStatus, InvoiceStatus> = {
    OPEN_DRAFT: 'OPEN_SENT',
    OPEN_SENT: 'CLOSED_PAID',
    CLOSED_PAID: 'CLOSED_PAID',
    CLOSED_CANCELLED: 'OPEN_SENT',
  };

  it('stay equal to the invoices through creates, status changes, moves, deletes and renames sent at once', async () => {
    const tenant = await createTenantWithUser(t);
    const tenantId = tenant.tenant.tenantId;
    const client = apiAs(t, tenant.token);
    const [first] = await createCustomers(t, tenantId, [{ name: 'Round Harbour Pharmacy' }]);
    let expectedInvoices = 0;
    for (let round = 0; round < 3; round++) {
      const [customer] = await createCustomers(t, tenantId, [{ name: `Round ${round} Dental Group` }]);
      const buyer = { id: customer?.id };
      const invoices = (await client.get('/api/sales/invoices?s=1000')).json() as Invoice[];
      const writes: Write[] = [];
      for (let index = 0; index < 12; index++)
        writes.push([
          201,
          () =>
            client.post(
              '/api/sales/invoices',
              invoice({
                customer: index % 2 === 0 ? buyer : { id: first?.id },
                status: INVOICE_STATUSES[index % INVOICE_STATUSES.length],
              }),
            ),
        ]);
      invoices.forEach((found, index) => {
        if (found.status === 'OPEN_DRAFT' && index % 2 === 0)
          writes.push([204, () => client.delete(`/api/sales/invoices/${found.id}`)]);
        else
          writes.push([
            200,
            () =>
              client.put(`/api/sales/invoices/${found.id}`, {
                ...invoice({
                  // An invoice with payments keeps the customer who paid.
                  customer: index % 3 === 0 && found.amountPaid === '0.00' ? buyer : found.customer,
                  status: next[found.status],
                }),
                updated: found.updated,
              }),
          ]);
      });
      // The round's customer renamed while invoices are made for it and moved to it.
      writes.splice(6, 0, renameWrite(client, 'customers', customer, `Round ${round} Dental Clinic`));
      expectedInvoices += writes.filter(([expected]) => expected === 201).length;
      expectedInvoices -= writes.filter(([expected]) => expected === 204).length;
      await sendAllAtOnce(writes);
      await expectCountsKept(tenantId);
    }

    const counted = await rowsOf(sql`select status, count(*)::int as count from invoices
      where tenant_id = ${tenantId} group by 1`);
    const total = async (q: string) =>
      Number((await client.get(`/api/sales/invoices?q=${encodeURIComponent(q)}&s=1`)).headers['total-count']);
    expect(counted.reduce((sum, row) => sum + Number(row.count), 0)).toBe(expectedInvoices);
    expect(await total('*')).toBe(expectedInvoices);
    for (const status of INVOICE_STATUSES)
      expect(await total(`status:${status}`), status).toBe(
        Number(counted.find((row) => row.status === status)?.count ?? 0),
      );
    expect(await total('dental')).toBe(await total('(dental)'));
  });
});

describe('pages far from both ends of the invoice list', () => {
  // Tens of thousands of rows written first: longer than the API tests' 30 s on a busy 2-core machine (25 s seen in CI).
  it('are found from the kept counts per block of numbers, as an OFFSET finds them', {
    timeout: 90_000,
  }, async () => {
    const tenant = await createTenantWithUser(t);
    const tenantId = tenant.tenant.tenantId;
    const [customer] = await createCustomers(t, tenantId, [{ name: "O'Brien & Sons Bakery" }]);
    // 30,000 invoices numbered up to 33,000 (every eleventh number missing), over five blocks; a quarter drafts,
    // the rest paid; then some are sent and a thousand numbers in the middle are deleted.
    const db = t.database.db;
    await db.execute(sql`insert into invoices
        (tenant_id, id, number, customer_id, status, date, due, amounts_include_tax)
      select ${tenantId}, gen_random_uuid(), n, ${customer?.id},
        case when n % 4 = 0 then 'OPEN_DRAFT' else 'CLOSED_PAID' end, '2026-10-01', '2026-10-31', false
      from generate_series(1, 33000) as n where n % 11 <> 0`);
    await db.execute(
      sql`update invoices set status = 'OPEN_SENT' where tenant_id = ${tenantId} and number % 7 = 0`,
    );
    await db.execute(
      sql`delete from invoices where tenant_id = ${tenantId} and number between 16000 and 17000`,
    );
    await expectCountsKept(tenantId);
    await expectPagesFromBlocks(
      apiAs(t, tenant.token),
      db,
      { path: '/api/sales/invoices', table: 'invoices', tenantId },
      ['*', 'status:CLOSED_PAID'],
    );
  });
});

describe('deep pages of the invoice list', () => {
  it('reads every page, those past the middle from the far end, as the rows of the whole list', async () => {
    const tenant = await createTenantWithUser(t);
    const tenantId = tenant.tenant.tenantId;
    const [cafe, supplies] = await createCustomers(t, tenantId, [
      { name: 'Deep Water Cafe' },
      { name: 'Deep South Supplies' },
    ]);
    const statuses = ['OPEN_DRAFT', 'OPEN_SENT', 'CLOSED_PAID'] as const;
    await inTenant(t.database.db, tenantId, (tx) =>
      importInvoices(
        tx,
        tenantId,
        Array.from({ length: 21 }, (_, index) =>
          invoiceFields.parse(
            invoice({
              customer: { id: (index % 3 === 0 ? supplies : cafe)?.id },
              status: statuses[index % 3],
              date: `2026-10-${String(index + 1).padStart(2, '0')}`,
              due: '2026-12-01',
            }),
          ),
        ),
      ),
    );
    const client = apiAs(t, tenant.token);
    const lengths: Record<string, number> = {};
    for (const q of [
      '*',
      'status:OPEN_SENT',
      `customer.id:${cafe?.id}`,
      'cafe',
      'date:[2026-10-03 TO 2026-10-18]',
    ])
      lengths[q] = (await expectPagesOfTheWhole(client, '/api/sales/invoices', q, [1, 3, 4, 7])).length;
    expect(lengths).toEqual({
      '*': 21,
      'status:OPEN_SENT': 7,
      [`customer.id:${cafe?.id}`]: 14,
      cafe: 14,
      'date:[2026-10-03 TO 2026-10-18]': 16,
    });
  });
});

describe('a word that names thousands of invoices', () => {
  it('is walked newest first with its names hashed, and finds the pages a sorted read finds', async () => {
    const tenant = await createTenantWithUser(t);
    const tenantId = tenant.tenant.tenantId;
    const [cafe, supplies] = await createCustomers(t, tenantId, [
      { name: 'Coogee Café & Bar' },
      { name: "D'Souza Supplies" },
    ]);
    const client = apiAs(t, tenant.token);
    for (let index = 0; index < 14; index++) {
      const customer = index % 3 === 0 ? supplies : cafe;
      const response = await client.post('/api/sales/invoices', invoice({ customer: { id: customer?.id } }));
      expect(response.statusCode).toBe(201);
    }
    await expectWalkedAsSorted(t.database.db, tenantId, numberedInvoices, ['coogee', 'souza'], 4);
  });
});
