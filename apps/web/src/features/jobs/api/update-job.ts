import type { Job, JobFields, JobStatus, JobUpdate } from '@fieldbook/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ApiRequestError, apiFetch } from '../../../lib/api-client';
import { useUpdateRecord } from '../../../lib/record-mutations';
import { getJob } from './get-job';
import { jobKeys } from './job-keys';

type Reference = { id: string } | null;

/**
 * What a save sends. A job may have been created without a location, territory or priority (only the customer is
 * required then); a save needs them, and the server refuses one that is missing with a field error that says so.
 */
export type JobSaveBody = Omit<JobUpdate, 'location' | 'territory' | 'priority'> & {
  location: Reference;
  territory: Reference;
  priority: Reference;
};

/** PUT /jobs/{id}: the whole job with the `updated` that was read; a newer job is a 409. */
export function updateJob(id: string, job: JobSaveBody): Promise<Job> {
  return apiFetch<Job>(`/jobs/${encodeURIComponent(id)}`, { method: 'PUT', json: job });
}

/** The job editor's save over `read`, the job as it started editing (its version, and its status unless changed). */
export const useUpdateJob = (read: Job) =>
  useUpdateRecord<JobFields, Job>(jobKeys, read, (id, fields) =>
    updateJob(id, { ...fields, status: fields.status ?? read.status }),
  );

const byId = (reference: Reference): Reference => (reference ? { id: reference.id } : null);

/** A job as read, as a save sends it back: every field, the references by id, and the `updated` read. */
export function jobSave(job: Job): JobSaveBody {
  return {
    id: job.id,
    updated: job.updated,
    reference: job.reference,
    customer: { id: job.customer.id },
    location: byId(job.location),
    territory: byId(job.territory),
    priority: byId(job.priority),
    status: job.status,
    rag: job.rag,
    due: job.due,
    scheduledStart: job.scheduledStart,
    scheduledFinish: job.scheduledFinish,
    actualStart: job.actualStart,
    actualFinish: job.actualFinish,
    assignee: job.assignee,
    items: job.items.map(({ code, description, quantity, price, amount }) => ({
      code,
      description,
      quantity,
      price,
      amount,
    })),
  };
}

/**
 * A status button (spec section 4): reload the job, set the status, save the whole job. The viewer then shows
 * the saved job with its new status and buttons. A refusal (409: someone changed the job, or its status no
 * longer allows the move) reloads the job, so the viewer shows it as it is now beside the message.
 */
export function useChangeJobStatus(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (status: JobStatus) => updateJob(id, { ...jobSave(await getJob(id)), status }),
    onSuccess: (saved) => {
      queryClient.setQueryData(jobKeys.detail(saved.id), saved);
      return queryClient.invalidateQueries({ queryKey: jobKeys.lists() });
    },
    onError: (error) => {
      if (error instanceof ApiRequestError && error.status === 409) {
        return queryClient.invalidateQueries({ queryKey: jobKeys.detail(id) });
      }
    },
  });
}
