import { type Item, type ItemFields, itemFields } from '@fieldbook/domain';
import { Textarea, TextInput } from '@mantine/core';
import { useNavigate } from 'react-router';
import { EditorFrame } from '../../components/editor/editor-frame';
import type { Crumb } from '../../components/editor/editor-header';
import { type SaveMutation, useRecordEditor } from '../../components/form/use-record-editor';
import { ITEM_PRICE_GST } from '../../lib/money-display';
import { paths } from '../../lib/paths';

const labels = {
  code: 'Code',
  description: 'Description',
  price: 'Price',
} as const satisfies Record<keyof ItemFields, string>;

interface ItemEditorProps {
  title: string;
  breadcrumbs: readonly Crumb[];
  /** The item being edited; absent when creating. */
  item?: Item;
  save: SaveMutation<ItemFields, Item>;
}

/** The item editor: code, description and price (not negative, at most 2 decimals); a save opens the item. */
export function ItemEditor({ title, breadcrumbs, item, save }: ItemEditorProps) {
  const navigate = useNavigate();
  const { form, editor } = useRecordEditor({
    schema: itemFields,
    initialValues: { code: item?.code ?? '', description: item?.description ?? '', price: item?.price ?? '' },
    labels,
    save,
    savedNotice: 'Item saved.',
    onSaved: (saved) => void navigate(paths.items.view.href(saved.id)),
  });

  return (
    <EditorFrame breadcrumbs={breadcrumbs} title={title} editor={editor}>
      <TextInput label={labels.code} required autoComplete="off" {...form.getInputProps('code')} />
      <Textarea
        label={labels.description}
        required
        autosize
        minRows={2}
        {...form.getInputProps('description')}
      />
      <TextInput
        label={labels.price}
        description={`Dollars and cents, ${ITEM_PRICE_GST}`}
        required
        inputMode="decimal"
        autoComplete="off"
        leftSection={<span aria-hidden="true">$</span>}
        maw={200}
        {...form.getInputProps('price')}
      />
    </EditorFrame>
  );
}
