import { recordKeys } from '../../../lib/record-keys';

/** Query keys of the organisation's tax rates. */
export const taxRateKeys = recordKeys('tax-rates');
