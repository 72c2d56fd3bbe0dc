import type { Job } from '@fieldbook/domain';
import { queryOptions } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client';
import { jobKeys } from './job-keys';

/** GET /jobs/{id}. */
export function getJob(id: string): Promise<Job> {
  return apiFetch<Job>(`/jobs/${encodeURIComponent(id)}`);
}

export function jobQueryOptions(id: string) {
  return queryOptions({ queryKey: jobKeys.detail(id), queryFn: () => getJob(id) });
}
