import { useQuery } from '@tanstack/react-query';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { apiFetch, NETWORK_FAILURE } from '../lib/api-client';
import { errorResponse, installFakeApi, jsonResponse } from '../testing/api';
import { renderWithProviders } from '../testing/render';
import { LoadErrorAlert } from './load-error-alert';
import { QueryBoundary } from './query-boundary';

const api = installFakeApi();

function Note() {
  const query = useQuery({
    queryKey: ['notes', 'n-1'],
    queryFn: () => apiFetch<{ title: string }>('/notes/n-1'),
  });
  return <QueryBoundary query={query}>{(note) => <p>{note.title}</p>}</QueryBoundary>;
}

/** A page whose list shows its own failure, as the list screens do. */
function NoteList() {
  const query = useQuery({ queryKey: ['notes', 'list'], queryFn: () => apiFetch<string[]>('/notes') });
  if (query.isError) return <LoadErrorAlert error={query.error} />;
  return <p>{query.data?.join(', ')}</p>;
}

describe('LoadErrorAlert', () => {
  it('says the connection failed when there is no answer, and Retry loads again', async () => {
    let online = false;
    api.handle = () => {
      if (!online) throw new TypeError('Failed to fetch');
      return jsonResponse({ title: 'Gas meter' });
    };
    renderWithProviders(<Note />);

    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(NETWORK_FAILURE);
    expect(alert).toHaveTextContent('Fieldbook could not be reached. Check your connection, then try again.');
    expect(alert).not.toHaveTextContent('Service unavailable');
    online = true;
    await userEvent.click(within(alert).getByRole('button', { name: 'Retry' }));

    expect(await screen.findByText('Gas meter')).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('says the service is unavailable when the server answers with a 5xx, with Retry', async () => {
    api.handle = () => errorResponse('INTERNAL', 'Something went wrong on our side. Please try again.');
    renderWithProviders(<NoteList />);

    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Service unavailable. Please try again in a few minutes.');
    expect(alert).not.toHaveTextContent(NETWORK_FAILURE);
    expect(within(alert).getByRole('button', { name: 'Retry' })).toBeInTheDocument();
  });

  it('by itself, Retry loads again what failed on the page (a 503)', async () => {
    let busy = true;
    api.handle = () =>
      busy
        ? errorResponse('SERVICE_UNAVAILABLE', 'The server is busy. Please try again in a moment.')
        : jsonResponse(['Gas meter', 'Hot water']);
    renderWithProviders(<NoteList />);

    const alert = await screen.findByRole('alert');
    busy = false;
    await userEvent.click(within(alert).getByRole('button', { name: 'Retry' }));

    expect(await screen.findByText('Gas meter, Hot water')).toBeInTheDocument();
  });

  it('offers no Retry where trying again would not help (a 403)', async () => {
    api.handle = () => errorResponse('FORBIDDEN', 'You are not a member of this organisation.');
    renderWithProviders(<NoteList />);

    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Insufficient permissions. Please contact your administrator.');
    expect(within(alert).queryByRole('button')).not.toBeInTheDocument();
  });
});
