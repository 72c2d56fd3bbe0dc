import { Alert, Button, Group, Stack } from '@mantine/core';
import { useHotkeys } from '@mantine/hooks';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { paths } from '../../lib/paths';
import { ApiErrorAlert } from '../api-error-alert';
import { parentOf } from '../breadcrumbs';
import type { EditorState } from '../form/use-record-editor';
import { type Crumb, EditorHeader } from './editor-header';
import { LeaveGuard } from './leave-guard';

interface EditorFrameProps {
  breadcrumbs: readonly Crumb[];
  /** 'New customer', 'Edit item', … */
  title: string;
  /** From `useRecordEditor`: the form's submit, the save's state and the alert's list. */
  editor: EditorState;
  /** The buttons under the fields: Save when absent. A job editor adds its status buttons beside a `SaveButton`. */
  actions?: ReactNode;
  /** Where Cancel goes: by default the page above this one in the breadcrumbs (the record, or the list). */
  cancelTo?: string;
  /** Widest the fields go; a form with a table of lines takes more. */
  maxWidth?: number | string;
  children: ReactNode;
}

/**
 * The one layout of every editor: breadcrumbs, heading, error alert, the fields, the actions and Cancel.
 * Ctrl+S (⌘S on a Mac) saves from anywhere on the page; a save that got no answer or met a busy server offers
 * Retry (the same Idempotency-Key goes again); leaving with unsaved changes asks first.
 */
export function EditorFrame({
  breadcrumbs,
  title,
  editor,
  actions,
  cancelTo,
  maxWidth = 640,
  children,
}: EditorFrameProps) {
  const submit = () => {
    if (!editor.saving) editor.formRef.current?.requestSubmit();
  };
  // In the fields too: that is where the keys are pressed.
  useHotkeys([['mod+S', submit]], []);
  return (
    <>
      <EditorHeader breadcrumbs={breadcrumbs} title={title} />
      <form ref={editor.formRef} onSubmit={editor.onSubmit} noValidate>
        <ApiErrorAlert
          error={editor.saveError}
          items={editor.listed}
          title="Not saved"
          onRetry={submit}
          retrying={editor.saving}
        />
        {editor.rebased && !editor.saveError && (
          <Alert color="yellow" variant="light" role="status" mb="md" maw={maxWidth}>
            {editor.rebased}
          </Alert>
        )}
        <Stack gap="sm" maw={maxWidth}>
          {children}
        </Stack>
        <Group mt="lg">
          {actions ?? <SaveButton editor={editor} />}
          <Button component={Link} to={cancelTo ?? parentOf(breadcrumbs) ?? paths.home} variant="default">
            Cancel
          </Button>
        </Group>
      </form>
      <LeaveGuard dirty={editor.dirty} hasUnsavedChanges={editor.hasUnsavedChanges} />
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
