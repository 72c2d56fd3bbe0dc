import type { Customer } from '@fieldbook/domain';
import { Anchor } from '@mantine/core';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { ListScreen } from '../../components/list/list-screen';
import type { Column } from '../../components/list/record-table';
import { useListParams } from '../../components/list/use-list-params';
import { paths } from '../../lib/paths';
import { CUSTOMER_PAGE_SIZE, customersQueryOptions } from './api/get-customers';

const columns: Column<Customer>[] = [
  { header: 'Number', cell: (customer) => customer.number },
  {
    header: 'Name',
    cell: (customer) => (
      <Anchor component={Link} to={paths.customers.view.href(customer.id)}>
        {customer.name}
      </Anchor>
    ),
  },
];

/** customers/search: the customer list; q, p and s live in the URL. */
export function CustomerSearchPage() {
  const params = useListParams(CUSTOMER_PAGE_SIZE);
  const query = useQuery({ ...customersQueryOptions(params), placeholderData: keepPreviousData });
  return (
    <ListScreen
      title="Customers"
      path={paths.customers.search}
      params={params}
      searchPlaceholder="Name, number, email or phone"
      newRecord={{ label: 'New customer', to: paths.customers.new }}
      query={query}
      columns={columns}
      rowKey={(customer) => customer.id}
      emptyText="No customers found."
    />
  );
}
