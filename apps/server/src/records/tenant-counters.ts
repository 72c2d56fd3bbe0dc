import { type SQL, sql } from 'drizzle-orm';
import type { Tx } from '../db/database.ts';
import { tenantCounters } from '../db/schema.ts';

export type CounterName = 'customer' | 'job' | 'invoice';

/** An insert of Drizzle's query builder, written into a statement of several (a query builder's own SQL). */
type Statement = { getSQL(): SQL };

/** The counter moved on by `count`, giving its new value. */
const moveCounter = (tx: Tx, tenantId: string, name: CounterName, count: number) =>
  tx
    .insert(tenantCounters)
    .values({ tenantId, name, value: count })
    .onConflictDoUpdate({
      target: [tenantCounters.tenantId, tenantCounters.name],
      set: { value: sql`${tenantCounters.value} + ${count}` },
    })
    .returning({ value: tenantCounters.value });

/**
 * The next human number (1, 2, 3, …) of a kind within one tenant. It runs in the inserting transaction:
 * the counter row stays locked until that commits, so concurrent creates get distinct numbers, and a
 * rolled-back create gives its number back. With `count`, that many numbers in a row: the first is returned.
 */
export async function allocateNumber(
  tx: Tx,
  tenantId: string,
  name: CounterName,
  count = 1,
): Promise<number> {
  const [row] = await moveCounter(tx, tenantId, name, count);
  if (!row) throw new Error(`No ${name} number was allocated`);
  return row.value - count + 1;
}

/**
 * `allocateNumber` and the inserts of a new record in one statement: `insert` is given the number to write (the
 * counter's new value, `(select value from counter)`), and `more` (its lines) run in the same statement, their
 * foreign keys checked at its end. Creates in one organisation queue on the counter row until each commits, so
 * the fewer round trips after it, the shorter the queue: an invoice's number, row and lines were three.
 */
export async function insertNumbered(
  tx: Tx,
  tenantId: string,
  name: CounterName,
  insert: (number: SQL<number>) => Statement,
  ...more: Statement[]
): Promise<void> {
  const counter = moveCounter(tx, tenantId, name, 1);
  const steps = [insert(sql<number>`(select value from counter)`), ...more];
  const last = steps[steps.length - 1] as Statement;
  const ctes = [
    sql`counter as (${counter.getSQL()})`,
    ...steps
      .slice(0, -1)
      .map((step, index) => sql`${sql.identifier(`step${index + 1}`)} as (${step.getSQL()})`),
  ];
  await tx.execute(sql`with ${sql.join(ctes, sql`, `)} ${last.getSQL()}`);
}
