import type { CustomerLocation, LocationFields } from '@fieldbook/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client';
import { customerKeys } from './customer-keys';

/** POST /locations/: a new location of the customer named in `customer.id`. */
export function createLocation(fields: LocationFields, idempotencyKey: string): Promise<CustomerLocation> {
  return apiFetch<CustomerLocation>('/locations/', { method: 'POST', json: fields, idempotencyKey });
}

export function useCreateLocation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (fields: LocationFields) => createLocation(fields, crypto.randomUUID()),
    onSuccess: (_location, fields) =>
      queryClient.invalidateQueries({ queryKey: customerKeys.locations(fields.customer.id) }),
  });
}
