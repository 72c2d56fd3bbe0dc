import { uuidv7 } from 'uuidv7';
import { storedColumns } from '../db/columns.ts';
import type { Tx } from '../db/database.ts';
import {
  deleteRow,
  type RecordTable,
  type RowOf,
  requireRow,
  saveVersion,
  uniqueField,
} from './record-rows.ts';

/** What makes a record of one row: its noun in messages, and what its writes may be refused for. */
export interface RecordRules {
  noun: string;
  /** A unique index of the tenant (a name, a code): a value another record has is a field error on `field`. */
  unique?: { constraint: string; field: string; message: string };
  /** Why a delete is refused (409) while other records refer to it. */
  stillReferenced?: string;
}

/**
 * The commands of a record that is one row of `table`: create (with a new id, and `extra` columns such as a
 * number), find, save over the version the client read (404, or 409 when someone saved it since) and delete.
 * `toRecord` makes the API's record of a row.
 */
export function recordCommands<Table extends RecordTable, Out, Fields extends object>(
  table: Table,
  toRecord: (row: RowOf<Table>) => Out,
  {
    noun,
    unique,
    stillReferenced = `Other records refer to this ${noun}, so it cannot be deleted.`,
  }: RecordRules,
) {
  const guarded = unique
    ? uniqueField(unique.constraint, unique.field, unique.message)
    : <T>(write: () => Promise<T>) => write();
  return {
    create: (tx: Tx, tenantId: string, fields: Fields, extra: object = {}): Promise<Out> =>
      guarded(async () => {
        const values = { ...fields, ...extra, tenantId, id: uuidv7() };
        const [row] = await tx
          .insert(table as RecordTable)
          .values(values as RecordTable['$inferInsert'])
          .returning(storedColumns(table as RecordTable));
        if (!row) throw new Error(`The ${noun} was not inserted`);
        return toRecord(row as RowOf<Table>);
      }),
    find: async (tx: Tx, tenantId: string, id: string): Promise<Out> =>
      toRecord(await requireRow(tx, table, tenantId, id, noun)),
    update: (
      tx: Tx,
      tenantId: string,
      id: string,
      { id: _id, updated, ...fields }: Fields & { id?: string; updated: string },
    ): Promise<Out> =>
      guarded(async () =>
        toRecord(
          await saveVersion(tx, table, { tenantId, id, updated }, noun, fields as Table['$inferInsert']),
        ),
      ),
    remove: (tx: Tx, tenantId: string, id: string): Promise<void> =>
      deleteRow(tx, table, tenantId, id, { noun, stillReferenced }),
  };
}
