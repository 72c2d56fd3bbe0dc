import { formatsByZone } from './calendar-dates.ts';

// An On my way's times, apart from its fields and record (`job-departures.ts`, whose schemas bring zod): a
// technician's visit shows them in its first view.

/** How long the arrival window a customer is told is: it starts when the technician expects to arrive. */
export const ARRIVAL_WINDOW_MINUTES = 30;

/** The arrival window of a departure at `departed`: from the expected arrival, rounded up to 5 minutes. */
export function arrivalWindow(departed: Date, arrivalMinutes: number): { from: Date; to: Date } {
  const step = 5 * 60_000;
  const from = new Date(Math.ceil((departed.getTime() + arrivalMinutes * 60_000) / step) * step);
  return { from, to: new Date(from.getTime() + ARRIVAL_WINDOW_MINUTES * 60_000) };
}

const clockIn = formatsByZone('en-AU', { hour: 'numeric', minute: '2-digit', hour12: true });

/** "9:35 am": a time of day as an email or a screen says it, in `timeZone`. */
export const clockTime = (instant: Date, timeZone: string): string =>
  clockIn(timeZone).format(instant).replace(/\s+/g, ' ').toLowerCase();
