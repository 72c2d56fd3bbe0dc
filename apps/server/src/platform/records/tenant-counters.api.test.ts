import { and, asc, eq } from 'drizzle-orm';
import { uuidv7 } from 'uuidv7';
import { describe, expect, it } from 'vitest';
import { jobLines, jobs } from '../../schema.ts';
import {
  customerRow,
  jobColumns,
  jobLine,
  type RowWorld,
  withRowWorld,
} from '../../test-support/row-fixtures.ts';
import type { Tx } from '../db/database.ts';
import { isDatabaseError } from '../db/postgres-errors.ts';
import { allocateNumber, numberedInsert } from './tenant-counters.ts';

/*
 * Human numbers per organisation (1, 2, 3, …) on the real counter table, and numbered inserts of jobs with their
 * lines: each kind's numbers of each organisation in their own sequence, none skipped and none given twice.
 */

let world: RowWorld;
withRowWorld((made) => {
  world = made;
});
const within = <T>(tenantId: string, work: (tx: Tx) => Promise<T>) => world.within(tenantId, work);

/** Creates a job of the customer with lines, numbered in the same statement; gives what the statement returned. */
const numberedJob = async (tx: Tx, tenantId: string, customerId: string, lines: string[] = []) => {
  const values = jobColumns(tenantId, customerId);
  const [row] = await numberedInsert(
    tx,
    tenantId,
    'job',
    { table: jobs, values },
    { table: jobLines, rows: lines.map((line, position) => jobLine(tenantId, values.id, position, line)) },
    { id: jobs.id, status: jobs.status },
  ).run(tx);
  if (!row) throw new Error('The job was not numbered');
  return row;
};

const jobNumbers = async (tenantId: string) =>
  (
    await within(tenantId, (tx) =>
      tx
        .select({ number: jobs.number })
        .from(jobs)
        .where(eq(jobs.tenantId, tenantId))
        .orderBy(asc(jobs.number)),
    )
  ).map(({ number }) => number);

const oneTo = (count: number) => Array.from({ length: count }, (_, index) => index + 1);

describe('allocateNumber', () => {
  it('numbers each kind of each organisation from 1; a count takes that many in a row and gives the first', async () => {
    const taken = await within(world.a, async (tx) => [
      await allocateNumber(tx, world.a, 'invoice'),
      await allocateNumber(tx, world.a, 'invoice'),
      await allocateNumber(tx, world.a, 'invoice', 3),
      await allocateNumber(tx, world.a, 'invoice'),
      await allocateNumber(tx, world.a, 'customer'),
    ]);
    expect(taken).toEqual([1, 2, 3, 6, 1]);
    expect(await within(world.b, (tx) => allocateNumber(tx, world.b, 'invoice'))).toBe(1);
  });

  it('gives the number of a create that rolled back to the next create', async () => {
    const refused = new Error('The create failed after taking its number');
    const before = await within(world.b, (tx) => allocateNumber(tx, world.b, 'customer'));
    await expect(
      within(world.b, async (tx) => {
        await allocateNumber(tx, world.b, 'customer');
        throw refused;
      }),
    ).rejects.toBe(refused);
    expect(await within(world.b, (tx) => allocateNumber(tx, world.b, 'customer'))).toBe(before + 1);
  });
});

describe('numberedInsert', () => {
  it('inserts the record and its lines in one statement, and gives its number and returned columns', async () => {
    const customer = await within(world.a, (tx) => customerRow(tx, world.a, 'Numbered Co'));
    const created = await within(world.a, (tx) =>
      numberedJob(tx, world.a, customer.id, ['Call-out', 'Labour']),
    );
    expect(created).toMatchObject({ number: 1, status: 'OPEN_NEW' });
    const lines = await within(world.a, (tx) =>
      tx
        .select({ position: jobLines.position, description: jobLines.description })
        .from(jobLines)
        .where(and(eq(jobLines.tenantId, world.a), eq(jobLines.jobId, String(created.id))))
        .orderBy(asc(jobLines.position)),
    );
    expect(lines).toEqual([
      { position: 0, description: 'Call-out' },
      { position: 1, description: 'Labour' },
    ]);
  });

  it('numbers concurrent creates of one organisation without gaps or repeats, those that fail included', async () => {
    const [mine, theirs] = await Promise.all([
      within(world.a, (tx) => customerRow(tx, world.a, 'Busy Co')),
      within(world.b, (tx) => customerRow(tx, world.b, 'Other Busy Co')),
    ]);
    const before = await jobNumbers(world.a);
    const CREATES = 16;
    // Every fourth of a's names a customer that does not exist: its insert fails and gives its number back.
    const failing = (index: number) => index % 4 === 3;
    const created = await Promise.allSettled(
      Array.from({ length: CREATES }, (_, index) => [
        within(world.a, (tx) => numberedJob(tx, world.a, failing(index) ? uuidv7() : mine.id, ['Line'])),
        within(world.b, (tx) => numberedJob(tx, world.b, theirs.id)),
      ]).flat(),
    );
    const refused = created.flatMap((result) => (result.status === 'rejected' ? [result.reason] : []));
    expect(refused).toHaveLength(CREATES / 4);
    for (const reason of refused) expect(isDatabaseError(reason, ['23503'], 'jobs_customer_fk')).toBe(true);
    // a's: every number from 1 once; b's, a sequence of their own.
    expect(await jobNumbers(world.a)).toEqual(oneTo(before.length + CREATES - CREATES / 4));
    expect(await jobNumbers(world.b)).toEqual(oneTo(CREATES));
  });
});
