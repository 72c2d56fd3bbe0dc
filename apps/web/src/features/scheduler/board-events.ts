import type { Calendar } from '@event-calendar/core';
import { JOB_STATUS_NAMES, type Job, type JobStatus } from '@fieldbook/domain';

const RAG_NAMES = { RED: 'Red', AMBER: 'Amber', GREEN: 'Green' } as const;

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
  OPEN_COMPLETED: { background: 'var(--mantine-color-green-9)', text: 'var(--mantine-color-white)' },
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

/** "Job 12 · O'Brien & Sons · Unit 4": the job's number, customer and location, as a line of text. */
export function boardEventTitle(job: Job): string {
  return [`Job ${job.number}`, job.customer.name, job.location?.name].filter(Boolean).join(' · ');
}

/**
 * An event's face: the rag (a lettered dot, named for a screen reader), the title and the time. Built as DOM
 * nodes with text content, never HTML, so a customer's name is shown as written.
 */
export function boardEventContent(info: Calendar.EventContentInfo): Calendar.Content {
  const job = info.event.extendedProps.job as Job | undefined;
  if (!job) return '';
  const face = document.createElement('span');
  face.className = 'board-event';
  face.title = `${boardEventTitle(job)}, ${info.timeText} (${JOB_STATUS_NAMES[job.status]})`;
  if (job.rag) {
    const dot = span('rag-dot', job.rag.charAt(0));
    dot.dataset.rag = job.rag;
    dot.setAttribute('aria-hidden', 'true');
    face.append(dot, span('board-event-hidden', `${RAG_NAMES[job.rag]}:`));
  }
  // Seen: the number, customer and location (the event's place gives its time). Heard: the job, time and status.
  face.append(
    span('board-event-hidden', 'Job'),
    span('board-event-number', String(job.number)),
    span('board-event-title', [job.customer.name, job.location?.name].filter(Boolean).join(' · ')),
    span(
      'board-event-hidden',
      `, ${job.assigneeName ?? 'Unassigned'}, ${info.timeText}, ${JOB_STATUS_NAMES[job.status]}`,
    ),
  );
  return { domNodes: [face] };
}
