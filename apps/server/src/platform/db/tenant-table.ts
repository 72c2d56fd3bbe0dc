import { pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { recordTimes } from './timestamps.ts';

/** An organisation. Global: the identity layer reads it outside any tenant. */
export const tenants = pgTable('tenants', {
  id: uuid('id').primaryKey(),
  name: text('name').notNull(),
  ...recordTimes(),
});
