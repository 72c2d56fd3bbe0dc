import { Button, Group, Stack } from '@mantine/core';
import type { ReactNode } from 'react';
import { ApiErrorAlert } from '../api-error-alert';
import type { EditorState } from '../form/use-record-editor';
import { type Crumb, EditorHeader } from './editor-header';

interface EditorFrameProps {
  breadcrumbs: readonly Crumb[];
  /** 'New customer', 'Edit item', … */
  title: string;
  /** From `useRecordEditor`: the form's submit, the save's state and the alert's list. */
  editor: EditorState;
  /** The buttons under the fields: Save when absent. A job editor adds its status buttons beside a `SaveButton`. */
  actions?: ReactNode;
  /** Widest the fields go; a form with a table of lines takes more. */
  maxWidth?: number | string;
  children: ReactNode;
}

/** The one layout of every editor: breadcrumbs, heading, error alert, the fields and the actions. */
export function EditorFrame({
  breadcrumbs,
  title,
  editor,
  actions,
  maxWidth = 640,
  children,
}: EditorFrameProps) {
  return (
    <>
      <EditorHeader breadcrumbs={breadcrumbs} title={title} />
      <form ref={editor.formRef} onSubmit={editor.onSubmit} noValidate>
        <ApiErrorAlert error={editor.saveError} items={editor.listed} title="Not saved" />
        <Stack gap="sm" maw={maxWidth}>
          {children}
        </Stack>
        <Group mt="lg">{actions ?? <SaveButton editor={editor} />}</Group>
      </form>
    </>
  );
}

/** The editor's submit button, busy while saving. */
export function SaveButton({ editor, label = 'Save' }: { editor: EditorState; label?: string }) {
  return (
    <Button type="submit" loading={editor.saving}>
      {label}
    </Button>
  );
}
