import {
  canChangeJobStatus,
  JOB_STATUS_NAMES,
  type Job,
  type JobStatus,
  jobSave,
  statusStamps,
} from '@fieldbook/domain';
import { ApiRequestError } from '../../../lib/api-client';
import { StatusConflict, type StoredAction } from '../../offline';
import { addDeparture } from './add-departure';
import { getJob } from './get-job';
import { addAttachment } from './job-attachments';
import { addNote } from './job-notes';
import { takeSignature } from './job-signature';
import { updateJob } from './update-job';

/** Tries of a status change that the office's saves keep overtaking (409 on a changed job). */
const STATUS_TRIES = 3;

/**
 * The request of one action taken on the device, as its first send online made it (the same body, the same
 * Idempotency-Key), so a resend after a lost answer is recognised; resolves with the server's answer. A create (On
 * my way, a note, a photo) and a sign-off carry the action's Idempotency-Key: a resend after a lost answer creates
 * nothing twice and gets the first answer (a sign-off resent after a later one replaced it too). A status change reads the job
 * as it now is: already there is done (a resend, or the office did it); a move the workflow still allows is applied
 * to the job as it now is; one it no longer allows is a conflict. On my way, the sign-off and a move to In progress
 * or Completed record when they were taken (`takenAt`), not when the phone had signal again to send them.
 */
export async function sendAction({ jobId, key, action, takenAt }: StoredAction): Promise<unknown> {
  const taken = new Date(takenAt).toISOString();
  switch (action.type) {
    case 'note':
      return addNote(jobId, { text: action.text }, key);
    case 'departure':
      // The server decides whether the customer is still emailed (not once the arrival time has begun).
      return addDeparture(
        jobId,
        { arrivalMinutes: action.arrivalMinutes, notify: action.notify, takenAt: taken },
        key,
      );
    case 'photo':
      return addAttachment(jobId, action.file, action.filename, key);
    case 'signature': {
      const { type: _type, ...fields } = action;
      // A sign-off taken before the one the job has (on the technician's other phone) is refused (409): a conflict.
      return takeSignature(jobId, { ...fields, takenAt: taken }, key);
    }
    case 'status':
      return sendStatus(jobId, action.from as JobStatus, action.to as JobStatus, new Date(takenAt));
  }
}

async function sendStatus(jobId: string, from: JobStatus, to: JobStatus, takenAt: Date): Promise<Job> {
  for (let tries = 1; ; tries++) {
    const job = await getJob(jobId);
    if (job.status === to) return job;
    if (!canChangeJobStatus(job.status, to)) {
      throw new StatusConflict(JOB_STATUS_NAMES[from], JOB_STATUS_NAMES[job.status]);
    }
    try {
      return await updateJob(jobId, {
        ...jobSave(job),
        status: to,
        ...statusStamps(job.status, to, job, takenAt),
      });
    } catch (error) {
      if (!(error instanceof ApiRequestError && error.status === 409) || tries >= STATUS_TRIES) throw error;
    }
  }
}
