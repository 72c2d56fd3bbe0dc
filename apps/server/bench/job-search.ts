/**
 * How fast is the job list with 1,000,000 jobs in one organisation? Seeds them (a temporary PGlite, or a
 * throwaway database created on the PostgreSQL server at DATABASE_URL and dropped afterwards) with a few
 * thousand customers and their locations, every status, flag, priority and territory, scheduled starts over the
 * past year and the coming three months, references and 1 to 3 lines each, by `importJobs`; then ANALYZE, then
 * times the list's searches: the query alone (page and count, in its tenant transaction) and the whole
 * GET /api/jobs request to the real app listening on 127.0.0.1. Prints figures only.
 *
 *   npm run bench:jobs                                   # PGlite, 1,000,000 jobs
 *   BENCH_JOBS=20000 npm run bench:jobs
 *   DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres npm run bench:jobs
 *
 * Settings: BENCH_JOBS (1,000,000), BENCH_CUSTOMERS (4,000), BENCH_RUNS (30).
 */
import { JOB_STATUSES, type JobFields, type JobStatus, PAGE_SIZES, RAGS, type Rag } from '@fieldbook/domain';
import { eq, sql } from 'drizzle-orm';
import { uuidv7 } from 'uuidv7';
import type { Database } from '../src/db/database.ts';
import { customers, jobPriorities, locations, tenantCounters, territories } from '../src/db/schema.ts';
import { inTenant } from '../src/db/tenant-scope.ts';
import { importJobs, type JobImport, listJobs } from '../src/jobs/jobs.ts';
import { parsePage } from '../src/lists/pagination.ts';
import { bearer, createTenantWithUser, signAccessToken } from '../src/test-support/factories.ts';
import { serveThrowaway, time } from './bench-kit.ts';
import { fakeCustomers, generator } from './fake-customers.ts';

const JOBS = Number(process.env.BENCH_JOBS ?? 1_000_000);
const CUSTOMERS = Number(process.env.BENCH_CUSTOMERS ?? 4000);
const RUNS = Number(process.env.BENCH_RUNS ?? 30);
/** Jobs per `importJobs` call, each in its own transaction (it writes them a thousand rows to a statement). */
const IMPORT_BATCH = 10_000;
const BATCH = 1000;
/** The measuring stops here even if runs remain, so the script always ends. */
const MEASURE_BUDGET_MS = 10 * 60_000;
const DAY = 86_400_000;

const SITES = ['Head office', 'Warehouse', 'Shopfront', 'Rear yard', 'Unit 2', 'Plant room', 'Residence'];
const WORK = [
  ['LAB-HR', 'Labour, per hour', '95.00'],
  ['CALL', 'Call-out fee', '120.00'],
  ['HWS-250', 'Hot water service 250 L', '1450.00'],
  ['PIPE-15', 'Copper pipe 15 mm, per metre', '18.5000'],
  ['VALVE-TMV', 'Thermostatic mixing valve', '265.00'],
  ['AC-SVC', 'Split system service', '189.00'],
  ['GPO-D', 'Double power point', '64.90'],
  [null, 'Sundries', '12.50'],
] as const;
const QUANTITIES = ['1', '1', '2', '0.5', '1.5', '3', '2.25'];
const CREWS = ['SE01', 'SE02', 'SE03', 'SE04', 'SE05', null];
const REGIONS = ['Inner North', 'Inner South', 'Eastern Suburbs', 'Western Suburbs', 'Bayside', 'Hills'];
const UNSCHEDULED: JobStatus[] = ['OPEN_NEW', 'OPEN_BOOKING_REQUIRED', 'OPEN_READY_TO_BE_SCHEDULED'];

const random = generator(20_261_123);
const pick = <T>(list: readonly T[]): T => list[Math.floor(random() * list.length)] as T;
const between = (low: number, high: number) => low + Math.floor(random() * (high - low + 1));

/** Where a job scheduled `days` from today has got to; unscheduled ones are new, waiting or ready. */
function statusOf(days: number | null): JobStatus {
  if (days === null) return pick(UNSCHEDULED);
  const roll = random();
  if (days < -2) return roll < 0.7 ? 'CLOSED_COMPLETED' : roll < 0.88 ? 'OPEN_COMPLETED' : 'CLOSED_CANCELLED';
  if (days < 0) return roll < 0.6 ? 'OPEN_COMPLETED' : 'OPEN_IN_PROGRESS';
  if (days === 0) return roll < 0.5 ? 'OPEN_IN_PROGRESS' : 'OPEN_SCHEDULED';
  return 'OPEN_SCHEDULED';
}

interface Site {
  customerId: string;
  locationId: string;
}

/** One job at one of the sites: 85 % scheduled between a year ago and three months ahead. */
function fakeJob(
  index: number,
  sites: readonly Site[],
  regions: readonly string[],
  priorities: readonly string[],
  today: number,
): JobImport {
  const site = pick(sites);
  const days = random() < 0.85 ? between(-365, 90) : null;
  const status = statusOf(days);
  const start = days === null ? null : new Date(today + days * DAY + between(7, 16) * 3_600_000);
  const finish = start && new Date(start.getTime() + between(1, 4) * 3_600_000);
  const items = Array.from({ length: between(1, 3) }, () => {
    const [code, description, price] = pick(WORK);
    return { code, description, quantity: pick(QUANTITIES), price, amount: null };
  });
  const fields: JobFields = {
    reference: random() < 0.4 ? `PO ${100_000 + index}` : null,
    customer: { id: site.customerId },
    location: { id: site.locationId },
    territory: { id: pick(regions) },
    priority: { id: pick(priorities) },
    rag: pick<Rag | null>([null, null, ...RAGS]),
    due: new Date(today + ((days ?? between(1, 30)) + between(0, 5)) * DAY + 7 * 3_600_000).toISOString(),
    scheduledStart: start?.toISOString() ?? null,
    scheduledFinish: finish?.toISOString() ?? null,
    actualStart: null,
    actualFinish: null,
    assignee: start ? pick(CREWS) : null,
    items,
  };
  const started = ['OPEN_IN_PROGRESS', 'OPEN_COMPLETED', 'CLOSED_COMPLETED'].includes(status);
  const finished = status === 'OPEN_COMPLETED' || status === 'CLOSED_COMPLETED';
  return {
    fields,
    status,
    actualStart: started ? (fields.scheduledStart ?? null) : null,
    actualFinish: finished ? (fields.scheduledFinish ?? null) : null,
  };
}

/** Customers (with their numbers counted), 1 to 3 locations each, and the tenant's extra territories. */
async function seedCustomers(database: Database, tenantId: string) {
  const { db } = database;
  const rows = fakeCustomers(CUSTOMERS).map((row) => ({ ...row, tenantId, id: uuidv7() }));
  const sites: Site[] = [];
  const places = rows.flatMap((customer) =>
    Array.from({ length: between(1, 3) }, (_, i) => {
      const [street = '', place = ''] = customer.billingAddress.split(', ');
      const [postcode = '', state = '', ...suburb] = place.split(' ').reverse();
      const location = {
        tenantId,
        id: uuidv7(),
        customerId: customer.id,
        name: i === 0 ? customer.name : `${customer.name} ${pick(SITES)}`,
        street1: street,
        suburb: suburb.reverse().join(' '),
        state,
        postcode,
        country: 'Australia',
      };
      sites.push({ customerId: customer.id, locationId: location.id });
      return location;
    }),
  );
  for (let from = 0; from < rows.length; from += BATCH)
    await db.insert(customers).values(rows.slice(from, from + BATCH));
  for (let from = 0; from < places.length; from += BATCH)
    await db.insert(locations).values(places.slice(from, from + BATCH));
  await db.insert(tenantCounters).values({ tenantId, name: 'customer', value: rows.length });
  await db.insert(territories).values(REGIONS.map((name) => ({ tenantId, id: uuidv7(), name })));
  const ids = (table: typeof territories | typeof jobPriorities) =>
    db.select({ id: table.id }).from(table).where(eq(table.tenantId, tenantId));
  const regions = (await ids(territories)).map((row) => row.id);
  const priorities = (await ids(jobPriorities)).map((row) => row.id);
  return { rows, sites, regions, priorities, locations: places.length };
}

/** The Monday to Sunday (UTC dates) of this week, as the scheduler asks for it. */
function thisWeek(now: Date) {
  const monday = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()));
  monday.setUTCDate(monday.getUTCDate() - ((monday.getUTCDay() + 6) % 7));
  const sunday = new Date(monday.getTime() + 6 * DAY);
  const day = (date: Date) => date.toISOString().slice(0, 10);
  return `scheduledStart:[${day(monday)} TO ${day(sunday)}]`;
}

async function main(): Promise<void> {
  const served = await serveThrowaway(process.env.DATABASE_URL || undefined, 'jobs');
  const { database, base, testApp } = served;
  try {
    const { db } = database;
    const { tenant, user } = await createTenantWithUser(testApp, 'Jobs benchmark organisation');
    const { tenantId } = tenant;

    console.log(
      `Seeding ${JOBS.toLocaleString('en-AU')} jobs for ${CUSTOMERS.toLocaleString('en-AU')} customers into ${database.kind}…`,
    );
    const seedStart = performance.now();
    const seeded = await seedCustomers(database, tenantId);
    const today = new Date().setUTCHours(0, 0, 0, 0) - 10 * 3_600_000;
    for (let from = 0; from < JOBS; from += IMPORT_BATCH) {
      const made = Array.from({ length: Math.min(IMPORT_BATCH, JOBS - from) }, (_, i) =>
        fakeJob(from + i, seeded.sites, seeded.regions, seeded.priorities, today),
      );
      await inTenant(db, tenantId, (tx) => importJobs(tx, tenantId, made));
      const done = from + made.length;
      if (done % 100_000 === 0 || done === JOBS) {
        const seconds = (performance.now() - seedStart) / 1000;
        console.log(`  ${done.toLocaleString('en-AU')} jobs, ${seconds.toFixed(0)} s`);
      }
    }
    const seedSeconds = (performance.now() - seedStart) / 1000;
    const analyzeStart = performance.now();
    await db.execute(sql`analyze customers, locations, territories, job_priorities, jobs, job_lines`);
    const counted = await db.execute(
      sql`select (select count(*) from jobs)::int as jobs, (select count(*) from job_lines)::int as lines`,
    );
    const { jobs: jobCount, lines } =
      (counted as unknown as { rows: { jobs: number; lines: number }[] }).rows[0] ?? {};
    console.log(
      `Seeded ${jobCount} jobs, ${lines} lines, ${seeded.rows.length} customers, ${seeded.locations} locations in ${seedSeconds.toFixed(1)} s; ANALYZE ${((performance.now() - analyzeStart) / 1000).toFixed(1)} s.\n`,
    );

    const token = await signAccessToken(testApp, { sub: user.id, tenantId, expiresIn: '1h' });
    const word = seeded.rows[0]?.name.split(' ').at(-1)?.toLowerCase() ?? 'smith';
    const searches: [string, string][] = [
      ['all', '*'],
      ['a status', 'status:OPEN_READY_TO_BE_SCHEDULED'],
      ['a customer', `customer.id:${seeded.rows[0]?.id}`],
      ['a word', word],
      ['a number', String(Math.ceil(JOBS / 2))],
      ['a week', thisWeek(new Date())],
    ];
    const page = parsePage({}, { size: PAGE_SIZES.jobs });
    const deadline = performance.now() + MEASURE_BUDGET_MS;
    const ms = (value: number) => value.toFixed(1).padStart(7);
    console.log(
      'search                                          matches   query median / p95 (ms)   request median / p95 (ms)',
    );
    for (const [label, q] of searches) {
      let total = 0;
      const query = await time(
        async () => {
          total = (await inTenant(db, tenantId, (tx) => listJobs(tx, tenantId, { q, page }))).total;
        },
        RUNS,
        deadline,
      );
      const url = `${base}/api/jobs?q=${encodeURIComponent(q)}`;
      const request = await time(
        async () => {
          const response = await fetch(url, { headers: bearer(token), signal: AbortSignal.timeout(60_000) });
          const body = await response.text();
          if (response.status !== 200) throw new Error(`${url}: ${response.status} ${body.slice(0, 500)}`);
        },
        RUNS,
        deadline,
      );
      console.log(
        `${`${label} (${q})`.padEnd(46).slice(0, 46)} ${String(total).padStart(9)}   ${ms(query.median)} / ${ms(query.p95)}         ${ms(request.median)} / ${ms(request.p95)}`,
      );
    }
    console.log(
      `\n${RUNS} timed runs each after 2 warm-up runs; page size ${PAGE_SIZES.jobs}; statuses: ${JOB_STATUSES.length}.`,
    );
  } finally {
    await served.close();
  }
}

await main();
