import type { WallClock } from '@fieldbook/domain';

// The board shows the organisation's wall-clock times whatever the browser's time zone. The calendar knows only
// the browser's zone or a fixed offset (Melbourne moves between +10:00 and +11:00), so it is given wall-clock
// times without a zone ('2026-11-24T10:00:00', "floating"), and the dates it gives back carry the wall-clock in
// their local fields. The domain's `wallClockAt` and `instantAt` turn instants into the organisation's
// wall-clock and back.

const pad = (value: number) => String(value).padStart(2, '0');

/** The wall-clock the calendar means by one of its dates (its local fields, whatever the browser's zone). */
export function wallClockOfCalendarDate(date: Date): WallClock {
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}T${pad(date.getHours())}:${pad(date.getMinutes())}:${pad(date.getSeconds())}`;
}
