import type { CustomerLocation } from '@fieldbook/domain';
import { queryOptions } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client';
import { locationKeys } from './location-keys';

/** GET /locations/{id}: the location with its customer's id and name. */
export function getLocation(id: string): Promise<CustomerLocation> {
  return apiFetch<CustomerLocation>(`/locations/${encodeURIComponent(id)}`);
}

export function locationQueryOptions(id: string) {
  return queryOptions({ queryKey: locationKeys.detail(id), queryFn: () => getLocation(id) });
}
