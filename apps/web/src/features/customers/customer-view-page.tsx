import type { Customer } from '@fieldbook/domain';
import { Anchor } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useNavigate, useParams } from 'react-router';
import { type Crumb, PageBreadcrumbs } from '../../components/breadcrumbs';
import { AddressLink, EmailLink, PhoneLink } from '../../components/contact-links';
import { PageHeading } from '../../components/page-heading';
import { QueryBoundary } from '../../components/query-boundary';
import { deleteAction, editAction } from '../../components/record-actions';
import { RecordDetails } from '../../components/record-details';
import { RecordViewer } from '../../components/record-viewer';
import { countText, type ListCount } from '../../lib/list-count';
import { paths } from '../../lib/paths';
import { CustomerInvoicesPanel } from '../invoices';
import { CustomerJobsPanel } from '../jobs';
import { CustomerQuotesPanel } from '../quotes';
import { useDeleteCustomer } from './api/delete-customer';
import { customerQueryOptions } from './api/get-customer';
import { customerLocationsQueryOptions } from './api/get-customer-locations';
import { CustomerLocations } from './customer-locations';
import { useStatementActions } from './customer-statement';

/** Home › Customers › the customer. */
const customerCrumbs = (name: string): Crumb[] => [
  { label: 'Home', to: paths.home },
  { label: 'Customers', to: paths.customers.search },
  { label: name },
];

/** customers/{id}: the customer, its locations, jobs, invoices and quotes. The route's loader fetches them afresh. */
export function CustomerViewPage() {
  const { id = '' } = useParams();
  const loading = (
    <>
      <PageBreadcrumbs crumbs={customerCrumbs('Customer')} />
      <PageHeading>Customer</PageHeading>
    </>
  );
  return (
    <QueryBoundary query={useQuery(customerQueryOptions(id))} header={loading}>
      {(customer) => <CustomerViewer customer={customer} />}
    </QueryBoundary>
  );
}

/**
 * The server deletes the customer's locations with it, so the question says how many go too ('Delete customer
 * Acme and its 2 locations?', and the notice after it 'Customer Acme and its 2 locations deleted.').
 */
function customerDeletion(name: string, locations: ListCount | undefined) {
  const customer = `customer ${name}`;
  if (!locations) {
    return {
      question: `Delete ${customer} and any locations it has?`,
      deletedNotice: `Customer ${name} deleted.`,
    };
  }
  const { total, atLeast } = locations;
  const goingWithIt =
    total === 0
      ? ''
      : total === 1 && !atLeast
        ? ' and its location'
        : ` and its ${countText(locations)} locations`;
  return { question: `Delete ${customer}${goingWithIt}?` };
}

function CustomerViewer({ customer }: { customer: Customer }) {
  const navigate = useNavigate();
  const deletion = useDeleteCustomer(customer.id);
  const locations = useQuery(customerLocationsQueryOptions(customer.id));
  const statement = useStatementActions(customer);
  const { id, name, number, billingAddress, billingEmail, billingPhone, billingFax, website, notes } =
    customer;
  return (
    <RecordViewer
      title={name}
      breadcrumbs={customerCrumbs(name)}
      buttons={[editAction(paths.customers.edit.href(id)), ...statement.buttons]}
      menu={[
        deleteAction({
          ...customerDeletion(name, locations.data),
          deletion,
          onDeleted: () => void navigate(paths.customers.search),
        }),
      ]}
      actionError={statement.error ?? deletion.error}
    >
      <RecordDetails
        rows={[
          { label: 'Number', value: number },
          { label: 'Billing address', value: billingAddress && <AddressLink address={billingAddress} /> },
          { label: 'Email', value: billingEmail && <EmailLink email={billingEmail} /> },
          { label: 'Phone', value: billingPhone && <PhoneLink phone={billingPhone} /> },
          { label: 'Fax', value: billingFax, optional: true },
          { label: 'Website', value: website && <WebsiteLink url={website} />, optional: true },
          { label: 'Notes', value: notes, optional: true },
        ]}
      />
      <CustomerLocations customerId={id} />
      <CustomerJobsPanel customerId={id} />
      <CustomerInvoicesPanel customerId={id} />
      <CustomerQuotesPanel customerId={id} />
      {statement.dialog}
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
