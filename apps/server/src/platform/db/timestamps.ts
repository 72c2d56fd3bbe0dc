import { type SQL, sql } from 'drizzle-orm';
import { type PgColumn, timestamp } from 'drizzle-orm/pg-core';

/** When a row was made; millisecond precision, as the API shows it. */
export const created = () =>
  timestamp('created', { withTimezone: true, precision: 3 }).notNull().defaultNow();

/** Changes on every write; a save carrying an older one is refused (see `saveVersion`). */
export const updated = () =>
  timestamp('updated', { withTimezone: true, precision: 3 }).notNull().defaultNow();

/** When a row was made and when it was last written: the columns every record has. */
export const recordTimes = () => ({ created: created(), updated: updated() });

/** PostgreSQL's text of a `timestamptz` in a session on UTC: `2026-11-27 17:15:53.15+00` (no trailing zeros). */
const UTC_TEXT = /^(\d{4}-\d{2}-\d{2}) (\d{2}:\d{2}:\d{2})(?:\.(\d{1,6}))?\+00$/;

/**
 * A time as the API gives it (`toISOString`: `2026-11-27T17:15:53.150Z`), from what the driver read: PostgreSQL's
 * text in UTC rewritten as it stands, with no `Date` made and written out again; any other text (another time
 * zone's offset, a year past 9999), and a `Date`, through `Date`.
 */
export function isoTime(value: unknown): string {
  if (typeof value !== 'string') return (value as Date).toISOString();
  const utc = UTC_TEXT.exec(value);
  if (!utc) return new Date(value).toISOString();
  return `${utc[1]}T${utc[2]}.${(utc[3] ?? '').padEnd(3, '0').slice(0, 3)}Z`;
}

/**
 * A `timestamptz` column selected as the API's text of it (`isoTime`), for reads that only answer with it; null
 * stays null.
 */
export const apiTime = <Column extends PgColumn>(column: Column) =>
  sql`${column}`.mapWith(isoTime) as SQL<Column['_']['notNull'] extends true ? string : string | null>;
