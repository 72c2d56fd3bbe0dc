/**
 * How many requests per second does one server process answer, and how fast, under concurrent load?
 * Builds the real app (embedded issuer, SEED_DEMO=false, logger off) over a temporary PGlite, or over a
 * throwaway database created on the PostgreSQL server at DATABASE_URL (dropped afterwards), listens on
 * 127.0.0.1 on a free port, seeds customers into one organisation and runs autocannon against each
 * scenario for a fixed time. GET /api/health (no database, no token) is the ceiling the other figures are
 * compared with.
 *
 *   npm run bench:load                                   # PGlite, 30 customers
 *   BENCH_CUSTOMERS=20000 npm run bench:load             # also the searches and the last page
 *   DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres npm run bench:load
 *
 * Settings: BENCH_CUSTOMERS (30), BENCH_SECONDS per scenario (10), BENCH_CONNECTIONS (16),
 * BENCH_WARMUP seconds before each scenario (2), BENCH_SEARCH=1/0 to force or skip the search and
 * last-page scenarios (default: on from 1,000 customers), BENCH_ANALYZE=0 to skip ANALYZE after seeding,
 * BENCH_ONLY=word,… to run only the scenarios whose name contains one of the words (the health ceiling always runs).
 * The load generator runs in a worker thread so that it does not share the server's event loop (PGlite runs
 * on that loop too); BENCH_WORKERS=0 runs it on the main thread instead, to compare.
 */
import { sql } from 'drizzle-orm';
import { uuidv7 } from 'uuidv7';
import type { Database } from '../src/db/database.ts';
import { customers, tenantCounters } from '../src/db/schema.ts';
import { bearer, createTenantWithUser, signAccessToken } from '../src/test-support/factories.ts';
import { serveThrowaway } from './bench-kit.ts';
import { fakeCustomers } from './fake-customers.ts';

const setting = (name: string, fallback: number) => {
  const value = Number(process.env[name] ?? fallback);
  if (!Number.isFinite(value) || value < 0) throw new Error(`${name} must be a number ≥ 0`);
  return value;
};
const COUNT = Math.floor(setting('BENCH_CUSTOMERS', 30));
const SECONDS = Math.max(1, setting('BENCH_SECONDS', 10));
const CONNECTIONS = Math.max(1, Math.floor(setting('BENCH_CONNECTIONS', 16)));
const WARMUP = setting('BENCH_WARMUP', 2);
const SEARCHES = process.env.BENCH_SEARCH ? process.env.BENCH_SEARCH !== '0' : COUNT >= 1000;
const ANALYZE = process.env.BENCH_ANALYZE !== '0';
const WORKERS = Math.floor(setting('BENCH_WORKERS', 1));
const ONLY = (process.env.BENCH_ONLY ?? '').split(',').filter(Boolean);
const BATCH = 1000;
/** A request that takes longer than this counts as a timeout (autocannon's own default). */
const TIMEOUT_SECONDS = 10;

/** The parts of autocannon's result this script reads (autocannon ships no types). */
interface LoadResult {
  requests: { average: number };
  latency: { p50: number; p99: number };
  non2xx: number;
  errors: number;
  timeouts: number;
  '2xx': number;
}
type Autocannon = (options: {
  url: string;
  connections: number;
  duration: number;
  timeout: number;
  workers: number;
  headers: Record<string, string>;
}) => Promise<LoadResult>;

interface Scenario {
  name: string;
  path: string;
  authorised: boolean;
  note?: string;
}

/** A word no customer contains, and the word (3+ letters) the most customers contain somewhere the search reads. */
function searchWords(rows: ReturnType<typeof fakeCustomers>) {
  const texts = rows.map((row) =>
    [row.name, String(row.number), row.billingEmail ?? '', row.billingPhone, row.billingAddress]
      .join('\n')
      .toLowerCase(),
  );
  const candidates = new Set<string>();
  for (const row of rows.slice(0, 1000)) {
    for (const word of `${row.name} ${row.billingAddress} ${row.billingEmail ?? ''}`
      .toLowerCase()
      .split(/[^a-z]+/)) {
      if (word.length >= 3) candidates.add(word);
    }
  }
  let common = { word: 'smith', matches: -1 };
  for (const word of candidates) {
    const matches = texts.filter((text) => text.includes(word)).length;
    if (matches > common.matches) common = { word, matches };
  }
  const none = 'zzqx';
  if (texts.some((text) => text.includes(none))) throw new Error(`"${none}" matches a customer`);
  return { none, common };
}

async function seed(database: Database, tenantId: string, rows: ReturnType<typeof fakeCustomers>) {
  const ids = rows.map(() => uuidv7());
  for (let from = 0; from < rows.length; from += BATCH) {
    const batch = rows
      .slice(from, from + BATCH)
      .map((row, i) => ({ ...row, tenantId, id: ids[from + i] as string }));
    await database.db.insert(customers).values(batch);
  }
  await database.db.insert(tenantCounters).values({ tenantId, name: 'customer', value: rows.length });
  if (ANALYZE) await database.db.execute(sql`analyze customers`);
  return ids;
}

const fixed = (value: number, digits = 0) => value.toFixed(digits);

async function main(): Promise<void> {
  const { default: autocannon } = (await import('autocannon' as string)) as { default: Autocannon };
  const serverUrl = process.env.DATABASE_URL || undefined;
  const served = await serveThrowaway(serverUrl, 'load');
  const { database, base, testApp } = served;
  try {
    const { tenant, user } = await createTenantWithUser(testApp, 'Load benchmark organisation');
    const rows = fakeCustomers(COUNT);
    const seedStart = performance.now();
    const ids = await seed(database, tenant.tenantId, rows);
    console.log(
      `Seeded ${COUNT.toLocaleString('en-AU')} customers into ${database.kind} in ${fixed((performance.now() - seedStart) / 1000, 1)} s${ANALYZE ? ' (then ANALYZE customers)' : ''}.`,
    );
    // Long enough for every scenario, whatever BENCH_SECONDS says.
    const token = await signAccessToken(testApp, {
      sub: user.id,
      tenantId: tenant.tenantId,
      expiresIn: `${Math.ceil(8 * (SECONDS + WARMUP) + 600)}s`,
    });
    const auth = bearer(token);

    const scenarios: Scenario[] = [{ name: 'GET /api/health', path: '/api/health', authorised: false }];
    if (COUNT > 0) {
      scenarios.push(
        { name: 'GET /api/customers (page 1)', path: '/api/customers', authorised: true },
        {
          name: 'GET /api/customers/{id}',
          path: `/api/customers/${ids[Math.floor(COUNT / 2)]}`,
          authorised: true,
        },
        { name: 'GET /api/customers?s=1000 (largest page)', path: '/api/customers?s=1000', authorised: true },
      );
    }
    if (SEARCHES && COUNT > 0) {
      const { none, common } = searchWords(rows);
      const lastPage = Math.max(1, Math.ceil(COUNT / 15));
      scenarios.push(
        {
          name: `GET /api/customers?q=${none} (no match)`,
          path: `/api/customers?q=${none}`,
          authorised: true,
        },
        {
          name: `GET /api/customers?q=${common.word} (most common)`,
          path: `/api/customers?q=${encodeURIComponent(common.word)}`,
          authorised: true,
          note: `${common.matches} of ${COUNT} customers`,
        },
        {
          name: `GET /api/customers?p=${lastPage} (last page)`,
          path: `/api/customers?p=${lastPage}`,
          authorised: true,
        },
      );
    }

    if (ONLY.length > 0) {
      const chosen = scenarios.filter((s, i) => i === 0 || ONLY.some((word) => s.name.includes(word)));
      scenarios.splice(0, scenarios.length, ...chosen);
    }
    console.log(
      `${CONNECTIONS} connections, ${SECONDS} s per scenario after ${WARMUP} s warm-up, ${WORKERS || 'no'} load worker thread(s); server ${base}; Node ${process.version}\n`,
    );
    const results: { scenario: Scenario; result: LoadResult; total: string }[] = [];
    for (const scenario of scenarios) {
      const headers: Record<string, string> = scenario.authorised ? auth : {};
      // Fail early, with the body, rather than measure a stream of errors.
      const check = await fetch(base + scenario.path, { headers, signal: AbortSignal.timeout(60_000) });
      const body = await check.text();
      if (check.status !== 200) throw new Error(`${scenario.path}: ${check.status} ${body.slice(0, 500)}`);
      const total = check.headers.get('total-count') ?? '';
      const run = (duration: number) =>
        autocannon({
          url: base + scenario.path,
          connections: CONNECTIONS,
          duration,
          timeout: TIMEOUT_SECONDS,
          workers: WORKERS,
          headers,
        });
      if (WARMUP > 0) await run(WARMUP);
      const result = await run(SECONDS);
      results.push({ scenario, result, total });
      console.log(
        `  ${scenario.name}: ${fixed(result.requests.average)} req/s, p50 ${result.latency.p50} ms, p99 ${result.latency.p99} ms`,
      );
    }

    const ceiling = results[0]?.result.requests.average ?? Number.NaN;
    const header = ['scenario', 'matches', 'req/s', 'p50 ms', 'p99 ms', 'non-2xx', 'errors', '% of health'];
    const table = results.map(({ scenario, result, total }) => [
      scenario.name,
      total,
      fixed(result.requests.average),
      String(result.latency.p50),
      String(result.latency.p99),
      String(result.non2xx),
      String(result.errors + result.timeouts),
      scenario.authorised ? `${fixed((100 * result.requests.average) / ceiling, 1)} %` : '100 %',
    ]);
    const widths = header.map((title, i) =>
      Math.max(title.length, ...table.map((row) => row[i]?.length ?? 0)),
    );
    const line = (cells: string[]) =>
      `| ${cells.map((cell, i) => (i === 0 ? cell.padEnd(widths[i] ?? 0) : cell.padStart(widths[i] ?? 0))).join(' | ')} |`;
    console.log(`\n${database.kind}, ${COUNT.toLocaleString('en-AU')} customers in one organisation`);
    console.log(line(header));
    console.log(
      `|${widths.map((width, i) => (i === 0 ? '-'.repeat(width + 2) : `${'-'.repeat(width + 1)}:`)).join('|')}|`,
    );
    for (const row of table) console.log(line(row));
    for (const { scenario } of results) if (scenario.note) console.log(`${scenario.name}: ${scenario.note}`);
  } finally {
    await served.close();
  }
}

await main();
