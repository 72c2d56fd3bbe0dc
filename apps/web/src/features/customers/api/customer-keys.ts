import { recordKeys } from '../../../lib/record-keys';

/** Query keys of customers. */
export const customerKeys = recordKeys('customers');
