import type { Item, ItemFields } from '@fieldbook/domain';
import { PAGE_SIZES } from '@fieldbook/domain';
import { getViewSelectedFields, sql } from 'drizzle-orm';
import { withoutWords } from '../../platform/db/columns.ts';
import type { ListResource } from '../../platform/lists/list-query.ts';
import { ascending } from '../../platform/lists/paged-list.ts';
import { wordsIn } from '../../platform/lists/search-matches.ts';
import type { SortedList } from '../../platform/lists/sorted-pages.ts';
import { recordCommands } from '../../platform/records/record-commands.ts';
import type { RowOf } from '../../platform/records/record-rows.ts';
import { items, visibleItems as visible } from './item-tables.ts';

/** What `q` may search on the item list. */
const itemSearch: ListResource = {
  fields: {
    id: { kind: 'exact', column: visible.id, uuid: true },
    code: { kind: 'text', column: visible.code, words: visible.codeWords },
    description: { kind: 'text', column: visible.description, words: visible.descriptionWords },
    price: { kind: 'number', column: visible.price },
  },
  searchable: [wordsIn(visible.codeWords), wordsIn(visible.descriptionWords)],
};

function toItem(row: Omit<RowOf<typeof items>, 'tenantId'>): Item {
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

/** Codes are unique in the tenant, whatever their case; an item job or invoice lines use cannot be deleted. */
export const {
  create: createItem,
  find: findItem,
  update: updateItem,
  remove: deleteItem,
} = recordCommands<typeof items, Item, ItemFields>(items, toItem, {
  noun: 'item',
  unique: { constraint: 'items_code_key', field: 'code', message: 'An item with this code already exists.' },
  stillReferenced: 'This item is used by other records, so it cannot be deleted.',
});

/** The catalogue as `readList` reads it, by code. */
export const itemList: SortedList<Item> = {
  pageSize: PAGE_SIZES.items,
  resource: itemSearch,
  source: visible,
  select: (db, total) => db.select({ ...withoutWords(getViewSelectedFields(visible)), total }).from(visible),
  // lower(code) first: the unique index on (tenant_id, lower(code)) serves the order and the pages.
  keys: [ascending(sql`lower(${visible.code})`), ascending(visible.code), ascending(visible.id)],
  toRecord: toItem,
};
