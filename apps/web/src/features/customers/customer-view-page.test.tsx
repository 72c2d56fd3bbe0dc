import { apiMessages, type CustomerLocation, type Job } from '@fieldbook/domain';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { errorResponse, installFakeApi, jsonResponse, type RecordedRequest } from '../../testing/api';
import { customer, customerLocation, job } from '../../testing/records';
import { renderRoutes } from '../../testing/render';
import { customerRoutes } from './routes';

const api = installFakeApi();

const acme = customer({
  number: 42,
  name: 'Acme Plumbing',
  billingAddress: 'PO Box 1\nSydney NSW 2001',
  billingEmail: 'accounts@acme.example',
  billingPhone: '02 9999 0000',
  notes: 'Gate code 1234',
});
const headOffice = customerLocation({ customer: { id: acme.id, name: acme.name }, name: 'Head office' });

function respond(
  onDelete: () => Response = () => new Response(null, { status: 204 }),
  locations: CustomerLocation[] = [headOffice],
  jobs: Job[] = [],
) {
  return (request: RecordedRequest) => {
    if (request.method === 'DELETE') return onDelete();
    if (request.path.startsWith('/jobs')) return jsonResponse(jobs, { total: jobs.length });
    if (request.path.startsWith('/sales/invoices')) return jsonResponse([], { total: 0 });
    if (request.path.startsWith('/sales/quotes')) return jsonResponse([], { total: 0 });
    if (request.path.startsWith('/locations')) return jsonResponse(locations, { total: locations.length });
    if (request.path.startsWith('/customers?')) return jsonResponse([], { total: 0 });
    return jsonResponse(acme);
  };
}

function renderViewer() {
  return renderRoutes(customerRoutes, { route: `/customers/${acme.id}` });
}

describe('CustomerViewPage', () => {
  it('shows the customer, its locations and empty jobs, invoices and quotes tables', async () => {
    api.handle = respond();
    renderViewer();

    expect(await screen.findByRole('heading', { level: 1, name: 'Acme Plumbing' })).toBeInTheDocument();
    expect(
      within(screen.getByRole('navigation', { name: 'Breadcrumb' }))
        .getAllByRole('link')
        .map((link) => link.textContent),
    ).toEqual(['Home', 'Customers']);
    expect(screen.getByRole('row', { name: 'Number 42' })).toBeInTheDocument();
    expect(screen.getByRole('row', { name: /^Billing address PO Box 1/ })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'accounts@acme.example' })).toHaveAttribute(
      'href',
      'mailto:accounts@acme.example',
    );
    expect(screen.getByRole('row', { name: 'Phone 02 9999 0000' })).toBeInTheDocument();
    expect(screen.getByRole('row', { name: 'Notes Gate code 1234' })).toBeInTheDocument();
    expect(screen.queryByRole('row', { name: /^Fax/ })).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Edit' })).toHaveAttribute('href', `/customers/${acme.id}/edit`);

    const locations = screen.getByRole('region', { name: 'Locations' });
    expect(
      await within(locations).findByRole('row', {
        name: 'Head office 1 George Street, Sydney NSW 2000, Australia',
      }),
    ).toBeInTheDocument();
    expect(within(locations).getByRole('link', { name: 'Head office' })).toHaveAttribute(
      'href',
      `/locations/${headOffice.id}`,
    );
    expect(within(locations).getByRole('link', { name: 'Add location' })).toHaveAttribute(
      'href',
      `/customers/${acme.id}/locations/new`,
    );
    const jobs = screen.getByRole('region', { name: 'Jobs' });
    expect(within(jobs).getByText('No jobs found.')).toBeInTheDocument();
    expect(within(jobs).getByRole('link', { name: 'New job' })).toHaveAttribute(
      'href',
      `/jobs/new?customerId=${acme.id}`,
    );
    const invoices = screen.getByRole('region', { name: 'Invoices' });
    expect(within(invoices).getByText('No invoices found.')).toBeInTheDocument();
    expect(within(invoices).getByRole('link', { name: 'New invoice' })).toHaveAttribute(
      'href',
      `/sales/invoices/new?customerId=${acme.id}`,
    );
    const quotes = screen.getByRole('region', { name: 'Quotes' });
    expect(within(quotes).getByText('No quotes found.')).toBeInTheDocument();
    expect(within(quotes).getByRole('link', { name: 'New quote' })).toHaveAttribute(
      'href',
      `/sales/quotes/new?customer=${acme.id}`,
    );
    expect(api.paths()).toEqual([
      `/customers/${acme.id}`,
      `/locations?q=customer.id:${acme.id}&p=1&s=100`,
      `/jobs?q=customer.id:${acme.id}&p=1&s=100`,
      `/sales/invoices?q=customer.id:${acme.id}&p=1&s=100`,
      `/sales/quotes?q=customer.id:${acme.id}&p=1&s=100`,
    ]);
  });

  it('asks for the customer and its locations together', async () => {
    // The customer never arrives: its locations are asked for all the same, not after it.
    api.handle = (request) =>
      request.path.startsWith('/customers/') ? new Promise<Response>(() => undefined) : respond()(request);
    renderViewer();

    await vi.waitFor(() =>
      expect(api.paths()).toEqual([
        `/customers/${acme.id}`,
        `/locations?q=customer.id:${acme.id}&p=1&s=100`,
        `/jobs?q=customer.id:${acme.id}&p=1&s=100`,
        `/sales/invoices?q=customer.id:${acme.id}&p=1&s=100`,
        `/sales/quotes?q=customer.id:${acme.id}&p=1&s=100`,
      ]),
    );
    expect(await screen.findByRole('status')).toHaveTextContent('Loading...');
  });

  it('loads the customer afresh on every visit', async () => {
    api.handle = respond();
    const { router } = renderViewer();
    await screen.findByRole('heading', { level: 1, name: 'Acme Plumbing' });

    await router.navigate('/customers/search');
    await screen.findByRole('heading', { level: 1, name: 'Customers' });
    await router.navigate(`/customers/${acme.id}`);

    await screen.findByRole('heading', { level: 1, name: 'Acme Plumbing' });
    await vi.waitFor(() =>
      expect(api.paths().filter((path) => path === `/customers/${acme.id}`)).toHaveLength(2),
    );
  });

  it('deletes the customer after confirmation naming it and its location, then shows the list', async () => {
    api.handle = respond();
    const { router } = renderViewer();
    const user = userEvent.setup();

    await screen.findByRole('link', { name: 'Head office' });
    await user.click(await screen.findByRole('button', { name: 'Actions' }));
    await user.click(screen.getByRole('menuitem', { name: 'Delete' }));
    const dialog = screen.getByRole('dialog', { name: 'Delete customer Acme Plumbing and its location?' });
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));

    await vi.waitFor(() => expect(router.state.location.pathname).toBe('/customers/search'));
    expect(await screen.findByText('Customer Acme Plumbing and its location deleted.')).toBeInTheDocument();
    expect(api.paths('DELETE')).toEqual([`/customers/${acme.id}`]);
    // The deleted customer is not asked for again on the way out.
    expect(api.paths().filter((path) => path === `/customers/${acme.id}`)).toHaveLength(1);
  });

  it.each([
    [[], 'No locations found.', 'Delete customer Acme Plumbing?'],
    [
      [headOffice, customerLocation({ name: 'Depot' })],
      'Depot',
      'Delete customer Acme Plumbing and its 2 locations?',
    ],
  ])('says how many locations go with the customer', async (locations, shown, question) => {
    api.handle = respond(undefined, locations);
    renderViewer();
    const user = userEvent.setup();

    await within(await screen.findByRole('region', { name: 'Locations' })).findByText(shown);
    await user.click(screen.getByRole('button', { name: 'Actions' }));
    await user.click(screen.getByRole('menuitem', { name: 'Delete' }));

    expect(screen.getByRole('dialog', { name: question })).toBeInTheDocument();
  });

  it('Cancel keeps the customer', async () => {
    api.handle = respond();
    renderViewer();
    const user = userEvent.setup();

    await user.click(await screen.findByRole('button', { name: 'Actions' }));
    await user.click(screen.getByRole('menuitem', { name: 'Delete' }));
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Cancel' }));

    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(api.paths('DELETE')).toEqual([]);
  });

  it("lists the customer's jobs with their status and flag, each a link to the job", async () => {
    const leak = job({
      number: 7,
      reference: "O'Brien's leaking tap",
      customer: { id: acme.id, name: acme.name },
      status: 'OPEN_READY_TO_BE_SCHEDULED',
      rag: 'RED',
      due: '2026-11-24T09:00:00+11:00',
    });
    api.handle = respond(undefined, [headOffice], [leak]);
    renderViewer();

    const jobs = await screen.findByRole('region', { name: 'Jobs' });
    const row = (await within(jobs).findByRole('link', { name: '7' })).closest('tr') as HTMLElement;
    expect(within(jobs).getByRole('link', { name: '7' })).toHaveAttribute('href', `/jobs/${leak.id}`);
    expect(row).toHaveTextContent("O'Brien's leaking tap");
    expect(row).toHaveTextContent('Red:Ready to be scheduled');
    expect(row).toHaveTextContent(/24 Nov 2026, 9:00\s?am/i);
  });

  it('a customer with jobs or invoices is kept, with the reason in a red alert', async () => {
    api.handle = respond(() =>
      errorResponse('CONFLICT', 'This customer has jobs or invoices, so it cannot be deleted.'),
    );
    const { router } = renderViewer();
    const user = userEvent.setup();

    await user.click(await screen.findByRole('button', { name: 'Actions' }));
    await user.click(screen.getByRole('menuitem', { name: 'Delete' }));
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Delete' }));

    expect(await screen.findByRole('alert')).toHaveTextContent(
      'This customer has jobs or invoices, so it cannot be deleted.',
    );
    expect(router.state.location.pathname).toBe(`/customers/${acme.id}`);
    expect(screen.getByRole('heading', { level: 1, name: 'Acme Plumbing' })).toBeInTheDocument();
  });

  it("a customer that does not exist shows the server's message", async () => {
    api.handle = () => errorResponse('NOT_FOUND', apiMessages.notFound('customer'));
    renderViewer();

    expect(await screen.findByRole('alert')).toHaveTextContent('Customer not found.');
  });
});
