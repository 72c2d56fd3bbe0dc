import { getTableName, type Placeholder, sql } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import { builtByShape, placeholdersOf, type Statement } from '../db/built-selects.ts';
import type { Tx } from '../db/database.ts';
import { tenantCounters } from '../db/schema.ts';

export type CounterName = 'customer' | 'job' | 'invoice';

const numberedInserts = builtByShape('numbered_insert');

/** The counter moved on by `count`, giving its new value. */
const moveCounter = (tx: Tx, tenantId: string | Placeholder, name: CounterName, count: number) =>
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
 * `allocateNumber` and the inserts of a new record and its lines in one statement: the record's `number` is the
 * counter's new value, and the lines' foreign keys are checked at the statement's end. Creates in one
 * organisation queue on the counter row until each commits, so the fewer round trips after it, the shorter the
 * queue: an invoice's number, row and lines were three; send the record's read back with it (`runTogether`).
 * Built once per shape (`builtByShape`).
 */
export function numberedInsert(
  tx: Tx,
  tenantId: string,
  name: CounterName,
  record: { table: PgTable; values: object },
  lines: { table: PgTable; rows: object[] },
): Statement {
  const placeholders: Record<string, unknown> = { tenantId };
  const row = placeholdersOf(record.table, 'v', record.values, placeholders);
  const rows = lines.rows.map((line, index) => placeholdersOf(lines.table, `l${index}`, line, placeholders));
  const shape = `${name}:${getTableName(record.table)}:${row.shape}|${rows.map((line) => line.shape).join('|')}`;
  const build = () => {
    const counter = moveCounter(tx, sql.placeholder('tenantId'), name, 1);
    const inserted = tx.insert(record.table).values({ ...row.row, number: sql`(select value from counter)` });
    if (rows.length === 0) return sql`with counter as (${counter.getSQL()}) ${inserted.getSQL()}`;
    const written = tx.insert(lines.table).values(rows.map((line) => line.row));
    return sql`with counter as (${counter.getSQL()}), record as (${inserted.getSQL()}) ${written.getSQL()}`;
  };
  return numberedInserts.statement(tx, shape, build, placeholders);
}
