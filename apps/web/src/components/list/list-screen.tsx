import { Button, Group } from '@mantine/core';
import type { UseQueryResult } from '@tanstack/react-query';
import { Link } from 'react-router';
import type { ListPage } from '../../lib/api-client';
import type { ListParams } from '../../lib/list-params';
import { withQuery } from '../../lib/paths';
import { LoadErrorAlert } from '../load-error-alert';
import { PageHeading } from '../page-heading';
import { SectionLoader } from '../section-loader';
import { ListPagination } from './list-pagination';
import { type Column, RecordTable } from './record-table';
import { SearchForm } from './search-form';
import { useReloadOnRepeatNavigation } from './use-list-params';

interface ListScreenProps<T> {
  /** The page heading, e.g. 'Customers'. */
  title: string;
  /** The list's own route, where searches and page links go. */
  path: string;
  params: ListParams;
  searchPlaceholder?: string;
  newRecord: { label: string; to: string };
  query: UseQueryResult<ListPage<T>>;
  columns: readonly Column<T>[];
  rowKey: (row: T) => string;
  emptyText: string;
}

/**
 * A list screen (customers, items, jobs, invoices): search box, 'New …' button, then a spinner, an error,
 * the empty text or the table with pagination.
 */
export function ListScreen<T>(props: ListScreenProps<T>) {
  const { title, path, params, query, newRecord } = props;
  useReloadOnRepeatNavigation(query.refetch);

  return (
    <>
      <PageHeading>{title}</PageHeading>
      <Group justify="space-between" align="flex-end" mb="lg" gap="md">
        <div style={{ flex: 1 }}>
          {/* Keyed by the query so that Back and Forward show the search that is on screen. */}
          <SearchForm key={params.q} path={path} params={params} placeholder={props.searchPlaceholder} />
        </div>
        <Button component={Link} to={newRecord.to}>
          {newRecord.label}
        </Button>
      </Group>
      <ListBody {...props} />
    </>
  );
}

function ListBody<T>({ path, params, query, columns, rowKey, emptyText, title }: ListScreenProps<T>) {
  if (query.isPending) {
    return <SectionLoader />;
  }
  if (query.isError) {
    return <LoadErrorAlert error={query.error} />;
  }
  const { items, total } = query.data;
  return (
    <>
      <RecordTable label={title} columns={columns} rows={items} rowKey={rowKey} emptyText={emptyText} />
      {total > 0 && (
        <ListPagination
          page={params.p}
          size={params.s}
          total={total}
          hrefFor={(page) => withQuery(path, { q: params.q, p: page, s: params.s })}
        />
      )}
    </>
  );
}
