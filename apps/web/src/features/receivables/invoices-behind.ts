import { type AgeingBucket, bucketDueDates } from '@fieldbook/domain';
import { paths, withQuery } from '../../lib/paths';

/** Which of the report's figures: a customer's (or all customers' when none), in a column (or the Total column). */
export interface FigureOf {
  asAt: string;
  customerId?: string;
  bucket?: AgeingBucket;
}

/** The due dates as the invoice list's query reads them: a range, or one open end. */
function dueTerm({ from, to }: { from: string | null; to: string | null }): string | undefined {
  if (from && to) return `due:[${from} TO ${to}]`;
  if (from) return `due:>=${from}`;
  if (to) return `due:<=${to}`;
  return undefined;
}

/**
 * The invoice list's `q` for the invoices behind a figure of the report: Sent ones dated by the report's date with an
 * amount due (what the report adds up), of the customer, due on the column's dates as at the report's date
 * (`bucketDueDates`).
 */
export function invoicesBehindQuery({ asAt, customerId, bucket }: FigureOf): string {
  const terms = [
    customerId && `customer.id:${customerId}`,
    'status:OPEN_SENT',
    'amountDue:>0',
    `date:<=${asAt}`,
    bucket && dueTerm(bucketDueDates(bucket, asAt)),
  ];
  return terms.filter(Boolean).join(' AND ');
}

/** The invoice list showing the invoices behind a figure. */
export const invoicesBehindHref = (figure: FigureOf): string =>
  withQuery(paths.sales.invoicesSearch, { q: invoicesBehindQuery(figure) });
