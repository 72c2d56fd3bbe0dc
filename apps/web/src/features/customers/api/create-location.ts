import {
  type CustomerLocation,
  type FieldError,
  type LocationFields,
  locationMessages,
} from '@fieldbook/domain';
import { ApiRequestError, apiFetch } from '../../../lib/api-client';
import { useCreateRecord } from '../../../lib/record-mutations';
import { locationKeys } from './location-keys';

/** POST /locations/: a new location of the customer named in `customer.id`. */
export function createLocation(fields: LocationFields, idempotencyKey: string): Promise<CustomerLocation> {
  return apiFetch<CustomerLocation>('/locations/', { method: 'POST', json: fields, idempotencyKey });
}

/**
 * The server's refusal of the customer a location is added to, from that customer's page: the page read the
 * customer, so it has been deleted since, and the refusal says so plainly (no field of the form to correct).
 */
function customerDeleted(error: unknown, customerName: string | undefined): unknown {
  if (!(error instanceof ApiRequestError) || typeof error.body === 'string') return error;
  const gone = (fieldError: FieldError) =>
    fieldError.field === 'customer.id' && fieldError.message === locationMessages.noSuchCustomer;
  if (!error.fieldErrors.some(gone)) return error;
  return new ApiRequestError(error.status, {
    ...error.body,
    message: locationMessages.customerDeleted(customerName),
    fieldErrors: error.fieldErrors.filter((fieldError) => !gone(fieldError)),
  });
}

/** Adds a location to `customerName`'s customer, from its page. */
export const useCreateLocation = (customerName?: string) =>
  useCreateRecord(locationKeys, (fields: LocationFields, key: string) =>
    createLocation(fields, key).catch((error: unknown) => {
      throw customerDeleted(error, customerName);
    }),
  );
