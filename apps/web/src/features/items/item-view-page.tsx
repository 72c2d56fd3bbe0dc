import { useQuery } from '@tanstack/react-query';
import { useNavigate, useParams } from 'react-router';
import { ApiErrorAlert } from '../../components/api-error-alert';
import { LoadErrorAlert } from '../../components/load-error-alert';
import { PageHeading } from '../../components/page-heading';
import { RecordActions } from '../../components/record-actions';
import { RecordDetails } from '../../components/record-details';
import { SectionLoader } from '../../components/section-loader';
import { ViewerHeader } from '../../components/viewer-header';
import { formatMoney } from '../../lib/format';
import { paths } from '../../lib/paths';
import { useDeleteItem } from './api/delete-item';
import { itemQueryOptions } from './api/get-item';

/** items/{id}: the item's code, description and price. */
export function ItemViewPage() {
  const { id = '' } = useParams();
  const navigate = useNavigate();
  const item = useQuery({ ...itemQueryOptions(id), refetchOnMount: 'always' });
  const deletion = useDeleteItem(id);

  if (item.isPending) {
    return <SectionLoader />;
  }
  if (item.isError) {
    return (
      <>
        <PageHeading>Item</PageHeading>
        <LoadErrorAlert error={item.error} />
      </>
    );
  }
  const { code, description, price } = item.data;
  return (
    <>
      <ViewerHeader title={code}>
        <RecordActions
          editTo={paths.items.edit.href(id)}
          deleteQuestion={`Delete item ${code}?`}
          deleting={deletion.isPending}
          onDelete={() => deletion.mutate(undefined, { onSuccess: () => void navigate(paths.items.root) })}
        />
      </ViewerHeader>
      <ApiErrorAlert error={deletion.error} />
      <RecordDetails
        rows={[
          { label: 'Code', value: code },
          { label: 'Description', value: description },
          { label: 'Price', value: formatMoney(price) },
        ]}
      />
    </>
  );
}
