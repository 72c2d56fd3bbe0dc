import type { Placeholder, SQL } from 'drizzle-orm';
import { sql } from 'drizzle-orm';
import type { PgColumn, PgTable, PgView } from 'drizzle-orm/pg-core';
import type { Db } from '../db/database.ts';

// A range of a timestamp field counted per hour by triggers (`job_schedule_counts`): its count from the kept hours
// and its first and last hours, and the highest number its hours have had, where a walk through it starts
// (docs/server.md, "Fast lists").

/**
 * A table of counts kept per tenant and hour of one timestamp field by triggers (`job_schedule_counts`): `hour` is
 * `hourOf` the field, and `column` the field in the list's view.
 */
export interface HourCounts {
  field: string;
  column: PgColumn;
  /** `topNumber`: at least the highest number of a record the hour has had (kept by the triggers; never lowered). */
  counts: PgTable & { tenantId: PgColumn; hour: PgColumn; count: PgColumn; topNumber: PgColumn };
}

/**
 * The whole hours since 1970 UTC of an instant: where its hour's count is kept (the migrations' triggers write the
 * same `floor(extract(epoch from …) / 3600)::int`). No time zone moves an hour's bounds.
 */
const hourOf = (instant: SQL) => sql`floor(extract(epoch from ${instant}) / 3600)::int`;

/** A bound as an instant: text cast, an instant (SQL) as it is. */
const asTime = (bound: string | SQL) => (typeof bound === 'string' ? sql`${bound}::timestamptz` : bound);

/**
 * How many records in a range of a field counted per hour (`HourCounts`) `where` matches (the range, and the
 * tenant): the kept counts of the hours it spans whole, and the records of its first and last hours counted one by
 * one through the field's index. Exact for any bounds, inclusive or not: every match lies in an hour from the
 * first to the last, and every record of an hour strictly between them matches. The hours' rows are read once, for
 * the counts and for the highest of their tops (`kept.top`: `rangeTop`), which `also` may use.
 */
export function hourRangeCount(
  tx: Db,
  tenantId: string | Placeholder,
  { column, counts }: HourCounts,
  { from, to }: { from: string | SQL; to: string | SQL },
  view: PgView,
  where: SQL | undefined,
  /** More columns to select with the total, given the range's top (the page's numbers, `rangeFirstPageOf`). */
  also: (top: SQL) => Record<string, SQL> = () => ({}),
) {
  const edge = (side: SQL) => sql`(select count(*) from ${view} where ${where} and ${side})`;
  return tx
    .select({
      ...also(sql`kept.top`),
      total: sql<number>`kept.whole
        + ${edge(sql`${column} < to_timestamp((hours.first + 1) * 3600.0)`)}
        + ${edge(sql`${column} >= to_timestamp(hours.last * 3600.0) and hours.last > hours.first`)}`,
    })
    .from(
      sql`(select ${hourOf(asTime(from))} as first, ${hourOf(asTime(to))} as last) as hours, lateral (
        select coalesce(sum(${counts.count}) filter (where ${counts.hour} > hours.first and ${counts.hour} < hours.last), 0)
          as whole, max(${counts.topNumber}) as top
        from ${counts}
        where ${counts.tenantId} = ${tenantId} and ${counts.hour} between hours.first and hours.last
      ) as kept`,
    );
}

/**
 * A number no record in a range of a field counted per hour has a higher one than (`HourCounts`): the highest top
 * of the hours it spans, null if it spans none with records. Where a walk newest first through the range's matches
 * starts (`rangePageNumbers`): a past week's jobs sit far back among the numbers, and a walk from the newest passed
 * every newer job before it came back short.
 */
export const rangeTop = (
  { counts }: HourCounts,
  tenantId: string | Placeholder,
  { from, to }: { from: string | SQL; to: string | SQL },
) =>
  sql`(select max(${counts.topNumber}) from ${counts} where ${counts.tenantId} = ${tenantId}
    and ${counts.hour} between ${hourOf(asTime(from))} and ${hourOf(asTime(to))})`;
