import type { Item, ItemFields, ItemUpdate } from '@fieldbook/domain';
import { asc, sql } from 'drizzle-orm';
import { uuidv7 } from 'uuidv7';
import type { Tx } from '../db/database.ts';
import { isDatabaseError, SQLSTATE } from '../db/postgres-errors.ts';
import { items, visibleItems as visible } from '../db/schema.ts';
import { validationFailed } from '../http/errors.ts';
import type { ListResource } from '../lists/list-query.ts';
import { recordStore } from '../records/record-store.ts';

/** What `q` may search on the item list. */
export const itemList: ListResource = {
  fields: {
    id: { kind: 'exact', column: visible.id, uuid: true },
    code: { kind: 'text', column: visible.code },
    description: { kind: 'text', column: visible.description },
    price: { kind: 'number', column: visible.price },
  },
  searchable: [visible.code, visible.description],
};

function toItem(row: typeof items.$inferSelect): Item {
  return {
    id: row.id,
    code: row.code,
    description: row.description,
    // numeric(12,2) arrives as text with its 2 decimals ("12.50"): no float in between.
    price: row.price,
    created: row.created.toISOString(),
    updated: row.updated.toISOString(),
  };
}

const store = recordStore({
  table: items,
  visible,
  noun: 'item',
  toRecord: toItem,
  list: itemList,
  // lower(code) first: the unique index on (tenant_id, lower(code)) serves the order and the pages.
  orderBy: [asc(sql`lower(${visible.code})`), asc(visible.code), asc(visible.id)],
  stillReferenced: 'This item is used by other records, so it cannot be deleted.',
});

/** A code another item of the tenant already has (in any case) is a field error, not a 500. */
async function uniqueCode<T>(write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (error) {
    if (isDatabaseError(error, [SQLSTATE.uniqueViolation], 'items_code_key')) {
      throw validationFailed('The request is not valid.', [
        { field: 'code', message: 'An item with this code already exists.' },
      ]);
    }
    throw error;
  }
}

export function createItem(tx: Tx, tenantId: string, fields: ItemFields): Promise<Item> {
  return uniqueCode(async () => {
    const [row] = await tx
      .insert(items)
      .values({ ...fields, tenantId, id: uuidv7() })
      .returning();
    if (!row) throw new Error('The item was not inserted');
    return toItem(row);
  });
}

export function updateItem(tx: Tx, tenantId: string, id: string, input: ItemUpdate): Promise<Item> {
  const { id: _id, updated, ...fields } = input;
  return uniqueCode(() => store.update(tx, tenantId, id, updated, fields));
}

export const findItem = store.find;
export const deleteItem = store.remove;
export const listItems = store.list;
