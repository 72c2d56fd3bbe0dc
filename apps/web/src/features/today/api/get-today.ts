import type { Today } from '@fieldbook/domain';
import { queryOptions } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client';

export interface DayParams {
  /** YYYY-MM-DD; the organisation's today when left out. */
  date?: string | undefined;
  /** Whose day; a Technician always gets their own. */
  technician?: string | undefined;
}

/** GET /today: a technician's visits on a day. The route's loader reads it afresh on every visit. */
export function todayQueryOptions({ date, technician }: DayParams) {
  const search = new URLSearchParams();
  if (date) search.set('date', date);
  if (technician) search.set('technician', technician);
  const query = search.toString();
  return queryOptions({
    queryKey: ['today', date ?? null, technician ?? null] as const,
    queryFn: () => apiFetch<Today>(`/today${query ? `?${query}` : ''}`),
  });
}
