import { type TaxRate, type TaxRateFields, taxRateFields } from '@fieldbook/domain';
import { TextInput } from '@mantine/core';
import { useNavigate } from 'react-router';
import { EditorFrame } from '../../components/editor/editor-frame';
import type { Crumb } from '../../components/editor/editor-header';
import { type SaveMutation, useRecordEditor } from '../../components/form/use-record-editor';
import { paths } from '../../lib/paths';

const labels = {
  name: 'Tax name',
  rate: 'Tax rate (%)',
} as const satisfies Record<keyof TaxRateFields, string>;

interface TaxEditorProps {
  title: string;
  breadcrumbs: readonly Crumb[];
  /** The rate being edited; absent when creating. */
  taxRate?: TaxRate;
  save: SaveMutation<TaxRateFields, TaxRate>;
}

/** The tax editor: a name and a rate in percent (not negative, at most 4 decimals); a save opens the tax. */
export function TaxEditor({ title, breadcrumbs, taxRate, save }: TaxEditorProps) {
  const navigate = useNavigate();
  const { form, editor } = useRecordEditor({
    schema: taxRateFields,
    initialValues: { name: taxRate?.name ?? '', rate: taxRate?.rate ?? '' },
    labels,
    save,
    savedNotice: 'Tax saved.',
    onSaved: (saved) => void navigate(paths.settings.tax.href(saved.id)),
  });

  return (
    <EditorFrame breadcrumbs={breadcrumbs} title={title} editor={editor}>
      <TextInput label={labels.name} required autoComplete="off" {...form.getInputProps('name')} />
      <TextInput
        label={labels.rate}
        description="A percentage, such as 10 or 12.5"
        required
        inputMode="decimal"
        autoComplete="off"
        maw={200}
        {...form.getInputProps('rate')}
      />
    </EditorFrame>
  );
}
