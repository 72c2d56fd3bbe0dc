import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../../testing/render';
import { ListPagination, pageWindow } from './list-pagination';

const hrefFor = (page: number) => `/customers/search?q=*&p=${page}&s=10`;

function renderPagination(
  page: number,
  total: number,
  more: { atLeast?: boolean; hasNext?: boolean; empty?: boolean } = {},
) {
  renderWithProviders(<ListPagination page={page} size={10} total={total} hrefFor={hrefFor} {...more} />);
  return screen.getByRole('navigation', { name: 'Pagination' });
}

function pageNames(nav: HTMLElement): string[] {
  return within(nav)
    .getAllByRole('link')
    .map((link) => link.textContent ?? '');
}

describe('pageWindow', () => {
  it('shows every page when there are at most 7', () => {
    expect(pageWindow(1, 1)).toEqual([1]);
    expect(pageWindow(2, 7)).toEqual([1, 2, 3, 4, 5, 6, 7]);
  });

  it('shows 7 pages centred on the current one, kept within the ends', () => {
    expect(pageWindow(1, 20)).toEqual([1, 2, 3, 4, 5, 6, 7]);
    expect(pageWindow(10, 20)).toEqual([7, 8, 9, 10, 11, 12, 13]);
    expect(pageWindow(20, 20)).toEqual([14, 15, 16, 17, 18, 19, 20]);
    expect(pageWindow(25, 20)).toEqual([14, 15, 16, 17, 18, 19, 20]);
  });
});

describe('ListPagination', () => {
  it('shows Previous, at most 7 numbers and Next', () => {
    const nav = renderPagination(10, 200);

    expect(pageNames(nav)).toEqual(['Previous', '7', '8', '9', '10', '11', '12', '13', 'Next']);
    expect(within(nav).getByRole('link', { name: 'Previous' })).toHaveAttribute('href', hrefFor(9));
    expect(within(nav).getByRole('link', { name: 'Next' })).toHaveAttribute('href', hrefFor(11));
    expect(within(nav).getByRole('link', { name: '13' })).toHaveAttribute('href', hrefFor(13));
  });

  it('marks the current page and disables it', () => {
    const nav = renderPagination(3, 50);

    const current = within(nav).getByRole('link', { name: '3' });
    expect(current).toHaveAttribute('aria-current', 'page');
    expect(current).toHaveAttribute('aria-disabled', 'true');
    expect(current).not.toHaveAttribute('href');
    expect(within(nav).getByRole('link', { name: '2' })).not.toHaveAttribute('aria-current');
  });

  it('disables Previous on the first page and Next on the last', () => {
    const first = renderPagination(1, 25);
    expect(within(first).getByRole('link', { name: 'Previous' })).toHaveAttribute('aria-disabled', 'true');
    expect(within(first).getByRole('link', { name: 'Previous' })).not.toHaveAttribute('href');
    expect(within(first).getByRole('link', { name: 'Next' })).not.toHaveAttribute('aria-disabled');
  });

  it('disables Next on the last page', () => {
    const nav = renderPagination(3, 25);

    expect(within(nav).getByRole('link', { name: 'Next' })).toHaveAttribute('aria-disabled', 'true');
    expect(within(nav).getByRole('link', { name: 'Previous' })).toHaveAttribute('href', hrefFor(2));
  });

  it('with one page disables everything', () => {
    const nav = renderPagination(1, 4);

    expect(pageNames(nav)).toEqual(['Previous', '1', 'Next']);
    for (const link of within(nav).getAllByRole('link')) {
      expect(link).toHaveAttribute('aria-disabled', 'true');
    }
  });
});

describe('ListPagination of a count the server stopped at (Total-Count-Relation: gte)', () => {
  // 1,000 counted, 10 a page: the count covers pages 1 to 100; the server links `next` while a page is full.
  const capped = (page: number, hasNext: boolean) => renderPagination(page, 1000, { atLeast: true, hasNext });

  it('numbers the pages the count covers, with Next from the server', () => {
    const nav = capped(1, true);

    expect(pageNames(nav)).toEqual(['Previous', '1', '2', '3', '4', '5', '6', '7', 'Next']);
    expect(within(nav).getByRole('link', { name: 'Next' })).toHaveAttribute('href', hrefFor(2));
  });

  it('keeps Next on a full page at the last page the count covers', () => {
    const nav = capped(100, true);

    expect(pageNames(nav)).toEqual(['Previous', '94', '95', '96', '97', '98', '99', '100', 'Next']);
    expect(within(nav).getByRole('link', { name: 'Next' })).toHaveAttribute('href', hrefFor(101));
  });

  it('past the pages the count covers: numbers the current page, and Next while the page is full', () => {
    const nav = capped(101, true);

    expect(pageNames(nav)).toEqual(['Previous', '95', '96', '97', '98', '99', '100', '101', 'Next']);
    expect(within(nav).getByRole('link', { name: '101' })).toHaveAttribute('aria-current', 'page');
    expect(within(nav).getByRole('link', { name: 'Previous' })).toHaveAttribute('href', hrefFor(100));
    expect(within(nav).getByRole('link', { name: 'Next' })).toHaveAttribute('href', hrefFor(102));
  });

  it('disables Next when the server links no next page (the page was not full)', () => {
    const nav = capped(101, false);

    expect(within(nav).getByRole('link', { name: 'Next' })).toHaveAttribute('aria-disabled', 'true');
    expect(within(nav).getByRole('link', { name: 'Next' })).not.toHaveAttribute('href');
  });

  it('on an empty page past the pages the count covers, numbers only those and offers no Next', () => {
    const nav = renderPagination(104, 1000, { atLeast: true, empty: true });

    expect(pageNames(nav)).toEqual(['Previous', '94', '95', '96', '97', '98', '99', '100', 'Next']);
    expect(within(nav).getByRole('link', { name: 'Previous' })).toHaveAttribute('href', hrefFor(100));
    expect(within(nav).getByRole('link', { name: 'Next' })).toHaveAttribute('aria-disabled', 'true');
  });

  it('an exact count of 1,000 still ends at its last page, whatever the links', () => {
    const nav = renderPagination(100, 1000, { atLeast: false, hasNext: true });

    expect(pageNames(nav).at(-2)).toBe('100');
    expect(within(nav).getByRole('link', { name: 'Next' })).toHaveAttribute('aria-disabled', 'true');
  });
});
