import { apiMessages, isUuid } from '@fieldbook/domain';
import { and, eq, getTableColumns, getTableName, gte, type SQL, sql } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import {
  type BuiltOnce,
  builtByShape,
  builtOnce,
  placeholdersOf,
  type Statement,
} from '../db/built-selects.ts';
import type { Db, Tx } from '../db/database.ts';
import { isDatabaseError, isStillReferenced, SQLSTATE } from '../db/postgres-errors.ts';
import { conflict, fieldInvalid, notFound } from '../http/errors.ts';

/** A tenant-owned table with the columns every record has. */
export type RecordTable = PgTable & { tenantId: PgColumn; id: PgColumn; updated: PgColumn };

/** One record of one tenant, and the `updated` a client read, for a save. */
export interface RecordVersion {
  tenantId: string;
  id: string;
  updated: string;
}

/** The record's row condition; a malformed id finds nothing, exactly like another tenant's. */
export function recordWhere(table: RecordTable, tenantId: string, id: string): SQL | undefined {
  if (!isUuid(id)) return undefined;
  return and(eq(table.tenantId, tenantId), eq(table.id, id));
}

/** Each table's read of one row by its key, built once (`findRow`). */
const rowReads = new Map<RecordTable, BuiltOnce<unknown>>();

/** The read of the record's row by its key (a valid UUID), as a statement: a named one, built once per table. */
export function rowStatement(table: RecordTable, tenantId: string, id: string): Statement {
  let read = rowReads.get(table);
  if (!read) {
    read = builtOnce<unknown>(
      (built) =>
        built
          .select()
          .from(table as RecordTable)
          .where(and(eq(table.tenantId, sql.placeholder('tenantId')), eq(table.id, sql.placeholder('id')))),
      `row_of_${getTableName(table)}`,
    );
    rowReads.set(table, read);
  }
  return read.with({ tenantId, id });
}

/** The record's row, or undefined when this tenant has no such record: a named statement, built once per table. */
export async function findRow<T extends RecordTable>(
  tx: Tx,
  table: T,
  tenantId: string,
  id: string,
): Promise<T['$inferSelect'] | undefined> {
  if (!isUuid(id)) return undefined;
  const [row] = await rowStatement(table, tenantId, id).run(tx);
  return row as T['$inferSelect'] | undefined;
}

/** The record's row; 404 naming the record when this tenant has no such record. */
export async function requireRow<T extends RecordTable>(
  tx: Tx,
  table: T,
  tenantId: string,
  id: string,
  noun: string,
): Promise<T['$inferSelect']> {
  const row = await findRow(tx, table, tenantId, id);
  if (!row) throw notFound(noun);
  return row;
}

/** A record a write names: its table, its id (undefined: none named), and the one column to read of it. */
export interface NamedRecord {
  table: RecordTable;
  id: string | undefined;
  /** A column of the table that is never null, so a null means there is no such record. */
  column: PgColumn;
}

const namedReads = builtByShape('named');

/** What a `namedStatement` reads, apart from which names it was given ids for. */
const readNamedShapes = (entries: [string, NamedRecord][]) =>
  entries.map(([name, { table, column }]) => `${name}=${getTableName(table)}.${column.name}`).join();

/**
 * The records a write names (a job's customer, site, territory, priority and technician), all read by one
 * statement instead of one round trip each, and what it found: for each name, its column's value as
 * the driver gives it, or undefined when the tenant has no such record (another tenant's, a malformed id, or none
 * named).
 */
export function namedStatement<Name extends string>(
  tx: Db,
  tenantId: string,
  named: Record<Name, NamedRecord>,
): { statement: Statement; found: (rows: unknown[]) => Record<Name, unknown> } {
  const entries = Object.entries(named) as [Name, NamedRecord][];
  const asked = entries.map(([name, { id }]) => [name, id !== undefined && isUuid(id)] as const);
  const shape = asked.map(([name, read]) => `${name}:${read ? 1 : 0}`).join();
  const values: Record<string, unknown> = { tenantId };
  for (const [name, { id }] of entries) if (id !== undefined && isUuid(id)) values[`id_${name}`] = id;
  const build = () =>
    sql`select ${sql.join(
      entries.map(([name, { table, column }], index) => {
        const where = and(
          eq(table.tenantId, sql.placeholder('tenantId')),
          eq(table.id, sql.placeholder(`id_${name}`)),
        );
        const value = asked[index]?.[1] ? sql`(select ${column} from ${table} where ${where})` : sql`null`;
        return sql`${value} as ${sql.identifier(name)}`;
      }),
      sql`, `,
    )}`;
  return {
    statement: namedReads.statement(tx, `${readNamedShapes(entries)}|${shape}`, build, values),
    found: (rows) => {
      const [row] = rows as Record<string, unknown>[];
      return Object.fromEntries(entries.map(([name]) => [name, row?.[name] ?? undefined])) as Record<
        Name,
        unknown
      >;
    },
  };
}

/**
 * Writes `values` when the record is still the version the client read, and moves `updated` on (even for
 * two saves in one millisecond): 404 when this tenant has no such record, 409 when someone saved it since.
 * With no values it only claims the version (and locks the row), before a command rewrites child rows.
 */
export async function saveVersion<T extends RecordTable>(
  tx: Tx,
  table: T,
  version: RecordVersion,
  noun: string,
  values: Partial<T['$inferInsert']> = {},
): Promise<T['$inferSelect']> {
  const { tenantId, id, updated } = version;
  const where = recordWhere(table, tenantId, id);
  if (!where) throw notFound(noun);
  const [row] = await tx
    .update(table as RecordTable)
    .set({ ...values, updated: sql`greatest(now(), ${table.updated} + interval '1 millisecond')` })
    .where(and(where, eq(table.updated, new Date(updated))))
    .returning();
  if (row) return row as T['$inferSelect'];
  if (!(await findRow(tx, table, tenantId, id))) throw notFound(noun);
  throw conflict(apiMessages.staleSave(noun));
}

const saves = builtByShape('save_with_lines');

/** The lines of a record (a job's, an invoice's): rows under it by position, which a save replaces. */
export interface RecordLines {
  table: PgTable & { tenantId: PgColumn; position: PgColumn };
  /** The lines' column that names their record (`job_id`). */
  record: PgColumn;
  /** The lines' foreign key to their record: it fails when the record was deleted since it was read. */
  foreignKey: string;
  /** The new lines, whole, at positions 0 to n − 1. */
  rows: Record<string, unknown>[];
}

/**
 * `saveVersion` of a record with lines, and its lines replaced, in one statement (a job save was three round
 * trips there): the lines at the new positions are written over (an upsert on their key) and those past them
 * deleted, so the two never touch the same row. The lines are written only when the record was saved: a save of
 * a stale version (or of a record deleted since) writes nothing, so it can go with the COMMIT (`commitTogether`).
 * 404 or 409 as `saveVersion`. Its one row says whether the record was `saved` and is still there (`found`, read
 * only when it was not saved), and gives the saved row's `id` and `returned` columns (by their keys; null when
 * nothing was saved), so that a save can answer without reading its record back.
 */
export function saveWithLines<T extends RecordTable>(
  tx: Tx,
  table: T,
  version: RecordVersion,
  noun: string,
  values: Partial<T['$inferInsert']>,
  lines: RecordLines,
  returned: Record<string, PgColumn> = {},
): {
  statement: Statement;
  /** Runs `save` (the statement, alone or with others): a record deleted since it was read is 404. */
  guard: <R>(save: () => Promise<R>) => Promise<R>;
  /**
   * Given the statement's rows: 404 or 409 when nothing was saved (the statement's `found` tells which).
   */
  check: (rows: unknown[]) => void;
  /**
   * Sends the statement (`together`: `runTogether`, or `commitTogether`), within `around` (a foreign key's error
   * as a field's), and gives the saved row's `returned` columns, as the driver gives them: 404 or 409 when nothing
   * was saved.
   */
  withReturned: (
    together: (tx: Tx, statements: Statement[]) => Promise<unknown[][]>,
    around?: <R>(write: () => Promise<R>) => Promise<R>,
  ) => Promise<Record<string, unknown>>;
} {
  const { tenantId, id, updated } = version;
  if (!isUuid(id)) throw notFound(noun);
  const placeholders: Record<string, unknown> = { tenantId, id, updated: new Date(updated).toISOString() };
  const set = placeholdersOf(table, 'v', values, placeholders);
  const rows = lines.rows.map((row, index) => placeholdersOf(lines.table, `l${index}`, row, placeholders));
  const returning = Object.entries(returned);
  const shape = [
    `${getTableName(table)}:${set.shape}`,
    ...rows.map((row) => row.shape),
    returning.map(([key, column]) => `${key}=${column.name}`).join(),
  ].join('|');
  const build = () => {
    const saved = tx
      .update(table as RecordTable)
      .set({ ...set.row, updated: sql`greatest(now(), ${table.updated} + interval '1 millisecond')` })
      .where(
        and(
          eq(table.tenantId, sql.placeholder('tenantId')),
          eq(table.id, sql.placeholder('id')),
          sql`${table.updated} = ${sql.placeholder('updated')}::timestamptz`,
        ),
      )
      .returning({
        id: table.id,
        ...Object.fromEntries(returning.map(([key, column]) => [key, sql`${column}`.as(key)])),
      });
    const wasSaved = sql`exists (select 1 from saved)`;
    const removed = tx
      .delete(lines.table)
      .where(
        and(
          eq(lines.table.tenantId, sql.placeholder('tenantId')),
          eq(lines.record, sql.placeholder('id')),
          gte(lines.table.position, rows.length),
          wasSaved,
        ),
      );
    const steps = [sql`saved as (${saved.getSQL()})`, sql`removed as (${removed.getSQL()})`];
    if (rows.length > 0) steps.push(sql`written as (${linesWritten(lines, rows, wasSaved)})`);
    // One row, saved or not; whether the record is there is read only when it was not saved.
    const present = sql`exists (select 1 from ${table} where ${and(
      eq(table.tenantId, sql.placeholder('tenantId')),
      eq(table.id, sql.placeholder('id')),
    )})`;
    const columns = returning.map(([key]) => sql`, saved.${sql.identifier(key)}`);
    return sql`with ${sql.join(steps, sql`, `)}
      select saved.id is not null as saved, (saved.id is not null or ${present}) as found, saved.id${sql.join(columns)}
      from (values (1)) as one left join saved on true`;
  };
  const statement = saves.statement(tx, shape, build, placeholders);
  const guard = async <R>(save: () => Promise<R>): Promise<R> => {
    try {
      return await save();
    } catch (error) {
      // Deleted since it was read: its new lines name no record.
      if (isDatabaseError(error, [SQLSTATE.foreignKeyViolation], lines.foreignKey)) throw notFound(noun);
      throw error;
    }
  };
  const check = (rows: unknown[]) => {
    const [row] = rows as { saved?: boolean; found?: boolean }[];
    if (row?.saved) return;
    if (!row?.found) throw notFound(noun);
    throw conflict(apiMessages.staleSave(noun));
  };
  return {
    statement,
    guard,
    check,
    withReturned: async (together, around = (write) => write()) => {
      const [saved = []] = await around(() => guard(() => together(tx, [statement])));
      check(saved);
      return saved[0] as Record<string, unknown>;
    },
  };
}

/**
 * The lines' upsert, when `condition` holds: an `insert … select` of the rows' values, each cast to its column's
 * type (in a `values` list PostgreSQL would take an untyped parameter for text), a value a row does not set being
 * null (line tables have no defaults). Lines at positions already there are written over.
 */
function linesWritten(lines: RecordLines, rows: { row: Record<string, SQL> }[], condition: SQL): SQL {
  const columns = getTableColumns(lines.table);
  const names = Object.keys(columns).filter((name) => rows.some(({ row }) => name in row));
  const typed = (name: string, value: SQL | undefined) => {
    const column = columns[name] as PgColumn;
    if (value === undefined && column.hasDefault) throw new Error(`${column.name} has a default to write`);
    return sql`${value ?? sql`null`}::${sql.raw(column.getSQLType())}`;
  };
  const listed = rows.map(
    ({ row }) =>
      sql`(${sql.join(
        names.map((name) => typed(name, row[name])),
        sql`, `,
      )})`,
  );
  const key = new Set<PgColumn>([lines.table.tenantId, lines.record, lines.table.position]);
  const all = Object.values(columns) as PgColumn[];
  const identifiers = (of: PgColumn[]) =>
    sql.join(
      of.map((column) => sql.identifier(column.name)),
      sql`, `,
    );
  const replaced = all
    .filter((column) => !key.has(column))
    .map((column) => sql`${sql.identifier(column.name)} = excluded.${sql.identifier(column.name)}`);
  return sql`insert into ${lines.table} (${identifiers(names.map((name) => columns[name] as PgColumn))})
    select * from (values ${sql.join(listed, sql`, `)}) as line where ${condition}
    on conflict (${identifiers([...key])}) do update set ${sql.join(replaced, sql`, `)}`;
}

/** Deletes the record (and what cascades with it); 404 when missing, 409 while other records refer to it. */
export async function deleteRow(
  tx: Tx,
  table: RecordTable,
  tenantId: string,
  id: string,
  refusal: { noun: string; stillReferenced: string },
): Promise<void> {
  const where = recordWhere(table, tenantId, id);
  if (!where) throw notFound(refusal.noun);
  let deleted: unknown[];
  try {
    deleted = await tx.delete(table).where(where).returning({ id: table.id });
  } catch (error) {
    if (isStillReferenced(error)) throw conflict(refusal.stillReferenced);
    throw error;
  }
  if (deleted.length === 0) throw notFound(refusal.noun);
}

/**
 * A guard for writes under a unique index of the tenant (a name, a code): a value another record already has is a
 * field error on `field`, not a 500. `const uniqueName = uniqueField('tax_rates_name_key', 'name', '…')`.
 */
export function uniqueField(constraint: string, field: string, message: string) {
  return async <T>(write: () => Promise<T>): Promise<T> => {
    try {
      return await write();
    } catch (error) {
      if (isDatabaseError(error, [SQLSTATE.uniqueViolation], constraint)) throw fieldInvalid(field, message);
      throw error;
    }
  };
}

/**
 * A guard for writes that name other records (a job's customer, site, territory, priority and technician): the
 * write's foreign key to one of them fails when it was deleted after the references were checked, and that is the
 * field error the check would have given (`keys`: constraint name → field and message), not a 500. The failed
 * statement has aborted the transaction, so nothing can be read again to find out which.
 */
export function referencedFields(keys: Record<string, { field: string; message: string }>) {
  return async <T>(write: () => Promise<T>): Promise<T> => {
    try {
      return await write();
    } catch (error) {
      for (const [constraint, { field, message }] of Object.entries(keys))
        if (isDatabaseError(error, [SQLSTATE.foreignKeyViolation], constraint))
          throw fieldInvalid(field, message);
      throw error;
    }
  };
}
