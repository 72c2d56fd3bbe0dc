import type { Item } from '@fieldbook/domain';
import { useQuery } from '@tanstack/react-query';
import { useParams } from 'react-router';
import { EditRecord } from '../../components/editor/edit-record';
import { editorCrumbs } from '../../components/editor/editor-header';
import { paths } from '../../lib/paths';
import { useCreateItem } from './api/create-item';
import { itemQueryOptions } from './api/get-item';
import { useUpdateItem } from './api/update-item';
import { ItemEditor } from './item-editor';

const list = { label: 'Items', to: paths.items.root };

/** items/new: the item editor, creating. */
export function NewItemPage() {
  const title = 'New item';
  return <ItemEditor title={title} breadcrumbs={editorCrumbs(list, title)} save={useCreateItem()} />;
}

const EDIT = 'Edit item';
const itemCrumb = (id: string, code = 'Item') => ({ label: code, to: paths.items.view.href(id) });

/** items/{id}/edit: the item editor, editing the item as it was when the page loaded. */
export function EditItemPage() {
  const { id = '' } = useParams();
  return (
    <EditRecord
      query={useQuery(itemQueryOptions(id))}
      title={EDIT}
      breadcrumbs={editorCrumbs(list, EDIT, itemCrumb(id))}
    >
      {(item) => <UpdateItem item={item} />}
    </EditRecord>
  );
}

function UpdateItem({ item }: { item: Item }) {
  const update = useUpdateItem(item);
  return (
    <ItemEditor
      title={EDIT}
      breadcrumbs={editorCrumbs(list, EDIT, itemCrumb(item.id, item.code))}
      item={item}
      save={update}
    />
  );
}
