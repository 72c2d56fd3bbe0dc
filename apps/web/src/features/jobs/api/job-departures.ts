import type { Departure, DepartureFields } from '@fieldbook/domain';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client';
import { jobKeys } from './job-keys';

const departuresPath = (jobId: string) => `/jobs/${encodeURIComponent(jobId)}/departures`;
export const jobDeparturesKey = (jobId: string) => [...jobKeys.detail(jobId), 'departures'] as const;

/** GET /jobs/{id}/departures: each "On my way", newest first. */
export const jobDeparturesQueryOptions = (jobId: string) =>
  queryOptions({
    queryKey: jobDeparturesKey(jobId),
    queryFn: () => apiFetch<Departure[]>(departuresPath(jobId)),
  });

/**
 * POST /jobs/{id}/departures, with one Idempotency-Key per tap: a retry on a bad connection records it once. The
 * request of the tap sent at once and of its resend from the device (`sendAction`).
 */
export const addDeparture = (jobId: string, fields: DepartureFields, key: string) =>
  apiFetch<Departure>(departuresPath(jobId), { method: 'POST', json: fields, idempotencyKey: key });

/** `addDeparture` from the On my way form. */
export function useAddDeparture(jobId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ fields, key }: { fields: DepartureFields; key: string }) =>
      addDeparture(jobId, fields, key),
    // A refusal (the job moved on meanwhile) shows the job as it now is.
    onSettled: (_saved, error) =>
      queryClient.invalidateQueries({ queryKey: error ? jobKeys.detail(jobId) : jobDeparturesKey(jobId) }),
  });
}
