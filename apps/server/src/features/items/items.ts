import type { Item, ItemFields, ItemUpdate } from '@fieldbook/domain';
import { PAGE_SIZES } from '@fieldbook/domain';
import { getViewSelectedFields, sql } from 'drizzle-orm';
import { uuidv7 } from 'uuidv7';
import type { Tx } from '../../platform/db/database.ts';
import type { ListResource } from '../../platform/lists/list-query.ts';
import { ascending } from '../../platform/lists/paged-list.ts';
import type { SortedList } from '../../platform/lists/sorted-pages.ts';
import { deleteRow, requireRow, saveVersion, uniqueField } from '../../platform/records/record-rows.ts';
import { items, visibleItems as visible } from './item-tables.ts';

const NOUN = 'item';

/** What `q` may search on the item list. */
const itemSearch: ListResource = {
  fields: {
    id: { kind: 'exact', column: visible.id, uuid: true },
    code: { kind: 'text', column: visible.code },
    description: { kind: 'text', column: visible.description },
    price: { kind: 'number', column: visible.price },
  },
  searchable: [visible.code, visible.description],
};

function toItem(row: Omit<typeof items.$inferSelect, 'tenantId'>): Item {
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

/** A code another item of the tenant already has (in any case) is a field error, not a 500. */
const uniqueCode = uniqueField('items_code_key', 'code', 'An item with this code already exists.');

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

export const findItem = async (tx: Tx, tenantId: string, id: string): Promise<Item> =>
  toItem(await requireRow(tx, items, tenantId, id, NOUN));

/** Saves over the version the client read (404, or 409 when someone saved it since). */
export function updateItem(
  tx: Tx,
  tenantId: string,
  id: string,
  { id: _id, updated, ...fields }: ItemUpdate,
) {
  return uniqueCode(async () =>
    toItem(await saveVersion(tx, items, { tenantId, id, updated }, NOUN, fields)),
  );
}

/** Deletes the item; refused while job or invoice lines use it. */
export function deleteItem(tx: Tx, tenantId: string, id: string): Promise<void> {
  return deleteRow(tx, items, tenantId, id, {
    noun: NOUN,
    stillReferenced: 'This item is used by other records, so it cannot be deleted.',
  });
}

/** The catalogue as `readList` reads it, by code. */
export const itemList: SortedList<Item> = {
  pageSize: PAGE_SIZES.items,
  resource: itemSearch,
  source: visible,
  select: (db, total) => db.select({ ...getViewSelectedFields(visible), total }).from(visible),
  // lower(code) first: the unique index on (tenant_id, lower(code)) serves the order and the pages.
  keys: [ascending(sql`lower(${visible.code})`), ascending(visible.code), ascending(visible.id)],
  toRecord: toItem,
};
