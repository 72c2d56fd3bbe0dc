import type { Item } from '@fieldbook/domain';
import { Anchor } from '@mantine/core';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { ListScreen } from '../../components/list/list-screen';
import type { Column } from '../../components/list/record-table';
import { useListParams } from '../../components/list/use-list-params';
import { formatMoney } from '../../lib/format';
import { paths } from '../../lib/paths';
import { ITEM_PAGE_SIZE, itemsQueryOptions } from './api/get-items';

const columns: Column<Item>[] = [
  {
    header: 'Code',
    cell: (item) => (
      <Anchor component={Link} to={paths.items.view.href(item.id)}>
        {item.code}
      </Anchor>
    ),
  },
  { header: 'Description', cell: (item) => item.description },
  { header: 'Price', cell: (item) => formatMoney(item.price), align: 'right' },
];

/** items: the item catalogue; q, p and s live in the URL. */
export function ItemSearchPage() {
  const params = useListParams(ITEM_PAGE_SIZE);
  const query = useQuery({ ...itemsQueryOptions(params), placeholderData: keepPreviousData });
  return (
    <ListScreen
      title="Items"
      path={paths.items.root}
      params={params}
      searchPlaceholder="Code or description"
      newRecord={{ label: 'New item', to: paths.items.new }}
      query={query}
      columns={columns}
      rowKey={(item) => item.id}
      emptyText="No items found."
    />
  );
}
