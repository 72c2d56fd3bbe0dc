import { fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../testing/render';
import { RecordTable } from './record-table';

const columns = ['Job', 'Reference', 'Status', 'Priority', 'Customer', 'Location', 'Due'].map((header) => ({
  header,
  cell: (row: { id: string }) => `${header} of ${row.id}`,
}));

/** A table of one job, with the table's scrolling width and the screen's width as given. */
function renderJobsAt(scroll: number, client: number) {
  vi.spyOn(HTMLElement.prototype, 'scrollWidth', 'get').mockReturnValue(scroll);
  vi.spyOn(HTMLElement.prototype, 'clientWidth', 'get').mockReturnValue(client);
  const scrollLeft = vi.spyOn(HTMLElement.prototype, 'scrollLeft', 'get').mockReturnValue(0);
  renderWithProviders(
    <RecordTable
      label="Jobs"
      columns={columns}
      rows={[{ id: 'j-1' }]}
      rowKey={(row) => row.id}
      emptyText="No jobs found."
    />,
  );
  /** Scrolls the table's box sideways to `left`, as a finger or the arrow keys do. */
  return (left: number) => {
    scrollLeft.mockReturnValue(left);
    fireEvent.scroll(screen.getByRole('region', { name: 'Jobs' }));
  };
}

/** The box around the scrolling table that draws a shadow on each edge with more columns beyond it. */
const frame = () => screen.getByRole('table', { name: 'Jobs' }).closest('.record-table-frame');

afterEach(() => {
  vi.restoreAllMocks();
});

describe('RecordTable', () => {
  it('a table wider than the screen is a named region the keyboard can reach, to scroll it', () => {
    renderJobsAt(770, 358);

    expect(screen.getByRole('region', { name: 'Jobs' })).toHaveAttribute('tabindex', '0');
    expect(screen.getByRole('table', { name: 'Jobs' })).toBeInTheDocument();
  });

  it('a table wider than the screen says it scrolls sideways, and shades the edge with more columns', () => {
    const scrollTo = renderJobsAt(770, 358);

    const hint = screen.getByText('Scroll sideways for more columns.');
    expect(screen.getByRole('region', { name: 'Jobs' })).toHaveAccessibleDescription(hint.textContent);
    expect(frame()).toHaveAttribute('data-more-after');
    expect(frame()).not.toHaveAttribute('data-more-before');

    scrollTo(200);
    expect(frame()).toHaveAttribute('data-more-before');
    expect(frame()).toHaveAttribute('data-more-after');

    scrollTo(770 - 358);
    expect(frame()).toHaveAttribute('data-more-before');
    expect(frame()).not.toHaveAttribute('data-more-after');
  });

  it('a table that fits is no extra stop for the keyboard, and says nothing of scrolling', () => {
    renderJobsAt(1200, 1200);

    expect(screen.queryByRole('region')).not.toBeInTheDocument();
    expect(screen.getByRole('table', { name: 'Jobs' }).closest('[tabindex]')).toBeNull();
    expect(screen.queryByText('Scroll sideways for more columns.')).not.toBeInTheDocument();
    expect(frame()).not.toHaveAttribute('data-more-before');
    expect(frame()).not.toHaveAttribute('data-more-after');
  });
});
