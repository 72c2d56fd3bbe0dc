import { type Job, type JobFields, type JobSaveBody, type JobStatus, jobSave } from '@fieldbook/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ApiRequestError, apiFetch } from '../../../lib/api-client';
import { useUpdateRecord } from '../../../lib/record-mutations';
import { getJob } from './get-job';
import { jobKeys } from './job-keys';

/** PUT /jobs/{id}: the whole job with the `updated` that was read; a newer job is a 409. */
export function updateJob(id: string, job: JobSaveBody, idempotencyKey?: string): Promise<Job> {
  return apiFetch<Job>(`/jobs/${encodeURIComponent(id)}`, { method: 'PUT', json: job, idempotencyKey });
}

/** The job editor's save over `read`, the job as it started editing (its version, and its status unless changed). */
export const useUpdateJob = (read: Job) =>
  useUpdateRecord<JobFields, Job>(jobKeys, read, (id, fields, idempotencyKey) =>
    updateJob(id, { ...fields, status: fields.status ?? read.status }, idempotencyKey),
  );

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
