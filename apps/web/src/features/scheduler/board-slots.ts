import type { Job } from '@fieldbook/domain';
import { instantAt, type WallClock } from '@fieldbook/domain';
import { type JobSaveBody, jobSave } from '../jobs';
import { wallClockOfCalendarDate } from './board-times';

/** The board's row of jobs that have no technician. */
export const UNASSIGNED_ROW = 'unassigned';

/** A job dropped on the board lasts this long (spec section 9). */
export const DROPPED_JOB_MS = 60 * 60_000;

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
