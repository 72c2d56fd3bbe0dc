import type { JobPriority, Technician, Territory } from '@fieldbook/domain';
import { queryOptions } from '@tanstack/react-query';
import { apiFetch, apiFetchList } from '../../../lib/api-client';
import { listRequestPath } from '../../../lib/list-params';

/** The job editor preloads up to this many territories (spec section 2). */
const TERRITORIES_LIMIT = 100;

/** GET /job-priorities: every priority, in order (Low, Normal, High, Urgent). */
export const jobPrioritiesQueryOptions = () =>
  queryOptions({
    queryKey: ['job-priorities'],
    queryFn: () => apiFetch<JobPriority[]>('/job-priorities'),
    staleTime: 5 * 60_000,
  });

/** GET /territories?q=*&p=1&s=100: the territories a job may be in. */
export const territoriesQueryOptions = () =>
  queryOptions({
    queryKey: ['territories', 'all'],
    queryFn: async () =>
      (await apiFetchList<Territory>(listRequestPath('/territories', { q: '*', p: 1, s: TERRITORIES_LIMIT })))
        .items,
    staleTime: 5 * 60_000,
  });

/** The most technicians a job editor offers (the scheduler's rows: a handful). */
const TECHNICIANS_LIMIT = 100;

/** GET /technicians?q=*&p=1&s=100: the technicians a job may be assigned to, retired ones included (marked). */
export const techniciansQueryOptions = () =>
  queryOptions({
    queryKey: ['technicians', 'all'],
    queryFn: async () =>
      (
        await apiFetchList<Technician>(
          listRequestPath('/technicians', { q: '*', p: 1, s: TECHNICIANS_LIMIT }),
        )
      ).items,
    staleTime: 60_000,
  });
