import { recordKeys } from '../../../lib/record-keys';

const records = recordKeys('customers');

/** Query keys of the customer feature; a customer's locations sit under the customer. */
export const customerKeys = {
  ...records,
  locations: (customerId: string) => [...records.detail(customerId), 'locations'] as const,
};
