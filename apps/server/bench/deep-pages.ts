/**
 * How fast are deep pages? Times pages from the first to the last of the biggest lists, where OFFSET reads every
 * row it skips: jobs (1,000,000), invoices (300,000), customers (100,000) and their locations, for `*`, a status
 * and a word; the query alone (in its tenant transaction) and the whole GET request to the real app listening on
 * 127.0.0.1. Prints figures only.
 *
 * It reads the databases that `bench:jobs` and `bench:invoices` kept under the same BENCH_KEEP name (run those
 * first), and seeds and keeps its own customers database under that name:
 *
 *   BENCH_KEEP=deep DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres npm run bench:jobs
 *   BENCH_KEEP=deep DATABASE_URL=… npm run bench:invoices
 *   BENCH_KEEP=deep DATABASE_URL=… npm run bench:pages
 *
 * Settings: BENCH_JOBS (1,000,000), BENCH_INVOICES (300,000) as they were seeded, BENCH_CUSTOMERS (100,000),
 * BENCH_RUNS (15), BENCH_LISTS (jobs,invoices,customers: the lists to time).
 */
import { PAGE_SIZES } from '@fieldbook/domain';
import { sql } from 'drizzle-orm';
import { customerList } from '../src/features/customers/customers.ts';
import { locationList } from '../src/features/customers/locations.ts';
import { numberedInvoices } from '../src/features/invoices/invoice-list.ts';
import { numberedJobs } from '../src/features/jobs/job-list.ts';
import type { Tx } from '../src/platform/db/database.ts';
import { inTenant } from '../src/platform/db/tenant-scope.ts';
import type { ListPage, ListRequest } from '../src/platform/lists/paged-list.ts';
import { parsePage } from '../src/platform/lists/pagination.ts';
import { type RecordList, readListIn } from '../src/platform/lists/read-list.ts';
import { createTenantWithUser, signAccessToken } from '../src/test-support/factories.ts';
import { serveThrowaway, time, timeRequest } from './bench-kit.ts';
import { type Seeded, seedCustomers, seededBefore } from './bench-seed.ts';

const JOBS = Number(process.env.BENCH_JOBS ?? 1_000_000);
const INVOICES = Number(process.env.BENCH_INVOICES ?? 300_000);
const CUSTOMERS = Number(process.env.BENCH_CUSTOMERS ?? 100_000);
const RUNS = Number(process.env.BENCH_RUNS ?? 15);
const LISTS = (process.env.BENCH_LISTS ?? 'jobs,invoices,customers').split(',');
/** The measuring of one list stops here even if runs remain, so the benchmark always ends. */
const LIST_BUDGET_MS = 10 * 60_000;

type Lister = (tx: Tx, tenantId: string, request: ListRequest) => Promise<ListPage<unknown>>;

/** A list read in a transaction of the tenant's, as the server reads a Technician's own jobs. */
const inTransaction =
  <T>(list: RecordList<T>): Lister =>
  (tx, tenantId, request) =>
    readListIn(tx, tenantId, request, list);

/** One list to time: its path, default page size, what it lists, and the searches whose pages are timed. */
interface TimedList {
  label: string;
  path: string;
  size: number;
  list: Lister;
  searches: string[];
}

/** The pages timed of a search with `total` matches: the first two, a quarter, the middle, three quarters, the last two. */
function pagesOf(total: number, size: number): number[] {
  const last = Math.max(1, Math.ceil(total / size));
  const pages = [1, 2, Math.ceil(last / 4), Math.ceil(last / 2), Math.ceil((last * 3) / 4), last - 1, last];
  return [...new Set(pages.filter((page) => page >= 1))].sort((x, y) => x - y);
}

type Served = Awaited<ReturnType<typeof serveThrowaway>>;

async function timePages(served: Served, seeded: Seeded, lists: TimedList[]) {
  const { db } = served.database;
  const { tenantId } = seeded;
  const token = await signAccessToken(served.testApp, { sub: seeded.userId, tenantId, expiresIn: '1h' });
  const ms = (value: number) => value.toFixed(1).padStart(7);
  for (const { label, path, size, list, searches } of lists) {
    const deadline = performance.now() + LIST_BUDGET_MS;
    console.log(`\n${label} (${path}, page size ${size})`);
    console.log(
      'search                          page    matches   query median / p95 (ms)   request median / p95 (ms)',
    );
    for (const q of searches) {
      const first = await inTenant(db, tenantId, (tx) =>
        list(tx, tenantId, { q, page: parsePage({}, { size }) }),
      );
      for (const p of pagesOf(first.total, size)) {
        const page = parsePage({ p }, { size });
        const alone = await time(
          () => inTenant(db, tenantId, (tx) => list(tx, tenantId, { q, page })),
          RUNS,
          deadline,
        );
        const url = `${served.base}${path}?q=${encodeURIComponent(q)}&p=${p}&s=${size}`;
        const request = await timeRequest(url, token, RUNS, deadline);
        console.log(
          `${q.padEnd(30).slice(0, 30)} ${String(p).padStart(6)} ${String(first.total).padStart(10)}   ${ms(alone.median)} / ${ms(alone.p95)}         ${ms(request.median)} / ${ms(request.p95)}`,
        );
      }
    }
  }
}

/** The last word of the first customer's name, lower case: a word many records match. */
const wordOf = (seeded: Seeded) => seeded.customer.name.split(' ').at(-1)?.toLowerCase() ?? 'smith';

/** A kept database of another benchmark, with its tenant; undefined (and a message) when it was not seeded. */
async function keptBy(prefix: string, tenant: string, counts: string, expected: number, command: string) {
  const served = await serveThrowaway(process.env.DATABASE_URL || undefined, prefix);
  const seeded = await seededBefore(served.database.db, { tenant, counts, expected, noun: prefix });
  if (!seeded) {
    console.log(
      `\nNo ${prefix} to time: run \`BENCH_KEEP=${process.env.BENCH_KEEP} npm run ${command}\` first.`,
    );
    await served.close();
    return undefined;
  }
  return { served, seeded };
}

const CUSTOMERS_TENANT = 'Deep pages benchmark organisation';

/** Its own kept database of BENCH_CUSTOMERS customers (1 to 3 locations each), seeded on the first run. */
async function customersDatabase() {
  const served = await serveThrowaway(process.env.DATABASE_URL || undefined, 'pages');
  const { db } = served.database;
  const found = await db.execute(sql`
    select tenants.id as "tenantId", memberships.subject as "userId",
      (select coalesce(sum(count), 0)::int from customer_counts where tenant_id = tenants.id) as records,
      (select json_build_object('id', id, 'name', name) from customers
        where tenant_id = tenants.id order by number limit 1) as customer
    from tenants join memberships on memberships.tenant_id = tenants.id where tenants.name = ${CUSTOMERS_TENANT}`);
  const [before] = (found as unknown as { rows: (Seeded & { records: number })[] }).rows;
  if (before && before.records === CUSTOMERS) return { served, seeded: before as Seeded };
  if (before) throw new Error(`The kept database has ${before.records} customers, not ${CUSTOMERS}.`);
  console.log(`Seeding ${CUSTOMERS.toLocaleString('en-AU')} customers into ${served.database.kind}…`);
  const { tenant, user } = await createTenantWithUser(served.testApp, CUSTOMERS_TENANT);
  const { rows } = await seedCustomers(served.database, tenant.tenantId, CUSTOMERS);
  await db.execute(sql`vacuum analyze customers, locations`);
  const [customer] = rows;
  if (!customer) throw new Error('No customers were seeded');
  return {
    served,
    seeded: {
      tenantId: tenant.tenantId,
      userId: user.id,
      customer: { id: customer.id, name: customer.name },
    },
  };
}

async function main(): Promise<void> {
  if (!process.env.BENCH_KEEP) throw new Error('Set BENCH_KEEP to the name the list benchmarks kept.');
  if (LISTS.includes('jobs')) {
    const kept = await keptBy('jobs', 'Jobs benchmark organisation', 'job_counts', JOBS, 'bench:jobs');
    if (kept)
      try {
        await timePages(kept.served, kept.seeded, [
          {
            label: `Jobs (${JOBS.toLocaleString('en-AU')})`,
            path: '/api/jobs',
            size: PAGE_SIZES.jobs,
            list: inTransaction(numberedJobs),
            searches: ['*', 'status:CLOSED_COMPLETED', 'status:OPEN_SCHEDULED', wordOf(kept.seeded)],
          },
        ]);
      } finally {
        await kept.served.close();
      }
  }
  if (LISTS.includes('invoices')) {
    const kept = await keptBy(
      'invoices',
      'Invoices benchmark organisation',
      'invoice_counts',
      INVOICES,
      'bench:invoices',
    );
    if (kept)
      try {
        await timePages(kept.served, kept.seeded, [
          {
            label: `Invoices (${INVOICES.toLocaleString('en-AU')})`,
            path: '/api/sales/invoices',
            size: PAGE_SIZES.invoices,
            list: inTransaction(numberedInvoices),
            searches: ['*', 'status:CLOSED_PAID', wordOf(kept.seeded)],
          },
        ]);
      } finally {
        await kept.served.close();
      }
  }
  if (LISTS.includes('customers')) {
    const { served, seeded } = await customersDatabase();
    try {
      await timePages(served, seeded, [
        {
          label: `Customers (${CUSTOMERS.toLocaleString('en-AU')})`,
          path: '/api/customers',
          size: PAGE_SIZES.customers,
          list: inTransaction(customerList),
          searches: ['*', wordOf(seeded)],
        },
        {
          label: 'Their locations',
          path: '/api/locations',
          size: PAGE_SIZES.locations,
          list: inTransaction(locationList),
          searches: ['*'],
        },
      ]);
    } finally {
      await served.close();
    }
  }
  console.log(`\n${RUNS} timed runs each after 2 warm-up runs.`);
}

await main();
