import type { Job, JobFields } from '@fieldbook/domain';
import { apiFetch } from '../../../lib/api-client';
import { useCreateRecord } from '../../../lib/record-mutations';
import { jobKeys } from './job-keys';

/** POST /jobs: the new job, numbered by the server, starting New. */
export function createJob(fields: JobFields, idempotencyKey: string): Promise<Job> {
  return apiFetch<Job>('/jobs', { method: 'POST', json: fields, idempotencyKey });
}

export const useCreateJob = () => useCreateRecord(jobKeys, createJob);
