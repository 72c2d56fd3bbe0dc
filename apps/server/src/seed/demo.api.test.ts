import {
  addDays,
  INVOICE_STATUSES,
  type Invoice,
  invoiceTotals,
  type Job,
  QUOTE_STATUSES,
  type Quote,
} from '@fieldbook/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser, findUserByEmail } from '../features/identity/accounts.ts';
import { listTenantsOf } from '../features/tenants/tenants.ts';
import { type ApiClient, apiAs } from '../test-support/api-client.ts';
import { countSeedRows, DEMO_SEED_ROWS, NO_SEED_ROWS } from '../test-support/demo-counts.ts';
import { signAccessToken } from '../test-support/factories.ts';
import { createTestApp, type TestApp } from '../test-support/test-app.ts';
import { openTestDatabase, type TestDatabase } from '../test-support/test-database.ts';
import { DEMO_TENANTS, DEMO_USER, seedDemo } from './demo.ts';
import { DEMO_INVOICES_PER_ORGANISATION } from './demo-invoices.ts';
import { DEMO_QUOTES } from './demo-quotes.ts';
import { DEMO_ORGANISATIONS, type DemoOrganisation } from './demo-records.ts';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

/**
 * The organisation's invoices: every status, many from its finished jobs (the job's customer, lines at GST),
 * totals by `invoiceTotals`, numbered in date order; the next invoice made follows the last.
 */
async function expectDemoInvoices(api: ApiClient): Promise<void> {
  const all = await api.get('/api/sales/invoices?s=100');
  expect(Number(all.headers['total-count'])).toBe(DEMO_INVOICES_PER_ORGANISATION);
  for (const status of INVOICE_STATUSES) {
    const found = await api.get(`/api/sales/invoices?q=status:${status}&s=1`);
    expect(Number(found.headers['total-count']), status).toBeGreaterThan(0);
  }
  const invoices = [
    ...(all.json() as Invoice[]),
    ...((await api.get('/api/sales/invoices?s=100&p=2')).json() as Invoice[]),
  ];
  const byNumber = [...invoices].sort((a, b) => a.number - b.number);
  expect(byNumber.map((invoice) => invoice.date)).toEqual(byNumber.map((invoice) => invoice.date).sort());
  const fromJobs = invoices.filter((invoice) => invoice.job !== null);
  expect(fromJobs.length).toBeGreaterThan(DEMO_INVOICES_PER_ORGANISATION / 4);
  for (const invoice of fromJobs.slice(0, 5)) {
    const job = (await api.get(`/api/jobs/${invoice.job?.id}`)).json() as Job;
    expect(['CLOSED_COMPLETED', 'OPEN_COMPLETED']).toContain(job.status);
    expect(invoice.customer).toEqual(job.customer);
    expect(invoice.lineItems.map((line) => line.amount)).toEqual(job.items.map((line) => line.amount));
    expect(invoice.lineItems.every((line) => line.taxRate?.name === 'GST')).toBe(true);
  }
  expect(invoices.some((invoice) => invoice.amountsEnteredIncludeTax)).toBe(true);
  expect(
    invoices.some((invoice) => invoice.lineItems.some((line) => line.taxRate?.name === 'GST Free')),
  ).toBe(true);
  for (const invoice of invoices) {
    const lines = invoice.lineItems.map((line) => ({ amount: line.amount, rate: line.taxRate?.rate }));
    expect(invoiceTotals(lines, invoice.amountsEnteredIncludeTax)).toEqual({
      subtotal: invoice.subtotal,
      tax: invoice.tax,
      total: invoice.total,
    });
  }
  const next = await api.post('/api/sales/invoices', {
    customer: invoices[0]?.customer,
    date: '2026-11-24',
    due: '2026-11-24',
  });
  expect((next.json() as Invoice).number).toBe(DEMO_INVOICES_PER_ORGANISATION + 1);
}

/** The organisation's quotes: every status, Expired too; the accepted one with its name, the converted one its job. */
async function expectDemoQuotes(api: ApiClient): Promise<void> {
  const quotes = (await api.get('/api/sales/quotes?s=100')).json() as Quote[];
  expect(quotes).toHaveLength(DEMO_QUOTES.length);
  expect(new Set(quotes.map((quote) => quote.status))).toEqual(new Set(QUOTE_STATUSES));
  expect(quotes.some((quote) => quote.expired)).toBe(true);
  const accepted = quotes.find((quote) => quote.status === 'CLOSED_ACCEPTED');
  expect(accepted).toMatchObject({ acceptedName: "Siobhan O'Reilly", acceptedOption: 'Option B: replace' });
  expect(quotes.find((quote) => quote.status === 'CLOSED_DECLINED')?.declinedReason).toContain('Christmas');
  const converted = quotes.find((quote) => quote.status === 'CLOSED_CONVERTED');
  const job = (await api.get(`/api/jobs/${converted?.job?.id}`)).json() as Job;
  expect(job.status).toBe('OPEN_READY_TO_BE_SCHEDULED');
}

async function withEmptyDatabase(fn: (database: TestDatabase) => Promise<void>): Promise<void> {
  const database = await openTestDatabase();
  try {
    await fn(database);
  } finally {
    await database.drop();
  }
}

describe('seedDemo', () => {
  it('seeds once when several processes start together: one demo user, each organisation whole', async () => {
    // On PostgreSQL each call has a connection of its own and they truly run at once; on PGlite they queue.
    const seeded = await Promise.all([1, 2, 3, 4].map(() => seedDemo(t.database.db)));
    expect(seeded.filter(Boolean)).toHaveLength(1);
    expect(await seedDemo(t.database.db)).toBe(false);
    expect(await countSeedRows(t.database.db)).toEqual(DEMO_SEED_ROWS);

    const user = await findUserByEmail(t.database.db, DEMO_USER.email);
    const organisations = await listTenantsOf(t.database.db, user?.id ?? '');
    expect(organisations.map((o) => o.tenantName)).toEqual(DEMO_TENANTS);
    for (const { tenantId } of organisations) {
      const api = apiAs(t, await signAccessToken(t, { sub: user?.id ?? '', tenantId }));
      const customers = await api.get('/api/customers?s=100');
      expect(customers.json()).toHaveLength(30);
      expect(customers.json().map((c: { number: number }) => c.number)).toEqual(
        Array.from({ length: 30 }, (_, i) => i + 1),
      );
      expect(Number((await api.get('/api/locations')).headers['total-count'])).toBeGreaterThanOrEqual(30);
      const items = await api.get('/api/items?s=100');
      expect(items.json()).toHaveLength(25);
      for (const item of items.json()) expect(item.price).toMatch(/^\d+\.\d{2}$/);
      const territories = (await api.get('/api/territories?s=100')).json();
      expect(territories.length).toBeGreaterThanOrEqual(6);
      expect(territories.map((territory: { name: string }) => territory.name)).not.toContain('Local area');
      for (const status of ['OPEN_NEW', 'OPEN_READY_TO_BE_SCHEDULED', 'OPEN_SCHEDULED', 'CLOSED_COMPLETED']) {
        const found = await api.get(`/api/jobs?q=status:${status}&s=1`);
        expect(Number(found.headers['total-count']), status).toBeGreaterThan(0);
      }
      const [job] = (await api.get('/api/jobs?q=scheduledStart:*&s=1')).json();
      expect(job.items.length).toBeGreaterThan(0);
      expect(job.total).toMatch(/^\d+\.\d{2}$/);
      await expectDemoInvoices(api);
      await expectDemoQuotes(api);
      // Every technician has a day to show today, tomorrow and the day after, whenever the demo was seeded: the
      // browser journeys still find a day and its next one when they run past midnight.
      for (const technician of (await api.get('/api/technicians')).json() as { id: string }[]) {
        const day = (await api.get(`/api/today?technician=${technician.id}`)).json();
        expect(day.visits.length, technician.id).toBeGreaterThanOrEqual(3);
        for (const days of [1, 2]) {
          const later = (
            await api.get(`/api/today?technician=${technician.id}&date=${addDays(day.date, days)}`)
          ).json();
          expect(later.visits.length, `${technician.id} in ${days} days`).toBeGreaterThanOrEqual(
            days === 1 ? 3 : 2,
          );
        }
      }
    }
  });

  it('leaves nothing behind when it fails part-way, and a later seed succeeds', async () => {
    await withEmptyDatabase(async (database) => {
      // The first organisation whole, then the second customer of the next, whose address the seed cannot read.
      const broken = DEMO_ORGANISATIONS.map(([name, records], i): [string, DemoOrganisation] => [
        name,
        i === 0
          ? records
          : {
              ...records,
              customers: records.customers.map((c, j) =>
                j === 1 ? { ...c, sites: [['Home', 'nowhere']] } : c,
              ),
            },
      ]);
      await expect(seedDemo(database.db, broken)).rejects.toThrow(/Demo address/);
      expect(await countSeedRows(database.db)).toEqual(NO_SEED_ROWS);

      expect(await seedDemo(database.db)).toBe(true);
      expect(await countSeedRows(database.db)).toEqual(DEMO_SEED_ROWS);
    });
  });

  it('never seeds a database that already has a user', async () => {
    await withEmptyDatabase(async (database) => {
      await createUser(database.db, {
        email: 'owner@example.test',
        name: 'Owner',
        password: 'a-real-secret',
      });
      expect(await seedDemo(database.db)).toBe(false);
      expect(await countSeedRows(database.db)).toEqual({ ...NO_SEED_ROWS, users: 1 });
    });
  });
});
