import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useRef } from 'react';
import { ApiRequestError, NetworkError } from './api-client';
import type { RecordKeys } from './record-keys';

/** What a save of an existing record carries besides its fields: its id and the `updated` that was read. */
export interface RecordVersion {
  id: string;
  updated: string;
}

/**
 * The Idempotency-Key of a form's submission: the same fields sent again (Save or Send pressed after a lost
 * answer) get the same key, so the server does the work once; changed fields, or any fields after `done()` (the
 * submission succeeded), get a new one. But after a send that got no answer (`send` saw a `NetworkError`), the
 * key stays until an answer comes, even for changed fields: the first send may have done the work, and the server
 * then refuses the changed fields (409, saying it was done) rather than doing it twice. A create's key then stays,
 * so the server keeps saying so; a save's (`renewAfterReuse`) goes: the form starts over from the record that first
 * save made, and its next save is a new submission.
 */
export function useSubmissionKey({ renewAfterReuse = false }: { renewAfterReuse?: boolean } = {}) {
  const submission = useRef<{ fields: string; key: string; unanswered: boolean } | null>(null);
  const keyFor = (fields: unknown): string => {
    const sent = JSON.stringify(fields);
    const current = submission.current;
    submission.current =
      current && (current.fields === sent || current.unanswered)
        ? { ...current, fields: sent }
        : { fields: sent, key: crypto.randomUUID(), unanswered: false };
    return submission.current.key;
  };
  return {
    keyFor,
    /** Sends the fields with their key (`run`), noting a send that got no answer. */
    async send<T>(fields: unknown, run: (key: string) => Promise<T>): Promise<T> {
      const key = keyFor(fields);
      try {
        return await run(key);
      } catch (error) {
        const current = submission.current;
        const reused = error instanceof ApiRequestError && error.status === 409;
        // No answer: the key stays. A 409 (the key's work was done with other fields) keeps saying so.
        if (current && !reused) current.unanswered = error instanceof NetworkError;
        if (reused && renewAfterReuse && error.reason === 'IDEMPOTENCY_REUSED') submission.current = null;
        throw error;
      }
    },
    done(): void {
      submission.current = null;
    },
  };
}

/**
 * Creates a record with one Idempotency-Key per submission: Save pressed again on the same fields (after a
 * lost answer, a timeout, the network coming back) sends the same key, so the server creates nothing new and
 * answers with the record it made; changed fields are a new submission with a new key. The new record goes
 * into the cache, so its viewer shows at once, and the lists reload.
 */
export function useCreateRecord<Fields, Saved extends { id: string }>(
  keys: RecordKeys,
  create: (fields: Fields, idempotencyKey: string) => Promise<Saved>,
) {
  const queryClient = useQueryClient();
  const submission = useSubmissionKey();
  return useMutation({
    mutationFn: (fields: Fields) => submission.send(fields, (key) => create(fields, key)),
    onSuccess: (saved) => {
      submission.done();
      queryClient.setQueryData(keys.detail(saved.id), saved);
      return queryClient.invalidateQueries({ queryKey: keys.lists() });
    },
  });
}

/**
 * Saves the fields over the version of the record that was read: its `updated` goes with them, so a record
 * someone has changed since is the server's 409 CONFLICT, never a silent overwrite. One Idempotency-Key per
 * submission, as a create's (`useSubmissionKey`): Save pressed again after a lost answer gets the first save's
 * answer back, not a 409 for the user's own first save; changed fields after a send that got no answer are the
 * server's 409 `IDEMPOTENCY_REUSED` (the first save went through).
 */
export function useUpdateRecord<Fields, Saved extends { id: string }>(
  // Fields and Saved are named by the caller: `useUpdateRecord<CustomerFields, Customer>(…)`.
  keys: RecordKeys,
  read: RecordVersion,
  update: (id: string, record: NoInfer<Fields> & RecordVersion, idempotencyKey: string) => Promise<Saved>,
) {
  const queryClient = useQueryClient();
  const submission = useSubmissionKey({ renewAfterReuse: true });
  return useMutation({
    mutationFn: (fields: Fields) => {
      const record = { ...fields, id: read.id, updated: read.updated };
      return submission.send(record, (key) => update(read.id, record, key));
    },
    onSuccess: (saved) => {
      submission.done();
      queryClient.setQueryData(keys.detail(saved.id), saved);
      return queryClient.invalidateQueries({ queryKey: keys.lists() });
    },
  });
}

/**
 * Deletes the record and reloads the lists. The viewer that asked still shows the record until it navigates
 * away, so its cache entry is left to expire rather than removed (which would refetch it, for a 404).
 */
export function useDeleteRecord(keys: RecordKeys, id: string, remove: (id: string) => Promise<void>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => remove(id),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: keys.lists() }),
  });
}
