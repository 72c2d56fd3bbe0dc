import {
  canChangeJobStatus,
  JOB_STATUS_NAMES,
  type JobStatus,
  jobSave,
  statusStamps,
} from '@fieldbook/domain';
import { ApiRequestError, apiFetch } from '../../../lib/api-client';
import { StatusConflict, type StoredAction } from '../../offline';
import { getJob } from './get-job';
import { updateJob } from './update-job';

const jobPath = (jobId: string) => `/jobs/${encodeURIComponent(jobId)}`;
/** Tries of a status change that the office's saves keep overtaking (409 on a changed job). */
const STATUS_TRIES = 3;

/**
 * The request of one action taken on the device. A create (On my way, a note, a photo) carries the action's
 * Idempotency-Key: a resend after a lost answer creates nothing twice. A sign-off is a PUT of the same fields, the
 * same twice. A status change reads the job as it now is: already there is done (a resend, or the office did it);
 * a move the workflow still allows is applied to the job as it now is; one it no longer allows is a conflict.
 * On my way, the sign-off and a move to In progress or Completed record when they were taken (`takenAt`), not when
 * the phone had signal again to send them.
 */
export async function sendAction({ jobId, key, action, takenAt }: StoredAction): Promise<void> {
  switch (action.type) {
    case 'note':
      await apiFetch(`${jobPath(jobId)}/notes`, {
        method: 'POST',
        json: { text: action.text },
        idempotencyKey: key,
      });
      return;
    case 'departure': {
      // Sent after the time it gave the customer has begun: recorded, but the customer is not emailed a time past.
      const late = Date.now() > takenAt + action.arrivalMinutes * 60_000;
      await apiFetch(`${jobPath(jobId)}/departures`, {
        method: 'POST',
        json: {
          arrivalMinutes: action.arrivalMinutes,
          notify: action.notify && !late,
          takenAt: new Date(takenAt).toISOString(),
        },
        idempotencyKey: key,
      });
      return;
    }
    case 'photo':
      await apiFetch(`${jobPath(jobId)}/attachments?filename=${encodeURIComponent(action.filename)}`, {
        method: 'POST',
        body: action.file,
        headers: { 'Content-Type': action.file.type || 'application/octet-stream' },
        idempotencyKey: key,
      });
      return;
    case 'signature': {
      const { type: _type, ...fields } = action;
      await apiFetch(`${jobPath(jobId)}/signature`, {
        method: 'PUT',
        json: { ...fields, takenAt: new Date(takenAt).toISOString() },
      });
      return;
    }
    case 'status':
      await sendStatus(jobId, action.from as JobStatus, action.to as JobStatus, new Date(takenAt));
      return;
  }
}

async function sendStatus(jobId: string, from: JobStatus, to: JobStatus, takenAt: Date): Promise<void> {
  for (let tries = 1; ; tries++) {
    const job = await getJob(jobId);
    if (job.status === to) return;
    if (!canChangeJobStatus(job.status, to)) {
      throw new StatusConflict(JOB_STATUS_NAMES[from], JOB_STATUS_NAMES[job.status]);
    }
    try {
      await updateJob(jobId, { ...jobSave(job), status: to, ...statusStamps(job.status, to, job, takenAt) });
      return;
    } catch (error) {
      if (!(error instanceof ApiRequestError && error.status === 409) || tries >= STATUS_TRIES) throw error;
    }
  }
}
