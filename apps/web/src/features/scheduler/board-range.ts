import { addDays, instantAt, MAX_PAGE_SIZE } from '@fieldbook/domain';

/*
 * The days the board shows and the loads they make: apart from board-slots.ts (scheduling), because the route's
 * loader reads them in the first download, which the save (and the job feature's save helpers) stay out of.
 */

/** The most jobs the board loads at once (spec section 9: the scheduler loads up to 1000). */
export const BOARD_LIMIT = MAX_PAGE_SIZE;

/** The days the board shows: from `date` ('2026-11-24'), 1 or 7 of them. */
export interface BoardRange {
  date: string;
  days: 1 | 7;
}

/**
 * The board's days from its address (?date=2026-11-24&days=7); a date that is missing or is not a day of the
 * calendar ('2026-02-31', which `Date` would read as 3 March) is `today`.
 */
export function rangeFromSearch(search: URLSearchParams, today: string): BoardRange {
  const date = search.get('date') ?? '';
  return {
    date: /^\d{4}-\d{2}-\d{2}$/.test(date) && addDays(date, 0) === date ? date : today,
    days: search.get('days') === '7' ? 7 : 1,
  };
}

/** The instants a board range covers in the organisation's time zone, its end left out. */
export function rangeInstants(timeZone: string, { date, days }: BoardRange): { from: string; to: string } {
  return {
    from: instantAt(timeZone, `${date}T00:00:00`).toISOString(),
    to: instantAt(timeZone, `${addDays(date, days)}T00:00:00`).toISOString(),
  };
}

/**
 * The job list's query for the jobs the range shows: those whose scheduled start is in it, and those that started
 * the day before and are still going when it begins (a job past midnight shows on its second day too). Not every
 * scheduled job: a job longer than a day shows on its first two days only.
 */
export function scheduledInRangeQuery(timeZone: string, range: BoardRange): string {
  const { from, to } = rangeInstants(timeZone, range);
  const { from: dayBefore } = rangeInstants(timeZone, { date: addDays(range.date, -1), days: 1 });
  return (
    `scheduledStart:[${from} TO ${to}} OR ` +
    `(scheduledStart:[${dayBefore} TO ${from}} AND scheduledFinish:>${from})`
  );
}
