import { apiMessages, isUuid } from '@fieldbook/domain';
import { and, eq, type SQL, sql } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Tx } from '../db/database.ts';
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

/** The record's row, or undefined when this tenant has no such record. */
export async function findRow<T extends RecordTable>(
  tx: Tx,
  table: T,
  tenantId: string,
  id: string,
): Promise<T['$inferSelect'] | undefined> {
  const where = recordWhere(table, tenantId, id);
  if (!where) return undefined;
  const [row] = await tx
    .select()
    .from(table as RecordTable)
    .where(where);
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

/**
 * The records a write names (a job's customer, site, territory, priority and technician), all read by one
 * statement instead of one round trip each: for each name, its column's value as the driver gives it, or
 * undefined when the tenant has no such record (another tenant's, a malformed id, or none named).
 */
export async function readNamed<Name extends string>(
  tx: Tx,
  tenantId: string,
  named: Record<Name, NamedRecord>,
): Promise<Record<Name, unknown>> {
  const entries = Object.entries(named) as [Name, NamedRecord][];
  const values = entries.map(([name, { table, id, column }]) => {
    const where = id === undefined ? undefined : recordWhere(table, tenantId, id);
    const value = where ? sql`(select ${column} from ${table} where ${where})` : sql`null`;
    return sql`${value} as ${sql.identifier(name)}`;
  });
  const result = (await tx.execute(sql`select ${sql.join(values, sql`, `)}`)) as unknown as {
    rows: Record<string, unknown>[];
  };
  const [row] = result.rows;
  return Object.fromEntries(entries.map(([name]) => [name, row?.[name] ?? undefined])) as Record<
    Name,
    unknown
  >;
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
