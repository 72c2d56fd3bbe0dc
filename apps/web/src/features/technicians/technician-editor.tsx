import { type Technician, type TechnicianFields, technicianFields } from '@fieldbook/domain';
import { TextInput } from '@mantine/core';
import { useNavigate } from 'react-router';
import { EditorFrame } from '../../components/editor/editor-frame';
import type { Crumb } from '../../components/editor/editor-header';
import { SwitchField } from '../../components/form/switch-field';
import { type SaveMutation, useRecordEditor } from '../../components/form/use-record-editor';
import { paths } from '../../lib/paths';

const labels = {
  name: 'Name',
  retired: 'Retired',
} as const satisfies Record<keyof TechnicianFields, string>;

interface TechnicianEditorProps {
  title: string;
  breadcrumbs: readonly Crumb[];
  /** The technician being edited; absent when creating. */
  technician?: Technician;
  save: SaveMutation<TechnicianFields, Technician>;
}

/** The technician editor: a name, and whether they are retired; a save opens the technician. */
export function TechnicianEditor({ title, breadcrumbs, technician, save }: TechnicianEditorProps) {
  const navigate = useNavigate();
  const { form, editor } = useRecordEditor({
    schema: technicianFields,
    initialValues: { name: technician?.name ?? '', retired: technician?.retired ?? false },
    labels,
    save,
    savedNotice: 'Technician saved.',
    onSaved: (saved) => void navigate(paths.settings.technician.href(saved.id)),
  });

  return (
    <EditorFrame breadcrumbs={breadcrumbs} title={title} editor={editor}>
      <TextInput
        label={labels.name}
        description="Shown on the scheduler's row and on job sheets, such as SE06 Richmond"
        required
        autoComplete="off"
        {...form.getInputProps('name')}
      />
      <SwitchField
        label={labels.retired}
        description="A retired technician keeps their past jobs and takes no new ones."
        {...form.getInputProps('retired', { type: 'checkbox' })}
      />
    </EditorFrame>
  );
}
