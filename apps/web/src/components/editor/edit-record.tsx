import type { UseQueryResult } from '@tanstack/react-query';
import { Fragment, type ReactNode, useState } from 'react';
import { type CarriedEdits, StaleSaveContext } from '../form/stale-save';
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
 * form nor the `updated` the save sends, so the server answers 409 instead of losing the other change. On that
 * 409 the editor asks for the record again (`StaleSaveContext`): it starts over from the record as it now is,
 * with what the user typed carried over (`mergeEdits`), and the user saves again.
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
        <AsFirstLoaded key={record.id} record={record} refetch={query.refetch}>
          {children}
        </AsFirstLoaded>
      )}
    </QueryBoundary>
  );
}

function AsFirstLoaded<T>({
  record,
  refetch,
  children,
}: {
  record: T;
  refetch: UseQueryResult<T>['refetch'];
  children: (record: T) => ReactNode;
}) {
  const [shown, setShown] = useState<{ record: T; carried: CarriedEdits | null; round: number }>({
    record,
    carried: null,
    round: 0,
  });
  const reload = async (edits: CarriedEdits) => {
    const latest = await refetch();
    if (!latest.isSuccess) return false;
    setShown((before) => ({ record: latest.data, carried: edits, round: before.round + 1 }));
    return true;
  };
  return (
    <StaleSaveContext value={{ carried: shown.carried, reload }}>
      <Fragment key={shown.round}>{children(shown.record)}</Fragment>
    </StaleSaveContext>
  );
}
