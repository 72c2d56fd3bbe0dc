import type { Item } from '@fieldbook/domain';
import { useQuery } from '@tanstack/react-query';
import { useNavigate, useParams } from 'react-router';
import { type Crumb, PageBreadcrumbs } from '../../components/breadcrumbs';
import { PageHeading } from '../../components/page-heading';
import { QueryBoundary } from '../../components/query-boundary';
import { deleteAction, editAction } from '../../components/record-actions';
import { RecordDetails } from '../../components/record-details';
import { RecordViewer } from '../../components/record-viewer';
import { displayPrice, ITEM_PRICE_GST } from '../../lib/money-display';
import { paths } from '../../lib/paths';
import { useDeleteItem } from './api/delete-item';
import { itemQueryOptions } from './api/get-item';

/** Home › Items › the item. */
const itemCrumbs = (code: string): Crumb[] => [
  { label: 'Home', to: paths.home },
  { label: 'Items', to: paths.items.root },
  { label: code },
];

/** items/{id}: the item's code, description and price. The route's loader fetches it afresh. */
export function ItemViewPage() {
  const { id = '' } = useParams();
  const loading = (
    <>
      <PageBreadcrumbs crumbs={itemCrumbs('Item')} />
      <PageHeading>Item</PageHeading>
    </>
  );
  return (
    <QueryBoundary query={useQuery(itemQueryOptions(id))} header={loading}>
      {(item) => <ItemViewer item={item} />}
    </QueryBoundary>
  );
}

function ItemViewer({ item: { id, code, description, price } }: { item: Item }) {
  const navigate = useNavigate();
  const deletion = useDeleteItem(id);
  return (
    <RecordViewer
      title={code}
      breadcrumbs={itemCrumbs(code)}
      buttons={[editAction(paths.items.edit.href(id))]}
      menu={[
        deleteAction({
          question: `Delete item ${code}?`,
          deletion,
          onDeleted: () => void navigate(paths.items.root),
        }),
      ]}
      actionError={deletion.error}
    >
      <RecordDetails
        rows={[
          { label: 'Code', value: code },
          { label: 'Description', value: description },
          { label: 'Price', value: `${displayPrice(price)} ${ITEM_PRICE_GST}` },
        ]}
      />
    </RecordViewer>
  );
}
