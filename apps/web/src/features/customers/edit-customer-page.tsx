import type { Customer } from '@fieldbook/domain';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useNavigate, useParams } from 'react-router';
import { type Crumb, EditorLayout } from '../../components/editor/editor-layout';
import { paths } from '../../lib/paths';
import { customerQueryOptions } from './api/get-customer';
import { useUpdateCustomer } from './api/update-customer';
import { CustomerForm } from './customer-form';

const TITLE = 'Edit customer';

function breadcrumbs(id: string, name: string | undefined): Crumb[] {
  return [
    { label: 'Home', to: paths.home },
    { label: 'Customers', to: paths.customers.search },
    { label: name ?? 'Customer', to: paths.customers.view.href(id) },
    { label: TITLE },
  ];
}

/** customers/{id}/edit: the customer editor, editing. */
export function EditCustomerPage() {
  const { id = '' } = useParams();
  const customer = useQuery(customerQueryOptions(id));
  if (customer.isPending || customer.isError) {
    return (
      <EditorLayout
        breadcrumbs={breadcrumbs(id, undefined)}
        title={TITLE}
        loading={customer.isPending}
        loadError={customer.error}
        saveError={null}
        saving={false}
        onSubmit={() => undefined}
      >
        {null}
      </EditorLayout>
    );
  }
  return <EditCustomerForm customer={customer.data} />;
}

function EditCustomerForm({ customer: loaded }: { customer: Customer }) {
  const navigate = useNavigate();
  // The version the user started editing: its `updated` goes with the save, so a newer change is not overwritten.
  const [customer] = useState(loaded);
  const update = useUpdateCustomer(customer.id);
  return (
    <CustomerForm
      title={TITLE}
      breadcrumbs={breadcrumbs(customer.id, customer.name)}
      customer={customer}
      saving={update.isPending}
      saveError={update.error}
      onSave={(fields) =>
        update.mutate(
          { ...fields, id: customer.id, updated: customer.updated },
          { onSuccess: (saved) => void navigate(paths.customers.view.href(saved.id)) },
        )
      }
    />
  );
}
