import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { ListCount } from '../../lib/list-count';
import { job } from '../../testing/records';
import { renderWithProviders } from '../../testing/render';
import { ReadyJobList } from './ready-job-list';

const jobs = [job({ number: 41, status: 'OPEN_READY_TO_BE_SCHEDULED' }), job({ number: 42 })];

function renderList(count: ListCount) {
  renderWithProviders(
    <ReadyJobList jobs={jobs} count={count} busy={new Set()} onSchedule={() => {}} onDragging={() => {}} />,
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

  it('says nothing more when it shows them all', () => {
    renderList({ total: 2, atLeast: false });

    expect(screen.getByRole('region', { name: 'Ready to be scheduled (2)' })).toBeInTheDocument();
    expect(screen.queryByText(/^Showing the newest/)).not.toBeInTheDocument();
  });
});
