import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { acmePlumbing, bondiElectrical } from '../testing/fixtures';
import { renderWithProviders } from '../testing/render';
import { UserMenu } from './user-menu';

function renderMenu() {
  const onSwitchTenant = vi.fn();
  const onSignOut = vi.fn();
  renderWithProviders(
    <UserMenu
      userName="Sam Citizen"
      tenants={[acmePlumbing, bondiElectrical]}
      currentTenantId={acmePlumbing.tenantId}
      helpUrl="https://help.fieldbook.app"
      onSwitchTenant={onSwitchTenant}
      onSignOut={onSignOut}
    />,
  );
  return { onSwitchTenant, onSignOut, user: userEvent.setup() };
}

describe('UserMenu', () => {
  it('names the organisation the user is working in, and the user', () => {
    renderMenu();

    const button = screen.getByRole('button', { name: 'Acme Plumbing, signed in as Sam Citizen' });
    expect(button).toHaveTextContent('Acme PlumbingSam Citizen');
  });

  it("lists the account pages, the user's organisations with the current one marked, and help", async () => {
    const { user } = renderMenu();

    await user.click(screen.getByRole('button', { name: 'Acme Plumbing, signed in as Sam Citizen' }));

    expect(screen.getByRole('menuitem', { name: 'Account' })).toHaveAttribute('href', '/account');
    expect(screen.getByRole('menuitem', { name: 'Organisations' })).toHaveAttribute(
      'href',
      '/account/organisations',
    );
    expect(screen.getByRole('menuitem', { name: 'Acme Plumbing' })).toHaveAttribute('aria-current', 'true');
    expect(screen.getByRole('menuitem', { name: 'Bondi Electrical' })).not.toHaveAttribute('aria-current');
    const help = screen.getByRole('menuitem', { name: 'Help' });
    expect(help).toHaveAttribute('href', 'https://help.fieldbook.app');
    expect(help).toHaveAttribute('target', '_blank');
  });

  it('switches to another organisation chosen by name', async () => {
    const { user, onSwitchTenant } = renderMenu();

    await user.click(screen.getByRole('button', { name: 'Acme Plumbing, signed in as Sam Citizen' }));
    await user.click(screen.getByRole('menuitem', { name: 'Bondi Electrical' }));

    expect(onSwitchTenant).toHaveBeenCalledWith('t-bondi');
  });

  it('does not switch when the current organisation is chosen again', async () => {
    const { user, onSwitchTenant } = renderMenu();

    await user.click(screen.getByRole('button', { name: 'Acme Plumbing, signed in as Sam Citizen' }));
    await user.click(screen.getByRole('menuitem', { name: 'Acme Plumbing' }));

    expect(onSwitchTenant).not.toHaveBeenCalled();
  });

  it('signs out, using only the keyboard', async () => {
    const { user, onSignOut } = renderMenu();

    await user.tab();
    await user.keyboard('{Enter}');
    const signOut = await screen.findByRole('menuitem', { name: 'Sign out' });
    signOut.focus();
    await user.keyboard('{Enter}');

    expect(onSignOut).toHaveBeenCalledOnce();
  });
});
