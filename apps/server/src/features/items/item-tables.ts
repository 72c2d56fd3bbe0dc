import { sql } from 'drizzle-orm';
import { numeric, pgTable, pgView, primaryKey, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { created, tenantId, trigram, updated } from '../../platform/db/columns.ts';

/** The catalogue. Codes are unique per tenant regardless of case. */
const itemColumns = () => ({
  tenantId: tenantId(),
  id: uuid('id').notNull(),
  code: text('code').notNull(),
  description: text('description').notNull(),
  price: numeric('price', { precision: 12, scale: 2 }).notNull(),
  created: created(),
  updated: updated(),
});

export const items = pgTable('items', itemColumns(), (t) => [
  primaryKey({ columns: [t.tenantId, t.id] }),
  uniqueIndex('items_code_key').on(t.tenantId, sql`lower(${t.code})`),
  trigram('items_code_trgm', t.code),
  trigram('items_description_trgm', t.description),
]);

/** The current tenant's items, for list searches (see `visibleCustomers`). */
export const visibleItems = pgView('visible_items', itemColumns()).existing();
