import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Outlet } from 'react-router';
import { describe, expect, it } from 'vitest';
import { renderRoutes } from '../testing/render';
import { AppShellLayout } from './app-shell-layout';
import { PageHeading } from './page-heading';

/** The shell around the pages, as the app has it: one shell, the pages inside it. */
function Shell() {
  return (
    <AppShellLayout userRole="OWNER" userMenu={<button type="button">Sam Citizen</button>}>
      <Outlet />
    </AppShellLayout>
  );
}

function Page({ name }: { name: string }) {
  return (
    <>
      <PageHeading>{name}</PageHeading>
      <a href="/customers/c-1">Acme Plumbing</a>
    </>
  );
}

function renderShell() {
  return renderRoutes(
    [
      {
        element: <Shell />,
        children: [
          { path: '/', element: <Page name="Home" /> },
          { path: '/customers/*', element: <Page name="Customers" /> },
        ],
      },
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
    ).toEqual(['Scheduler', 'Jobs', 'Invoices', 'Quotes', 'Customers', 'Items', 'Settings']);
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

describe('AppShellLayout and the keyboard', () => {
  it('starts with a link that skips the header to the page heading', async () => {
    renderShell();
    const user = userEvent.setup();

    await user.tab();
    const skip = screen.getByRole('link', { name: 'Skip to content' });
    expect(skip).toHaveFocus();
    await user.keyboard('{Enter}');

    expect(screen.getByRole('heading', { level: 1, name: 'Home' })).toHaveFocus();
    await user.tab();
    expect(screen.getByRole('link', { name: 'Acme Plumbing' })).toHaveFocus();
  });

  it("puts the focus on the new page's heading after going to another page", async () => {
    const { router } = renderShell();
    const user = userEvent.setup();

    const nav = screen.getByRole('navigation', { name: 'Main' });
    await user.click(within(nav).getByRole('link', { name: 'Customers' }));

    const heading = await screen.findByRole('heading', { level: 1, name: 'Customers' });
    expect(router.state.location.pathname).toBe('/customers');
    expect(heading).toHaveFocus();
  });

  it('leaves the focus where it is on the first page', () => {
    renderShell();

    expect(screen.getByRole('heading', { level: 1, name: 'Home' })).not.toHaveFocus();
  });
});
