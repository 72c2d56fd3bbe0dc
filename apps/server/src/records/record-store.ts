import { isUuid } from '@fieldbook/domain';
import { and, count, eq, type SQL, sql } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { PgViewBase } from 'drizzle-orm/pg-core/view-base';
import type { Tx } from '../db/database.ts';
import { isStillReferenced } from '../db/postgres-errors.ts';
import { conflict, notFound } from '../http/errors.ts';
import { type ListResource, whereForList } from '../lists/list-query.ts';
import type { Page } from '../lists/pagination.ts';

/** A tenant-owned table with the columns every record has. */
export type RecordTable = PgTable & { tenantId: PgColumn; id: PgColumn; updated: PgColumn };

/** The current tenant's rows of a table, for searching (see `visibleCustomers` in the schema). */
export type SearchView = PgViewBase & { tenantId: PgColumn };

/** One page of a list and the number of records the query matches. */
export interface ListPage<T> {
  rows: T[];
  total: number;
}

export interface ListRequest {
  q: string | undefined;
  page: Page;
}

export interface RecordKind<T extends RecordTable, Out> {
  table: T;
  /** The table's search view: lists read it, so that indexes serve the search. */
  visible: SearchView;
  /** The record in the product's words, lower case: "customer". */
  noun: string;
  toRecord(row: T['$inferSelect']): Out;
  /** What `q` may touch: columns of `visible`. */
  list: ListResource;
  /** Columns of `visible`. */
  orderBy: SQL[];
  /** Why a delete was refused when other records still refer to this one. */
  stillReferenced: string;
}

const capitalised = (noun: string) => noun.charAt(0).toUpperCase() + noun.slice(1);

/** The record's row condition; a malformed id finds nothing, exactly like another tenant's. */
export function recordWhere(table: RecordTable, tenantId: string, id: string): SQL | undefined {
  if (!isUuid(id)) return undefined;
  return and(eq(table.tenantId, tenantId), eq(table.id, id));
}

/** The tenant's rows that `q` matches. */
export function listWhere(view: SearchView, tenantId: string, q: string | undefined, list: ListResource) {
  return and(eq(view.tenantId, tenantId), whereForList(q, list));
}

export async function countWhere(tx: Tx, view: SearchView, where: SQL | undefined): Promise<number> {
  const [row] = await tx.select({ total: count() }).from(view).where(where);
  return Number(row?.total ?? 0);
}

/**
 * Reading, saving (with the `updated` check), deleting and listing one kind of record, all within
 * the caller's tenant transaction. Creating stays with each kind: what it allocates differs.
 */
export function recordStore<T extends RecordTable, Out>(kind: RecordKind<T, Out>) {
  const table = kind.table as RecordTable;
  const missing = () => notFound(capitalised(kind.noun));

  async function findRow(tx: Tx, tenantId: string, id: string): Promise<T['$inferSelect'] | undefined> {
    const where = recordWhere(table, tenantId, id);
    if (!where) return undefined;
    const [row] = await tx.select().from(table).where(where);
    return row as T['$inferSelect'] | undefined;
  }

  return {
    /** The record, or 404. */
    async find(tx: Tx, tenantId: string, id: string): Promise<Out> {
      const row = await findRow(tx, tenantId, id);
      if (!row) throw missing();
      return kind.toRecord(row);
    },

    /**
     * Saves when the record is still the one the client read (`updated` matches): 404 when it does not
     * exist in this tenant, 409 when someone else saved it since. `updated` always moves forward, even
     * for two saves within one millisecond.
     */
    async update(
      tx: Tx,
      tenantId: string,
      id: string,
      readUpdated: string,
      values: Partial<T['$inferInsert']>,
    ): Promise<Out> {
      const where = recordWhere(table, tenantId, id);
      if (!where) throw missing();
      const [row] = await tx
        .update(table)
        .set({ ...values, updated: sql`greatest(now(), ${table.updated} + interval '1 millisecond')` })
        .where(and(where, eq(table.updated, new Date(readUpdated))))
        .returning();
      if (row) return kind.toRecord(row as T['$inferSelect']);
      if (!(await findRow(tx, tenantId, id))) throw missing();
      throw conflict(
        `Someone else changed this ${kind.noun}. Reload it to see their changes, then save again.`,
      );
    },

    /** Deletes the record (and what is part of it); 409 while other records still refer to it. */
    async remove(tx: Tx, tenantId: string, id: string): Promise<void> {
      const where = recordWhere(table, tenantId, id);
      if (!where) throw missing();
      let deleted: unknown[];
      try {
        deleted = await tx.delete(table).where(where).returning({ id: table.id });
      } catch (error) {
        if (isStillReferenced(error)) throw conflict(kind.stillReferenced);
        throw error;
      }
      if (deleted.length === 0) throw missing();
    },

    /** One page of the records `q` matches, in the kind's order, and how many match in all. */
    async list(tx: Tx, tenantId: string, { q, page }: ListRequest): Promise<ListPage<Out>> {
      const where = listWhere(kind.visible, tenantId, q, kind.list);
      const rows = await tx
        .select()
        .from(kind.visible)
        .where(where)
        .orderBy(...kind.orderBy)
        .limit(page.limit)
        .offset(page.offset);
      const total = await countWhere(tx, kind.visible, where);
      return { rows: rows.map((row) => kind.toRecord(row as T['$inferSelect'])), total };
    },
  };
}
