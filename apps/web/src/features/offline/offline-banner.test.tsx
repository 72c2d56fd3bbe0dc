import { onlineManager } from '@tanstack/react-query';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { membership } from '../../testing/records';
import { renderWithProviders } from '../../testing/render';
import type { DeviceWork } from './device-work';
import { DeviceWorkContext } from './device-work';
import { OfflineBanner } from './offline-banner';
import type { WorkQueue } from './work-queue';

/** The device's work with a week read at `savedAt` (epoch ms), or none kept. */
function deviceWork(savedAt: number | null): DeviceWork {
  return {
    queue: {} as WorkQueue,
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
    const onSignIn = vi.fn();
    renderWithProviders(
      <OfflineBanner signInProblem="Sign in again to send what is waiting." onSignIn={onSignIn} />,
    );
    expect(screen.getByRole('status')).toHaveTextContent('Sign in again to send what is waiting.');
    await userEvent.setup().click(screen.getByRole('button', { name: 'Sign in' }));
    expect(onSignIn).toHaveBeenCalledOnce();
  });
});
