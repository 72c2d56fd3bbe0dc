import { and, eq, getTableName, type SQL, sql } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { Buildable, Statement } from '../db/built-selects.ts';
import { type BuiltOnce, builtOnce } from '../db/built-selects.ts';
import type { Db } from '../db/database.ts';
import { notFound } from '../http/errors.ts';
import type { RecordTable } from './record-rows.ts';

/**
 * One record read as a statement, to send with others in one round trip (`readAsMember`), and its rows as the
 * record: 404 naming it (`noun`) when the tenant has no such record, or null when none is no error.
 */
export interface RecordRead<T> {
  statement: Statement;
  record(rows: unknown[]): T;
}

export function recordRead<Row, T>(
  statement: Statement,
  toRecord: (row: Row) => T,
  noun: string,
): RecordRead<T>;
export function recordRead<Row, T>(statement: Statement, toRecord: (row: Row) => T): RecordRead<T | null>;
export function recordRead<Row, T>(
  statement: Statement,
  toRecord: (row: Row) => T,
  noun?: string,
): RecordRead<T | null> {
  return {
    statement,
    record: (rows) => {
      const [row] = rows as Row[];
      if (row) return toRecord(row);
      if (noun === undefined) return null;
      throw notFound(noun);
    },
  };
}

/** A record that names another by a key column (a job's `customerId`). */
export type NamingRecord<Key extends string> = RecordTable & Record<Key, PgColumn>;

/**
 * The read of the record another names, by the naming record's id, in one statement: `select` given the where that
 * finds it by the key the naming record holds (`key = (select key from naming where tenant and id)`). Built once per
 * naming table and key.
 */
export function namedBy<Key extends string>(
  name: string,
  key: Key,
  select: (db: Db, where: (column: PgColumn) => SQL) => Buildable,
) {
  const built = new Map<string, BuiltOnce<unknown>>();
  return (naming: NamingRecord<Key>, tenantId: string, id: string): Statement => {
    const table = getTableName(naming);
    let read = built.get(`${table}.${key}`);
    if (!read) {
      const tenant = sql.placeholder('tenantId');
      const keyOf = sql`(select ${naming[key]} from ${naming} where ${and(eq(naming.tenantId, tenant), eq(naming.id, sql.placeholder('id')))})`;
      read = builtOnce((db) => select(db, (column) => sql`${column} = ${keyOf}`), `${name}_of_${table}`);
      built.set(`${table}.${key}`, read);
    }
    return read.with({ tenantId, id });
  };
}
