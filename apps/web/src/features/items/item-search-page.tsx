import { formatMoney, type Item, PAGE_SIZES } from '@fieldbook/domain';
import { Anchor } from '@mantine/core';
import { Link } from 'react-router';
import { ListScreen } from '../../components/list/list-screen';
import type { Column } from '../../components/list/record-table';
import { useListQuery } from '../../components/list/use-list-params';
import { paths } from '../../lib/paths';
import { itemsQueryOptions } from './api/get-items';

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
  return (
    <ListScreen
      title="Items"
      path={paths.items.root}
      list={useListQuery(itemsQueryOptions, PAGE_SIZES.items)}
      searchPlaceholder="Code or description"
      newRecord={{ label: 'New item', to: paths.items.new }}
      columns={columns}
      emptyText="No items found."
    />
  );
}
