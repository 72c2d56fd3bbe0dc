import type { Signature, SignatureFields } from '@fieldbook/domain';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { ApiRequestError, apiFetch } from '../../../lib/api-client';
import { jobKeys } from './job-keys';

const signaturePath = (jobId: string) => `/jobs/${encodeURIComponent(jobId)}/signature`;
export const jobSignatureKey = (jobId: string) => [...jobKeys.detail(jobId), 'signature'] as const;

/** GET /jobs/{id}/signature: the customer's sign-off, or null when none was taken (404). */
export const jobSignatureQueryOptions = (jobId: string) =>
  queryOptions({
    queryKey: jobSignatureKey(jobId),
    queryFn: async () => {
      try {
        return await apiFetch<Signature>(signaturePath(jobId));
      } catch (error) {
        if (error instanceof ApiRequestError && error.status === 404) return null;
        throw error;
      }
    },
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
