import { isUuid } from '@fieldbook/domain';
import { and, eq, getTableColumns, getTableName, type SQL, sql } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import {
  type Buildable,
  type BuiltOnce,
  builtByShape,
  builtOnce,
  type Statement,
} from '../db/built-selects.ts';
import { storedColumns, type WithoutWords } from '../db/columns.ts';
import type { Db, Tx } from '../db/database.ts';
import { isDatabaseError, isStillReferenced, SQLSTATE } from '../db/postgres-errors.ts';
import { isoTime } from '../db/timestamps.ts';
import { conflict, fieldInvalid, notFound, staleSave } from '../http/errors.ts';

/** A tenant-owned table with the columns every record has. */
export type RecordTable = PgTable & { tenantId: PgColumn; id: PgColumn; updated: PgColumn };

/** A record's row as its reads and writes give it: every column but its search words. */
export type RowOf<T extends PgTable> = WithoutWords<T['$inferSelect']>;

/** One record of one tenant, and the `updated` a client read, for a save. */
export interface RecordVersion {
  tenantId: string;
  id: string;
  updated: string;
}

/** A saved row's new `updated`: now, and always after its last one (two saves in one millisecond stay apart). */
export const nextUpdated = (updated: PgColumn) => sql`greatest(now(), ${updated} + interval '1 millisecond')`;

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
          .select(storedColumns(table))
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
): Promise<RowOf<T> | undefined> {
  if (!isUuid(id)) return undefined;
  const [row] = await rowStatement(table, tenantId, id).run(tx);
  return row as RowOf<T> | undefined;
}

/** The record's row; 404 naming the record when this tenant has no such record. */
export async function requireRow<T extends RecordTable>(
  tx: Tx,
  table: T,
  tenantId: string,
  id: string,
  noun: string,
): Promise<RowOf<T>> {
  const row = await findRow(tx, table, tenantId, id);
  if (!row) throw notFound(noun);
  return row;
}

/**
 * A whole record by its id (`select`, from `source`): its text built once (`builtOnce`), a named statement planned
 * once per connection (a job's joins took longer to plan than to run). A lookup by primary key, so the plan
 * PostgreSQL keeps for any tenant and id is the right one for all. `find` gives the record, or 404 naming it
 * (`noun`).
 */
export function wholeById<Row>(
  select: (tx: Db) => { where(condition: SQL | undefined): Buildable },
  source: { tenantId: PgColumn; id: PgColumn },
  name: string,
  noun: string,
) {
  const where = and(eq(source.tenantId, sql.placeholder('tenantId')), eq(source.id, sql.placeholder('id')));
  const byId = builtOnce<Row>((tx) => select(tx).where(where), name);
  const find = async (tx: Tx, tenantId: string, id: string): Promise<Row> => {
    const [row] = isUuid(id) ? await byId(tx, { tenantId, id }) : [];
    if (!row) throw notFound(noun);
    return row;
  };
  return Object.assign(byId, { find });
}

/** A table's own columns by their keys, but its tenant and id: what a write returns of its record (`RETURNING`). */
export function ownColumns(table: PgTable): Record<string, PgColumn> {
  const { tenantId: _tenantId, id: _id, ...own } = storedColumns(table);
  return own;
}

/**
 * A record's row from its own columns as the driver gave them (`ownColumns`; its times as PostgreSQL's text, made
 * the API's) and the names of what it refers to: what the record's read gives, without reading it.
 */
export function rowOf<Row>(table: PgTable, own: Record<string, unknown>, names: object): Row {
  const columns = getTableColumns(table);
  const row: Record<string, unknown> = { ...own, ...names };
  for (const [key, value] of Object.entries(own))
    if (value !== null && columns[key]?.getSQLType().startsWith('timestamp')) row[key] = isoTime(value);
  return row as Row;
}

/** A record a write names: its table, its id (undefined: none named), and the one column to read of it. */
export interface NamedRecord {
  table: RecordTable;
  id: string | undefined;
  /** A column of the table that is never null, so a null means there is no such record. */
  column: PgColumn;
}

const namedReads = builtByShape('named');

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
  const values: Record<string, unknown> = { tenantId };
  for (const [name, { id }] of entries) if (id !== undefined && isUuid(id)) values[`id_${name}`] = id;
  const asked = (name: string) => `id_${name}` in values;
  // What the statement reads, and which of them it was given ids for.
  const shape = entries.map(
    ([name, { table, column }]) => `${name}=${getTableName(table)}.${column.name}:${asked(name)}`,
  );
  const build = () =>
    sql`select ${sql.join(
      entries.map(([name, { table, column }]) => {
        const where = and(
          eq(table.tenantId, sql.placeholder('tenantId')),
          eq(table.id, sql.placeholder(`id_${name}`)),
        );
        const value = asked(name) ? sql`(select ${column} from ${table} where ${where})` : sql`null`;
        return sql`${value} as ${sql.identifier(name)}`;
      }),
      sql`, `,
    )}`;
  return {
    statement: namedReads.statement(tx, shape.join(), build, values),
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
 * What a save over the version the client read reads first, with the transaction's BEGIN (a `Write`'s reads): the
 * record's row, then `named` (the records it names, with their names). None for an id that is not a UUID, which
 * names no record: a 404 (`currentVersion`), once the caller's membership is known.
 */
export const versionReads = (table: RecordTable, { tenantId, id }: RecordVersion, named: Statement[]) =>
  isUuid(id) ? [rowStatement(table, tenantId, id), ...named] : [];

/**
 * The record as `versionReads` found it (`rows`: its row's read): 404 when there is none, 409 when someone saved it
 * since the client read it (a stale save is told to reload before anything else: what it is checked against may be
 * out of date).
 */
export function currentVersion<Row extends { updated: Date }>(
  rows: unknown[] | undefined,
  version: RecordVersion,
  noun: string,
): Row {
  const current = rows?.[0] as Row | undefined;
  if (!current) throw notFound(noun);
  if (current.updated.getTime() !== Date.parse(version.updated)) throw staleSave(noun);
  return current;
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
): Promise<RowOf<T>> {
  const { tenantId, id, updated } = version;
  const where = recordWhere(table, tenantId, id);
  if (!where) throw notFound(noun);
  const [row] = await tx
    .update(table as RecordTable)
    .set({ ...values, updated: nextUpdated(table.updated) })
    .where(and(where, eq(table.updated, new Date(updated))))
    .returning(storedColumns(table as RecordTable));
  if (row) return row as RowOf<T>;
  if (!(await findRow(tx, table, tenantId, id))) throw notFound(noun);
  throw staleSave(noun);
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
 * A guard for writes the database may refuse: its error of one of `codes` (on `constraint`, when named) is the
 * error `refusal` gives (a field error, a 404), not a 500.
 */
export function refusedAs(codes: readonly string[], refusal: () => Error, constraint?: string) {
  return async <T>(write: () => Promise<T>): Promise<T> => {
    try {
      return await write();
    } catch (error) {
      if (isDatabaseError(error, codes, constraint)) throw refusal();
      throw error;
    }
  };
}

/**
 * A guard for writes under a unique index of the tenant (a name, a code): a value another record already has is a
 * field error on `field`. `const uniqueName = uniqueField('tax_rates_name_key', 'name', '…')`.
 */
export const uniqueField = (constraint: string, field: string, message: string) =>
  refusedAs([SQLSTATE.uniqueViolation], () => fieldInvalid(field, message), constraint);

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
