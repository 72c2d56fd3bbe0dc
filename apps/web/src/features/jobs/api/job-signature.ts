import type { Signature, SignatureFields } from '@fieldbook/domain';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client';
import { jobKeys } from './job-keys';

const signaturePath = (jobId: string) => `/jobs/${encodeURIComponent(jobId)}/signature`;
export const jobSignatureKey = (jobId: string) => [...jobKeys.detail(jobId), 'signature'] as const;

/** GET /jobs/{id}/signature: the customer's sign-off, or null when none was taken. */
export const jobSignatureQueryOptions = (jobId: string) =>
  queryOptions({
    queryKey: jobSignatureKey(jobId),
    queryFn: () => apiFetch<Signature | null>(signaturePath(jobId)),
  });

/**
 * PUT /jobs/{id}/signature, with when it was taken (`takenAt`): the request of a sign-off sent at once and of its
 * resend from the device (`sendAction`), the same both times.
 */
export const takeSignature = (jobId: string, fields: SignatureFields, key: string) =>
  apiFetch<Signature>(signaturePath(jobId), { method: 'PUT', json: fields, idempotencyKey: key });

/** `takeSignature` from the Finish form. */
export function useTakeSignature(jobId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ fields, key }: { fields: SignatureFields; key: string }) =>
      takeSignature(jobId, fields, key),
    onSuccess: (saved) => queryClient.setQueryData(jobSignatureKey(jobId), saved),
  });
}
