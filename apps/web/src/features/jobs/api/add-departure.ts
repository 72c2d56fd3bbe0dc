import type { Departure, DepartureFields } from '@fieldbook/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client';
import { departuresPath, jobDeparturesKey } from './job-departures';
import { jobKeys } from './job-keys';

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
