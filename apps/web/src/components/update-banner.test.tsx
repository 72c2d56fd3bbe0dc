import { MantineProvider } from '@mantine/core';
import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { theme } from '../app/theme';
import { appUpdate } from '../lib/app-update';
import { UpdateBanner } from './update-banner';

describe('UpdateBanner', () => {
  it('says nothing while the app is the newest, then offers the waiting version, which Reload to update swaps in', async () => {
    render(
      <MantineProvider theme={theme} env="test">
        <UpdateBanner />
      </MantineProvider>,
    );
    expect(screen.queryByRole('status')).not.toBeInTheDocument();

    const reload = vi.fn(() => new Promise<void>(() => undefined));
    act(() => appUpdate.offer(reload));
    expect(screen.getByRole('status')).toHaveTextContent('A new version of Fieldbook is ready.');
    await userEvent.setup().click(screen.getByRole('button', { name: 'Reload to update' }));
    expect(reload).toHaveBeenCalledTimes(1);
  });
});
