/** A job's statuses and their display names (spec section 4), in the order of the workflow. */
export const JOB_STATUS_NAMES = {
  OPEN_NEW: 'New',
  OPEN_BOOKING_REQUIRED: 'Booking required',
  OPEN_READY_TO_BE_SCHEDULED: 'Ready to be scheduled',
  OPEN_SCHEDULED: 'Scheduled',
  OPEN_IN_PROGRESS: 'In progress',
  OPEN_COMPLETED: 'Completed',
  CLOSED_COMPLETED: 'Completed (Closed)',
  CLOSED_CANCELLED: 'Cancelled (Closed)',
} as const;

export type JobStatus = keyof typeof JOB_STATUS_NAMES;

export const JOB_STATUSES = Object.keys(JOB_STATUS_NAMES) as [JobStatus, ...JobStatus[]];

/** A job's red, amber or green flag. */
export const RAGS = ['RED', 'AMBER', 'GREEN'] as const;
export type Rag = (typeof RAGS)[number];
