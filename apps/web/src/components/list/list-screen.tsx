import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { OFFLINE_SEARCH } from '../../lib/api-client';
import { countOf, type ListCount } from '../../lib/list-count';
import { withQuery } from '../../lib/paths';
import { isRefused, LoadErrorAlert } from '../load-error-alert';
import { PageHeading } from '../page-heading';
import { PlainButton } from '../plain-button';
import { RefusedScreen } from '../refused-screen';
import { SectionLoader } from '../section-loader';
import { Spinner } from '../spinner';
import { ListPagination } from './list-pagination';
import { type Column, RecordTable } from './record-table';
import { SearchForm } from './search-form';
import { type ListQuery, useReloadOnRepeatNavigation } from './use-list-params';
import { useWordlessSearch } from './use-wordless-search';
import './list-screen.css';

interface ListScreenProps<T extends { id: string }> {
  /** The page heading, e.g. 'Customers'. */
  title: string;
  /** The list's own route, where searches and page links go. */
  path: string;
  /** From `useListQuery`: the URL's q, p and s, and the page of records. */
  list: ListQuery<T>;
  searchPlaceholder?: string;
  /** 'New …', for a user who may add one. */
  newRecord?: { label: string; to: string };
  /** Under the heading, above the search: a word about the whole list (the outbox's unsent mail). */
  intro?: ReactNode;
  columns: readonly Column<T>[];
  /** What the list counts, one and more: ['customer', 'customers'] says '47 customers' or '1,000+ customers'. */
  noun: readonly [one: string, other: string];
  /** 'No customers found.' */
  emptyText: string;
}

/**
 * A list screen (customers, items, jobs, invoices): search box, 'New …' button, then a spinner, an error,
 * the empty text or the count, the table and pagination; a page past the last says so and links the last there is. A list the server refuses to the user's role shows only why.
 */
export function ListScreen<T extends { id: string }>(props: ListScreenProps<T>) {
  const { title, path, list, newRecord, intro } = props;
  const { params, query } = list;
  useReloadOnRepeatNavigation(query.refetch);

  if (isRefused(query.error)) return <RefusedScreen title={title} />;
  return (
    <>
      <PageHeading>{title}</PageHeading>
      {intro}
      <div className="list-toolbar">
        {/* On a phone the search takes the whole row and the button goes under it. */}
        <div style={{ flex: '1 1 280px' }}>
          <SearchForm path={path} params={params} placeholder={props.searchPlaceholder} />
        </div>
        {newRecord && (
          <PlainButton component={Link} to={newRecord.to}>
            {newRecord.label}
          </PlainButton>
        )}
      </div>
      <ListBody {...props} />
    </>
  );
}

function ListBody<T extends { id: string }>(props: ListScreenProps<T>) {
  const { path, list, columns, noun, emptyText, title } = props;
  const { params, query } = list;
  const wordless = useWordlessSearch(params.q);
  if (query.isPending) {
    return <SectionLoader />;
  }
  if (query.isError) {
    return <LoadErrorAlert error={query.error} />;
  }
  const { items, total, atLeast, links } = query.data;
  // The rows of the previous search stay while the next loads, dimmed, with a word that it is running; with the
  // network cut the search waits (TanStack Query pauses it) and runs by itself when the connection is back.
  const searching = query.isPlaceholderData;
  const offline = searching && query.fetchStatus === 'paused';
  // A page past the last (a link kept from before, a page number typed in the address): say so, not 'No … found.'.
  const pastEnd = items.length === 0 && total > 0 && params.p > 1;
  const lastPage = atLeast ? 1 : Math.ceil(total / params.s);
  return (
    <>
      {searching && (
        <div className="list-searching" role="status">
          {!offline && <Spinner size="xs" />}
          <p>{offline ? OFFLINE_SEARCH : 'Searching…'}</p>
        </div>
      )}
      <div aria-busy={searching} style={searching ? { opacity: 0.6 } : undefined}>
        {/*
          A status: a search's count is read out when its rows arrive ('1,000+ customers'), and so is a search that
          found nothing ('No customers found.', here rather than in the table's place).
        */}
        <p className="list-count" role="status">
          {pastEnd
            ? pastEndText(params.p, { total, atLeast }, params.s)
            : items.length === 0
              ? emptyText
              : countLine({ total, atLeast }, noun, wordless && !searching ? params.q : null)}
        </p>
        {pastEnd && (
          <p>
            <Link to={withQuery(path, { q: params.q, p: lastPage, s: params.s })}>Go to page {lastPage}</Link>
          </p>
        )}
        {items.length > 0 && (
          <RecordTable
            label={title}
            columns={columns}
            rows={items}
            rowKey={(row) => row.id}
            emptyText={emptyText}
          />
        )}
      </div>
      {total > 0 && (
        <ListPagination
          page={params.p}
          size={params.s}
          total={total}
          atLeast={atLeast}
          hasNext={links.next !== undefined}
          empty={items.length === 0}
          hrefFor={(page) => withQuery(path, { q: params.q, p: page, s: params.s })}
        />
      )}
    </>
  );
}

/**
 * The count ('47 customers'), and for a search with no words (`wordless`: '🐟', '&&') why it shows everything: the
 * API lists everything for it, as for an empty search, so the user is told rather than left to wonder.
 */
function countLine(count: ListCount, noun: ListScreenProps<{ id: string }>['noun'], wordless: string | null) {
  const counted = countOf(count, noun);
  if (wordless === null) return counted;
  return `The search "${wordless}" has no letters or numbers to look for, so it shows everything: ${counted}.`;
}

/**
 * What a page past the last says: how many pages an exact count fills; a count the server stopped at (1,000+) does
 * not say where the last page is, so its link goes to page 1.
 */
function pastEndText(page: number, { total, atLeast }: ListCount, size: number): string {
  if (atLeast) return `There is nothing on page ${page} of this search.`;
  const pages = Math.ceil(total / size);
  return `There is nothing on page ${page}: this list has ${pages === 1 ? '1 page' : `${pages} pages`}.`;
}
