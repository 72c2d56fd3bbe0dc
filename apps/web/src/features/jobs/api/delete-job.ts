import { apiFetch } from '../../../lib/api-client';
import { useDeleteRecord } from '../../../lib/record-mutations';
import { jobKeys } from './job-keys';

/** DELETE /jobs/{id}. */
export function deleteJob(id: string): Promise<void> {
  return apiFetch<void>(`/jobs/${encodeURIComponent(id)}`, { method: 'DELETE' });
}

export const useDeleteJob = (id: string) => useDeleteRecord(jobKeys, id, deleteJob);
