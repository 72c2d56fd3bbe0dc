import { Anchor } from '@mantine/core';
import { Link } from 'react-router';
import { ApiRequestError } from '../../lib/api-client';
import { paths } from '../../lib/paths';
import type { ShownJob } from './api/schedule-job';

/** What the scheduling sets: a refusal of any other field is the job's own details, which the board cannot change. */
const SCHEDULING_FIELDS = new Set(['status', 'scheduledStart', 'scheduledFinish', 'assignee']);

/** A refused or failed scheduling, in words; `editJob` when the job must be completed in its editor first. */
export interface ScheduleFailure {
  title: string;
  message: string;
  editJob?: { number: number; id: string };
}

/** What a refused or failed save of the board or the Schedule form says, and that the board shows what is saved. */
export function scheduleFailureOf(job: ShownJob, verb: string, error: unknown): ScheduleFailure {
  const title = `Job ${job.number} was not ${verb}`;
  if (error instanceof ApiRequestError && error.status === 409) {
    // A colleague's save got there first: the board has read the job again, so it shows their version (which may
    // be in another place than this move started from), not the server's generic "reload it".
    return {
      title,
      message: `Someone else changed job ${job.number} in the meantime. The board now shows it as they saved it, and your change was not saved: do it again if it is still needed.`,
    };
  }
  const fields = error instanceof ApiRequestError ? error.fieldErrors : [];
  // A job made ready with only its customer (as a new job may be) lacks what a saved job needs: say which, and where.
  if (fields.length > 0 && fields.every((field) => !SCHEDULING_FIELDS.has(field.field))) {
    return {
      title,
      message: `Job ${job.number} cannot be ${verb} until its details are complete: ${fields.map((field) => field.message).join(' ')} Nothing was changed.`,
      editJob: { number: job.number, id: job.id },
    };
  }
  const said = [
    error instanceof Error ? error.message : String(error),
    ...fields.map((field) => field.message),
  ];
  return { title, message: `${said.join(' ')} The job is back where it was; nothing was changed.` };
}

/** The failure's words, and the link to the job's editor when the job needs completing there. */
export function ScheduleFailureText({ failure }: { failure: ScheduleFailure }) {
  const { editJob } = failure;
  return (
    <>
      {failure.message}
      {editJob && (
        <>
          {' '}
          <Anchor component={Link} to={paths.jobs.edit.href(editJob.id)} inherit>
            Edit job {editJob.number}
          </Anchor>
        </>
      )}
    </>
  );
}
