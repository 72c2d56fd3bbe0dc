import { act, fireEvent, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { acmePlumbing, bondiElectrical } from '../testing/fixtures';
import { renderWithProviders } from '../testing/render';
import { UserMenu } from './user-menu';
import LoadedUserMenu from './user-menu-loaded';

const buttonName = 'Acme Plumbing – signed in as Sam Citizen';

/** Opens the menu: clicks its button (the loaded menu is rendered here; how it loads is tested below). */
async function openMenu(user: ReturnType<typeof userEvent.setup>) {
  await user.click(screen.getByRole('button', { name: buttonName }));
}

function renderMenu() {
  const onSwitchTenant = vi.fn();
  const onSignOut = vi.fn();
  renderWithProviders(
    <LoadedUserMenu
      userName="Sam Citizen"
      tenants={[acmePlumbing, bondiElectrical]}
      currentTenantId={acmePlumbing.tenantId}
      helpUrl="https://help.fieldbook.app"
      onSwitchTenant={onSwitchTenant}
      onSignOut={onSignOut}
      opened={false}
      focused={false}
    />,
  );
  return { onSwitchTenant, onSignOut, user: userEvent.setup() };
}

describe('UserMenu', () => {
  it('names the organisation the user is working in, and the user', () => {
    renderMenu();

    // Its name is its text, the words between the two names for screen readers only (WCAG 2.5.3).
    const button = screen.getByRole('button', { name: buttonName });
    expect(button).not.toHaveAttribute('aria-label');
    expect(button).toHaveTextContent(/^Acme Plumbing – signed in as\s*Sam Citizen▾$/);
    expect(screen.getByText('– signed in as')).toHaveClass('mantine-VisuallyHidden-root');
  });

  it("lists the account pages, the user's organisations with the current one marked, and help", async () => {
    const { user } = renderMenu();

    await user.click(screen.getByRole('button', { name: buttonName }));

    // The menu's code loads when the button is reached; the click opens it once it has arrived.
    expect(await screen.findByRole('menuitem', { name: 'Account' }, { timeout: 5000 })).toHaveAttribute(
      'href',
      '/account',
    );
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

    await openMenu(user);
    await user.click(screen.getByRole('menuitem', { name: 'Bondi Electrical' }));

    expect(onSwitchTenant).toHaveBeenCalledWith('t-bondi');
  });

  it('does not switch when the current organisation is chosen again', async () => {
    const { user, onSwitchTenant } = renderMenu();

    await openMenu(user);
    await user.click(screen.getByRole('menuitem', { name: 'Acme Plumbing' }));

    expect(onSwitchTenant).not.toHaveBeenCalled();
  });

  /** The menu with its code held back until `arrive()`. */
  function renderLoadingMenu() {
    let arrive: () => void = () => undefined;
    const loadMenu = () =>
      new Promise<typeof LoadedUserMenu>((resolve) => {
        arrive = () => resolve(LoadedUserMenu);
      });
    renderWithProviders(
      <UserMenu
        userName="Sam Citizen"
        tenants={[acmePlumbing]}
        currentTenantId={acmePlumbing.tenantId}
        helpUrl="https://help.fieldbook.app"
        onSwitchTenant={vi.fn()}
        onSignOut={vi.fn()}
        loadMenu={loadMenu}
      />,
    );
    return { user: userEvent.setup(), arrive: () => act(() => arrive()) };
  }

  it('keeps the focus on its button while the menu loads, then opens with Enter', async () => {
    const { user, arrive } = renderLoadingMenu();

    await user.tab();
    const standIn = screen.getByRole('button', { name: buttonName });
    expect(standIn).toHaveFocus();
    await arrive();

    // The loaded menu's button has taken the stand-in's place, and the focus with it.
    expect(screen.getByRole('button', { name: buttonName })).not.toBe(standIn);
    expect(screen.getByRole('button', { name: buttonName })).toHaveFocus();
    await user.keyboard('{Enter}');
    expect(await screen.findByRole('menuitem', { name: 'Sign out' })).toBeVisible();
  });

  it('opens once loaded when clicked while the menu is still loading', async () => {
    const { user, arrive } = renderLoadingMenu();

    await user.click(screen.getByRole('button', { name: buttonName }));
    expect(screen.queryByRole('menuitem', { name: 'Account' })).not.toBeInTheDocument();
    await arrive();

    expect(await screen.findByRole('menuitem', { name: 'Account' })).toBeVisible();
  });

  it('stays open when the menu arrives between the press and its click (a tap on a phone)', async () => {
    const { arrive } = renderLoadingMenu();

    // The finger goes down on the stand-in; the menu's code arrives before the finger lifts, so the click that
    // ends the tap lands on the loaded menu's button. It completes the opening press: it must not close it.
    fireEvent.pointerDown(screen.getByRole('button', { name: buttonName }));
    await arrive();
    fireEvent.click(screen.getByRole('button', { name: buttonName }));

    expect(await screen.findByRole('menuitem', { name: 'Account' })).toBeVisible();
    // The next press on the button closes it, as it always does.
    fireEvent.pointerDown(screen.getByRole('button', { name: buttonName }));
    fireEvent.click(screen.getByRole('button', { name: buttonName }));
    await expect.poll(() => screen.queryByRole('menuitem', { name: 'Account' })).toBeNull();
  });

  it('signs out, using only the keyboard', async () => {
    const { user, onSignOut } = renderMenu();

    await user.tab();
    await user.keyboard('{Enter}');
    const signOut = await screen.findByRole('menuitem', { name: 'Sign out' }, { timeout: 5000 });
    signOut.focus();
    await user.keyboard('{Enter}');

    expect(onSignOut).toHaveBeenCalledOnce();
  });
});
