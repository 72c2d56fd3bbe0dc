import { recordKeys } from '../../../lib/record-keys';

/** Query keys of the item catalogue. */
export const itemKeys = recordKeys('items');
