import { sql } from 'drizzle-orm';
import { numeric, pgTable, pgView, primaryKey, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { recordTimes, searchWordsOf, tenantId, trigram } from '../../platform/db/columns.ts';

/** The catalogue. Codes are unique per tenant regardless of case. */
const itemColumns = () => ({
  tenantId: tenantId(),
  id: uuid('id').notNull(),
  code: text('code').notNull(),
  description: text('description').notNull(),
  price: numeric('price', { precision: 12, scale: 2 }).notNull(),
  ...recordTimes(),
  codeWords: searchWordsOf('code_words', 'code'),
  descriptionWords: searchWordsOf('description_words', 'description'),
});

export const items = pgTable('items', itemColumns(), (t) => [
  primaryKey({ columns: [t.tenantId, t.id] }),
  uniqueIndex('items_code_key').on(t.tenantId, sql`lower(${t.code})`),
  trigram('items_code_words_trgm', t.codeWords),
  trigram('items_description_words_trgm', t.descriptionWords),
]);

/** The current tenant's items, for list searches (see `visibleCustomers`). */
export const visibleItems = pgView('visible_items', itemColumns()).existing();
