import { onlineManager } from '@tanstack/react-query';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { waitingAction } from '../../testing/device-work';
import { membership } from '../../testing/records';
import { renderWithProviders } from '../../testing/render';
import type { StoredAction } from './device-store';
import type { DeviceWork } from './device-work';
import { DeviceWorkContext } from './device-work';
import { OfflineBanner } from './offline-banner';
import type { WorkQueue } from './work-queue';

/** The device's work with a week read at `savedAt` (epoch ms), or none kept, and `waiting` to be sent. */
function deviceWork(savedAt: number | null, waiting: StoredAction[] = []): DeviceWork {
  const queue = { subscribe: () => () => undefined, getSnapshot: () => waiting } as unknown as WorkQueue;
  return {
    queue,
    keepAnswer: () => undefined,
    savedAt: () => savedAt,
    subscribeSavedAt: () => () => undefined,
  };
}

describe('OfflineBanner', () => {
  afterEach(() => onlineManager.setOnline(true));

  it('says nothing while online', () => {
    renderWithProviders(<OfflineBanner signInProblem={null} onSignIn={vi.fn()} />);
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
  });

  it('offline with a kept week, says when it was read, in the organisation’s zone', () => {
    onlineManager.setOnline(false);
    renderWithProviders(
      <DeviceWorkContext value={deviceWork(Date.parse('2026-11-29T20:19:00Z'))}>
        <OfflineBanner signInProblem={null} onSignIn={vi.fn()} />
      </DeviceWorkContext>,
      { membership: membership({ timeZone: 'Australia/Melbourne' }) },
    );
    expect(screen.getByRole('status')).toHaveTextContent('Offline: showing what was saved at 7:19 am.');
  });

  it('offline with no week kept, says which work the device keeps and that the rest waits (an office save fails)', () => {
    onlineManager.setOnline(false);
    renderWithProviders(
      <DeviceWorkContext value={deviceWork(null)}>
        <OfflineBanner signInProblem={null} onSignIn={vi.fn()} />
      </DeviceWorkContext>,
    );
    expect(screen.getByRole('status')).toHaveTextContent(
      "Offline: what you open needs a connection. Notes, photos and a visit's steps are kept on this device and sent when it is back; anything else needs the connection to save.",
    );
  });

  it('asks for a sign-in when the provider wants one to send what waits', async () => {
    const onSignIn = vi.fn(async () => undefined);
    renderWithProviders(
      <DeviceWorkContext
        value={deviceWork(null, [
          waitingAction({
            jobId: 'job-1',
            jobNumber: 242,
            takenAt: 1,
            action: { type: 'note', text: 'Reseated the valve.' },
          }),
        ])}
      >
        <OfflineBanner signInProblem="Sign in again to send what is waiting." onSignIn={onSignIn} />
      </DeviceWorkContext>,
    );
    expect(screen.getByRole('status')).toHaveTextContent('Not sent yet');
    expect(screen.getByRole('status')).toHaveTextContent('Sign in again to send what is waiting.');
    await userEvent.setup().click(screen.getByRole('button', { name: 'Sign in' }));
    expect(onSignIn).toHaveBeenCalledOnce();
  });

  it('with nothing waiting, says the sign-in has ended and the screen stays until the user signs in', () => {
    renderWithProviders(
      <DeviceWorkContext value={deviceWork(null)}>
        <OfflineBanner signInProblem="Sign in again to send what is waiting." onSignIn={vi.fn()} />
      </DeviceWorkContext>,
    );
    expect(screen.getByRole('status')).toHaveTextContent(
      'Your sign-in has endedSign in again to carry on. What is on the screen stays as it is until you do.',
    );
    expect(screen.getByRole('button', { name: 'Sign in' })).toBeInTheDocument();
  });

  it('says why a sign-in failed, and Sign in tries again', async () => {
    const closed =
      'The sign-in window was closed before you signed in. Nothing on this page is lost: Sign in to try again.';
    const onSignIn = vi
      .fn<() => Promise<void>>()
      .mockRejectedValueOnce(new Error(closed))
      .mockResolvedValue();
    renderWithProviders(
      <DeviceWorkContext value={deviceWork(null)}>
        <OfflineBanner signInProblem="Sign in again to send what is waiting." onSignIn={onSignIn} />
      </DeviceWorkContext>,
    );
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(closed);

    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    await waitFor(() => expect(screen.queryByRole('alert')).not.toBeInTheDocument());
    expect(onSignIn).toHaveBeenCalledTimes(2);
  });
});
