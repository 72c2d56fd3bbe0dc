import { getTableName, type Placeholder, type SQL, sql } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import { builtByShape, placeholdersOf, type Statement } from '../db/built-selects.ts';
import type { Tx } from '../db/database.ts';
import { tenantCounters } from './tenant-counter-table.ts';

export type CounterName = 'customer' | 'job' | 'invoice' | 'quote';

const numberedInserts = builtByShape('numbered_insert');

/**
 * The second key of each counter's advisory lock (`counterSteps`); the first is the tenant's id hashed (two tenants
 * that hash alike only share a queue). Two-key locks are a space apart from the one-key locks of the migrations and
 * the seed.
 */
const COUNTER_LOCKS: Record<CounterName, number> = { customer: 1, job: 2, invoice: 3, quote: 4 };

/**
 * The CTEs of a statement whose `counter` moves the tenant's counter on by `count` and gives its new value. The
 * counter's row stays locked until the transaction commits, so creates in one organisation queue for it. They
 * queue first (`queued`) for a transaction-level advisory lock of the tenant's counter, which PostgreSQL grants to
 * one waiter at a time, so that the holder's write of the row finds it free: waiting on the row itself, every
 * waiter woke at each commit and all but one waited again. The row's lock still
 * makes the numbers distinct; the advisory lock only orders the waiters.
 */
function counterSteps(tenantId: string | Placeholder, name: CounterName, count: number): SQL {
  return sql`queued as (select pg_advisory_xact_lock(hashtext(${tenantId}::text), ${COUNTER_LOCKS[name]})),
    counter as (insert into ${tenantCounters} (tenant_id, name, value)
      select ${tenantId}::uuid, ${name}, ${count}::integer from queued
      on conflict (tenant_id, name) do update set value = ${tenantCounters.value} + ${count}::integer
      returning value)`;
}

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
  const moved = await tx.execute(sql`with ${counterSteps(tenantId, name, count)} select value from counter`);
  const [row] = (moved as unknown as { rows: { value: number }[] }).rows;
  if (!row) throw new Error(`No ${name} number was allocated`);
  return Number(row.value) - count + 1;
}

/**
 * `allocateNumber` and the inserts of a new record and its lines in one statement, which gives the record's
 * `number` (the counter's new value) and the new row's `returned` columns (by their keys), so that a create can
 * answer without reading its record back; the lines' foreign keys are checked at the statement's end. Creates in
 * one organisation queue for the counter until each commits, so the fewer round trips after it, the shorter the
 * queue: send it with the COMMIT (`commitTogether`, as an invoice create does). Built once per shape
 * (`builtByShape`).
 */
export function numberedInsert(
  tx: Tx,
  tenantId: string,
  name: CounterName,
  record: { table: PgTable; values: object },
  lines: { table: PgTable; rows: object[] },
  returned: Record<string, PgColumn> = {},
): Statement<{ number: number } & Record<string, unknown>> {
  const placeholders: Record<string, unknown> = { tenantId };
  const row = placeholdersOf(record.table, 'v', record.values, placeholders);
  const rows = lines.rows.map((line, index) => placeholdersOf(lines.table, `l${index}`, line, placeholders));
  // The record's number is the counter's: a `returned` number would only repeat it.
  const returning = Object.entries(returned).filter(([key]) => key !== 'number');
  const shape = [
    `${name}:${getTableName(record.table)}:${row.shape}`,
    ...rows.map((line) => line.shape),
    returning.map(([key, column]) => `${key}=${column.name}`).join(),
  ].join('|');
  const build = () => {
    const counter = counterSteps(sql.placeholder('tenantId'), name, 1);
    const insert = tx.insert(record.table).values({ ...row.row, number: sql`(select value from counter)` });
    const inserted =
      returning.length === 0
        ? insert
        : insert.returning(
            Object.fromEntries(returning.map(([key, column]) => [key, sql`${column}`.as(key)])),
          );
    const answer =
      returning.length === 0
        ? sql`select value as number from counter`
        : sql`select counter.value as number${sql.join(returning.map(([key]) => sql`, record.${sql.identifier(key)}`))}
            from counter, record`;
    if (rows.length === 0) return sql`with ${counter}, record as (${inserted.getSQL()}) ${answer}`;
    const written = tx.insert(lines.table).values(rows.map((line) => line.row));
    return sql`with ${counter}, record as (${inserted.getSQL()}), lines as (${written.getSQL()}) ${answer}`;
  };
  return numberedInserts.statement(tx, shape, build, placeholders) as Statement<
    { number: number } & Record<string, unknown>
  >;
}
