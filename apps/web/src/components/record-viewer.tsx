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
  children: ReactNode;
}

/** The frame of every viewer: the record's name with its actions, an action's error, then the record. */
export function RecordViewer({
  title,
  breadcrumbs,
  buttons,
  menu,
  actionError,
  children,
}: RecordViewerProps) {
  return (
    <>
      <ViewerHeader title={title} breadcrumbs={breadcrumbs}>
        <RecordActions buttons={buttons} menu={menu} />
      </ViewerHeader>
      <ApiErrorAlert error={actionError} />
      {children}
    </>
  );
}
