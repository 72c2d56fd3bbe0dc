import type { Calendar } from '@event-calendar/core';
import { calendarDateIn, formatsByZone, JOB_STATUS_NAMES, type Job, type JobStatus } from '@fieldbook/domain';
import { RAG_NAMES } from '../jobs';

/** An event's colours by its job's status (white text on each, 4.5:1 or more; a cancelled job is grey). */
const STATUS_COLOURS: Record<JobStatus, { background: string; text: string }> = {
  OPEN_NEW: { background: 'var(--mantine-color-gray-7)', text: 'var(--mantine-color-white)' },
  OPEN_BOOKING_REQUIRED: { background: 'var(--mantine-color-gray-7)', text: 'var(--mantine-color-white)' },
  OPEN_READY_TO_BE_SCHEDULED: {
    background: 'var(--mantine-color-teal-9)',
    text: 'var(--mantine-color-white)',
  },
  OPEN_SCHEDULED: { background: 'var(--mantine-color-blue-8)', text: 'var(--mantine-color-white)' },
  OPEN_IN_PROGRESS: { background: 'var(--mantine-color-grape-8)', text: 'var(--mantine-color-white)' },
  // Mantine's darkest green (green 9) is 4.2:1 under white: a darker one, 6.3:1.
  OPEN_COMPLETED: { background: '#1f6d2f', text: 'var(--mantine-color-white)' },
  CLOSED_COMPLETED: { background: 'var(--mantine-color-dark-4)', text: 'var(--mantine-color-white)' },
  CLOSED_CANCELLED: { background: 'var(--mantine-color-gray-3)', text: 'var(--mantine-color-black)' },
};

export const statusColours = (status: JobStatus) => STATUS_COLOURS[status];

/** The statuses a board shows, for its legend, in the workflow's order. */
export const LEGEND_STATUSES: readonly JobStatus[] = [
  'OPEN_SCHEDULED',
  'OPEN_IN_PROGRESS',
  'OPEN_COMPLETED',
  'CLOSED_COMPLETED',
  'CLOSED_CANCELLED',
];

function span(className: string, text: string): HTMLSpanElement {
  const element = document.createElement('span');
  element.className = className;
  element.textContent = text;
  return element;
}

const timeIn = formatsByZone('en-AU', { hour: 'numeric', minute: '2-digit' });
const dayIn = formatsByZone('en-AU', { weekday: 'short', day: 'numeric', month: 'short' });

/** What a screen reader hears of an event: "Job 12, Red flag, O'Brien & Sons · Unit 4, SE02, 10:00 am to 11:00 am, Scheduled". */
export function boardEventLabel(job: Job, timeZone: string): string {
  const time = timeIn(timeZone);
  const until = (start: Date, finish: Date) =>
    calendarDateIn(timeZone, start) === calendarDateIn(timeZone, finish)
      ? time.format(finish)
      : `${dayIn(timeZone).format(finish)}, ${time.format(finish)}`;
  const when =
    job.scheduledStart && job.scheduledFinish
      ? `${time.format(new Date(job.scheduledStart))} to ${until(new Date(job.scheduledStart), new Date(job.scheduledFinish))}`
      : '';
  return [
    `Job ${job.number}`,
    job.rag && `${RAG_NAMES[job.rag]} flag`,
    [job.customer.name, job.location?.name].filter(Boolean).join(' · '),
    job.assigneeName ?? 'Unassigned',
    when,
    JOB_STATUS_NAMES[job.status],
  ]
    .filter(Boolean)
    .join(', ');
}

/**
 * An event's face: the rag (a lettered dot), the number, the customer and the location (its place gives its time),
 * with the whole of it in words for a screen reader. Built as DOM nodes with text content, never HTML, so a
 * customer's name is shown as written.
 */
export function boardEventContent(info: Calendar.EventContentInfo): Calendar.Content {
  const job = info.event.extendedProps.job as Job | undefined;
  const timeZone = info.event.extendedProps.timeZone as string | undefined;
  if (!job || !timeZone) return '';
  const face = document.createElement('span');
  face.className = 'board-event';
  face.dataset.jobId = job.id;
  face.title = boardEventLabel(job, timeZone);
  const seen = document.createElement('span');
  seen.className = 'board-event-seen';
  seen.setAttribute('aria-hidden', 'true');
  if (job.rag) {
    const dot = span('rag-dot', job.rag.charAt(0));
    dot.dataset.rag = job.rag;
    seen.append(dot);
  }
  seen.append(
    span('board-event-number', String(job.number)),
    span('board-event-title', [job.customer.name, job.location?.name].filter(Boolean).join(' · ')),
  );
  face.append(seen, span('board-event-hidden', boardEventLabel(job, timeZone)));
  return { domNodes: [face] };
}
