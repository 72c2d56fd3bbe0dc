import { sql } from 'drizzle-orm';
import { numeric, pgTable, primaryKey, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { recordTimes, tenantId } from '../../platform/db/columns.ts';

/**
 * A tenant's tax rates, in percent. Names are unique per tenant regardless of case. Invoice lines will refer to
 * a rate (RESTRICT: a rate in use cannot be deleted) and keep the rate as it was when they were saved.
 */
export const taxRates = pgTable(
  'tax_rates',
  {
    tenantId: tenantId(),
    id: uuid('id').notNull(),
    name: text('name').notNull(),
    rate: numeric('rate', { precision: 14, scale: 4 }).notNull(),
    ...recordTimes(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    uniqueIndex('tax_rates_name_key').on(t.tenantId, sql`lower(${t.name})`),
  ],
);
