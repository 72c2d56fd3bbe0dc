import type { Item } from '@fieldbook/domain';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useNavigate, useParams } from 'react-router';
import { type Crumb, EditorLayout } from '../../components/editor/editor-layout';
import { paths } from '../../lib/paths';
import { itemQueryOptions } from './api/get-item';
import { useUpdateItem } from './api/update-item';
import { ItemForm } from './item-form';

const TITLE = 'Edit item';

function breadcrumbs(id: string, code: string | undefined): Crumb[] {
  return [
    { label: 'Home', to: paths.home },
    { label: 'Items', to: paths.items.root },
    { label: code ?? 'Item', to: paths.items.view.href(id) },
    { label: TITLE },
  ];
}

/** items/{id}/edit: the item editor, editing. */
export function EditItemPage() {
  const { id = '' } = useParams();
  const item = useQuery(itemQueryOptions(id));
  if (item.isPending || item.isError) {
    return (
      <EditorLayout
        breadcrumbs={breadcrumbs(id, undefined)}
        title={TITLE}
        loading={item.isPending}
        loadError={item.error}
        saveError={null}
        saving={false}
        onSubmit={() => undefined}
      >
        {null}
      </EditorLayout>
    );
  }
  return <EditItemForm item={item.data} />;
}

function EditItemForm({ item: loaded }: { item: Item }) {
  const navigate = useNavigate();
  // The version the user started editing: its `updated` goes with the save, so a newer change is not overwritten.
  const [item] = useState(loaded);
  const update = useUpdateItem(item.id);
  return (
    <ItemForm
      title={TITLE}
      breadcrumbs={breadcrumbs(item.id, item.code)}
      item={item}
      saving={update.isPending}
      saveError={update.error}
      onSave={(fields) =>
        update.mutate(
          { ...fields, id: item.id, updated: item.updated },
          { onSuccess: (saved) => void navigate(paths.items.view.href(saved.id)) },
        )
      }
    />
  );
}
