import { Button, Group, Stack } from '@mantine/core';
import type { ReactNode } from 'react';
import { ApiErrorAlert } from '../../components/api-error-alert';
import { SaveButton } from '../../components/editor/editor-frame';
import type { EditorState } from '../../components/form/use-record-editor';

/** Over a save that got no answer: it may have gone through before the connection dropped. */
export const NO_ANSWER_TITLE = 'No answer: it may or may not have been sent';

interface DialogFormProps {
  /** From `useRecordEditor`: the submit, the save's state and the alert's list. */
  editor: EditorState;
  submitLabel: string;
  /** Over a refused or failed save: 'Not sent: nothing was changed'. */
  failureTitle: string;
  onCancel: () => void;
  children: ReactNode;
}

/**
 * A dialog's form on the Users page: the error alert (with Retry when the save got no answer, whose title then
 * claims nothing: `NO_ANSWER_TITLE`), the fields, then Cancel and the submit button.
 */
export function DialogForm({ editor, submitLabel, failureTitle, onCancel, children }: DialogFormProps) {
  return (
    <form ref={editor.formRef} onSubmit={editor.onSubmit} noValidate>
      <ApiErrorAlert
        error={editor.saveError}
        items={editor.listed}
        title={failureTitle}
        noAnswerTitle={NO_ANSWER_TITLE}
        onRetry={() => editor.formRef.current?.requestSubmit()}
        retrying={editor.saving}
      />
      <Stack gap="sm">{children}</Stack>
      <Group justify="flex-end" mt="lg">
        <Button variant="default" onClick={onCancel} disabled={editor.saving}>
          Cancel
        </Button>
        <SaveButton editor={editor} label={submitLabel} />
      </Group>
    </form>
  );
}
