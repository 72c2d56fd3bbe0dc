import { recordKeys } from '../../../lib/record-keys';

/** Query keys of quotes. */
export const quoteKeys = recordKeys('quotes');
