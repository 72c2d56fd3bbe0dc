import { index, pgTable, primaryKey, text, uuid } from 'drizzle-orm/pg-core';
import { created, updated } from '../db/timestamps.ts';

/** An organisation. Global: the identity layer reads it outside any tenant. */
export const tenants = pgTable('tenants', {
  id: uuid('id').primaryKey(),
  name: text('name').notNull(),
  created: created(),
  updated: updated(),
});

/** Who may act in a tenant: `subject` is the token's `sub` (the issuer's user id). */
export const memberships = pgTable(
  'memberships',
  {
    tenantId: uuid('tenant_id')
      .notNull()
      .references(() => tenants.id, { onDelete: 'cascade' }),
    subject: text('subject').notNull(),
    created: created(),
  },
  (t) => [primaryKey({ columns: [t.tenantId, t.subject] }), index('memberships_subject_idx').on(t.subject)],
);
