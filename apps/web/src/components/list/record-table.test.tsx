import { screen } from '@testing-library/react';
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
  renderWithProviders(
    <RecordTable
      label="Jobs"
      columns={columns}
      rows={[{ id: 'j-1' }]}
      rowKey={(row) => row.id}
      emptyText="No jobs found."
    />,
  );
}

afterEach(() => {
  vi.restoreAllMocks();
});

describe('RecordTable', () => {
  it('a table wider than the screen is a named region the keyboard can reach, to scroll it', () => {
    renderJobsAt(770, 358);

    expect(screen.getByRole('region', { name: 'Jobs' })).toHaveAttribute('tabindex', '0');
    expect(screen.getByRole('table', { name: 'Jobs' })).toBeInTheDocument();
  });

  it('a table that fits is no extra stop for the keyboard', () => {
    renderJobsAt(1200, 1200);

    expect(screen.queryByRole('region')).not.toBeInTheDocument();
    expect(screen.getByRole('table', { name: 'Jobs' }).closest('[tabindex]')).toBeNull();
  });
});
