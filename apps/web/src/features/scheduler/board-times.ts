// The board shows the organisation's wall-clock times whatever the browser's time zone. The calendar knows only
// the browser's zone or a fixed offset (Melbourne moves between +10:00 and +11:00), so it is given wall-clock
// times without a zone ('2026-11-24T10:00:00', "floating"), and the dates it gives back carry the wall-clock in
// their local fields. These functions turn instants into the organisation's wall-clock and back.

/** A wall-clock date and time without a zone, to the second: '2026-11-24T10:00:00'. */
export type WallClock = string;

const formats = new Map<string, Intl.DateTimeFormat>();

function formatIn(timeZone: string): Intl.DateTimeFormat {
  let format = formats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-CA', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
      hourCycle: 'h23',
    });
    formats.set(timeZone, format);
  }
  return format;
}

/** The wall-clock it is in `timeZone` at `instant`. */
export function wallClockAt(timeZone: string, instant: Date | string): WallClock {
  const parts = Object.fromEntries(
    formatIn(timeZone)
      .formatToParts(new Date(instant))
      .map((part) => [part.type, part.value]),
  );
  return `${parts.year}-${parts.month}-${parts.day}T${parts.hour}:${parts.minute}:${parts.second}`;
}

/** How far `timeZone`'s wall-clock is ahead of UTC at `time` (milliseconds since the epoch), in milliseconds. */
const offsetAt = (timeZone: string, time: number) =>
  Date.parse(`${wallClockAt(timeZone, new Date(time))}Z`) - time;

/**
 * The instant the wall-clock `wall` names in `timeZone`. Twice a year a wall-clock is ambiguous or missing (the
 * hour daylight saving repeats or skips): the earlier reading is taken, and a skipped time moves forward.
 */
export function instantAt(timeZone: string, wall: WallClock): Date {
  const asUtc = Date.parse(`${wall.length === 16 ? `${wall}:00` : wall}Z`);
  const first = asUtc - offsetAt(timeZone, asUtc);
  return new Date(asUtc - offsetAt(timeZone, first));
}

const pad = (value: number) => String(value).padStart(2, '0');

/** The wall-clock the calendar means by one of its dates (its local fields, whatever the browser's zone). */
export function wallClockOfCalendarDate(date: Date): WallClock {
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}T${pad(date.getHours())}:${pad(date.getMinutes())}:${pad(date.getSeconds())}`;
}

/** The calendar date ('2026-11-24') a wall-clock falls on, and a number of days after it. */
export function addDays(date: string, days: number): string {
  const next = new Date(`${date.slice(0, 10)}T00:00:00Z`);
  next.setUTCDate(next.getUTCDate() + days);
  return next.toISOString().slice(0, 10);
}
