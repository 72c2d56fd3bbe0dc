import { customerFields, invoiceFields, jobFields } from '@fieldbook/domain';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCustomer } from '../../features/customers/customers.ts';
import { createUser } from '../../features/identity/accounts.ts';
import { numberedInvoices } from '../../features/invoices/invoice-list.ts';
import { invoiceCreate } from '../../features/invoices/invoices.ts';
import { numberedJobs } from '../../features/jobs/job-list.ts';
import { createJob, readJob } from '../../features/jobs/jobs.ts';
import { createTenant } from '../../features/tenants/tenants.ts';
import { openTestDatabase, type TestDatabase } from '../../test-support/test-database.ts';
import { writeIn } from '../http/tenant-requests.ts';
import { readList, readListIn } from '../lists/read-list.ts';
import { type Database, openDatabase } from './database.ts';
import { inTenant } from './tenant-scope.ts';
import type { DatabasePooler } from './transaction-pooler.ts';

// Behind a pooler in transaction mode (DATABASE_POOLER=transaction) the next transaction may run on another server
// connection, so the job and invoice lists must leave no statement prepared by name on the one they used.

let database: TestDatabase;
let tenantId: string;
let subject: string;

beforeAll(async () => {
  database = await openTestDatabase();
  const user = await createUser(database.db, {
    email: 'pooled@example.test',
    name: 'Pooled Owner',
    password: 'pooled-secret',
  });
  subject = user.id;
  ({ tenantId } = await createTenant(database.db, {
    name: 'Pooled Plumbing',
    creator: { subject: user.id, name: user.name, email: user.email },
  }));
  await inTenant(database.db, tenantId, async (tx) => {
    const customer = await createCustomer(tx, tenantId, customerFields.parse({ name: 'Bondi Bakehouse' }));
    await createJob(tx, tenantId, jobFields.parse({ customer: { id: customer.id } }));
    await createJob(tx, tenantId, jobFields.parse({ customer: { id: customer.id } }));
    const fields = invoiceFields.parse({
      customer: { id: customer.id },
      date: '2026-11-02',
      due: '2026-11-16',
      lineItems: [{ description: 'Labour', amount: '100' }],
    });
    await writeIn(tx, tenantId, invoiceCreate(tx, fields));
  });
});
afterAll(() => database.drop());

const firstPage = { q: '*', page: { page: 1, size: 20, offset: 0, limit: 20 } };
/** The second of two jobs: read from the far end. */
const laterPage = { q: '*', page: { page: 2, size: 1, offset: 1, limit: 1 } };

/**
 * Lists the jobs and invoices, and reads which statements that connection holds by name: in one transaction, so
 * on one server connection also through a pooler.
 */
function listAndReadNamed(opened: Database): Promise<{ jobs: number; invoices: number; named: string[] }> {
  return inTenant(opened.db, tenantId, async (tx) => {
    const jobs = await readListIn(tx, tenantId, firstPage, numberedJobs);
    const invoices = await readListIn(tx, tenantId, firstPage, numberedInvoices);
    const named = (await tx.execute(sql`select name from pg_prepared_statements order by name`)) as {
      rows: { name: string }[];
    };
    return {
      jobs: jobs.rows.length,
      invoices: invoices.rows.length,
      named: named.rows.map((row) => row.name),
    };
  });
}

/**
 * Reads the jobs' first page and one job as a request does, each in one round trip with the member's scope
 * (`readAsMember`), and which statements the connection (the pool's only one) then holds by name.
 */
async function readAndReadNamed(
  opened: Database,
): Promise<{ jobs: number; later: number[]; job: number; named: string[] }> {
  const caller = { subject, tenantId, access: 'member' as const };
  const first = await readList(opened.db, caller, firstPage, numberedJobs);
  const later = await readList(opened.db, caller, laterPage, numberedJobs);
  const listed = first.rows;
  const { job } = await readJob(opened.db, caller, listed[0]?.id ?? '');
  const named = (await opened.db.execute(sql`select name from pg_prepared_statements order by name`)) as {
    rows: { name: string }[];
  };
  return {
    jobs: listed.length,
    later: later.rows.map((row) => row.number),
    job: job.number,
    named: named.rows.map((row) => row.name),
  };
}

/** The test's database opened again with this pooler setting (on PGlite, which has no pooler, the same one). */
async function withPooler<T>(pooler: DatabasePooler, use: (opened: Database) => Promise<T>): Promise<T> {
  if (!database.url) return use(database);
  const opened = await openDatabase({ url: database.url, poolSize: 1, pooler });
  try {
    return await use(opened);
  } finally {
    await opened.close();
  }
}

/** The lists read in a transaction, then as a request reads them, on one connection of the database opened. */
const listsAndReads = async (opened: Database) => ({
  lists: await listAndReadNamed(opened),
  reads: await readAndReadNamed(opened),
});

/** Statement names without their shape's number (`first_page_1_records`: `first_page_records`), in order. */
const unnumbered = (names: string[]) => names.map((name) => name.replace(/_\d+(_|$)/, '$1')).sort();

/** The first page whole and its count (`first_page_<n>_records`, `_count`), one per list and shape. */
const firstPages = ['first_page_count', 'first_page_count', 'first_page_records', 'first_page_records'];
/**
 * What the lists and reads name with no pooler in front: then the member's scope (for statements that are all
 * named: `memberScope`'s generic plans), a later page and a job by id.
 */
const namedWithNoPooler = {
  lists: firstPages,
  reads: unnumbered([
    ...firstPages,
    'job_by_id',
    'later_page_count',
    'later_page_records',
    'member_scope_generic',
  ]),
};

/**
 * The lists and reads found what they should, and their connection holds by name what `named` says. PGlite has no
 * pooler and one connection, which the test file's every statement shares: it names them as a server does with no
 * pooler in front, among the others it has.
 */
function expectListsAndReads(
  read: Awaited<ReturnType<typeof listsAndReads>>,
  named: { lists: string[]; reads: string[] },
) {
  const onServer = database.kind === 'postgres';
  const holds = (expected: string[]) => (onServer ? expected : expect.arrayContaining(expected));
  expect({
    lists: { ...read.lists, named: unnumbered(read.lists.named) },
    reads: { ...read.reads, named: unnumbered(read.reads.named) },
  }).toEqual({
    lists: { jobs: 2, invoices: 1, named: holds(onServer ? named.lists : namedWithNoPooler.lists) },
    reads: { jobs: 2, later: [1], job: 2, named: holds(onServer ? named.reads : namedWithNoPooler.reads) },
  });
}

// One test each way: through a PgBouncer, the statements `none` names stay on its server connection, which a later
// client would not know it has (so `transaction` first, and `none` once).
describe('the job and invoice lists, and a read in one round trip (readAsMember)', () => {
  it('name no statement behind a transaction pooler', async () => {
    expectListsAndReads(await withPooler('transaction', listsAndReads), { lists: [], reads: [] });
  });

  it('name the statements that read a page with no pooler in front', async () => {
    expectListsAndReads(await withPooler('none', listsAndReads), namedWithNoPooler);
  });
});
