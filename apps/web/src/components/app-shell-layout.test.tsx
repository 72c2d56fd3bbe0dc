import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderRoutes } from '../testing/render';
import { AppShellLayout } from './app-shell-layout';

function Shell({ page }: { page: string }) {
  return (
    <AppShellLayout userMenu={<button type="button">Sam Citizen</button>}>
      <h1>{page}</h1>
    </AppShellLayout>
  );
}

function renderShell() {
  return renderRoutes(
    [
      { path: '/', element: <Shell page="Home" /> },
      { path: '/customers/*', element: <Shell page="Customers" /> },
    ],
    { route: '/' },
  );
}

describe('AppShellLayout', () => {
  // jsdom has no media queries: the header's row and the Menu button are both there, as on no real screen.
  it("the Menu button (a phone's) opens the navigation as a column; choosing a page closes it", async () => {
    renderShell();
    const user = userEvent.setup();
    const menu = screen.getByRole('button', { name: 'Menu' });
    expect(menu).toHaveAttribute('aria-expanded', 'false');
    expect(screen.getAllByRole('navigation', { name: 'Main' })).toHaveLength(1);

    await user.click(menu);

    expect(menu).toHaveAttribute('aria-expanded', 'true');
    const column = screen.getAllByRole('navigation', { name: 'Main' })[1];
    expect(
      within(column as HTMLElement)
        .getAllByRole('link')
        .map((link) => link.textContent),
    ).toEqual(['Scheduler', 'Jobs', 'Invoices', 'Customers', 'Settings']);
    await user.click(within(column as HTMLElement).getByRole('link', { name: 'Customers' }));

    expect(await screen.findByRole('heading', { name: 'Customers' })).toBeInTheDocument();
    expect(screen.getAllByRole('navigation', { name: 'Main' })).toHaveLength(1);
    expect(screen.getByRole('button', { name: 'Menu' })).toHaveAttribute('aria-expanded', 'false');
  });

  it('Escape closes the menu and puts the keyboard back on its button', async () => {
    renderShell();
    const user = userEvent.setup();

    await user.click(screen.getByRole('button', { name: 'Menu' }));
    const column = screen.getAllByRole('navigation', { name: 'Main' })[1] as HTMLElement;
    within(column).getByRole('link', { name: 'Jobs' }).focus();
    await user.keyboard('{Escape}');

    expect(screen.getAllByRole('navigation', { name: 'Main' })).toHaveLength(1);
    expect(screen.getByRole('button', { name: 'Menu' })).toHaveFocus();
  });
});
