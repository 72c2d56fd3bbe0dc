import type { CustomerLocation, LocationFields } from '@fieldbook/domain';
import { apiFetch } from '../../../lib/api-client';
import { type RecordVersion, useUpdateRecord } from '../../../lib/record-mutations';
import { locationKeys } from './location-keys';

/** PUT /locations/{id} with its fields and the `updated` that was read; a newer location is a 409. */
export function updateLocation(
  id: string,
  location: LocationFields & RecordVersion,
  idempotencyKey?: string,
): Promise<CustomerLocation> {
  return apiFetch<CustomerLocation>(`/locations/${encodeURIComponent(id)}`, {
    method: 'PUT',
    json: location,
    idempotencyKey,
  });
}

/** Saves over `read`, the version the editor started from. */
export const useUpdateLocation = (read: RecordVersion) =>
  useUpdateRecord<LocationFields, CustomerLocation>(locationKeys, read, updateLocation);
