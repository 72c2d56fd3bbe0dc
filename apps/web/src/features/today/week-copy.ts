import { addDays, calendarDateIn, type Job, type Today } from '@fieldbook/domain';
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
import type { ActionBody, Owner, SavedQuery, WeekCopy } from '../offline';
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

const sameKey = (one: QueryKey, other: QueryKey) => JSON.stringify(one) === JSON.stringify(other);

/** A record first in its list (newest first), in place of an older copy of it. */
const first = (list: unknown, record: { id: string }) => [
  record,
  ...(Array.isArray(list) ? list.filter((item: { id?: string }) => item.id !== record.id) : []),
];

/** The newer of two copies of a job, by the `updated` the server stamps on each save. */
const newer = (kept: Job, answer: Job) =>
  Date.parse(answer.updated) >= Date.parse(kept.updated) ? answer : kept;

/**
 * The copy with the server's answer to an action on one of its jobs (sent straight away or sent from the device), so
 * that the app started offline later shows the job as the server has it: a status change's job on its visit and on
 * its day, a note, an On my way, a sign-off in their lists. A photo comes with the next read of the week, which has
 * its thumbnail. The same copy when the answer changes nothing in it.
 */
export function withAnswer(copy: WeekCopy, jobId: string, action: ActionBody, answer: unknown): WeekCopy {
  if (answer === null || typeof answer !== 'object') return copy;
  const update = (key: QueryKey, data: unknown): unknown => {
    switch (action.type) {
      case 'status': {
        const job = answer as Job;
        if (sameKey(key, jobQueryOptions(jobId).queryKey)) return newer(data as Job, job);
        if (key[0] !== 'today') return data;
        const day = data as Today;
        const visits = day.visits.map((visit) =>
          visit.job.id === jobId && newer(visit.job, job) === job ? { ...visit, job } : visit,
        );
        return visits.every((visit, index) => visit === day.visits[index]) ? data : { ...day, visits };
      }
      case 'note':
        return sameKey(key, jobNotesQueryOptions(jobId).queryKey)
          ? first(data, answer as { id: string })
          : data;
      case 'departure':
        return sameKey(key, jobDeparturesQueryOptions(jobId).queryKey)
          ? first(data, answer as { id: string })
          : data;
      case 'signature':
        return sameKey(key, jobSignatureQueryOptions(jobId).queryKey) ? answer : data;
      case 'photo':
        return data;
    }
  };
  let changed = false;
  const queries = copy.queries.map((query) => {
    const data = update(query.key, query.data);
    if (data === query.data) return query;
    changed = true;
    return { key: query.key, data };
  });
  return changed ? { ...copy, queries } : copy;
}
