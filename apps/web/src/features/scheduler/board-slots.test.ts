import { addDays, instantAt, wallClockAt } from '@fieldbook/domain';
import { describe, expect, it } from 'vitest';
import { job } from '../../testing/records';
import { boardEventLabel } from './board-events';
import { rangeInstants, scheduledInRangeQuery } from './board-range';
import {
  rowOfJob,
  scheduledSave,
  slotOfCalendarDrop,
  slotOfCalendarEvent,
  slotOfDrop,
  UNASSIGNED_ROW,
} from './board-slots';
import { boardHours, wallClockOfCalendarDate } from './board-times';

const MELBOURNE = 'Australia/Melbourne';
const SE02 = '0190f5d2-0000-7000-8000-000000000002';

/** A date as the calendar gives it: the wall-clock in its local fields. */
const calendarDate = (wall: string) => {
  const [date = '', time = ''] = wall.split('T');
  const [year, month, day] = date.split('-').map(Number);
  const [hour, minute] = time.split(':').map(Number);
  return new Date(year ?? 0, (month ?? 1) - 1, day, hour, minute);
};

describe('board times', () => {
  it("read an instant as Melbourne's wall-clock, in summer (+11:00) and winter (+10:00)", () => {
    expect(wallClockAt(MELBOURNE, '2026-11-23T23:00:00.000Z')).toBe('2026-11-24T10:00:00');
    expect(wallClockAt(MELBOURNE, '2026-06-10T00:00:00.000Z')).toBe('2026-06-10T10:00:00');
  });

  it("turn Melbourne's wall-clock into the instant it names, both sides of daylight saving", () => {
    expect(instantAt(MELBOURNE, '2026-11-24T10:00:00').toISOString()).toBe('2026-11-23T23:00:00.000Z');
    expect(instantAt(MELBOURNE, '2026-06-10T10:00').toISOString()).toBe('2026-06-10T00:00:00.000Z');
    // Daylight saving ends on 5 April 2026 (03:00 becomes 02:00) and starts on 4 October 2026.
    expect(instantAt(MELBOURNE, '2026-04-05T12:00:00').toISOString()).toBe('2026-04-05T02:00:00.000Z');
    expect(instantAt(MELBOURNE, '2026-10-04T12:00:00').toISOString()).toBe('2026-10-04T01:00:00.000Z');
  });

  it('round-trip every quarter hour of a day', () => {
    for (let minutes = 0; minutes < 24 * 60; minutes += 15) {
      const wall = `2026-11-24T${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}:00`;
      expect(wallClockAt(MELBOURNE, instantAt(MELBOURNE, wall))).toBe(wall);
    }
  });

  it("read the calendar's dates by their local fields, and count days across months and years", () => {
    expect(wallClockOfCalendarDate(calendarDate('2026-11-24T18:45'))).toBe('2026-11-24T18:45:00');
    expect(addDays('2026-11-24', 7)).toBe('2026-12-01');
    expect(addDays('2026-12-31T10:00:00', 1)).toBe('2027-01-01');
  });
});

describe('a drop on the board', () => {
  it("schedules from the drop for one hour on the row's technician", () => {
    expect(slotOfCalendarDrop(MELBOURNE, calendarDate('2026-11-24T10:00'), SE02)).toEqual({
      start: '2026-11-23T23:00:00.000Z',
      finish: '2026-11-24T00:00:00.000Z',
      technicianId: SE02,
    });
  });

  it('at 18:45 finishes at 19:45, past the visible hours', () => {
    const slot = slotOfDrop(MELBOURNE, '2026-11-24T18:45:00', SE02);
    expect(wallClockAt(MELBOURNE, slot.start)).toBe('2026-11-24T18:45:00');
    expect(wallClockAt(MELBOURNE, slot.finish)).toBe('2026-11-24T19:45:00');
  });

  it('late in a day of the 7-day view finishes after midnight, on the next day', () => {
    const slot = slotOfDrop(MELBOURNE, '2026-11-26T23:30:00', SE02);
    expect(slot.start).toBe('2026-11-26T12:30:00.000Z');
    expect(wallClockAt(MELBOURNE, slot.finish)).toBe('2026-11-27T00:30:00');
  });

  it("on the 'Unassigned' row assigns nobody", () => {
    expect(slotOfDrop(MELBOURNE, '2026-11-24T10:00:00', UNASSIGNED_ROW).technicianId).toBeNull();
    expect(rowOfJob({ assignee: null })).toBe(UNASSIGNED_ROW);
    expect(rowOfJob({ assignee: SE02 })).toBe(SE02);
  });
});

describe('an event moved or stretched', () => {
  it('keeps its new start and end, on its new row', () => {
    expect(
      slotOfCalendarEvent(
        MELBOURNE,
        calendarDate('2026-11-24T13:00'),
        calendarDate('2026-11-24T14:30'),
        'tech-3',
      ),
    ).toEqual({
      start: '2026-11-24T02:00:00.000Z',
      finish: '2026-11-24T03:30:00.000Z',
      technicianId: 'tech-3',
    });
  });

  it('moved across midnight in the 7-day view keeps its length', () => {
    const slot = slotOfCalendarEvent(
      MELBOURNE,
      calendarDate('2026-11-25T23:15'),
      calendarDate('2026-11-26T01:15'),
      SE02,
    );
    expect(wallClockAt(MELBOURNE, slot.start)).toBe('2026-11-25T23:15:00');
    expect(wallClockAt(MELBOURNE, slot.finish)).toBe('2026-11-26T01:15:00');
    expect(Date.parse(slot.finish) - Date.parse(slot.start)).toBe(2 * 3_600_000);
  });

  it('with no end lasts an hour', () => {
    const slot = slotOfCalendarEvent(MELBOURNE, calendarDate('2026-11-24T09:00'), null, UNASSIGNED_ROW);
    expect(Date.parse(slot.finish) - Date.parse(slot.start)).toBe(3_600_000);
    expect(slot.technicianId).toBeNull();
  });
});

describe('the saved job', () => {
  it('is the reloaded job, Scheduled, at the slot, on the technician, over the version the board showed', () => {
    const reloaded = job({
      status: 'OPEN_READY_TO_BE_SCHEDULED',
      reference: "O'Brien & Sons",
      updated: '2026-11-24T01:00:00.000Z',
      rag: 'RED',
    });
    const slot = slotOfDrop(MELBOURNE, '2026-11-24T10:00:00', SE02);
    const saved = scheduledSave(reloaded, slot, '2026-11-24T00:00:00.000Z');
    expect(saved).toMatchObject({
      id: reloaded.id,
      updated: '2026-11-24T00:00:00.000Z',
      reference: "O'Brien & Sons",
      status: 'OPEN_SCHEDULED',
      scheduledStart: '2026-11-23T23:00:00.000Z',
      scheduledFinish: '2026-11-24T00:00:00.000Z',
      assignee: SE02,
      rag: 'RED',
      customer: { id: reloaded.customer.id },
    });
    expect(saved.items).toEqual(
      reloaded.items.map(({ code, description, quantity, price, amount }) => ({
        code,
        description,
        quantity,
        price,
        amount,
      })),
    );
  });
});

describe("the board's range", () => {
  it("is the organisation's days as instants, the end left out", () => {
    expect(rangeInstants(MELBOURNE, { date: '2026-11-24', days: 1 })).toEqual({
      from: '2026-11-23T13:00:00.000Z',
      to: '2026-11-24T13:00:00.000Z',
    });
    // A week across the end of daylight saving: its days are not all 24 hours long.
    expect(rangeInstants(MELBOURNE, { date: '2026-04-01', days: 7 })).toEqual({
      from: '2026-03-31T13:00:00.000Z',
      to: '2026-04-07T14:00:00.000Z',
    });
    // With the jobs of the day before still going at midnight.
    expect(scheduledInRangeQuery(MELBOURNE, { date: '2026-11-24', days: 1 })).toBe(
      'scheduledStart:[2026-11-23T13:00:00.000Z TO 2026-11-24T13:00:00.000Z} OR ' +
        '(scheduledStart:[2026-11-22T13:00:00.000Z TO 2026-11-23T13:00:00.000Z} AND scheduledFinish:>2026-11-23T13:00:00.000Z)',
    );
  });
});

describe('the board’s hours', () => {
  const day = ['2026-12-07'];

  it('are 07:00 to 19:00, opened at 08:00, while every job is inside them', () => {
    expect(boardHours([{ start: '2026-12-07T09:00:00', end: '2026-12-07T17:30:00' }], day)).toEqual({
      slotMinTime: '07:00',
      slotMaxTime: '19:00',
      scrollTime: '08:00',
    });
  });

  it('widen to the whole hours of a job outside them, and open at an early one', () => {
    expect(boardHours([{ start: '2026-12-07T06:15:00', end: '2026-12-07T07:00:00' }], day)).toEqual({
      slotMinTime: '06:00',
      slotMaxTime: '19:00',
      scrollTime: '06:00',
    });
    expect(boardHours([{ start: '2026-12-07T18:30:00', end: '2026-12-07T20:10:00' }], day)).toMatchObject({
      slotMinTime: '07:00',
      slotMaxTime: '21:00',
    });
  });

  it('show a job that crosses midnight to the end of its day, and from the start of the next', () => {
    const late = [{ start: '2026-12-07T23:00:00', end: '2026-12-08T02:00:00' }];
    expect(boardHours(late, day)).toMatchObject({ slotMinTime: '07:00', slotMaxTime: '24:00' });
    expect(boardHours(late, ['2026-12-08'])).toMatchObject({ slotMinTime: '00:00', slotMaxTime: '19:00' });
    // A job on a day not shown does not widen the days that are.
    expect(boardHours(late, ['2026-12-09'])).toMatchObject({ slotMinTime: '07:00', slotMaxTime: '19:00' });
  });
});

describe('an event’s name for a screen reader', () => {
  it('gives the finish its day when it is on the next one', () => {
    const late = job({
      number: 197,
      status: 'OPEN_SCHEDULED',
      scheduledStart: '2026-12-07T12:00:00Z',
      scheduledFinish: '2026-12-07T15:00:00Z',
    });
    expect(boardEventLabel(late, MELBOURNE)).toMatch(/11:00\spm to Tue, 8 Dec, 2:00\sam, Scheduled$/);
    const short = { ...late, scheduledFinish: '2026-12-07T12:45:00Z' };
    expect(boardEventLabel(short, MELBOURNE)).toMatch(/11:00\spm to 11:45\spm, Scheduled$/);
  });
});
