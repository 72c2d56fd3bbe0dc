import { z } from './zod.ts';

/**
 * The years a date may fall in, and a time once its offset is applied (in UTC). Any job or invoice falls well
 * inside; outside is a typing slip (0000 for 2026), and the database has no year 0.
 */
export const DATE_YEARS = { first: 1900, last: 2999 } as const;

export const dateMessages = {
  outOfRange: `Enter a date between ${DATE_YEARS.first} and ${DATE_YEARS.last}.`,
} as const;

const FROM = Date.UTC(DATE_YEARS.first, 0, 1);
const UNTIL = Date.UTC(DATE_YEARS.last + 1, 0, 1);

/** Whether an instant (milliseconds since 1970 UTC, as `Date.parse` gives it) is in `DATE_YEARS` in UTC. */
export const isInDateYears = (time: number): boolean => time >= FROM && time < UNTIL;

const inDateYears = (value: string) => isInDateYears(Date.parse(value));

/** A calendar date such as 2026-11-23, in `DATE_YEARS`; `message` says how to write one. */
export const dateField = (message: string) =>
  z.iso
    .date({ error: message, abort: true })
    .refine(inDateYears, { error: dateMessages.outOfRange, abort: true });

/**
 * A date and time with its offset, such as 2026-11-23T09:00:00+11:00, in `DATE_YEARS` once in UTC
 * (1900-01-01T00:00:00+01:00 is in 1899); `message` says how to write one.
 */
export const dateTimeField = (message: string) =>
  z.iso
    .datetime({ offset: true, error: message, abort: true })
    .refine(inDateYears, { error: dateMessages.outOfRange, abort: true });
