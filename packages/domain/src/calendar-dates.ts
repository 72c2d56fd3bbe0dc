import { DEFAULT_TIME_ZONE } from './default-time-zone.ts';

/** An IANA time zone's name as this runtime writes it ("australia/perth" → "Australia/Perth"), or null if unknown. */
export function canonicalTimeZone(zone: string): string | null {
  if (!/^[A-Za-z]+(?:\/[A-Za-z0-9_+-]+)*$/.test(zone)) return null;
  try {
    return new Intl.DateTimeFormat('en-AU', { timeZone: zone }).resolvedOptions().timeZone;
  } catch {
    return null;
  }
}

export const isTimeZone = (zone: string): boolean => canonicalTimeZone(zone) !== null;

/** Whether `zone` is one of Australia's ("Australia/Perth"). */
export const isAustralianTimeZone = (zone: string): boolean =>
  zone.startsWith('Australia/') && isTimeZone(zone);

/** A new organisation's zone: the creator's browser zone when it is Australian, else `DEFAULT_TIME_ZONE`. */
export const newOrganisationTimeZone = (browserZone: string | null | undefined): string =>
  browserZone && isAustralianTimeZone(browserZone) ? browserZone : DEFAULT_TIME_ZONE;

/** The calendar date ("2026-11-23") it is at `instant` in `timeZone`. */
export function calendarDateIn(timeZone: string, instant: Date = new Date()): string {
  return wallClockAt(timeZone, instant).slice(0, 10);
}

/**
 * One `Intl.DateTimeFormat` of `options` for each time zone, made the first time that zone is asked for (making
 * one costs far more than formatting with it): `timeIn('Australia/Perth').format(instant)`.
 */
export function formatsByZone(
  locale: string,
  options: Omit<Intl.DateTimeFormatOptions, 'timeZone'>,
): (timeZone: string) => Intl.DateTimeFormat {
  const formats = new Map<string, Intl.DateTimeFormat>();
  return (timeZone) => {
    let format = formats.get(timeZone);
    if (!format) {
      format = new Intl.DateTimeFormat(locale, { ...options, timeZone });
      formats.set(timeZone, format);
    }
    return format;
  };
}

/** A wall-clock date and time without a zone, to the second: '2026-11-24T10:00:00'. */
export type WallClock = string;

// en-CA writes dates as year-month-day with zeros, the ISO order.
const wallClockFormat = formatsByZone('en-CA', {
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
  hourCycle: 'h23',
});

/** The wall-clock it is in `timeZone` at `instant`. */
export function wallClockAt(timeZone: string, instant: Date | string): WallClock {
  const parts = Object.fromEntries(
    wallClockFormat(timeZone)
      .formatToParts(new Date(instant))
      .map((part) => [part.type, part.value]),
  );
  return `${parts.year}-${parts.month}-${parts.day}T${parts.hour}:${parts.minute}:${parts.second}`;
}

/** How far `timeZone`'s wall-clock is ahead of UTC at `time` (milliseconds since the epoch), in milliseconds. */
const offsetAt = (timeZone: string, time: number) =>
  Date.parse(`${wallClockAt(timeZone, new Date(time))}Z`) - time;

/**
 * The instant the wall-clock `wall` ('2026-11-24T10:00', seconds optional) names in `timeZone`. Twice a year a
 * wall-clock is ambiguous or missing (the hour daylight saving repeats or skips): the earlier reading is taken,
 * and a skipped time moves forward.
 */
export function instantAt(timeZone: string, wall: WallClock): Date {
  const asUtc = Date.parse(`${wall.length === 16 ? `${wall}:00` : wall}Z`);
  const first = asUtc - offsetAt(timeZone, asUtc);
  return new Date(asUtc - offsetAt(timeZone, first));
}

/** The calendar date ('2026-11-24') a wall-clock or date falls on, and a number of days after it. */
export function addDays(date: string, days: number): string {
  const next = new Date(`${date.slice(0, 10)}T00:00:00Z`);
  next.setUTCDate(next.getUTCDate() + days);
  return next.toISOString().slice(0, 10);
}

const mediumDate = new Intl.DateTimeFormat('en-AU', { dateStyle: 'medium', timeZone: 'UTC' });

/**
 * A date of the calendar ("2026-11-23", an invoice's date or due) as screens and messages write it ("23 Nov
 * 2026"), the same day in every time zone. Text that is not such a date is given back as it came.
 */
export function calendarDateText(value: string): string {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return value;
  const time = Date.parse(`${value}T00:00:00Z`);
  return Number.isNaN(time) ? value : mediumDate.format(time);
}
