import {
  type Calendar,
  createCalendar,
  destroyCalendar,
  Interaction,
  ResourceTimeline,
} from '@event-calendar/core';
import '@event-calendar/core/index.css';
import type { Job, Technician } from '@fieldbook/domain';
import { addDays, wallClockAt } from '@fieldbook/domain';
import { useEffect, useRef } from 'react';
import { boardEventContent, statusColours } from './board-events';
import type { BoardRange } from './board-range';
import { rowOfJob, UNASSIGNED_ROW } from './board-slots';
import { boardHours } from './board-times';
import './resource-board.css';

/** The drag data type of a ready job dragged from the list: its id. */
export const READY_JOB_TYPE = 'application/x-fieldbook-job';

/** A change made on the calendar, to save; `revert` puts the event back. */
export interface BoardChange {
  job: Job;
  start: Date;
  end: Date | null;
  rowId: string | number | undefined;
  revert: () => void;
}

interface ResourceBoardProps {
  timeZone: string;
  range: BoardRange;
  technicians: readonly Technician[];
  jobs: readonly Job[];
  /** A ready job dropped at a date (the organisation's wall-clock in its local fields) on a row. */
  onDropJob: (jobId: string, at: Date, rowId: string | number) => void;
  /** A ready job dropped where there is no row and time. */
  onDropMissed: () => void;
  onChange: (change: BoardChange) => void;
  onOpen: (jobId: string) => void;
  /** A job to give the keyboard's focus to once the board draws it (one just scheduled from the keyboard). */
  focusJobId?: string | null;
  /** The board gave it the focus. */
  onFocused?: () => void;
}

const DAY = 'resourceTimelineDay';
/** The space between stacked events, in pixels (the calendar's own default). */
const EVENT_GAP = 1;
const WEEK = 'resourceTimelineWeek';

/** The technicians' rows: those taking jobs, any retired one with a job shown, then 'Unassigned'. */
function rowsOf(technicians: readonly Technician[], jobs: readonly Job[]) {
  const assigned = new Set(jobs.map((job) => job.assignee));
  return [
    ...technicians
      .filter((technician) => !technician.retired || assigned.has(technician.id))
      .map((technician) => ({
        id: technician.id,
        title: technician.retired ? `${technician.name} (retired)` : technician.name,
      })),
    { id: UNASSIGNED_ROW, title: 'Unassigned' },
  ];
}

/** The board's events: each job on its row, coloured by status; only Scheduled ones move. */
function eventsOf(timeZone: string, jobs: readonly Job[]) {
  return jobs
    .filter((job) => job.scheduledStart !== null)
    .map((job) => {
      const start = job.scheduledStart ?? '';
      const colours = statusColours(job.status);
      return {
        id: job.id,
        resourceIds: [rowOfJob(job)],
        start: wallClockAt(timeZone, start),
        end: wallClockAt(timeZone, job.scheduledFinish ?? new Date(Date.parse(start) + 3_600_000)),
        title: String(job.number),
        editable: job.status === 'OPEN_SCHEDULED',
        backgroundColor: colours.background,
        textColor: colours.text,
        extendedProps: { job, timeZone },
      };
    });
}

/**
 * The technicians' day (or 7 days) as a resource timeline (@event-calendar/core): 15-minute slots from 07:00 to
 * 19:00 (widened to show a job outside them: `boardHours`), business hours shaded, opened at 08:00. Events move and stretch by pointer; ready jobs dragged from the
 * list drop onto it (`dateFromPoint`). It shows what it is given: the page loads, saves and reports.
 */
export function ResourceBoard(props: ResourceBoardProps) {
  const { timeZone, range, technicians, jobs } = props;
  const element = useRef<HTMLElement>(null);
  const calendar = useRef<Calendar | null>(null);
  const nudge = useRef(false);
  const shownHours = useRef('');
  // The calendar is made once; its callbacks call the latest props.
  const latest = useRef(props);
  latest.current = props;

  useEffect(() => {
    const boardElement = element.current;
    if (!boardElement) return;
    const change = (info: { event: Calendar.Event; newResource?: Calendar.Resource; revert: () => void }) =>
      latest.current.onChange({
        job: info.event.extendedProps.job as Job,
        start: info.event.start,
        end: info.event.end,
        rowId: info.newResource?.id ?? info.event.resourceIds[0],
        revert: info.revert,
      });
    const board = createCalendar(boardElement, [ResourceTimeline, Interaction], {
      view: DAY,
      locale: 'en-AU',
      headerToolbar: { start: '', center: '', end: '' },
      views: {
        [DAY]: { slotLabelInterval: '01:00', slotWidth: 28, displayEventEnd: true },
        // Seven days from the date shown, not the calendar week: a dispatcher looks ahead.
        [WEEK]: {
          duration: { days: 7 },
          displayEventEnd: true,
          slotLabelInterval: '03:00',
          slotWidth: 10,
          dayHeaderFormat: { weekday: 'short', day: 'numeric', month: 'short' },
        },
      },
      slotDuration: '00:15',
      slotMinTime: '07:00',
      slotMaxTime: '19:00',
      scrollTime: '08:00',
      slotLabelFormat: { hour: 'numeric', minute: '2-digit' },
      eventTimeFormat: { hour: 'numeric', minute: '2-digit' },
      editable: true,
      eventStartEditable: true,
      eventDurationEditable: true,
      eventContent: boardEventContent,
      eventDrop: change,
      eventResize: change,
      eventClick: (info) => latest.current.onOpen(String(info.event.id)),
      height: 'auto',
    });
    calendar.current = board;
    const roles = new MutationObserver(() => dropTableRoles(boardElement));
    roles.observe(boardElement, {
      subtree: true,
      childList: true,
      attributes: true,
      attributeFilter: ['role', ...TABLE_ATTRIBUTES],
    });
    dropTableRoles(boardElement);
    return () => {
      roles.disconnect();
      calendar.current = null;
      void destroyCalendar(board);
    };
  }, []);

  useEffect(() => {
    calendar.current?.setOption('view', range.days === 7 ? WEEK : DAY);
    calendar.current?.setOption('date', range.date);
  }, [range.date, range.days]);

  const rows = rowsOf(technicians, jobs);
  // The rows are given again only when they change: new rows lay the calendar out afresh.
  const rowsKey = JSON.stringify(rows);
  useEffect(() => {
    calendar.current?.setOption('resources', JSON.parse(rowsKey));
  }, [rowsKey]);

  useEffect(() => {
    const board = calendar.current;
    if (!board) return;
    const rowIds = (JSON.parse(rowsKey) as { id: string }[]).map((row) => row.id);
    const events = eventsOf(timeZone, jobs);
    const days = Array.from({ length: range.days }, (_, index) => addDays(range.date, index));
    // The hours are set again only when they change: setting them lays the calendar out afresh.
    const hours = boardHours(events, days);
    if (JSON.stringify(hours) !== shownHours.current) {
      shownHours.current = JSON.stringify(hours);
      board.setOption('slotMinTime', hours.slotMinTime);
      board.setOption('slotMaxTime', hours.slotMaxTime);
      board.setOption('scrollTime', hours.scrollTime);
    }
    board.setOption('events', [...businessHours(range, rowIds), ...events]);
    // Events given with the days they are on (a day read before, from the cache) are stacked before they are
    // drawn, all on one line: the calendar stacks them again when its gap changes, so nudge it once they are.
    const frame = requestAnimationFrame(() => {
      nudge.current = !nudge.current;
      board.setOption('eventGap', nudge.current ? EVENT_GAP + 0.001 : EVENT_GAP);
    });
    return () => cancelAnimationFrame(frame);
  }, [timeZone, jobs, range, rowsKey]);

  // A job just scheduled from the keyboard: the focus goes on from its event, once it is drawn (tried again as the
  // board's jobs come in).
  const { focusJobId } = props;
  useEffect(() => {
    if (!focusJobId || !jobs.some((job) => job.id === focusJobId)) return;
    const frame = requestAnimationFrame(() => {
      const face = element.current?.querySelector(`[data-job-id="${CSS.escape(focusJobId)}"]`);
      const event = face?.closest<HTMLElement>('.ec-event');
      if (!event) return;
      event.focus();
      latest.current.onFocused?.();
    });
    return () => cancelAnimationFrame(frame);
  }, [focusJobId, jobs]);

  const allowsDrop = (event: React.DragEvent) => event.dataTransfer.types.includes(READY_JOB_TYPE);

  return (
    <section
      aria-label="Technicians' schedule"
      className="resource-board"
      ref={element}
      onDragOver={(event) => {
        if (!allowsDrop(event)) return;
        event.preventDefault();
        event.dataTransfer.dropEffect = 'move';
      }}
      onDrop={(event) => {
        if (!allowsDrop(event)) return;
        event.preventDefault();
        const jobId = event.dataTransfer.getData(READY_JOB_TYPE);
        const point = calendar.current?.dateFromPoint(event.clientX, event.clientY);
        if (point?.resource && !point.allDay) props.onDropJob(jobId, point.date, point.resource.id);
        else props.onDropMissed();
      }}
    />
  );
}

const TABLE_ROLES = new Set(['table', 'row', 'rowgroup', 'rowheader', 'columnheader', 'cell', 'gridcell']);
const TABLE_ATTRIBUTES = ['aria-colindex', 'aria-rowindex', 'aria-colspan', 'aria-rowspan'];

/**
 * The calendar marks itself up as a table whose rows it does not nest (its row headers sit outside any row), which
 * a screen reader cannot follow: it is left as text and buttons instead, each event naming its job, technician,
 * time and status, and the ready list's Schedule form does what a drag does.
 */
function dropTableRoles(root: HTMLElement): void {
  for (const element of root.querySelectorAll('[role]')) {
    if (TABLE_ROLES.has(element.getAttribute('role') ?? '')) element.removeAttribute('role');
  }
  // The timeline scrolls sideways: the keyboard can scroll it too.
  for (const scroller of root.querySelectorAll('.ec-main:not([tabindex])'))
    scroller.setAttribute('tabindex', '0');
  for (const element of root.querySelectorAll(TABLE_ATTRIBUTES.map((name) => `[${name}]`).join())) {
    for (const name of TABLE_ATTRIBUTES) element.removeAttribute(name);
  }
}

/** Business hours (08:00 to 18:00) shaded behind every row of every day shown. */
function businessHours({ date, days }: BoardRange, rowIds: string[]) {
  return Array.from({ length: days }, (_, index) => {
    const iso = addDays(date, index);
    return {
      id: `business-hours-${iso}`,
      start: `${iso}T08:00:00`,
      end: `${iso}T18:00:00`,
      resourceIds: rowIds,
      display: 'background' as const,
      classNames: ['business-hours'],
    };
  });
}
