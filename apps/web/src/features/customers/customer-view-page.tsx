import type { Customer } from '@fieldbook/domain';
import { Anchor } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useNavigate, useParams } from 'react-router';
import { useNotify } from '../../components/notices';
import { PageHeading } from '../../components/page-heading';
import { QueryBoundary } from '../../components/query-boundary';
import { deleteAction, editAction } from '../../components/record-actions';
import { RecordDetails } from '../../components/record-details';
import { RecordViewer } from '../../components/record-viewer';
import { paths } from '../../lib/paths';
import { CustomerInvoicesPanel } from '../invoices';
import { CustomerJobsPanel } from '../jobs';
import { useDeleteCustomer } from './api/delete-customer';
import { customerQueryOptions } from './api/get-customer';
import { customerLocationsQueryOptions } from './api/get-customer-locations';
import { CustomerLocations } from './customer-locations';

/** customers/{id}: the customer, its locations, jobs and invoices. The route's loader fetches them afresh. */
export function CustomerViewPage() {
  const { id = '' } = useParams();
  return (
    <QueryBoundary query={useQuery(customerQueryOptions(id))} header={<PageHeading>Customer</PageHeading>}>
      {(customer) => <CustomerViewer customer={customer} />}
    </QueryBoundary>
  );
}

/**
 * The delete question: the server deletes the customer's locations with it, so it says how many go too
 * ('and any locations it has' while they are not known).
 */
function deleteCustomerQuestion(name: string, locations: { total: number } | undefined): string {
  const question = `Delete customer ${name}`;
  if (!locations) return `${question} and any locations it has?`;
  if (locations.total === 0) return `${question}?`;
  return locations.total === 1
    ? `${question} and its location?`
    : `${question} and its ${locations.total} locations?`;
}

function CustomerViewer({ customer }: { customer: Customer }) {
  const navigate = useNavigate();
  const notify = useNotify();
  const deletion = useDeleteCustomer(customer.id);
  const locations = useQuery(customerLocationsQueryOptions(customer.id));
  const { id, name, number, billingAddress, billingEmail, billingPhone, billingFax, website, notes } =
    customer;
  return (
    <RecordViewer
      title={name}
      buttons={[editAction(paths.customers.edit.href(id))]}
      menu={[
        deleteAction({
          question: deleteCustomerQuestion(name, locations.data),
          deletion,
          onDeleted: () => {
            notify('Customer deleted.');
            void navigate(paths.customers.search);
          },
        }),
      ]}
      actionError={deletion.error}
    >
      <RecordDetails
        rows={[
          { label: 'Number', value: number },
          { label: 'Billing address', value: billingAddress },
          {
            label: 'Email',
            value: billingEmail && <Anchor href={`mailto:${billingEmail}`}>{billingEmail}</Anchor>,
          },
          { label: 'Phone', value: billingPhone },
          { label: 'Fax', value: billingFax, optional: true },
          { label: 'Website', value: website && <WebsiteLink url={website} />, optional: true },
          { label: 'Notes', value: notes, optional: true },
        ]}
      />
      <CustomerLocations customerId={id} />
      <CustomerJobsPanel customerId={id} />
      <CustomerInvoicesPanel customerId={id} />
    </RecordViewer>
  );
}

/** A website as typed ('acme.com.au' or 'https://acme.com.au'), opened in a new tab. */
function WebsiteLink({ url }: { url: string }) {
  const href = /^https?:\/\//i.test(url) ? url : `https://${url}`;
  return (
    <Anchor href={href} target="_blank" rel="noopener noreferrer">
      {url}
    </Anchor>
  );
}
