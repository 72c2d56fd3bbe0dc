import { type Customer, isUuid } from '@fieldbook/domain';
import type { Tx } from '../../platform/db/database.ts';
import { notFound } from '../../platform/http/errors.ts';
import { findCustomer } from '../customers/index.ts';
import { readDetails } from '../organisation/index.ts';
import type { CustomerOwing } from '../receivables/index.ts';
import { type DocumentSource, documentFailed, sourceOf } from './documents.ts';
import { statementOf } from './statement-data.ts';

/**
 * A customer's statement as at `asAt` (default today in the organisation's zone) with the organisation's default
 * statement template, read in the caller's transaction: the customer (404 for another organisation's), its open
 * invoices and aged totals as the receivables report adds them up (`readCustomerOwing`).
 */
export async function readStatementSource(
  tx: Tx,
  tenantId: string,
  customerId: string,
  asAt?: string,
): Promise<{ customer: Customer; owing: CustomerOwing; source: DocumentSource }> {
  if (!isUuid(customerId)) throw notFound('customer');
  const customer = await findCustomer(tx, tenantId, customerId);
  const details = await readDetails(tx, tenantId, 'statement');
  if (details.templateBody === null)
    throw documentFailed(
      'The organisation has no statement template yet. Choose one in Settings > Organisation.',
    );
  const { owing, statement } = await statementOf(tx, tenantId, customer, asAt);
  const source = sourceOf(tenantId, 'statement', details, { data: { statement }, images: {} });
  return { customer, owing, source };
}
