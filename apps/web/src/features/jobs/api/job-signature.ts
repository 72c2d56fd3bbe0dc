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

/** PUT /jobs/{id}/signature. */
export function useTakeSignature(jobId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (fields: SignatureFields) =>
      apiFetch<Signature>(signaturePath(jobId), { method: 'PUT', json: fields }),
    onSuccess: (saved) => queryClient.setQueryData(jobSignatureKey(jobId), saved),
  });
}
