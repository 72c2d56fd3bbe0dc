import { JOB_STATUS_NAMES, type JobStatus } from './job-statuses.ts';

// The moves between a job's statuses. Apart from the statuses and their names (`job-statuses.ts`), which every
// screen that shows a job needs, a technician's day among them, in its first download.

/** The status buttons of the job viewer (spec section 4), in the table's order, with where each is shown. */
const STATUS_BUTTONS: readonly { label: string; status: JobStatus; from: readonly JobStatus[] }[] = [
  { label: 'Booking required', status: 'OPEN_BOOKING_REQUIRED', from: ['OPEN_NEW'] },
  {
    label: 'Ready to be scheduled',
    status: 'OPEN_READY_TO_BE_SCHEDULED',
    from: ['OPEN_NEW', 'OPEN_BOOKING_REQUIRED'],
  },
  { label: 'In progress', status: 'OPEN_IN_PROGRESS', from: ['OPEN_SCHEDULED'] },
  // The table leaves an in-progress job with no way forward: Completed is shown for it too.
  { label: 'Completed', status: 'OPEN_COMPLETED', from: ['OPEN_SCHEDULED', 'OPEN_IN_PROGRESS'] },
  { label: 'Close', status: 'CLOSED_COMPLETED', from: ['OPEN_COMPLETED'] },
  { label: 'Cancelled', status: 'CLOSED_CANCELLED', from: ['OPEN_SCHEDULED', 'OPEN_READY_TO_BE_SCHEDULED'] },
];

export interface StatusButton {
  label: string;
  status: JobStatus;
}

/** The status buttons the job viewer shows for a job in `status`, in the specification's order. */
export function statusButtons(status: JobStatus): StatusButton[] {
  return STATUS_BUTTONS.filter((button) => button.from.includes(status)).map(({ label, status }) => ({
    label,
    status,
  }));
}

/**
 * Every status a job may move to besides staying where it is: the status buttons (spec section 4, with Completed
 * also from In progress) and scheduling on the calendar (Ready to be scheduled → Scheduled, which needs a
 * scheduled start and finish; a Scheduled job is moved by saving it Scheduled again). The server refuses any other.
 */
export const jobTransitions: Readonly<Record<JobStatus, readonly JobStatus[]>> = {
  OPEN_NEW: ['OPEN_BOOKING_REQUIRED', 'OPEN_READY_TO_BE_SCHEDULED'],
  OPEN_BOOKING_REQUIRED: ['OPEN_READY_TO_BE_SCHEDULED'],
  OPEN_READY_TO_BE_SCHEDULED: ['OPEN_SCHEDULED', 'CLOSED_CANCELLED'],
  OPEN_SCHEDULED: ['OPEN_IN_PROGRESS', 'OPEN_COMPLETED', 'CLOSED_CANCELLED'],
  OPEN_IN_PROGRESS: ['OPEN_COMPLETED'],
  OPEN_COMPLETED: ['CLOSED_COMPLETED'],
  CLOSED_COMPLETED: [],
  CLOSED_CANCELLED: [],
};

/** Whether a job may move from one status to another (staying in the same status is always allowed). */
export function canChangeJobStatus(from: JobStatus, to: JobStatus): boolean {
  return from === to || jobTransitions[from].includes(to);
}

/** The refusal of a move the workflow does not allow, naming both statuses as a user sees them. */
export function jobStatusRefusal(from: JobStatus, to: JobStatus): string {
  return `A job that is ${JOB_STATUS_NAMES[from]} cannot be moved to ${JOB_STATUS_NAMES[to]}.`;
}
