import type { JobStatus } from './job-statuses.ts';

// Apart from the workflow (`job-workflow.ts`): the web app's first download needs only this of it (the device's
// copy of a job moved offline).
/** Moving to In progress records the actual start, and to Completed the actual finish, when they are empty. */
export function statusStamps(
  from: JobStatus,
  to: JobStatus,
  job: { actualStart: string | null; actualFinish: string | null },
  now: Date,
): { actualStart: string | null; actualFinish: string | null } {
  return {
    actualStart:
      from !== to && to === 'OPEN_IN_PROGRESS' && !job.actualStart ? now.toISOString() : job.actualStart,
    actualFinish:
      from !== to && to === 'OPEN_COMPLETED' && !job.actualFinish ? now.toISOString() : job.actualFinish,
  };
}
