import { type Customer, PAGE_SIZES } from '@fieldbook/domain';
import { ListScreen } from '../../components/list/list-screen';
import type { Column } from '../../components/list/record-table';
import { useListQuery } from '../../components/list/use-list-params';
import { TextLink } from '../../components/text-link';
import { paths } from '../../lib/paths';
import { customersQueryOptions } from './api/get-customers';

const columns: Column<Customer>[] = [
  { header: 'Number', cell: (customer) => customer.number },
  {
    header: 'Name',
    names: true,
    cell: (customer) => <TextLink to={paths.customers.view.href(customer.id)}>{customer.name}</TextLink>,
  },
];

/** customers/search: the customer list; q, p and s live in the URL. */
export function CustomerSearchPage() {
  return (
    <ListScreen
      title="Customers"
      path={paths.customers.search}
      list={useListQuery(customersQueryOptions, PAGE_SIZES.customers)}
      searchPlaceholder="Name, number, email or phone"
      newRecord={{ label: 'New customer', to: paths.customers.new }}
      columns={columns}
      noun={['customer', 'customers']}
      emptyText="No customers found."
    />
  );
}
