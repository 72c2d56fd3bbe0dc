import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../testing/render';
import { MissingTenantClaim } from './missing-tenant-claim';
import { reloadOnceForMissingTenant } from './tenant-reload';

afterEach(() => {
  sessionStorage.clear();
});

describe('MissingTenantClaim', () => {
  it('reloads the page the first time', () => {
    const reload = vi.fn();

    renderWithProviders(<MissingTenantClaim onSignInAgain={vi.fn()} reload={reload} />);

    expect(reload).toHaveBeenCalledOnce();
    expect(screen.getByText('Loading...')).toBeInTheDocument();
  });

  it('after the one reload explains the problem and offers to sign in again', async () => {
    reloadOnceForMissingTenant(vi.fn());
    const reload = vi.fn();
    const onSignInAgain = vi.fn();

    renderWithProviders(<MissingTenantClaim onSignInAgain={onSignInAgain} reload={reload} />);

    expect(reload).not.toHaveBeenCalled();
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Your sign-in did not say which organisation to open.',
    );
    await userEvent.click(screen.getByRole('button', { name: 'Sign in again' }));
    expect(onSignInAgain).toHaveBeenCalledOnce();
  });
});
