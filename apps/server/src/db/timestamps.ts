import { timestamp } from 'drizzle-orm/pg-core';

/** When a row was made; millisecond precision, as the API shows it. */
export const created = () =>
  timestamp('created', { withTimezone: true, precision: 3 }).notNull().defaultNow();

/** Changes on every write; a save carrying an older one is refused (see `saveVersion`). */
export const updated = () =>
  timestamp('updated', { withTimezone: true, precision: 3 }).notNull().defaultNow();
