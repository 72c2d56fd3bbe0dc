import { type Item, type ItemFields, itemFields } from '@fieldbook/domain';
import { Textarea, TextInput } from '@mantine/core';
import { type Crumb, EditorLayout } from '../../components/editor/editor-layout';
import { useFormValues, validateForm } from '../../components/editor/use-form-values';

type ItemFormValues = Record<keyof ItemFields, string>;

interface ItemFormProps {
  title: string;
  breadcrumbs: readonly Crumb[];
  /** The item being edited; absent when creating. */
  item?: Item;
  saving: boolean;
  saveError: unknown;
  onSave: (fields: ItemFields) => void;
}

/** The item editor's fields: code, description and price (non-negative, at most 2 decimals). */
export function ItemForm({ title, breadcrumbs, item, saving, saveError, onSave }: ItemFormProps) {
  const form = useFormValues<ItemFormValues>({
    code: item?.code ?? '',
    description: item?.description ?? '',
    price: item?.price ?? '',
  });

  const submit = () => {
    const result = validateForm<ItemFields, ItemFormValues>(itemFields, form.values);
    if (result.ok) onSave(result.data);
    else form.showErrors(result.errors);
  };

  return (
    <EditorLayout
      breadcrumbs={breadcrumbs}
      title={title}
      saveError={saveError}
      saving={saving}
      onSubmit={submit}
    >
      <TextInput label="Code" required autoComplete="off" {...form.field('code')} />
      <Textarea label="Description" required autosize minRows={2} {...form.field('description')} />
      <TextInput
        label="Price"
        required
        inputMode="decimal"
        autoComplete="off"
        leftSection={<span aria-hidden="true">$</span>}
        maw={200}
        {...form.field('price')}
      />
    </EditorLayout>
  );
}
