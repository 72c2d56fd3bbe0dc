/**
 * The time zone an organisation works in, for what its calendar says ("today", a new invoice's date). One for
 * every organisation until the organisation's details carry their own (the demo's is Melbourne's).
 */
export const ORGANISATION_TIME_ZONE = 'Australia/Melbourne';

/** The calendar date ("2026-11-23") it is at `instant` in `timeZone`. */
export function calendarDateIn(timeZone: string, instant: Date = new Date()): string {
  // en-CA writes dates as year-month-day with zeros, the ISO order.
  return new Intl.DateTimeFormat('en-CA', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(instant);
}
