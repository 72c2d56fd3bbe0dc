import { integer, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';
import { tenantId } from '../db/columns.ts';

/** Per-tenant sequences for human numbers (customer, job, invoice, quote): allocated inside the inserting transaction. */
export const tenantCounters = pgTable(
  'tenant_counters',
  {
    tenantId: tenantId(),
    name: text('name').notNull(),
    value: integer('value').notNull(),
  },
  (t) => [primaryKey({ columns: [t.tenantId, t.name] })],
);
