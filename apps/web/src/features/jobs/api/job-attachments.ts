import type { JobAttachment } from '@fieldbook/domain';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { apiFetch, apiFetchBlob } from '../../../lib/api-client';
import { jobKeys } from './job-keys';

const attachmentsPath = (jobId: string) => `/jobs/${encodeURIComponent(jobId)}/attachments`;
export const attachmentPath = (jobId: string, attachmentId: string) =>
  `${attachmentsPath(jobId)}/${encodeURIComponent(attachmentId)}`;
export const jobAttachmentsKey = (jobId: string) => [...jobKeys.detail(jobId), 'attachments'] as const;

/** GET /jobs/{id}/attachments: the job's photos and files, newest first. */
export const jobAttachmentsQueryOptions = (jobId: string) =>
  queryOptions({
    queryKey: jobAttachmentsKey(jobId),
    queryFn: () => apiFetch<JobAttachment[]>(attachmentsPath(jobId)),
  });

/** A file's name as it is sent: a phone's camera may give none. */
export const uploadName = (file: File) => file.name || 'photo.jpg';

/**
 * POST /jobs/{id}/attachments: one file, its bytes as the body and its name in the query, with one Idempotency-Key
 * per file: sent again after no answer, it is added once. The request of a file sent at once and of its resend from
 * the device (`sendAction`).
 */
export const addAttachment = (jobId: string, file: Blob, filename: string, key: string) =>
  apiFetch<JobAttachment>(`${attachmentsPath(jobId)}?filename=${encodeURIComponent(filename)}`, {
    method: 'POST',
    body: file,
    headers: { 'Content-Type': file.type || 'application/octet-stream' },
    idempotencyKey: key,
  });

/** `addAttachment` from the file picker. */
export function useAddAttachment(jobId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ file, key }: { file: File; key: string }) =>
      addAttachment(jobId, file, uploadName(file), key),
    onSettled: () => queryClient.invalidateQueries({ queryKey: jobAttachmentsKey(jobId) }),
  });
}

/** DELETE /jobs/{id}/attachments/{attachmentId}. */
export function useDeleteAttachment(jobId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (attachmentId: string) =>
      apiFetch<void>(attachmentPath(jobId, attachmentId), { method: 'DELETE' }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: jobAttachmentsKey(jobId) }),
  });
}

/**
 * An object URL of a file the API serves (an `<img>` cannot send the bearer token): fetched once per path and
 * kept while the screen shows it; undefined while it loads; null when it could not be read.
 */
export function useFileUrl(path: string | null): string | null | undefined {
  const blob = useQuery({
    queryKey: ['file', path],
    queryFn: () => apiFetchBlob(path as string),
    enabled: path !== null,
    staleTime: Number.POSITIVE_INFINITY,
  });
  const [url, setUrl] = useState<string | undefined>();
  useEffect(() => {
    if (!blob.data) return;
    const made = URL.createObjectURL(blob.data);
    setUrl(made);
    return () => URL.revokeObjectURL(made);
  }, [blob.data]);
  if (blob.isError) return null;
  return url;
}
