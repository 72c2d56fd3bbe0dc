import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderRoutes } from '../../testing/render';
import { SearchForm } from './search-form';
import { useListParams } from './use-list-params';

function CustomerSearch() {
  return <SearchForm path="/customers/search" params={useListParams(15)} />;
}

function renderSearch(route: string) {
  return renderRoutes(
    [
      { path: '/customers/search', Component: CustomerSearch },
      { path: '/customers/:id', Component: () => <h1>A customer</h1> },
    ],
    { route },
  );
}

describe('SearchForm', () => {
  it('searches from the first page, keeping the page size', async () => {
    const { router } = renderSearch('/customers/search?q=acme&p=3&s=5');
    const user = userEvent.setup();

    const box = screen.getByRole('searchbox', { name: 'Search' });
    expect(box).toHaveValue('acme');
    await user.clear(box);
    await user.type(box, '  smith plumbing ');
    await user.click(screen.getByRole('button', { name: 'Search' }));

    expect(router.state.location.pathname).toBe('/customers/search');
    expect(Object.fromEntries(new URLSearchParams(router.state.location.search))).toEqual({
      q: 'smith plumbing',
      p: '1',
      s: '5',
    });
  });

  it('sends everyday text as typed (the API reads it as its words), and a search still being written as its words', async () => {
    const { router } = renderSearch('/customers/search?q=acme&p=3&s=5');
    const user = userEvent.setup();

    const box = screen.getByRole('searchbox', { name: 'Search' });
    await user.clear(box);
    await user.type(box, "O'Brien & Sons{Enter}");

    // The search's reading of the text comes with the first search (a module loaded then).
    const q = () => new URLSearchParams(router.state.location.search).get('q');
    await waitFor(() => expect(q()).toBe("O'Brien & Sons"));
    // The box keeps what the user typed.
    expect(box).toHaveValue("O'Brien & Sons");
    // An unclosed quote is malformed as it stands: its words go until it is closed.
    await user.type(box, ' "hot wat{Enter}');
    await waitFor(() => expect(q()).toBe('obrien sons hot wat'));
    expect(box).toHaveValue(`O'Brien & Sons "hot wat`);
  });

  it('shows the search of the URL after Back', async () => {
    const { router } = renderSearch('/customers/search?q=acme&p=3&s=5');
    const user = userEvent.setup();

    await user.clear(screen.getByRole('searchbox', { name: 'Search' }));
    await user.type(screen.getByRole('searchbox', { name: 'Search' }), 'bondi{Enter}');
    await waitFor(() => expect(new URLSearchParams(router.state.location.search).get('q')).toBe('bondi'));
    await act(() => router.navigate(-1));

    await waitFor(() => expect(screen.getByRole('searchbox', { name: 'Search' })).toHaveValue('acme'));
  });

  it('an empty search reloads with q=*', async () => {
    const { router } = renderSearch('/customers/search?q=acme&p=3&s=5');
    const user = userEvent.setup();

    await user.clear(screen.getByRole('searchbox', { name: 'Search' }));
    await user.keyboard('{Enter}');

    await waitFor(() => expect(new URLSearchParams(router.state.location.search).get('q')).toBe('*'));
    expect(new URLSearchParams(router.state.location.search).get('p')).toBe('1');
  });

  it('follows the box as the user types, once they pause, keeping the cursor and what they typed', async () => {
    const { router } = renderSearch('/customers/search?q=acme&p=3&s=5');
    const user = userEvent.setup();
    const box = screen.getByRole('searchbox', { name: 'Search' });
    await user.clear(box);
    await user.type(box, "St Columba's");
    expect(new URLSearchParams(router.state.location.search).get('q')).toBe('acme');

    await waitFor(() =>
      expect(new URLSearchParams(router.state.location.search).get('q')).toBe("St Columba's"),
    );
    expect(new URLSearchParams(router.state.location.search).get('p')).toBe('1');
    expect(box).toHaveFocus();
    expect(box).toHaveValue("St Columba's");

    // More typing refines the same search: Back goes to the search before it, not to each pause.
    await user.type(box, ' Hall');
    await waitFor(() =>
      expect(new URLSearchParams(router.state.location.search).get('q')).toBe("St Columba's Hall"),
    );
    expect(box).toHaveValue("St Columba's Hall");
    await act(() => router.navigate(-1));
    expect(new URLSearchParams(router.state.location.search).get('q')).toBe('acme');
    expect(box).toHaveValue('acme');
  });

  it('a search still being read when the user follows a link does not bring them back to the list', async () => {
    const { router } = renderSearch('/customers/search?q=acme&p=1&s=15');
    const user = userEvent.setup();
    await user.clear(screen.getByRole('searchbox', { name: 'Search' }));
    await user.type(screen.getByRole('searchbox', { name: 'Search' }), 'fish & chips');

    // Enter, then at once a customer's link of the list as it stood, before the search has been read.
    await act(async () => {
      screen.getByRole('button', { name: 'Search' }).click();
      await router.navigate('/customers/7');
    });

    expect(await screen.findByRole('heading', { name: 'A customer' })).toBeInTheDocument();
    // Long enough for the search (and the typing's pause) to have finished, were it still going.
    await new Promise((resolve) => setTimeout(resolve, 400));
    expect(router.state.location.pathname).toBe('/customers/7');
  });
});
