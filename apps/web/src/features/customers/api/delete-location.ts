import { apiFetch } from '../../../lib/api-client';
import { useDeleteRecord } from '../../../lib/record-mutations';
import { locationKeys } from './location-keys';

/** DELETE /locations/{id}; a location with jobs is a 409. */
export function deleteLocation(id: string): Promise<void> {
  return apiFetch<void>(`/locations/${encodeURIComponent(id)}`, { method: 'DELETE' });
}

export const useDeleteLocation = (id: string) => useDeleteRecord(locationKeys, id, deleteLocation);
