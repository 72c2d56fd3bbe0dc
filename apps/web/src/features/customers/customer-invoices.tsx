import { Text } from '@mantine/core';
import { RelatedRecords } from '../../components/related-records';
import { paths, withQuery } from '../../lib/paths';

/**
 * The customer's invoices (up to 100). The invoices API does not exist yet: the invoices issue wires this
 * table to GET /sales/invoices?q=customer.id:{id}&s=100. Until then it shows the empty state and calls nothing.
 */
export function CustomerInvoices({ customerId }: { customerId: string }) {
  return (
    <RelatedRecords
      title="Invoices"
      action={{ label: 'New invoice', to: withQuery(paths.sales.newInvoice, { customerId }) }}
    >
      <Text c="dimmed">No invoices found.</Text>
    </RelatedRecords>
  );
}
