import type { ReactNode } from 'react';
import { ApiErrorAlert } from './api-error-alert';
import { type RecordAction, RecordActions } from './record-actions';
import { ViewerHeader } from './viewer-header';

interface RecordViewerProps {
  /** The record's name as the heading. */
  title: string;
  buttons?: readonly RecordAction[];
  menu?: readonly RecordAction[];
  /** A failed action (a refused Delete) in a red alert under the heading. */
  actionError?: unknown;
  children: ReactNode;
}

/** The frame of every viewer: the record's name with its actions, an action's error, then the record. */
export function RecordViewer({ title, buttons, menu, actionError, children }: RecordViewerProps) {
  return (
    <>
      <ViewerHeader title={title}>
        <RecordActions buttons={buttons} menu={menu} />
      </ViewerHeader>
      <ApiErrorAlert error={actionError} />
      {children}
    </>
  );
}
