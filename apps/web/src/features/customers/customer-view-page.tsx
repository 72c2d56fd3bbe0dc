import { Anchor } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useNavigate, useParams } from 'react-router';
import { ApiErrorAlert } from '../../components/api-error-alert';
import { LoadErrorAlert } from '../../components/load-error-alert';
import { PageHeading } from '../../components/page-heading';
import { RecordActions } from '../../components/record-actions';
import { RecordDetails } from '../../components/record-details';
import { SectionLoader } from '../../components/section-loader';
import { ViewerHeader } from '../../components/viewer-header';
import { paths } from '../../lib/paths';
import { useDeleteCustomer } from './api/delete-customer';
import { customerQueryOptions } from './api/get-customer';
import { CustomerInvoices } from './customer-invoices';
import { CustomerJobs } from './customer-jobs';
import { CustomerLocations } from './customer-locations';

/** customers/{id}: the customer, its locations, jobs and invoices. Loaded afresh on every visit. */
export function CustomerViewPage() {
  const { id = '' } = useParams();
  const navigate = useNavigate();
  const customer = useQuery({ ...customerQueryOptions(id), refetchOnMount: 'always' });
  const deletion = useDeleteCustomer(id);

  if (customer.isPending) {
    return <SectionLoader />;
  }
  if (customer.isError) {
    return (
      <>
        <PageHeading>Customer</PageHeading>
        <LoadErrorAlert error={customer.error} />
      </>
    );
  }
  const { name, number, billingAddress, billingEmail, billingPhone, billingFax, website, notes } =
    customer.data;
  return (
    <>
      <ViewerHeader title={name}>
        <RecordActions
          editTo={paths.customers.edit.href(id)}
          deleteQuestion={`Delete customer ${name}?`}
          deleting={deletion.isPending}
          onDelete={() =>
            deletion.mutate(undefined, { onSuccess: () => void navigate(paths.customers.search) })
          }
        />
      </ViewerHeader>
      <ApiErrorAlert error={deletion.error} />
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
      <CustomerJobs customerId={id} />
      <CustomerInvoices customerId={id} />
    </>
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
