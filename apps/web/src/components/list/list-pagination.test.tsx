import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../../testing/render';
import { ListPagination, pageWindow } from './list-pagination';

const hrefFor = (page: number) => `/customers/search?q=*&p=${page}&s=10`;

function renderPagination(page: number, total: number) {
  renderWithProviders(<ListPagination page={page} size={10} total={total} hrefFor={hrefFor} />);
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
