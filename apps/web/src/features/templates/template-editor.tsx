import { type Template, type TemplateFields, templateFields } from '@fieldbook/domain';
import { Button, Checkbox, Group, Stack, Textarea, TextInput } from '@mantine/core';
import { useEffect } from 'react';
import { useNavigate } from 'react-router';
import { ApiErrorAlert } from '../../components/api-error-alert';
import { EditorFrame, SaveButton } from '../../components/editor/editor-frame';
import type { Crumb } from '../../components/editor/editor-header';
import { type SaveMutation, useRecordEditor } from '../../components/form/use-record-editor';
import { paths } from '../../lib/paths';
import { templateLabels as labels, templateFormValues } from './template-form';
import { TemplatePreviewPane } from './template-preview-pane';
import { usePdfPreview } from './use-pdf-preview';
import './template-screens.css';

interface TemplateEditorProps {
  title: string;
  breadcrumbs: readonly Crumb[];
  /** The template being edited; absent when creating. */
  template?: Template;
  save: SaveMutation<TemplateFields, Template>;
}

/**
 * The template editor: name, type, document and the Typst body, with the rendered template beside it. Preview
 * downloads the PDF; a save (which compiles the body too) opens the template.
 */
export function TemplateEditor({ title, breadcrumbs, template, save }: TemplateEditorProps) {
  const navigate = useNavigate();
  const { form, editor } = useRecordEditor({
    schema: templateFields,
    initialValues: templateFormValues(template),
    labels,
    save,
    savedNotice: 'Template saved.',
    onSaved: (saved) => void navigate(paths.settings.template.href(saved.id)),
  });
  const pdf = usePdfPreview(form, editor.formRef);
  const { dismiss } = pdf;
  // A save's own alert takes over from a failed preview's.
  useEffect(() => {
    if (save.isPending) dismiss();
  }, [save.isPending, dismiss]);
  const isDefault = template?.default === true;

  return (
    <EditorFrame
      breadcrumbs={breadcrumbs}
      title={title}
      editor={editor}
      maxWidth="none"
      actions={
        <>
          <SaveButton editor={editor} />
          <Button variant="default" loading={pdf.previewing} onClick={pdf.preview}>
            Preview
          </Button>
        </>
      }
    >
      <ApiErrorAlert error={pdf.error} items={pdf.listed} title="No preview" />
      <div className="template-workspace">
        <Stack gap="sm">
          <TextInput label={labels.name} required autoComplete="off" {...form.getInputProps('name')} />
          <Group grow align="flex-start" wrap="nowrap">
            <TextInput
              label={labels.type}
              description="typst"
              required
              autoComplete="off"
              spellCheck={false}
              {...form.getInputProps('type')}
            />
            <TextInput
              label={labels.document}
              description="invoice, job, quote or statement"
              required
              autoComplete="off"
              spellCheck={false}
              {...form.getInputProps('document')}
            />
          </Group>
          <Textarea
            label={labels.body}
            description="Typst markup"
            required
            rows={15}
            spellCheck={false}
            autoCapitalize="off"
            autoCorrect="off"
            classNames={{ input: 'template-body-input' }}
            {...form.getInputProps('body')}
          />
          <Checkbox
            label={labels.default}
            description={
              isDefault
                ? 'To change the default, make another template the default.'
                : 'Invoices, job sheets, quotes and statements are made with the default template of their document.'
            }
            disabled={isDefault}
            {...form.getInputProps('default', { type: 'checkbox' })}
          />
        </Stack>
        <TemplatePreviewPane values={form.values} />
      </div>
    </EditorFrame>
  );
}
