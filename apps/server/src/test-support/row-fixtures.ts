import { uuidv7 } from 'uuidv7';
import { afterAll, beforeAll } from 'vitest';
import type { Tx } from '../platform/db/database.ts';
import { inTenant } from '../platform/db/tenant-scope.ts';
import { allocateNumber } from '../platform/records/tenant-counters.ts';
import { customers, jobLines, jobs, locations, tenants } from '../schema.ts';
import { openTestDatabase, type TestDatabase } from './test-database.ts';

// Rows written straight into real tables, for the platform's own tests (records, counters): no feature's commands,
// only the columns the tables require.

/** A database with two organisations that have nothing yet (no seeded reference data). */
export interface RowWorld {
  database: TestDatabase;
  a: string;
  b: string;
  /** Runs `work` in a transaction scoped to the tenant (`inTenant`). */
  within<T>(tenantId: string, work: (tx: Tx) => Promise<T>): Promise<T>;
}

/**
 * A fresh `RowWorld` for this test file, handed to `use` before the tests run
 * (`withRowWorld((made) => { world = made; })`) and dropped after them.
 */
export function withRowWorld(use: (world: RowWorld) => void): void {
  let database: TestDatabase | undefined;
  beforeAll(async () => {
    const opened = await openTestDatabase();
    database = opened;
    const [a, b] = [uuidv7(), uuidv7()];
    await opened.db.insert(tenants).values([
      { id: a, name: 'Row Co A' },
      { id: b, name: 'Row Co B' },
    ]);
    use({ database: opened, a, b, within: (tenantId, work) => inTenant(opened.db, tenantId, work) });
  });
  afterAll(() => database?.drop());
}

/** A customer of the tenant, numbered by its counter, with a site of each name given. */
export async function customerRow(tx: Tx, tenantId: string, name: string, sites: string[] = []) {
  const number = await allocateNumber(tx, tenantId, 'customer');
  const [row] = await tx.insert(customers).values({ tenantId, id: uuidv7(), number, name }).returning();
  if (!row) throw new Error('The customer was not inserted');
  for (const site of sites)
    await tx
      .insert(locations)
      .values({ tenantId, id: uuidv7(), customerId: row.id, name: site, country: 'Australia' });
  return row;
}

/** A New job's own columns, but its number, for a customer of the tenant. */
export const jobColumns = (tenantId: string, customerId: string) => ({
  tenantId,
  id: uuidv7(),
  customerId,
  status: 'OPEN_NEW',
});

export type JobLineRow = typeof jobLines.$inferInsert;

/** A whole line of a job (every column set, as a save writes them). */
export const jobLine = (
  tenantId: string,
  jobId: string,
  position: number,
  description: string,
  amount = '10.00',
): JobLineRow => ({
  tenantId,
  jobId,
  position,
  code: null,
  description,
  quantity: '1',
  price: amount,
  amount,
});

/** A job of a new customer of the tenant, with a line of each description given; `updated` as a client reads it. */
export async function jobRow(tx: Tx, tenantId: string, lines: string[]) {
  const customer = await customerRow(tx, tenantId, `Customer of job ${lines.length}`);
  const number = await allocateNumber(tx, tenantId, 'job');
  const [row] = await tx
    .insert(jobs)
    .values({ ...jobColumns(tenantId, customer.id), number })
    .returning();
  if (!row) throw new Error('The job was not inserted');
  if (lines.length > 0)
    await tx
      .insert(jobLines)
      .values(lines.map((description, position) => jobLine(tenantId, row.id, position, description)));
  return { id: row.id, customerId: row.customerId, updated: row.updated.toISOString() };
}
