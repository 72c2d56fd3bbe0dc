import type { UseQueryResult } from '@tanstack/react-query';
import { type ReactNode, useState } from 'react';
import { QueryBoundary } from '../query-boundary';
import { type Crumb, EditorHeader } from './editor-header';

interface EditRecordProps<T extends { id: string }> {
  query: UseQueryResult<T>;
  title: string;
  /** The breadcrumbs while the record loads (or fails to), before its name is known. */
  breadcrumbs: readonly Crumb[];
  /** The editor, given the record as it was when editing started. */
  children: (record: T) => ReactNode;
}

/**
 * The edit page of a record: its spinner or load error under the editor's heading, then the editor. The editor
 * gets the record as first loaded and keeps it: a refetch meanwhile (another tab saved it) changes neither the
 * form nor the `updated` the save sends, so the server answers 409 instead of losing the other change.
 */
export function EditRecord<T extends { id: string }>({
  query,
  title,
  breadcrumbs,
  children,
}: EditRecordProps<T>) {
  return (
    <QueryBoundary
      query={query}
      header={<EditorHeader breadcrumbs={breadcrumbs} title={title} />}
      keepDataOnError
    >
      {(record) => (
        <AsFirstLoaded key={record.id} record={record}>
          {children}
        </AsFirstLoaded>
      )}
    </QueryBoundary>
  );
}

function AsFirstLoaded<T>({ record, children }: { record: T; children: (record: T) => ReactNode }) {
  const [first] = useState(record);
  return children(first);
}
