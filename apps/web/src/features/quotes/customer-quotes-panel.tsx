import { useQuery } from '@tanstack/react-query';
import { RecordTable } from '../../components/list/record-table';
import { LoadErrorAlert } from '../../components/load-error-alert';
import { RelatedRecords } from '../../components/related-records';
import { SectionLoader } from '../../components/section-loader';
import { paths, withQuery } from '../../lib/paths';
import { customerQuotesQueryOptions } from './api/get-quotes';
import { customerQuoteColumns } from './quote-columns';

/** A customer's quotes (up to 100), for the customer viewer, with 'New quote' for that customer. */
export function CustomerQuotesPanel({ customerId }: { customerId: string }) {
  // The viewer's route loader starts this query with the customer's (customerQuotesQueryOptions).
  const quotes = useQuery(customerQuotesQueryOptions(customerId));
  return (
    <RelatedRecords
      title="Quotes"
      action={{ label: 'New quote', to: withQuery(paths.sales.newQuote, { customer: customerId }) }}
    >
      {quotes.isPending ? (
        <SectionLoader />
      ) : quotes.isError ? (
        <LoadErrorAlert error={quotes.error} />
      ) : (
        <RecordTable
          label="Quotes"
          columns={customerQuoteColumns}
          rows={quotes.data.items}
          rowKey={(quote) => quote.id}
          emptyText="No quotes found."
        />
      )}
    </RelatedRecords>
  );
}
