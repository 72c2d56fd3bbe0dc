import type { Item, ItemFields, ItemUpdate } from '@fieldbook/domain';
import { count, getViewSelectedFields, sql } from 'drizzle-orm';
import { uuidv7 } from 'uuidv7';
import type { Tx } from '../../platform/db/database.ts';
import type { ListResource } from '../../platform/lists/list-query.ts';
import {
  ascending,
  type ListPage,
  type ListRequest,
  listWhere,
  readPage,
} from '../../platform/lists/paged-list.ts';
import { deleteRow, requireRow, saveVersion, uniqueField } from '../../platform/records/record-rows.ts';
import { items, visibleItems as visible } from './item-tables.ts';

const NOUN = 'item';

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

/** One page of the items `q` matches, by code, and how many match in all. */
export async function listItems(tx: Tx, tenantId: string, { q, page }: ListRequest): Promise<ListPage<Item>> {
  const where = listWhere(visible, tenantId, q, itemList);
  const { rows, total } = await readPage(
    page,
    tx.select({ total: count() }).from(visible).where(where),
    (total) =>
      tx
        .select({ ...getViewSelectedFields(visible), total })
        .from(visible)
        .where(where),
    // lower(code) first: the unique index on (tenant_id, lower(code)) serves the order and the pages.
    [ascending(sql`lower(${visible.code})`), ascending(visible.code), ascending(visible.id)],
  );
  return { rows: rows.map(toItem), total };
}
