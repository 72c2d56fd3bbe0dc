import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { PlainButton } from '../plain-button';
import './list-screen.css';

/** Pagination shows at most this many page numbers (spec section 9). */
export const MAX_PAGE_LINKS = 7;

/** The page numbers to show: up to `max` consecutive pages, centred on the current one where possible. */
export function pageWindow(current: number, last: number, max = MAX_PAGE_LINKS): number[] {
  const count = Math.max(0, Math.min(max, last));
  const start = Math.max(1, Math.min(current - Math.floor(count / 2), last - count + 1));
  return Array.from({ length: count }, (_, index) => start + index);
}

interface PageLinkProps {
  to: string | null;
  current?: boolean;
  children: ReactNode;
}

/** A link to one page; without a target it is a disabled link (aria-disabled, not focusable). */
function PageLink({ to, current = false, children }: PageLinkProps) {
  if (current) {
    return (
      <PlainButton component="a" role="link" aria-current="page" aria-disabled="true" size="compact-sm">
        {children}
      </PlainButton>
    );
  }
  if (to === null) {
    return (
      <PlainButton
        component="a"
        role="link"
        aria-disabled="true"
        data-disabled
        size="compact-sm"
        variant="default"
      >
        {children}
      </PlainButton>
    );
  }
  return (
    <PlainButton component={Link} to={to} size="compact-sm" variant="default">
      {children}
    </PlainButton>
  );
}

interface ListPaginationProps {
  page: number;
  size: number;
  /** `Total-Count`: the number of records, or with `atLeast` the most the server counted. */
  total: number;
  /** The server counted only up to `total` (a free-text search): there may be pages past the last it covers. */
  atLeast?: boolean;
  /** The server's `Link` header has `next` (with `atLeast`, while the page is full): Next leads there. */
  hasNext?: boolean;
  /** The page came back with no rows (a page past the last): only the pages the count covers are numbered. */
  empty?: boolean;
  /** The URL of a page of this list (same query and size). */
  hrefFor: (page: number) => string;
}

/**
 * The pages to number and whether there is a next one. An exact count knows the last page. A count the server
 * stopped at knows the pages it covers (1,000 records: 20 pages of 50) and the current one when Next went past
 * them; a next page is there while the server links one, so there is no last page to offer. An empty page past
 * them numbers only the pages the count covers.
 */
function knownPages({
  page,
  size,
  total,
  atLeast = false,
  hasNext = false,
  empty = false,
}: Omit<ListPaginationProps, 'hrefFor'>) {
  const counted = Math.max(1, Math.ceil(total / size));
  if (!atLeast || empty) return { last: counted, next: page < counted };
  return { last: Math.max(counted, page), next: hasNext };
}

/** Previous, at most 7 page numbers, and Next; the current page and the ends that lead nowhere are disabled. */
export function ListPagination(props: ListPaginationProps) {
  const { page, hrefFor } = props;
  const { last, next } = knownPages(props);
  return (
    <nav aria-label="Pagination" className="list-pagination">
      <PageLink to={page > 1 ? hrefFor(Math.min(page - 1, last)) : null}>Previous</PageLink>
      {pageWindow(page, last).map((number) => (
        <PageLink key={number} to={hrefFor(number)} current={number === page}>
          {number}
        </PageLink>
      ))}
      <PageLink to={next ? hrefFor(page + 1) : null}>Next</PageLink>
    </nav>
  );
}
