import { type Item, PAGE_SIZES } from '@fieldbook/domain';
import { Anchor } from '@mantine/core';
import { Link } from 'react-router';
import { PageBreadcrumbs } from '../../components/breadcrumbs';
import { ListScreen } from '../../components/list/list-screen';
import type { Column } from '../../components/list/record-table';
import { useListQuery } from '../../components/list/use-list-params';
import { displayPrice, ITEM_PRICE_GST } from '../../lib/money-display';
import { paths } from '../../lib/paths';
import { itemsQueryOptions } from './api/get-items';

const columns: Column<Item>[] = [
  {
    header: 'Code',
    names: true,
    cell: (item) => (
      <Anchor component={Link} to={paths.items.view.href(item.id)}>
        {item.code}
      </Anchor>
    ),
  },
  { header: 'Description', cell: (item) => item.description },
  { header: `Price (${ITEM_PRICE_GST})`, cell: (item) => displayPrice(item.price), align: 'right' },
];

/** items: the item catalogue; q, p and s live in the URL. */
export function ItemSearchPage() {
  return (
    <>
      <PageBreadcrumbs crumbs={[{ label: 'Home', to: paths.home }, { label: 'Items' }]} />
      <ListScreen
        title="Items"
        path={paths.items.root}
        list={useListQuery(itemsQueryOptions, PAGE_SIZES.items)}
        searchPlaceholder="Code or description"
        newRecord={{ label: 'New item', to: paths.items.new }}
        columns={columns}
        noun={['item', 'items']}
        emptyText="No items found."
      />
    </>
  );
}
