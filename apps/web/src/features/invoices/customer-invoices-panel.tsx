import { Text } from '@mantine/core';
import { RelatedRecords } from '../../components/related-records';
import { paths, withQuery } from '../../lib/paths';

/**
 * A customer's invoices (up to 100), for the customer viewer. The invoices API does not exist yet: the invoices
 * issue wires this table to GET /sales/invoices?q=customer.id:{id}&s=100 and exports its query options for the
 * viewer's loader. Until then it shows the empty state and calls nothing.
 */
export function CustomerInvoicesPanel({ customerId }: { customerId: string }) {
  return (
    <RelatedRecords
      title="Invoices"
      action={{ label: 'New invoice', to: withQuery(paths.sales.newInvoice, { customerId }) }}
    >
      <Text c="dimmed">No invoices found.</Text>
    </RelatedRecords>
  );
}
