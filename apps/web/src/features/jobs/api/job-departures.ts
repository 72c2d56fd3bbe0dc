import type { Departure } from '@fieldbook/domain';
import { queryOptions } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client';
import { jobKeys } from './job-keys';

export const departuresPath = (jobId: string) => `/jobs/${encodeURIComponent(jobId)}/departures`;
export const jobDeparturesKey = (jobId: string) => [...jobKeys.detail(jobId), 'departures'] as const;

/** GET /jobs/{id}/departures: each "On my way", newest first. */
export const jobDeparturesQueryOptions = (jobId: string) =>
  queryOptions({
    queryKey: jobDeparturesKey(jobId),
    queryFn: () => apiFetch<Departure[]>(departuresPath(jobId)),
  });
