import { Alert } from '@mantine/core';
import type { ReactNode } from 'react';
import { ApiErrorAlert } from './api-error-alert';
import type { Crumb } from './breadcrumbs';
import { type RecordAction, RecordActions } from './record-actions';
import { ViewerHeader } from './viewer-header';

interface RecordViewerProps {
  /** The record's name as the heading. */
  title: string;
  /** Home › the list › the record, above the heading. */
  breadcrumbs?: readonly Crumb[];
  buttons?: readonly RecordAction[];
  menu?: readonly RecordAction[];
  /** A failed action (a refused Delete) in a red alert under the heading. */
  actionError?: unknown;
  /** What an action found instead of failing (the record was saved since, and is shown as it now is). */
  actionNote?: string | null;
  children: ReactNode;
}

/** The frame of every viewer: the record's name with its actions, an action's error, then the record. */
export function RecordViewer({
  title,
  breadcrumbs,
  buttons,
  menu,
  actionError,
  actionNote,
  children,
}: RecordViewerProps) {
  return (
    <>
      <ViewerHeader title={title} breadcrumbs={breadcrumbs}>
        <RecordActions buttons={buttons} menu={menu} />
      </ViewerHeader>
      <ApiErrorAlert error={actionError} />
      {actionNote && !actionError && (
        <Alert color="yellow" variant="light" role="status" mb="md">
          {actionNote}
        </Alert>
      )}
      {children}
    </>
  );
}
