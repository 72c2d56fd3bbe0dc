import { randomUUID } from 'node:crypto';
import { type Job, jobSave, PAGE_SIZES } from '@fieldbook/domain';
import { and, asc, desc, eq, sql } from 'drizzle-orm';
import type { Database } from '../src/platform/db/database.ts';
import { customers, jobs, taxRates } from '../src/schema.ts';
import { thisWeek } from './seed-jobs.ts';

// What the load benchmark asks of the server: the scenarios of issue 16, over the large organisation's records.

/** One request of autocannon's `requests` sequence (autocannon ships no types). */
export interface LoadRequest {
  method: 'GET' | 'POST' | 'PUT';
  path: string;
  headers?: Record<string, string>;
  body?: string;
  /** State of the connection's own (autocannon copies the requests for each connection). */
  connection?: Record<string, unknown>;
  setupRequest?: (request: LoadRequest, context: Record<string, unknown>) => LoadRequest;
  onResponse?: (status: number, body: string, context: Record<string, unknown>) => void;
}

export interface Scenario {
  name: string;
  /** ceiling: no database; read: one record or a list; write; mixed. */
  kind: 'ceiling' | 'read' | 'write' | 'mixed';
  requests: LoadRequest[];
  /** A read's path, whose SQL the benchmark EXPLAINs. */
  path?: string;
  /** Runs before each run of the scenario (its warm-up, its measure). */
  before?: () => Promise<void>;
}

/** What the scenarios read and write: found in the seeded database before the server starts. */
export interface Targets {
  tokens: string[];
  /** A word many customers' names have, and the last name of the first customer (searched in jobs and invoices). */
  commonWord: string;
  /** The first customer's name: two words, a first name or a trade and a last name. */
  twoWords: string;
  prefix: string;
  customerId: string;
  invoiceCustomers: string[];
  gstId: string;
  jobIds: string[];
  /** Scheduled jobs to save, one per connection at a time. */
  savableJobIds: string[];
  jobCount: number;
  customerCount: number;
}

export async function findTargets(database: Database, tenantId: string, tokens: string[]): Promise<Targets> {
  const { db } = database;
  const firstCustomers = await db
    .select({ id: customers.id, name: customers.name })
    .from(customers)
    .where(eq(customers.tenantId, tenantId))
    .orderBy(asc(customers.number))
    .limit(200);
  const [first] = firstCustomers;
  if (!first) throw new Error('The large organisation has no customers');
  const picked = await db
    .select({ id: jobs.id })
    .from(jobs)
    .where(and(eq(jobs.tenantId, tenantId), sql`${jobs.number} % 997 = 0`))
    .limit(64);
  const savable = await db
    .select({ id: jobs.id })
    .from(jobs)
    .where(and(eq(jobs.tenantId, tenantId), eq(jobs.status, 'OPEN_SCHEDULED')))
    .orderBy(desc(jobs.number))
    .limit(64);
  const [gst] = await db
    .select({ id: taxRates.id })
    .from(taxRates)
    .where(and(eq(taxRates.tenantId, tenantId), eq(taxRates.name, 'GST')));
  const counted = (await db.execute(sql`select
      (select sum(count) from job_counts where tenant_id = ${tenantId})::int as jobs,
      (select sum(count) from customer_counts where tenant_id = ${tenantId})::int as customers`)) as unknown as {
    rows: { jobs: number; customers: number }[];
  };
  if (!gst) throw new Error('The large organisation has no GST rate');
  return {
    tokens,
    commonWord: first.name.split(' ').at(-1)?.toLowerCase() ?? 'smith',
    twoWords: first.name.toLowerCase(),
    prefix: 'wil*',
    customerId: first.id,
    invoiceCustomers: firstCustomers.map((customer) => customer.id),
    gstId: gst.id,
    jobIds: picked.map((job) => job.id),
    savableJobIds: savable.map((job) => job.id),
    jobCount: counted.rows[0]?.jobs ?? 0,
    customerCount: counted.rows[0]?.customers ?? 0,
  };
}

const json = { 'content-type': 'application/json' };
const auth = (token: string) => ({ authorization: `Bearer ${token}` });

/** The same GET by each user in turn. */
const reads = (targets: Targets, path: string): LoadRequest[] =>
  targets.tokens.map((token) => ({ method: 'GET', path, headers: auth(token) }));

/**
 * Job saves: each connection saves its own scheduled job (one of `latest`, round robin), as its user, over the
 * `updated` its last save returned, so no save is refused as a conflict. autocannon clears a connection's
 * context after each pass through its requests, but gives each connection a deep copy of the requests: the
 * connection's job is kept in its copy's `connection`.
 */
function jobSaves(targets: Targets, latest: Map<string, Job>): LoadRequest {
  let next = 0;
  let saves = 0;
  return {
    method: 'PUT',
    path: '/api/jobs',
    connection: {},
    setupRequest(request) {
      const connection = request.connection as { jobId?: string; token?: string };
      if (connection.jobId === undefined) {
        const ids = [...latest.keys()];
        connection.jobId = ids[next % ids.length];
        connection.token = targets.tokens[next % targets.tokens.length];
        next += 1;
      }
      const job = latest.get(connection.jobId as string) as Job;
      return {
        ...request,
        path: `/api/jobs/${job.id}`,
        headers: { ...json, ...auth(connection.token as string) },
        body: JSON.stringify({ ...jobSave(job), reference: `PO ${++saves}` }),
      };
    },
    onResponse(status, body) {
      if (status !== 200) return;
      const saved = JSON.parse(body) as Job;
      latest.set(saved.id, saved);
    },
  };
}

/** An invoice of 5 lines for one of the first customers, created with an Idempotency-Key as the web app sends. */
function invoiceCreates(targets: Targets): LoadRequest {
  const today = new Date().toISOString().slice(0, 10);
  const due = new Date(Date.now() + 14 * 86_400_000).toISOString().slice(0, 10);
  const taxRate = { id: targets.gstId };
  const lineItems = [
    { code: 'CALL', description: 'Call-out fee', quantity: '1', price: '120.00', taxRate },
    { code: 'LAB-HR', description: 'Labour, per hour', quantity: '2.5', price: '95.00', taxRate },
    { code: 'PIPE-15', description: 'Copper pipe 15 mm, per metre', quantity: '6', price: '18.5', taxRate },
    { code: 'VALVE-TMV', description: 'Thermostatic mixing valve', quantity: '1', price: '265.00', taxRate },
    { code: null, description: 'Council inspection fee', quantity: '1', price: '96.50', taxRate: null },
  ];
  let created = 0;
  return {
    method: 'POST',
    path: '/api/sales/invoices',
    setupRequest(request) {
      created += 1;
      const customer = { id: targets.invoiceCustomers[created % targets.invoiceCustomers.length] };
      return {
        ...request,
        headers: {
          ...json,
          ...auth(targets.tokens[created % targets.tokens.length] as string),
          'idempotency-key': randomUUID(),
        },
        body: JSON.stringify({ customer, date: today, due, lineItems, amountsEnteredIncludeTax: false }),
      };
    },
  };
}

const q = (value: string) => encodeURIComponent(value);

/**
 * Every scenario, in the order they run. `latest` holds the jobs to save, as last read or saved; `reload` reads
 * them again (a run's last saves are not heard of: autocannon stops listening before they answer), after
 * vacuuming the tables the writes change; it runs before each write scenario.
 */
export function loadScenarios(
  targets: Targets,
  latest: Map<string, Job>,
  reload: () => Promise<void>,
): Scenario[] {
  const read = (name: string, path: string): Scenario => ({
    name,
    kind: 'read',
    path,
    requests: reads(targets, path),
  });
  const lastJobPage = Math.ceil(targets.jobCount / PAGE_SIZES.jobs);
  const lastCustomerPage = Math.ceil(targets.customerCount / PAGE_SIZES.customers);
  const word = targets.commonWord;
  const list = [
    // The least a signed-in read can cost: the token, the tenant's transaction and one row (no list, no search).
    read('the organisation (one row, signed in)', '/api/organisation'),
    read('customers: a common word', `/api/customers?q=${q(word)}`),
    read('customers: a prefix', `/api/customers?q=${q(targets.prefix)}`),
    read('customers: two words', `/api/customers?q=${q(targets.twoWords)}`),
    read('customers: no match', '/api/customers?q=zzqx'),
    // The customer picker as the user types (`pickerQuery`): the first three letters, ten suggestions.
    read('customer picker: 3 letters', `/api/customers?q=${q(`${word.slice(0, 3)}*`)}&s=10`),
    read(`customers: last page (p=${lastCustomerPage})`, `/api/customers?p=${lastCustomerPage}`),
    read('jobs: *', '/api/jobs?q=*'),
    read('jobs: status ready', `/api/jobs?q=${q('status:OPEN_READY_TO_BE_SCHEDULED')}`),
    read('jobs: a customer', `/api/jobs?q=${q(`customer.id:${targets.customerId}`)}`),
    read('jobs: a word', `/api/jobs?q=${q(word)}`),
    read('jobs: two words', `/api/jobs?q=${q(targets.twoWords)}`),
    read('jobs: a prefix', `/api/jobs?q=${q(targets.prefix)}`),
    // The scheduler's jobs to schedule (spec: up to 1,000), and its search of them all as the user types
    // (`readyJobsSearchQueryOptions`): the first three letters, the 20 newest matches.
    read('scheduler: ready jobs (s=1000)', `/api/jobs?q=${q('status:OPEN_READY_TO_BE_SCHEDULED')}&s=1000`),
    read(
      'scheduler: ready jobs, 3 letters',
      `/api/jobs?q=${q(`status:OPEN_READY_TO_BE_SCHEDULED AND ${word.slice(0, 3)}*`)}&s=20`,
    ),
    read('jobs: a week', `/api/jobs?q=${q(thisWeek(new Date()))}`),
    // A week 40 back: its jobs were made about 10 months ago, far back among the numbers.
    read('jobs: a week 40 back', `/api/jobs?q=${q(thisWeek(new Date(), 40))}`),
    read(`jobs: middle page (p=${Math.ceil(lastJobPage / 2)})`, `/api/jobs?p=${Math.ceil(lastJobPage / 2)}`),
    read(`jobs: last page (p=${lastJobPage})`, `/api/jobs?p=${lastJobPage}`),
    read('invoices: *', '/api/sales/invoices?q=*'),
    read('invoices: status sent', `/api/sales/invoices?q=${q('status:OPEN_SENT')}`),
    read('invoices: a word', `/api/sales/invoices?q=${q(word)}`),
    read('invoices: overdue', `/api/sales/invoices?q=${q('overdue:true')}`),
    // The report's first page as the screen and Home read it (100 customers, the totals of all); the whole as CSV.
    read('receivables report', '/api/reports/receivables'),
    read('receivables CSV', '/api/reports/receivables/csv'),
  ];
  const jobById: Scenario = {
    name: 'one job by id',
    kind: 'read',
    path: `/api/jobs/${targets.jobIds[0]}`,
    requests: targets.jobIds.map((id, i) => ({
      method: 'GET',
      path: `/api/jobs/${id}`,
      headers: auth(targets.tokens[i % targets.tokens.length] as string),
    })),
  };
  // A dispatch office: 8 reads (searches, lists, a job opened) to 2 writes (a job saved, an invoice created).
  const mixed: LoadRequest[] = [
    ...reads(targets, `/api/customers?q=${q(word)}`).slice(0, 1),
    ...reads(targets, '/api/jobs?q=*').slice(1, 2),
    ...(jobById.requests.slice(0, 1) as LoadRequest[]),
    ...reads(targets, `/api/jobs?q=${q('status:OPEN_READY_TO_BE_SCHEDULED')}`).slice(2, 3),
    jobSaves(targets, latest),
    ...reads(targets, `/api/jobs?q=${q(thisWeek(new Date()))}`).slice(3, 4),
    ...reads(targets, `/api/customers?q=${q(targets.prefix)}`).slice(0, 1),
    ...reads(targets, '/api/sales/invoices?q=*').slice(1, 2),
    ...(jobById.requests.slice(1, 2) as LoadRequest[]),
    invoiceCreates(targets),
  ];
  return [
    {
      name: 'constant JSON (no database)',
      kind: 'ceiling',
      requests: [{ method: 'GET', path: '/bench/constant' }],
    },
    { name: 'GET /api/health', kind: 'ceiling', requests: [{ method: 'GET', path: '/api/health' }] },
    // One statement on a pooled connection, no sign-in and no transaction: what any database round trip costs.
    {
      name: 'GET /api/ready (one statement)',
      kind: 'ceiling',
      requests: [{ method: 'GET', path: '/api/ready' }],
    },
    ...list,
    jobById,
    { name: 'job save (PUT)', kind: 'write', requests: [jobSaves(targets, latest)], before: reload },
    { name: 'invoice create, 5 lines', kind: 'write', requests: [invoiceCreates(targets)], before: reload },
    { name: 'mixed: 80 % reads, 20 % writes', kind: 'mixed', requests: mixed, before: reload },
  ];
}
