import { recordKeys } from '../../../lib/record-keys';

/** Query keys of sales invoices. */
export const invoiceKeys = recordKeys('invoices');
