import { addDays, type WallClock } from '@fieldbook/domain';

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

/** The hours the board shows of each day unless a job is outside them, and where it opens. */
const BOARD_DAY = { from: 7, to: 19, opens: 8 } as const;
const MINUTES_A_DAY = 24 * 60;

/** Minutes into its day of a wall-clock time ('2026-11-24T06:30:00' is 390). */
const minutesOf = (wall: WallClock) => Number(wall.slice(11, 13)) * 60 + Number(wall.slice(14, 16));

/**
 * The board's hours (the calendar's `slotMinTime`, `slotMaxTime` and `scrollTime`): 07:00 to 19:00, widened to
 * the whole hours that show every part of a job on the days shown (6:00 am; 11:00 pm to 2:00 am shows to midnight),
 * so no job is saved where the board cannot draw it. It opens at 08:00, or at the earliest such job.
 */
export function boardHours(
  spans: readonly { start: WallClock; end: WallClock }[],
  days: readonly string[],
): { slotMinTime: string; slotMaxTime: string; scrollTime: string } {
  let earliest = MINUTES_A_DAY;
  let last = BOARD_DAY.to * 60;
  for (const { start, end } of spans) {
    for (const day of days) {
      const dayStart = `${day}T00:00:00`;
      const nextDay = `${addDays(day, 1)}T00:00:00`;
      // Wall-clock times in one format compare as text.
      const from = start > dayStart ? start : dayStart;
      const to = end < nextDay ? end : nextDay;
      if (from >= to) continue;
      earliest = Math.min(earliest, minutesOf(from));
      last = Math.max(last, to === nextDay ? MINUTES_A_DAY : minutesOf(to));
    }
  }
  const earliestHour = Math.floor(earliest / 60);
  return {
    slotMinTime: `${pad(Math.min(BOARD_DAY.from, earliestHour))}:00`,
    slotMaxTime: `${pad(Math.ceil(last / 60))}:00`,
    scrollTime: `${pad(Math.min(BOARD_DAY.opens, earliestHour))}:00`,
  };
}
