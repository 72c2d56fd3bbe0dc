import { apiMessages } from '@fieldbook/domain';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { errorResponse, installFakeApi, jsonResponse, type RecordedRequest } from '../../testing/api';
import { addressSuggestion, customer, customerLocation } from '../../testing/records';
import { renderRoutes } from '../../testing/render';
import { customerRoutes } from './routes';

const api = installFakeApi();

const acme = customer({ name: 'Acme Plumbing' });

const georgeStreet = addressSuggestion();

function respond(request: RecordedRequest): Response {
  if (request.path.startsWith('/addresses/suggest')) return jsonResponse([georgeStreet]);
  if (request.method === 'POST') return jsonResponse(customerLocation(), { status: 201 });
  if (request.path.startsWith('/locations')) return jsonResponse([], { total: 0 });
  return jsonResponse(acme);
}

describe('NewLocationPage', () => {
  it('fills the address from the address search using only the keyboard, saves and returns to the customer', async () => {
    api.handle = respond;
    const { router } = renderRoutes(customerRoutes, { route: `/customers/${acme.id}/locations/new` });
    const user = userEvent.setup();

    expect(await screen.findByRole('heading', { level: 1, name: 'New location' })).toBeInTheDocument();
    expect(await screen.findByRole('link', { name: 'Acme Plumbing' })).toHaveAttribute(
      'href',
      `/customers/${acme.id}`,
    );
    expect(screen.getByLabelText(/^Country/)).toHaveValue('Australia');
    await user.type(screen.getByLabelText(/^Name/), 'Head office');
    await user.type(screen.getByRole('combobox', { name: 'Address search' }), '1 George St, Sydn');
    await screen.findByRole('option', { name: georgeStreet.address });
    await user.keyboard('{ArrowDown}{Enter}');

    expect(screen.getByLabelText(/^Street/)).toHaveValue('1 George Street');
    expect(screen.getByLabelText(/^Suburb/)).toHaveValue('Sydney');
    expect(screen.getByLabelText(/^State/)).toHaveValue('NSW');
    expect(screen.getByLabelText(/^Postcode/)).toHaveValue('2000');
    expect(api.paths()).toContain('/addresses/suggest?q=1 George St, Sydn');

    await user.click(screen.getByRole('button', { name: 'Save' }));

    await vi.waitFor(() => expect(router.state.location.pathname).toBe(`/customers/${acme.id}`));
    expect(screen.getByText('Location saved.')).toBeInTheDocument();
    const post = api.requests.find((request) => request.method === 'POST');
    expect(post?.path).toBe('/locations/');
    expect(post?.body).toEqual({
      name: 'Head office',
      street1: '1 George Street',
      suburb: 'Sydney',
      state: 'NSW',
      postcode: '2000',
      country: 'Australia',
      customer: { id: acme.id },
    });
    expect(post?.headers.get('Idempotency-Key')).toBeTruthy();
  });

  it('requires the name and the country', async () => {
    api.handle = respond;
    renderRoutes(customerRoutes, { route: `/customers/${acme.id}/locations/new` });
    const user = userEvent.setup();

    await user.clear(await screen.findByLabelText(/^Country/));
    await user.click(screen.getByRole('button', { name: 'Save' }));

    expect(await screen.findByText('Enter the location name.')).toBeInTheDocument();
    expect(screen.getByText('Enter the country.')).toBeInTheDocument();
    expect(api.paths('POST')).toEqual([]);
  });

  it('names a refused field that is not on the form, and puts the others on their fields', async () => {
    api.handle = (request) =>
      request.method === 'POST'
        ? errorResponse('VALIDATION_FAILED', apiMessages.invalidRequest, [
            { field: 'customer.id', message: 'Choose the customer.' },
            { field: 'postcode', message: 'Use at most 20 characters.' },
          ])
        : respond(request);
    renderRoutes(customerRoutes, { route: `/customers/${acme.id}/locations/new` });
    const user = userEvent.setup();

    await user.type(await screen.findByLabelText(/^Name/), 'Depot');
    await user.click(screen.getByRole('button', { name: 'Save' }));

    const alert = await screen.findByRole('alert');
    expect(
      within(alert)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['Customer: Choose the customer.', 'Use at most 20 characters.']);
    expect(screen.getByLabelText(/^Postcode/)).toHaveAccessibleDescription('Use at most 20 characters.');
    expect(screen.getByLabelText(/^Postcode/)).toHaveFocus();
  });
});
