import type { Technician } from '@fieldbook/domain';
import { queryOptions } from '@tanstack/react-query';
import { apiFetchList, type ListPage } from '../../../lib/api-client';
import { type ListParams, listRequestPath } from '../../../lib/list-params';
import { technicianKeys } from './technician-keys';

/** GET /technicians?q&p&s: one page of the technicians, by name, and the total. */
export function getTechnicians(params: ListParams): Promise<ListPage<Technician>> {
  return apiFetchList<Technician>(listRequestPath('/technicians', params));
}

/** Re-evaluated on every navigation (stale at once). */
export function techniciansQueryOptions(params: ListParams) {
  return queryOptions({
    queryKey: technicianKeys.list(params),
    queryFn: () => getTechnicians(params),
    staleTime: 0,
  });
}

/** A job is assigned to one of up to this many (the scheduler's rows: a handful). */
const TECHNICIAN_CHOICES = 100;

/** The organisation's technicians, retired ones included (a job keeps its own), as a job's choices. */
export const technicianChoicesQueryOptions = () =>
  techniciansQueryOptions({ q: '*', p: 1, s: TECHNICIAN_CHOICES });

/** The technicians who take new jobs (not retired), as choices for a new link to one (a Technician member's). */
export const activeTechnicianChoicesQueryOptions = () =>
  techniciansQueryOptions({ q: 'retired:false', p: 1, s: TECHNICIAN_CHOICES });
