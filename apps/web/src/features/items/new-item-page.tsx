import { useNavigate } from 'react-router';
import { paths } from '../../lib/paths';
import { useCreateItem } from './api/create-item';
import { ItemForm } from './item-form';

/** items/new: the item editor, creating. */
export function NewItemPage() {
  const navigate = useNavigate();
  const create = useCreateItem();
  return (
    <ItemForm
      title="New item"
      breadcrumbs={[
        { label: 'Home', to: paths.home },
        { label: 'Items', to: paths.items.root },
        { label: 'New item' },
      ]}
      saving={create.isPending}
      saveError={create.error}
      onSave={(fields) =>
        create.mutate(fields, { onSuccess: (item) => void navigate(paths.items.view.href(item.id)) })
      }
    />
  );
}
