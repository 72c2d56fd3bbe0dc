import { apiMessages } from '@fieldbook/domain';
import { and, asc, eq } from 'drizzle-orm';
import { uuidv7 } from 'uuidv7';
import { describe, expect, it } from 'vitest';
import { customers, items, jobLines, jobs, locations } from '../../schema.ts';
import {
  customerRow,
  type JobLineRow,
  jobColumns,
  jobLine,
  jobRow,
  type RowWorld,
  withRowWorld,
} from '../../test-support/row-fixtures.ts';
import { runTogether, type Tx } from '../db/database.ts';
import type { RecordWithLines } from './lines.ts';
import {
  deleteRow,
  findRow,
  namedStatement,
  recordWhere,
  referencedFields,
  requireRow,
  rowStatement,
  saveVersion,
  uniqueField,
} from './record-rows.ts';
import { saveWithLines } from './record-with-lines.ts';

/*
 * The row helpers every record uses, on real tables (customers, their locations, items, jobs and their lines):
 * each test makes its own rows in two tenants of one database.
 */

let world: RowWorld;
withRowWorld((made) => {
  world = made;
});

const inA = <T>(work: (tx: Tx) => Promise<T>) => world.within(world.a, work);
/** Outside any tenant's scope (the owner, past row-level security): only the helpers' own conditions hold. */
const unscoped = <T>(work: (tx: Tx) => Promise<T>) => world.database.db.transaction(work);

const notFound = (noun: string) => ({ status: 404, code: 'NOT_FOUND', message: apiMessages.notFound(noun) });
const stale = (noun: string) => ({
  status: 409,
  code: 'CONFLICT',
  message: apiMessages.staleSave(noun),
  reason: 'STALE_SAVE',
});
const MALFORMED = 'not-a-uuid';
const line = (jobId: string, position: number, description: string, amount?: string) =>
  jobLine(world.a, jobId, position, description, amount);

describe('finding a row', () => {
  it("finds the tenant's row, and nothing of another tenant's or by a malformed id", async () => {
    const customer = await inA((tx) => customerRow(tx, world.a, 'Harbour Plumbing'));
    await inA(async (tx) => {
      expect(await findRow(tx, customers, world.a, customer.id)).toMatchObject({ name: 'Harbour Plumbing' });
      expect(await findRow(tx, customers, world.a, MALFORMED)).toBeUndefined();
      const [read] = await rowStatement(customers, world.a, customer.id).run(tx);
      expect(read).toMatchObject({ id: customer.id, number: customer.number });
    });
    expect(await unscoped((tx) => findRow(tx, customers, world.b, customer.id))).toBeUndefined();
    expect(recordWhere(customers, world.a, MALFORMED)).toBeUndefined();
    expect(recordWhere(customers, world.a, customer.id)).toBeDefined();
  });

  it('requireRow is a 404 naming the record when the tenant has no such row', async () => {
    const customer = await inA((tx) => customerRow(tx, world.a, 'Quay Electrical'));
    expect(await inA((tx) => requireRow(tx, customers, world.a, customer.id, 'customer'))).toMatchObject({
      name: 'Quay Electrical',
    });
    await expect(
      unscoped((tx) => requireRow(tx, customers, world.b, customer.id, 'customer')),
    ).rejects.toMatchObject(notFound('customer'));
    await expect(inA((tx) => requireRow(tx, customers, world.a, uuidv7(), 'customer'))).rejects.toMatchObject(
      notFound('customer'),
    );
  });
});

describe('namedStatement', () => {
  it("reads each named record's column in one statement; another tenant's, a malformed id or none is undefined", async () => {
    const [mine, theirs] = await Promise.all([
      inA((tx) => customerRow(tx, world.a, 'Named Co')),
      world.within(world.b, (tx) => customerRow(tx, world.b, 'Theirs Co')),
    ]);
    const found = await unscoped(async (tx) => {
      const named = namedStatement(tx, world.a, {
        mine: { table: customers, id: mine.id, column: customers.name },
        theirs: { table: customers, id: theirs.id, column: customers.name },
        malformed: { table: customers, id: MALFORMED, column: customers.name },
        none: { table: locations, id: undefined, column: locations.name },
      });
      return named.found(await named.statement.run(tx));
    });
    expect(found).toEqual({ mine: 'Named Co', theirs: undefined, malformed: undefined, none: undefined });
  });
});

describe('saveVersion', () => {
  it('saves over the version read and moves `updated` on, even for two saves in one millisecond', async () => {
    const customer = await inA((tx) => customerRow(tx, world.a, 'Versioned Co'));
    const { first, second } = await inA(async (tx) => {
      const version = { tenantId: world.a, id: customer.id, updated: customer.updated.toISOString() };
      const first = await saveVersion(tx, customers, version, 'customer', { name: 'Versioned Pty' });
      const second = await saveVersion(
        tx,
        customers,
        { ...version, updated: first.updated.toISOString() },
        'customer',
        { notes: 'Gate code 4411' },
      );
      return { first, second };
    });
    expect(first.name).toBe('Versioned Pty');
    expect(first.updated.getTime()).toBeGreaterThan(customer.updated.getTime());
    // One transaction: now() is the same for both saves, yet each moved the version on.
    expect(second.updated.getTime()).toBeGreaterThan(first.updated.getTime());
    expect(second).toMatchObject({ name: 'Versioned Pty', notes: 'Gate code 4411' });
  });

  it('refuses a stale version with 409 and writes nothing; a missing or malformed record is 404', async () => {
    const customer = await inA((tx) => customerRow(tx, world.a, 'Stale Co'));
    const read = { tenantId: world.a, id: customer.id, updated: customer.updated.toISOString() };
    await inA((tx) => saveVersion(tx, customers, read, 'customer', { name: 'Saved First' }));

    await expect(
      inA((tx) => saveVersion(tx, customers, read, 'customer', { name: 'Saved Second' })),
    ).rejects.toMatchObject(stale('customer'));
    expect(await inA((tx) => findRow(tx, customers, world.a, customer.id))).toMatchObject({
      name: 'Saved First',
    });
    for (const id of [uuidv7(), MALFORMED])
      await expect(
        inA((tx) => saveVersion(tx, customers, { ...read, id }, 'customer', { name: 'Nobody' })),
      ).rejects.toMatchObject(notFound('customer'));
    await expect(
      unscoped((tx) => saveVersion(tx, customers, { ...read, tenantId: world.b }, 'customer')),
    ).rejects.toMatchObject(notFound('customer'));
  });
});

describe('saveWithLines', () => {
  /** A job with its lines, as the shared commands of records with lines know it (the jobs feature's own). */
  const jobWithLines: RecordWithLines<typeof jobs, typeof jobLines> = {
    noun: 'job',
    counter: 'job',
    table: jobs,
    kept: 'items',
    lines: jobLines,
    record: 'jobId',
    foreignKey: 'job_lines_job_fk',
    referencesGone: (write) => write(),
  };

  const linesOf = (jobId: string) =>
    inA((tx) =>
      tx
        .select({ position: jobLines.position, description: jobLines.description, amount: jobLines.amount })
        .from(jobLines)
        .where(and(eq(jobLines.tenantId, world.a), eq(jobLines.jobId, jobId)))
        .orderBy(asc(jobLines.position)),
    );

  /** A saved `updated`, as the driver gives it, as a client sends it back. */
  const versionOf = (updated: unknown) => new Date(updated as Date | string).toISOString();

  /** Saves the job's reference and lines over the version `updated`, as a job save does; gives its reference. */
  const save = (job: { id: string; updated: string }, reference: string, lines: JobLineRow[]) =>
    inA(async (tx) => {
      const written = saveWithLines(
        tx,
        jobWithLines,
        { tenantId: world.a, id: job.id, updated: job.updated },
        { reference },
        lines,
        { reference: jobs.reference, updated: jobs.updated },
      );
      return written.withReturned(runTogether);
    });

  it('replaces the lines by position: those past the new ones go, and the saved columns come back', async () => {
    const job = await inA((tx) => jobRow(tx, world.a, ['Old 0', 'Old 1', 'Old 2']));
    const shorter = await save(job, 'Two lines', [line(job.id, 0, 'New 0'), line(job.id, 1, 'New 1')]);
    expect(shorter.reference).toBe('Two lines');
    expect((await linesOf(job.id)).map(({ position, description }) => [position, description])).toEqual([
      [0, 'New 0'],
      [1, 'New 1'],
    ]);

    const updated = versionOf(shorter.updated);
    const longer = await save({ id: job.id, updated }, 'Three lines', [
      line(job.id, 0, 'New 0', '12.50'),
      line(job.id, 1, 'Newer 1'),
      line(job.id, 2, 'Added 2'),
    ]);
    expect(await linesOf(job.id)).toEqual([
      { position: 0, description: 'New 0', amount: '12.50' },
      { position: 1, description: 'Newer 1', amount: '10.00' },
      { position: 2, description: 'Added 2', amount: '10.00' },
    ]);

    await save({ id: job.id, updated: versionOf(longer.updated) }, 'None', []);
    expect(await linesOf(job.id)).toEqual([]);
    expect(await inA((tx) => findRow(tx, jobs, world.a, job.id))).toMatchObject({ reference: 'None' });
  });

  it('writes no line over a stale version (409), and none for a missing record (404)', async () => {
    const job = await inA((tx) => jobRow(tx, world.a, ['Kept 0', 'Kept 1']));
    await save(job, 'Saved since', [line(job.id, 0, 'Kept 0'), line(job.id, 1, 'Kept 1')]);

    await expect(save(job, 'Stale', [line(job.id, 0, 'Lost')])).rejects.toMatchObject(stale('job'));
    expect((await linesOf(job.id)).map(({ description }) => description)).toEqual(['Kept 0', 'Kept 1']);
    expect(await inA((tx) => findRow(tx, jobs, world.a, job.id))).toMatchObject({ reference: 'Saved since' });

    const missing = { id: uuidv7(), updated: job.updated };
    await expect(save(missing, 'Nobody', [line(missing.id, 0, 'Orphan')])).rejects.toMatchObject(
      notFound('job'),
    );
    await expect(save({ ...job, id: MALFORMED }, 'Nobody', [])).rejects.toMatchObject(notFound('job'));
  });

  it("guard: a line naming a record deleted since it was read (the lines' foreign key) is 404", async () => {
    const gone = uuidv7();
    await expect(
      inA(async (tx) => {
        const written = saveWithLines(
          tx,
          jobWithLines,
          { tenantId: world.a, id: gone, updated: new Date().toISOString() },
          {},
          [],
        );
        return written.guard(() => tx.insert(jobLines).values(line(gone, 0, 'Orphan')));
      }),
    ).rejects.toMatchObject(notFound('job'));
  });
});

describe('deleteRow', () => {
  const refusal = { noun: 'customer', stillReferenced: 'This customer has jobs, so it cannot be deleted.' };

  it('deletes the row and what cascades with it; a missing or malformed one is 404', async () => {
    const customer = await inA((tx) => customerRow(tx, world.a, 'Deleted Co', ['Depot']));
    await inA((tx) => deleteRow(tx, customers, world.a, customer.id, refusal));
    expect(await inA((tx) => findRow(tx, customers, world.a, customer.id))).toBeUndefined();
    const sites = await inA((tx) => tx.select().from(locations).where(eq(locations.customerId, customer.id)));
    expect(sites).toEqual([]);

    for (const id of [customer.id, MALFORMED])
      await expect(inA((tx) => deleteRow(tx, customers, world.a, id, refusal))).rejects.toMatchObject(
        notFound('customer'),
      );
  });

  it('refuses a row other records still refer to with 409 and its message, and keeps it', async () => {
    const job = await inA((tx) => jobRow(tx, world.a, []));
    await expect(
      inA((tx) => deleteRow(tx, customers, world.a, job.customerId, refusal)),
    ).rejects.toMatchObject({
      status: 409,
      code: 'CONFLICT',
      message: refusal.stillReferenced,
    });
    expect(await inA((tx) => findRow(tx, customers, world.a, job.customerId))).toBeDefined();
  });

  it("does not delete another tenant's row", async () => {
    const customer = await inA((tx) => customerRow(tx, world.a, 'Not Theirs Co'));
    await expect(
      unscoped((tx) => deleteRow(tx, customers, world.b, customer.id, refusal)),
    ).rejects.toMatchObject(notFound('customer'));
    expect(await inA((tx) => findRow(tx, customers, world.a, customer.id))).toBeDefined();
  });
});

describe('uniqueField and referencedFields', () => {
  const uniqueCode = uniqueField('items_code_key', 'code', 'An item with this code already exists.');
  const item = (tenantId: string, code: string) => ({
    tenantId,
    id: uuidv7(),
    code,
    description: 'Copper pipe 15 mm',
    price: '4.20',
  });

  it("turns its constraint's violation into a field error, and lets the write's answer and other errors through", async () => {
    const [first] = await inA((tx) =>
      uniqueCode(() => tx.insert(items).values(item(world.a, 'CU-15')).returning()),
    );
    expect(first?.code).toBe('CU-15');
    await expect(
      inA((tx) => uniqueCode(() => tx.insert(items).values(item(world.a, 'cu-15')))),
    ).rejects.toMatchObject({
      status: 400,
      code: 'VALIDATION_FAILED',
      fieldErrors: [{ field: 'code', message: 'An item with this code already exists.' }],
    });
    // The same code in another tenant is no conflict.
    await world.within(world.b, (tx) => uniqueCode(() => tx.insert(items).values(item(world.b, 'CU-15'))));
    // Another constraint's violation is not this field's.
    const uniqueName = uniqueField('tax_rates_name_key', 'name', 'A tax with this name already exists.');
    const other = await inA((tx) => uniqueName(() => tx.insert(items).values(item(world.a, 'CU-15')))).catch(
      (error: unknown) => error,
    );
    expect(other).not.toHaveProperty('status');
    expect(other).toMatchObject({ cause: { code: '23505', constraint: 'items_code_key' } });
  });

  it("turns a foreign key's failure into the field error of the record it names", async () => {
    const referencesGone = referencedFields({
      jobs_customer_fk: { field: 'customer.id', message: 'Choose an existing customer.' },
      jobs_location_fk: { field: 'location.id', message: 'Choose an existing location.' },
    });
    await expect(
      inA((tx) =>
        referencesGone(() => tx.insert(jobs).values({ ...jobColumns(world.a, uuidv7()), number: 900_001 })),
      ),
    ).rejects.toMatchObject({
      status: 400,
      fieldErrors: [{ field: 'customer.id', message: 'Choose an existing customer.' }],
    });
  });
});
