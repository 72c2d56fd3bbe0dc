import type { Job } from '@fieldbook/domain';
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { ListCount } from '../../lib/list-count';
import { job } from '../../testing/records';
import { renderWithProviders } from '../../testing/render';
import { ReadyJobList, type ReadySearch } from './ready-job-list';

const jobs = [job({ number: 41, status: 'OPEN_READY_TO_BE_SCHEDULED' }), job({ number: 42 })];

function renderList(count: ListCount, search?: ReadySearch) {
  renderWithProviders(
    <ReadyJobList
      jobs={jobs}
      count={count}
      text={search ? 'smith' : ''}
      onText={() => {}}
      search={search}
      busy={new Set()}
      onSchedule={() => {}}
      onDragging={() => {}}
    />,
  );
}

describe('ReadyJobList', () => {
  it('says how many jobs are ready, exactly, as en-AU numbers', () => {
    renderList({ total: 1234, atLeast: false });

    expect(screen.getByRole('region', { name: 'Ready to be scheduled (1,234)' })).toBeInTheDocument();
    expect(screen.getByText('Showing the newest 2 of 1,234.')).toBeInTheDocument();
  });

  it('says 1,000+ when the server counted only that far', () => {
    renderList({ total: 1000, atLeast: true });

    expect(screen.getByRole('region', { name: 'Ready to be scheduled (1,000+)' })).toBeInTheDocument();
    expect(screen.getByText('Showing the newest 2 of 1,000+.')).toBeInTheDocument();
  });

  it("shows a search's newest matches and how many there are in all, or none", () => {
    const [first] = jobs as [Job];
    renderList(
      { total: 2, atLeast: false },
      { found: { jobs: [first], count: { total: 1000, atLeast: true } }, error: null },
    );

    expect(screen.getByText('1,000+ ready jobs match: showing the newest 1.')).toBeInTheDocument();
    expect(screen.getAllByRole('listitem')).toHaveLength(1);
  });

  it('says while a search runs or waits for the network, the last matches dimmed', () => {
    const [first] = jobs as [Job];
    const found = { jobs: [first], count: { total: 1, atLeast: false } };
    renderList({ total: 2, atLeast: false }, { found, error: null, waiting: 'offline' });

    expect(
      screen.getByText('You are offline. The search will run when the connection is back.'),
    ).toBeInTheDocument();
    expect(screen.getByRole('list')).toHaveAttribute('aria-busy', 'true');
  });

  it("keeps the board's jobs, dimmed, until the first search answers", () => {
    renderList({ total: 2, atLeast: false }, { error: null, waiting: 'searching' });

    expect(screen.getByText('Searching…')).toBeInTheDocument();
    expect(screen.getByRole('list')).toHaveAttribute('aria-busy', 'true');
    expect(screen.getAllByRole('listitem')).toHaveLength(2);
  });

  it('shows no jobs when the first search failed', () => {
    renderList({ total: 2, atLeast: false }, { error: new TypeError('Failed to fetch') });

    expect(screen.queryByRole('list')).not.toBeInTheDocument();
    expect(screen.queryByText('No ready jobs match.')).not.toBeInTheDocument();
  });

  it('says when nothing matches', () => {
    renderList(
      { total: 2, atLeast: false },
      { found: { jobs: [], count: { total: 0, atLeast: false } }, error: null },
    );
    expect(screen.getByText('No ready jobs match.')).toBeInTheDocument();
  });

  it('says nothing more when it shows them all', () => {
    renderList({ total: 2, atLeast: false });

    expect(screen.getByRole('region', { name: 'Ready to be scheduled (2)' })).toBeInTheDocument();
    expect(screen.queryByText(/^Showing the newest/)).not.toBeInTheDocument();
  });
});
