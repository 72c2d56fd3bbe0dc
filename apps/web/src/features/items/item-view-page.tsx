import { formatMoney, type Item } from '@fieldbook/domain';
import { useQuery } from '@tanstack/react-query';
import { useNavigate, useParams } from 'react-router';
import { PageHeading } from '../../components/page-heading';
import { QueryBoundary } from '../../components/query-boundary';
import { deleteAction, editAction } from '../../components/record-actions';
import { RecordDetails } from '../../components/record-details';
import { RecordViewer } from '../../components/record-viewer';
import { paths } from '../../lib/paths';
import { useDeleteItem } from './api/delete-item';
import { itemQueryOptions } from './api/get-item';

/** items/{id}: the item's code, description and price. The route's loader fetches it afresh. */
export function ItemViewPage() {
  const { id = '' } = useParams();
  return (
    <QueryBoundary query={useQuery(itemQueryOptions(id))} header={<PageHeading>Item</PageHeading>}>
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
          { label: 'Price', value: formatMoney(price) },
        ]}
      />
    </RecordViewer>
  );
}
