/**
 * How fast is the customer search with 100,000 customers in one organisation? Seeds them (PGlite in a
 * temporary folder, or the PostgreSQL server at DATABASE_URL, in a throwaway organisation that is
 * deleted afterwards), then times representative searches: the query alone (page and count, in its
 * tenant transaction) and the whole GET /api/customers request through the app. Prints figures only.
 *
 *   npm run bench                      # PGlite
 *   DATABASE_URL=postgres://… npm run bench
 *   BENCH_CUSTOMERS=20000 npm run bench
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { uuidv7 } from 'uuidv7';
import { buildApp } from '../src/app.ts';
import { customerList } from '../src/features/customers/customers.ts';
import { createUser } from '../src/features/identity/accounts.ts';
import { createTenant } from '../src/features/tenants/tenants.ts';
import { loadConfig } from '../src/platform/config.ts';
import { openDatabase } from '../src/platform/db/database.ts';
import { migrate } from '../src/platform/db/migrate.ts';
import { inTenant } from '../src/platform/db/tenant-scope.ts';
import { parsePage } from '../src/platform/lists/pagination.ts';
import { readListIn } from '../src/platform/lists/read-list.ts';
import { customers, tenantCounters, tenants } from '../src/schema.ts';
import { bearer, signAccessToken } from '../src/test-support/factories.ts';
import { time } from './bench-kit.ts';
import { fakeCustomers } from './fake-customers.ts';

const COUNT = Number(process.env.BENCH_CUSTOMERS ?? 100_000);
const RUNS = Number(process.env.BENCH_RUNS ?? 25);
const BATCH = 1000;
/** The measuring stops here even if runs remain, so the script always ends. */
const MEASURE_BUDGET_MS = 5 * 60_000;

const lastPage = Math.ceil(COUNT / 15);
const SEARCHES: [string, string][] = [
  ['a word', 'smith'],
  ['two words', 'cafe richmond'],
  ['a prefix', 'nguy*'],
  ['a field', 'address:"chapel st"'],
  ['a number', `number:${Math.ceil(COUNT / 2)}`],
  ['no match', 'zzqx'],
  ['* page 1', '*'],
  [`* page ${lastPage - 1}`, `*&p=${lastPage - 1}`],
];

async function main(): Promise<void> {
  const dataDir = process.env.DATABASE_URL ? undefined : mkdtempSync(join(tmpdir(), 'fieldbook-bench-'));
  const database = await openDatabase({ url: process.env.DATABASE_URL, dataDir });
  const config = loadConfig({ PUBLIC_URL: 'http://localhost:3000', SEED_DEMO: 'false', LOG_LEVEL: 'silent' });
  let tenantId: string | undefined;
  try {
    await migrate(database);
    const { db } = database;
    const user = await createUser(db, {
      email: `bench-${uuidv7()}@fieldbook.example`,
      name: 'Benchmark',
      password: `bench-${uuidv7()}`,
    });
    ({ tenantId } = await createTenant(db, {
      name: 'Benchmark organisation',
      creator: { subject: user.id, name: user.name, email: user.email },
    }));
    const tenant = tenantId;

    console.log(`Seeding ${COUNT.toLocaleString('en-AU')} customers into ${database.kind}…`);
    const seedStart = performance.now();
    const rows = fakeCustomers(COUNT);
    for (let from = 0; from < COUNT; from += BATCH) {
      const batch = rows.slice(from, from + BATCH).map((row) => ({ ...row, tenantId: tenant, id: uuidv7() }));
      await db.insert(customers).values(batch);
    }
    await db.insert(tenantCounters).values({ tenantId: tenant, name: 'customer', value: COUNT });
    await db.execute(sql`analyze customers`);
    console.log(`Seeded in ${((performance.now() - seedStart) / 1000).toFixed(1)} s.\n`);

    const app = await buildApp({ config, database, logger: false });
    await app.ready();
    const token = await signAccessToken(
      { app, database, config, close: async () => {} },
      { sub: user.id, tenantId: tenant },
    );
    const deadline = performance.now() + MEASURE_BUDGET_MS;

    console.log('search                  matches   query median / p95 (ms)   request median / p95 (ms)');
    for (const [label, search] of SEARCHES) {
      const [q = '', p] = search.split('&p=');
      const page = parsePage({ p }, { size: 15 });
      let total = 0;
      const query = await time(
        async () => {
          total = (await inTenant(db, tenant, (tx) => readListIn(tx, tenant, { q, page }, customerList)))
            .total;
        },
        RUNS,
        deadline,
      );
      const url = `/api/customers?q=${encodeURIComponent(q)}${p ? `&p=${p}` : ''}`;
      const request = await time(
        async () => {
          const response = await app.inject({ method: 'GET', url, headers: bearer(token) });
          if (response.statusCode !== 200) throw new Error(`${url}: ${response.statusCode} ${response.body}`);
        },
        RUNS,
        deadline,
      );
      const ms = (value: number) => value.toFixed(1).padStart(7);
      console.log(
        `${`${label} (${search})`.padEnd(38).slice(0, 38)} ${String(total).padStart(7)}   ${ms(query.median)} / ${ms(query.p95)}         ${ms(request.median)} / ${ms(request.p95)}`,
      );
    }
    console.log(`\n${RUNS} timed runs each after 2 warm-up runs; page size 15.`);
    await app.close();
  } finally {
    if (tenantId && process.env.DATABASE_URL) {
      await database.db.delete(tenants).where(eq(tenants.id, tenantId));
    }
    await database.close();
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  }
}

await main();
