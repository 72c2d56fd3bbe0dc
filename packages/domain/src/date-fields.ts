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

/** How far a device's clock may run ahead of the server's, and how long ago an action sent late may have been taken. */
export const TAKEN_AT_LIMITS = { aheadMs: 5 * 60_000, agoMs: 14 * 24 * 60 * 60_000 } as const;

export const takenAtMessages = {
  format: 'Enter when it was done as a date and time with its offset, such as 2026-11-23T09:00:00+11:00.',
  range: "When it was done must be within the last 14 days, and not later than now: check the phone's clock.",
} as const;

/**
 * When an action was taken on a phone (`takenAt`), sent later because it had no signal: the time it records instead
 * of the server's now. Absent: now. Refused when later than the server's clock by more than `TAKEN_AT_LIMITS.aheadMs`
 * (a phone's clock that is wrong), or more than `TAKEN_AT_LIMITS.agoMs` ago (more than the phone keeps).
 */
export const takenAtField = () =>
  z.iso
    .datetime({ offset: true, error: takenAtMessages.format, abort: true })
    .refine(
      (value) => {
        const ago = Date.now() - Date.parse(value);
        return ago >= -TAKEN_AT_LIMITS.aheadMs && ago <= TAKEN_AT_LIMITS.agoMs;
      },
      { error: takenAtMessages.range },
    )
    .optional()
    .describe(
      'When it was done on the phone, for an action sent later because it had no signal (ISO 8601 with offset; within the last 14 days). Absent: now.',
    );

/** The time an action records: when it was taken (`takenAt`), but never later than `now` (a clock a little ahead). */
export const takenAtOrNow = (takenAt: string | undefined, now: Date): Date =>
  takenAt === undefined ? now : new Date(Math.min(Date.parse(takenAt), now.getTime()));
