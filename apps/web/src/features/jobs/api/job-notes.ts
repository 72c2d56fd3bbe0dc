import type { JobNote, JobNoteFields, JobNoteUpdate } from '@fieldbook/domain';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client';
import { jobKeys } from './job-keys';

const notesPath = (jobId: string) => `/jobs/${encodeURIComponent(jobId)}/notes`;
const notePath = (jobId: string, noteId: string) => `${notesPath(jobId)}/${encodeURIComponent(noteId)}`;

/** The query key of a job's notes. */
export const jobNotesKey = (jobId: string) => [...jobKeys.detail(jobId), 'notes'] as const;

/** GET /jobs/{id}/notes: every note of the job, newest first. */
export const jobNotesQueryOptions = (jobId: string) =>
  queryOptions({
    queryKey: jobNotesKey(jobId),
    queryFn: () => apiFetch<JobNote[]>(notesPath(jobId)),
  });

/** The job's notes are read again after any change to one. */
function useNoteMutation<Variables, Result>(jobId: string, send: (variables: Variables) => Promise<Result>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: send,
    onSettled: () => queryClient.invalidateQueries({ queryKey: jobNotesKey(jobId) }),
  });
}

/**
 * POST /jobs/{id}/notes, with one Idempotency-Key per note: a retry on a bad connection adds it once. The request of
 * a note sent at once and of its resend from the device (`sendAction`).
 */
export const addNote = (jobId: string, fields: JobNoteFields, key: string) =>
  apiFetch<JobNote>(notesPath(jobId), { method: 'POST', json: fields, idempotencyKey: key });

/** `addNote` from a form. */
export const useAddJobNote = (jobId: string) =>
  useNoteMutation(jobId, ({ fields, key }: { fields: JobNoteFields; key: string }) =>
    addNote(jobId, fields, key),
  );

/** PUT /jobs/{id}/notes/{noteId}, over the version read. */
export const useSaveJobNote = (jobId: string) =>
  useNoteMutation(jobId, ({ noteId, update }: { noteId: string; update: JobNoteUpdate }) =>
    apiFetch<JobNote>(notePath(jobId, noteId), { method: 'PUT', json: update }),
  );

/** DELETE /jobs/{id}/notes/{noteId} (Owners). */
export const useDeleteJobNote = (jobId: string) =>
  useNoteMutation(jobId, (noteId: string) => apiFetch<void>(notePath(jobId, noteId), { method: 'DELETE' }));
