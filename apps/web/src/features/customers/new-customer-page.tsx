import { useNavigate } from 'react-router';
import { paths } from '../../lib/paths';
import { useCreateCustomer } from './api/create-customer';
import { CustomerForm } from './customer-form';

/** customers/new: the customer editor, creating. */
export function NewCustomerPage() {
  const navigate = useNavigate();
  const create = useCreateCustomer();
  return (
    <CustomerForm
      title="New customer"
      breadcrumbs={[
        { label: 'Home', to: paths.home },
        { label: 'Customers', to: paths.customers.search },
        { label: 'New customer' },
      ]}
      saving={create.isPending}
      saveError={create.error}
      onSave={(fields) =>
        create.mutate(fields, {
          onSuccess: (customer) => void navigate(paths.customers.view.href(customer.id)),
        })
      }
    />
  );
}
