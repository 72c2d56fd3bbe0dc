import { useQuery } from '@tanstack/react-query';
import { RecordTable } from '../../components/list/record-table';
import { LoadErrorAlert } from '../../components/load-error-alert';
import { RelatedRecords } from '../../components/related-records';
import { SectionLoader } from '../../components/section-loader';
import { paths, withQuery } from '../../lib/paths';
import { customerInvoicesQueryOptions } from './api/get-invoices';
import { customerInvoiceColumns } from './invoice-columns';

/** A customer's invoices (up to 100), for the customer viewer, with 'New invoice' for that customer. */
export function CustomerInvoicesPanel({ customerId }: { customerId: string }) {
  // The viewer's route loader starts this query with the customer's (customerInvoicesQueryOptions).
  const invoices = useQuery(customerInvoicesQueryOptions(customerId));
  return (
    <RelatedRecords
      title="Invoices"
      action={{ label: 'New invoice', to: withQuery(paths.sales.newInvoice, { customerId }) }}
    >
      {invoices.isPending ? (
        <SectionLoader />
      ) : invoices.isError ? (
        <LoadErrorAlert error={invoices.error} />
      ) : (
        <RecordTable
          label="Invoices"
          columns={customerInvoiceColumns}
          rows={invoices.data.items}
          rowKey={(invoice) => invoice.id}
          emptyText="No invoices found."
        />
      )}
    </RelatedRecords>
  );
}
