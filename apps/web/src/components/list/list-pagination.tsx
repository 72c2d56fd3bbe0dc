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
  total: number;
  /** The URL of a page of this list (same query and size). */
  hrefFor: (page: number) => string;
}

/** Previous, at most 7 page numbers, and Next; the current page and the ends that lead nowhere are disabled. */
export function ListPagination({ page, size, total, hrefFor }: ListPaginationProps) {
  const last = Math.max(1, Math.ceil(total / size));
  return (
    <nav aria-label="Pagination" className="list-pagination">
      <PageLink to={page > 1 ? hrefFor(Math.min(page - 1, last)) : null}>Previous</PageLink>
      {pageWindow(page, last).map((number) => (
        <PageLink key={number} to={hrefFor(number)} current={number === page}>
          {number}
        </PageLink>
      ))}
      <PageLink to={page < last ? hrefFor(page + 1) : null}>Next</PageLink>
    </nav>
  );
}
