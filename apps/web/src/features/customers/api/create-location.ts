import type { CustomerLocation, LocationFields } from '@fieldbook/domain';
import { apiFetch } from '../../../lib/api-client';
import { useCreateRecord } from '../../../lib/record-mutations';
import { locationKeys } from './location-keys';

/** POST /locations/: a new location of the customer named in `customer.id`. */
export function createLocation(fields: LocationFields, idempotencyKey: string): Promise<CustomerLocation> {
  return apiFetch<CustomerLocation>('/locations/', { method: 'POST', json: fields, idempotencyKey });
}

export const useCreateLocation = () => useCreateRecord(locationKeys, createLocation);
