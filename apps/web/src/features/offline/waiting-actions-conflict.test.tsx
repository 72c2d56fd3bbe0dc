import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { ApiRequestError } from '../../lib/api-client';
import { membership } from '../../testing/records';
import { renderWithProviders } from '../../testing/render';
import { deviceActionStore } from './action-store';
import { clearDevice, type StoredAction } from './device-store';
import { type DeviceWork, DeviceWorkContext } from './device-work';
import { WaitingActions } from './waiting-actions';
import { createWorkQueue } from './work-queue';

const SIGNED_ALREADY =
  'The job was already signed at 2:42 pm on 30 Nov by Olivia Cartwright; this sign-off was not saved.';

// The device's store outlives a file (the web tests share a worker's modules): nothing is left in it for the next.
afterEach(() => clearDevice());

describe('the list of what waits to be sent, after a refused sign-off', () => {
  it('shows a sign-off refused for a later one as a conflict, the Finish waiting for the choice; Discard lets it go', async () => {
    const sent: StoredAction[] = [];
    const queue = createWorkQueue('user-1@t-acme', {
      store: deviceActionStore,
      send: async (action) => {
        if (action.action.type === 'signature')
          throw new ApiRequestError(409, { error: 'CONFLICT', message: SIGNED_ALREADY, fieldErrors: [] });
        sent.push(action);
      },
      schedule: () => undefined,
    });
    const job = { jobId: 'job-1', jobNumber: 242 };
    await queue.take({
      ...job,
      action: { type: 'signature', customerNotPresent: true, signerName: null, image: null },
    });
    await queue.take({ ...job, action: { type: 'status', from: 'OPEN_IN_PROGRESS', to: 'OPEN_COMPLETED' } });
    await queue.flush();
    const work: DeviceWork = {
      queue,
      keepAnswer: () => undefined,
      savedAt: () => null,
      subscribeSavedAt: () => () => undefined,
    };
    const user = userEvent.setup();
    renderWithProviders(
      <DeviceWorkContext value={work}>
        <WaitingActions />
      </DeviceWorkContext>,
      { membership: membership({ role: 'TECHNICIAN' }) },
    );

    await user.click(screen.getByRole('button', { name: '1 not sent' }));
    const signOff = screen.getByRole('region', { name: 'Job 242: Sign-off: customer not present' });
    expect(signOff).toHaveTextContent(
      `Not sent: ${SIGNED_ALREADY} Later actions on this job wait for your choice.`,
    );
    expect(screen.getByRole('region', { name: 'Job 242: Finish' })).toHaveTextContent(
      'Waits for your choice on the step above that was not sent: it is sent once that is sent or discarded.',
    );
    expect(sent).toEqual([]);

    await user.click(within(signOff).getByRole('button', { name: 'Discard' }));
    expect(await screen.findByText('Everything has been sent.')).toBeInTheDocument();
    expect(sent.map((action) => action.action)).toEqual([
      { type: 'status', from: 'OPEN_IN_PROGRESS', to: 'OPEN_COMPLETED' },
    ]);
  });
});
