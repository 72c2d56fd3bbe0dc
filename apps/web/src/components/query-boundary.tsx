import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { LoadErrorAlert } from './load-error-alert';
import { SectionLoader } from './section-loader';

interface QueryBoundaryProps<T> {
  query: UseQueryResult<T>;
  /** Shown above the spinner or the error, while there is no data: a heading, breadcrumbs. */
  header?: ReactNode;
  /**
   * What a failed background refetch does to a page that has data: a viewer shows the failure (the
   * default); an editor keeps its form, so the user's edits are not lost.
   */
  keepDataOnError?: boolean;
  children: (data: T) => ReactNode;
}

/** Loads, then renders: a spinner, the load error as the lists show it, or `children` with the data. */
export function QueryBoundary<T>({
  query,
  header,
  keepDataOnError = false,
  children,
}: QueryBoundaryProps<T>) {
  if (query.isSuccess) {
    return children(query.data);
  }
  if (keepDataOnError && query.isRefetchError) {
    return children(query.data);
  }
  return (
    <>
      {header}
      {query.isError ? <LoadErrorAlert error={query.error} onRetry={query.refetch} /> : <SectionLoader />}
    </>
  );
}
