import { recordKeys } from '../../../lib/record-keys';

/** Query keys of locations: a customer's locations are one of their lists, so any save reloads them. */
export const locationKeys = recordKeys('locations');
