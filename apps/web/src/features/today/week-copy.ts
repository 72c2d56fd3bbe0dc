import { addDays, calendarDateIn, type Job } from '@fieldbook/domain';
import type { FetchQueryOptions, QueryClient, QueryKey } from '@tanstack/react-query';
import { apiFetchBlob } from '../../lib/api-client';
import {
  attachmentPath,
  jobAttachmentsQueryOptions,
  jobDeparturesQueryOptions,
  jobNotesQueryOptions,
  jobQueryOptions,
  jobSignatureQueryOptions,
} from '../jobs';
import type { Owner, SavedQuery, WeekCopy } from '../offline';
import { membershipQueryOptions } from '../team';
import { todayQueryOptions } from './api/get-today';

/** Today and the next 7 days. */
export const DAYS_KEPT = 8;
/** Reads at once while the week is copied: the office's screens are not slowed by a technician's phone. */
const AT_ONCE = 3;

/**
 * Reads a technician's week as their screens read it (the same query keys: Today without a date for today, each
 * next day by its date, each visit's job, notes, photos with their thumbnails, sign-off and "On my way"), for the
 * device to keep. Each read goes through the query client, so what a screen read a moment ago is not read again.
 */
export async function copyWeek(
  queryClient: QueryClient,
  owner: Owner,
  profile: Record<string, unknown>,
  tenantId: string,
): Promise<WeekCopy> {
  const queries: SavedQuery[] = [];
  const savedAt = Date.now();
  const read = async <T, K extends QueryKey>(options: FetchQueryOptions<T, Error, T, K>): Promise<T> => {
    const data = await queryClient.fetchQuery({ ...options, staleTime: 30_000 });
    queries.push({ key: options.queryKey, data });
    return data;
  };
  const membership = await read(membershipQueryOptions(tenantId));
  const today = calendarDateIn(membership.timeZone);
  const days = await inTurn(
    Array.from({ length: DAYS_KEPT }, (_, index) => index),
    (index) => read(todayQueryOptions({ date: index === 0 ? undefined : addDays(today, index) })),
  );
  const jobs = new Map<string, Job>();
  for (const day of days) for (const visit of day.visits) jobs.set(visit.job.id, visit.job);
  await inTurn([...jobs.values()], async (job) => {
    queries.push({ key: jobQueryOptions(job.id).queryKey, data: job });
    await read(jobNotesQueryOptions(job.id));
    await read(jobSignatureQueryOptions(job.id));
    await read(jobDeparturesQueryOptions(job.id));
    const files = await read(jobAttachmentsQueryOptions(job.id));
    for (const file of files) {
      if (!file.thumbnail) continue;
      const path = `${attachmentPath(job.id, file.id)}/thumbnail`;
      // The key and the read of `useFileUrl`: a thumbnail is a blob, which IndexedDB keeps as it is.
      await read({ queryKey: ['file', path], queryFn: () => apiFetchBlob(path) });
    }
  });
  return { owner, savedAt, profile, queries };
}

/** Runs `work` over `items`, a few at a time, in their order; the answers in the same order. */
async function inTurn<T, R>(items: T[], work: (item: T) => Promise<R>): Promise<R[]> {
  const answers: R[] = new Array(items.length);
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const index = next++;
      answers[index] = await work(items[index] as T);
    }
  };
  await Promise.all(Array.from({ length: Math.min(AT_ONCE, items.length) }, worker));
  return answers;
}

/**
 * Puts a copy into the query client, as read at `savedAt`, where the client has nothing newer: the screens show it
 * at once, and read it again from the server when there is one. Today's key (no date) is the day it is now: a copy
 * made yesterday shows today's visits from yesterday's "tomorrow".
 */
export function restoreCopy(queryClient: QueryClient, copy: WeekCopy, today: string | null): void {
  const restore = (key: QueryKey, data: unknown) => {
    if ((queryClient.getQueryState(key)?.dataUpdatedAt ?? 0) >= copy.savedAt) return;
    queryClient.setQueryData(key, data, { updatedAt: copy.savedAt });
  };
  for (const { key, data } of copy.queries) restore(key, data);
  const dated = copy.queries.find(({ key }) => key[0] === 'today' && key[1] === today && key[2] === null);
  if (dated) restore(['today', null, null], dated.data);
}
