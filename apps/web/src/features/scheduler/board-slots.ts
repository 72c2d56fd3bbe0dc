import { type Job, MAX_PAGE_SIZE } from '@fieldbook/domain';
import { type JobSaveBody, jobSave } from '../jobs';
import { addDays, instantAt, type WallClock, wallClockOfCalendarDate } from './board-times';

/** The board's row of jobs that have no technician. */
export const UNASSIGNED_ROW = 'unassigned';

/** A job dropped on the board lasts this long (spec section 9). */
export const DROPPED_JOB_MS = 60 * 60_000;

/** The most jobs the board loads at once (spec section 9: the scheduler loads up to 1000). */
export const BOARD_LIMIT = MAX_PAGE_SIZE;

/** When a job is scheduled, and whom to: the instants (ISO 8601) and the technician's id (null: nobody). */
export interface Slot {
  start: string;
  finish: string;
  technicianId: string | null;
}

/** The technician of a board row: its id, or nobody on the 'Unassigned' row. */
export const technicianOfRow = (rowId: string | number | undefined): string | null =>
  rowId === undefined || rowId === UNASSIGNED_ROW ? null : String(rowId);

/** The row a job sits on: its technician's, else 'Unassigned'. */
export const rowOfJob = (job: Pick<Job, 'assignee'>): string => job.assignee ?? UNASSIGNED_ROW;

/** A job dropped at a wall-clock time of the organisation on a row: from there for an hour. */
export function slotOfDrop(timeZone: string, at: WallClock, rowId: string | number | undefined): Slot {
  const start = instantAt(timeZone, at);
  return {
    start: start.toISOString(),
    finish: new Date(start.getTime() + DROPPED_JOB_MS).toISOString(),
    technicianId: technicianOfRow(rowId),
  };
}

/** A job dropped where the calendar says (its date's local fields are the organisation's wall-clock). */
export const slotOfCalendarDrop = (timeZone: string, at: Date, rowId: string | number | undefined): Slot =>
  slotOfDrop(timeZone, wallClockOfCalendarDate(at), rowId);

/** An event moved or stretched on the calendar: its new start and end, on its (new) row. */
export function slotOfCalendarEvent(
  timeZone: string,
  start: Date,
  end: Date | null,
  rowId: string | number | undefined,
): Slot {
  const startAt = instantAt(timeZone, wallClockOfCalendarDate(start));
  const finishAt = end ? instantAt(timeZone, wallClockOfCalendarDate(end)) : null;
  return {
    start: startAt.toISOString(),
    // The calendar gives an event no end when it has none of its own: it then lasts as a dropped job does.
    finish: (finishAt && finishAt > startAt
      ? finishAt
      : new Date(startAt.getTime() + DROPPED_JOB_MS)
    ).toISOString(),
    technicianId: technicianOfRow(rowId),
  };
}

/**
 * What scheduling saves (spec section 4): the whole job as just reloaded, Scheduled, at the slot, on the slot's
 * technician, over the version the board showed, so a change made since the board read it is a 409, not lost.
 */
export function scheduledSave(reloaded: Job, slot: Slot, updatedShown: string): JobSaveBody {
  return {
    ...jobSave(reloaded),
    updated: updatedShown,
    status: 'OPEN_SCHEDULED',
    scheduledStart: slot.start,
    scheduledFinish: slot.finish,
    assignee: slot.technicianId,
  };
}

/** The days the board shows: from `date` ('2026-11-24'), 1 or 7 of them. */
export interface BoardRange {
  date: string;
  days: 1 | 7;
}

/** The board's days from its address (?date=2026-11-24&days=7), else from `today` for one day. */
export function rangeFromSearch(search: URLSearchParams, today: string): BoardRange {
  const date = search.get('date') ?? '';
  return {
    date: /^\d{4}-\d{2}-\d{2}$/.test(date) && !Number.isNaN(Date.parse(date)) ? date : today,
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

/** The job list's query for the jobs whose scheduled start is in the range (only those: not every scheduled job). */
export function scheduledInRangeQuery(timeZone: string, range: BoardRange): string {
  const { from, to } = rangeInstants(timeZone, range);
  return `scheduledStart:[${from} TO ${to}}`;
}
