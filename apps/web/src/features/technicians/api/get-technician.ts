import type { Technician } from '@fieldbook/domain';
import { queryOptions } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client';
import { technicianKeys } from './technician-keys';

/** GET /technicians/{id}. */
export function getTechnician(id: string): Promise<Technician> {
  return apiFetch<Technician>(`/technicians/${encodeURIComponent(id)}`);
}

export function technicianQueryOptions(id: string) {
  return queryOptions({ queryKey: technicianKeys.detail(id), queryFn: () => getTechnician(id) });
}
