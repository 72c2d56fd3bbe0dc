import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { waitingAction } from '../../testing/device-work';
import { renderWithProviders } from '../../testing/render';
import type { StoredAction } from './device-store';
import { type DeviceWork, DeviceWorkContext } from './device-work';
import { SignOutCheck, WaitingActions } from './waiting-actions';

const NOTE =
  'Hot water unit leaking at the base: isolated it, customer to call the landlord about a replacement.';

/** The header's list (or `shown`) over a queue holding `actions`; the queue's choices are spies. */
function renderList(actions: StoredAction[], shown = <WaitingActions />) {
  const queue = {
    subscribe: () => () => undefined,
    getSnapshot: () => actions,
    retry: vi.fn(),
    discard: vi.fn(),
  };
  const work = {
    queue,
    keepAnswer: () => undefined,
    savedAt: () => null,
    subscribeSavedAt: () => () => undefined,
  };
  renderWithProviders(<DeviceWorkContext value={work as unknown as DeviceWork}>{shown}</DeviceWorkContext>);
  return queue;
}

const gone = { state: 'failed', problem: 'Job not found.', jobGone: true } as const;

describe('the list of what waits to be sent', () => {
  it('says plainly that a job is no longer theirs, and shows a note not sent in full to copy before discarding', async () => {
    const queue = renderList([
      waitingAction({
        jobId: 'j1',
        jobNumber: 242,
        takenAt: 1,
        action: { type: 'note', text: NOTE },
        seq: 1,
        ...gone,
      }),
      waitingAction({
        jobId: 'j1',
        jobNumber: 242,
        takenAt: 2,
        action: { type: 'status', from: 'OPEN_SCHEDULED', to: 'OPEN_IN_PROGRESS' },
        seq: 2,
        ...gone,
      }),
    ]);
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: '2 not sent' }));
    const note = within(screen.getByRole('region', { name: /^Job 242: Note: / }));
    expect(
      note.getByText(
        'Not sent: job 242 is no longer yours: the office has given it to someone else or deleted it. Copy the note and pass it on to the office, then discard it here. If the office gives it back to you, Try again sends it.',
      ),
    ).toBeInTheDocument();
    // A note holds nothing back, so nothing says it does; its whole text is there to read and copy.
    expect(note.queryByText(/Later actions/)).not.toBeInTheDocument();
    expect(note.getByText(NOTE)).toBeInTheDocument();
    expect(note.getByRole('button', { name: 'Copy the note' })).toBeInTheDocument();
    const start = within(screen.getByRole('region', { name: 'Job 242: Start' }));
    expect(
      start.getByText(
        /^Not sent: job 242 is no longer yours: .* Tell the office what you did, then discard it here\. .* Later actions on this job wait for your choice\.$/,
      ),
    ).toBeInTheDocument();
    await user.click(note.getByRole('button', { name: 'Discard' }));
    expect(queue.discard).toHaveBeenCalledWith(1);
  });

  it('says a conflict without blaming the office: the change may have come from their other device', async () => {
    renderList([
      waitingAction({
        jobId: 'j1',
        jobNumber: 12,
        takenAt: 1,
        action: { type: 'status', from: 'OPEN_SCHEDULED', to: 'OPEN_IN_PROGRESS' },
        seq: 1,
        state: 'conflict',
        conflict: { was: 'Scheduled', now: 'Completed' },
      }),
    ]);
    await userEvent.setup().click(screen.getByRole('button', { name: '1 not sent' }));
    expect(
      screen.getByText(
        'Not sent: when you did this the job was Scheduled. It has since been made Completed, on another device or by the office, and that does not allow it. Later actions on this job wait for your choice.',
      ),
    ).toBeInTheDocument();
  });

  it('asks before a sign-out deletes what waits, in the words of one action or of several', async () => {
    const note = waitingAction({
      jobId: 'job-1',
      jobNumber: 242,
      takenAt: 1,
      action: { type: 'note', text: NOTE },
    });
    const onSignOut = vi.fn();
    renderList([note], <SignOutCheck opened onClose={vi.fn()} onSignOut={onSignOut} />);
    const asking = screen.getByRole('dialog', { name: '1 action is not sent yet' });
    await userEvent.setup().click(within(asking).getByRole('button', { name: 'Sign out and delete it' }));
    expect(onSignOut).toHaveBeenCalledOnce();
  });
});
