import type { Customer } from '@fieldbook/domain';
import { useQuery } from '@tanstack/react-query';
import { useParams } from 'react-router';
import { EditRecord } from '../../components/editor/edit-record';
import { editorCrumbs } from '../../components/editor/editor-header';
import { paths } from '../../lib/paths';
import { useCreateCustomer } from './api/create-customer';
import { customerQueryOptions } from './api/get-customer';
import { useUpdateCustomer } from './api/update-customer';
import { CustomerEditor } from './customer-editor';

const list = { label: 'Customers', to: paths.customers.search };

/** customers/new: the customer editor, creating. */
export function NewCustomerPage() {
  const title = 'New customer';
  return <CustomerEditor title={title} breadcrumbs={editorCrumbs(list, title)} save={useCreateCustomer()} />;
}

const EDIT = 'Edit customer';
const customerCrumb = (id: string, name = 'Customer') => ({ label: name, to: paths.customers.view.href(id) });

/** customers/{id}/edit: the customer editor, editing the customer as it was when the page loaded. */
export function EditCustomerPage() {
  const { id = '' } = useParams();
  return (
    <EditRecord
      query={useQuery(customerQueryOptions(id))}
      title={EDIT}
      breadcrumbs={editorCrumbs(list, EDIT, customerCrumb(id))}
    >
      {(customer) => <UpdateCustomer customer={customer} />}
    </EditRecord>
  );
}

function UpdateCustomer({ customer }: { customer: Customer }) {
  const update = useUpdateCustomer(customer);
  const breadcrumbs = editorCrumbs(list, EDIT, customerCrumb(customer.id, customer.name));
  return <CustomerEditor title={EDIT} breadcrumbs={breadcrumbs} customer={customer} save={update} />;
}
