import { apiMessages } from '@fieldbook/domain';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { errorResponse, installFakeApi, jsonResponse, type RecordedRequest } from '../../testing/api';
import { customer, customerLocation } from '../../testing/records';
import { renderRoutes } from '../../testing/render';
import { customerRoutes } from './routes';

const api = installFakeApi();

const acme = customer({ name: 'Acme Plumbing & Gas' });
const yard = customerLocation({
  customer: { id: acme.id, name: acme.name },
  name: "O'Brien & Sons yard",
  street1: '3/12 Illawarra Rd',
  suburb: 'Marrickville',
  state: 'NSW',
  postcode: '2204',
});

function respond(onDelete: () => Response = () => new Response(null, { status: 204 })) {
  return (request: RecordedRequest) => {
    if (request.method === 'DELETE') return onDelete();
    if (request.path.startsWith('/locations?')) return jsonResponse([], { total: 0 });
    if (request.path.startsWith('/locations/')) return jsonResponse(yard);
    if (request.path.startsWith('/customers?')) return jsonResponse([], { total: 0 });
    return jsonResponse(acme);
  };
}

const renderViewer = () => renderRoutes(customerRoutes, { route: `/locations/${yard.id}` });

async function deleteFromMenu(user: ReturnType<typeof userEvent.setup>) {
  await user.click(await screen.findByRole('button', { name: 'Actions' }));
  await user.click(screen.getByRole('menuitem', { name: 'Delete' }));
  const dialog = screen.getByRole('dialog', { name: "Delete location O'Brien & Sons yard?" });
  await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
}

describe('LocationViewPage', () => {
  it('shows the location under its customer, with a link to it, and Edit', async () => {
    api.handle = respond();
    renderViewer();

    expect(await screen.findByRole('heading', { level: 1, name: "O'Brien & Sons yard" })).toBeInTheDocument();
    const crumbs = screen.getByRole('navigation', { name: 'Breadcrumb' });
    expect(
      within(crumbs)
        .getAllByRole('link')
        .map((link) => link.textContent),
    ).toEqual(['Home', 'Customers', 'Acme Plumbing & Gas']);
    expect(within(crumbs).getByText("O'Brien & Sons yard")).toHaveAttribute('aria-current', 'page');
    const details = screen.getByRole('table');
    expect(within(details).getByRole('link', { name: 'Acme Plumbing & Gas' })).toHaveAttribute(
      'href',
      `/customers/${acme.id}`,
    );
    expect(screen.getByRole('row', { name: 'Street 3/12 Illawarra Rd' })).toBeInTheDocument();
    expect(screen.getByRole('row', { name: 'Suburb Marrickville' })).toBeInTheDocument();
    expect(screen.getByRole('row', { name: 'State NSW' })).toBeInTheDocument();
    expect(screen.getByRole('row', { name: 'Postcode 2204' })).toBeInTheDocument();
    expect(screen.getByRole('row', { name: 'Country Australia' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Edit' })).toHaveAttribute('href', `/locations/${yard.id}/edit`);
    expect(api.paths()).toEqual([`/locations/${yard.id}`]);
  });

  it('deletes the location after confirmation naming it, then shows its customer', async () => {
    api.handle = respond();
    const { router } = renderViewer();
    const user = userEvent.setup();

    await deleteFromMenu(user);

    await vi.waitFor(() => expect(router.state.location.pathname).toBe(`/customers/${acme.id}`));
    expect(await screen.findByText("Location O'Brien & Sons yard deleted.")).toBeInTheDocument();
    expect(api.paths('DELETE')).toEqual([`/locations/${yard.id}`]);
  });

  it('a location with jobs is kept, with the reason in a red alert', async () => {
    api.handle = respond(() => errorResponse('CONFLICT', 'This location has jobs, so it cannot be deleted.'));
    const { router } = renderViewer();
    const user = userEvent.setup();

    await deleteFromMenu(user);

    expect(await screen.findByRole('alert')).toHaveTextContent(
      'This location has jobs, so it cannot be deleted.',
    );
    expect(router.state.location.pathname).toBe(`/locations/${yard.id}`);
  });

  it("a location that does not exist, or another organisation's, shows the server's message", async () => {
    api.handle = () => errorResponse('NOT_FOUND', apiMessages.notFound('location'));
    renderViewer();

    expect(await screen.findByRole('alert')).toHaveTextContent('Location not found.');
    expect(screen.getByRole('heading', { level: 1, name: 'Location' })).toBeInTheDocument();
  });
});
