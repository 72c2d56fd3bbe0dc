import { type Job, jobStatusRefusal } from '@fieldbook/domain';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { errorResponse, installFakeApi, jsonResponse, type RecordedRequest } from '../../testing/api';
import { allJobRoutes } from '../../testing/job-routes';
import { job, membership } from '../../testing/records';
import { renderRoutes } from '../../testing/render';

const api = installFakeApi();

describe('JobSearchPage', () => {
  it('lists the columns of the specification, 10 to a page, the flag readable without colour', async () => {
    const leak = job({
      number: 12,
      reference: "O'Brien & Sons: leaking tap",
      status: 'OPEN_READY_TO_BE_SCHEDULED',
      rag: 'AMBER',
      due: '2026-11-24T14:30:00+11:00',
    });
    api.handle = () =>
      jsonResponse([leak, job({ number: 13, location: null, priority: null })], { total: 2 });
    renderRoutes(allJobRoutes, { route: '/jobs' });

    const table = await screen.findByRole('table', { name: 'Jobs' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((cell) => cell.textContent),
    ).toEqual(['Job', 'Reference', 'Status', 'Priority', 'Customer', 'Location', 'Due']);
    const row = within(table).getByRole('link', { name: '12' }).closest('tr') as HTMLElement;
    expect(
      within(row)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    ).toEqual([
      '12',
      "O'Brien & Sons: leaking tap",
      'AAmber:Ready to be scheduled',
      'Normal',
      'Acme Plumbing',
      'Head office',
      expect.stringMatching(/^24 Nov 2026, 2:30\s?pm$/i),
    ]);
    expect(within(row).getByTitle('Amber')).toHaveTextContent('A');
    expect(within(table).getByRole('link', { name: '12' })).toHaveAttribute('href', `/jobs/${leak.id}`);
    expect(api.paths()).toEqual(['/jobs?q=*&p=1&s=10']);
    expect(screen.getByRole('link', { name: 'New job' })).toHaveAttribute('href', '/jobs/new');
  });

  it("says 'No jobs found.' when nothing matches", async () => {
    api.handle = () => jsonResponse([], { total: 0 });
    renderRoutes(allJobRoutes, { route: '/jobs/search?q=zzz' });

    expect(await screen.findByText('No jobs found.')).toBeInTheDocument();
    expect(api.paths()).toEqual(['/jobs?q=zzz&p=1&s=10']);
  });
});

/** The fake server of one job: GET answers the job as it now is; PUT saves it (or answers `onSave`). */
function serveJob(start: Job, onSave?: (request: RecordedRequest) => Response | undefined) {
  let current = start;
  api.handle = (request) => {
    if (request.path.endsWith('/notes')) return jsonResponse([]);
    if (request.path.endsWith('/signature')) return jsonResponse(null);
    if (request.path.endsWith('/attachments')) return jsonResponse([]);
    if (request.method === 'PUT') {
      const refused = onSave?.(request);
      if (refused) return refused;
      const body = request.body as Job;
      current = { ...current, status: body.status, updated: '2026-11-23T10:00:00.000Z' };
      return jsonResponse(current);
    }
    if (request.method === 'DELETE') return new Response(null, { status: 204 });
    return jsonResponse(current);
  };
  return { change: (next: Partial<Job>) => (current = { ...current, ...next }) };
}

describe('JobViewPage', () => {
  it('shows the job, its line items and totals, and the buttons of its status', async () => {
    const leak = job({
      number: 12,
      reference: 'Leaking tap',
      rag: 'RED',
      assignee: '00000000-0000-7000-8000-0000000cc001',
      assigneeName: 'SE01 Richmond',
      items: [
        {
          code: 'LAB-HR',
          description: 'Labour, per hour',
          quantity: '3',
          price: '33.3333',
          amount: '100.00',
        },
        { code: null, description: 'Call-out fee', quantity: null, price: null, amount: '85.00' },
      ],
      subtotal: '185.00',
      total: '185.00',
    });
    serveJob(leak);
    renderRoutes(allJobRoutes, { route: `/jobs/${leak.id}` });

    expect(await screen.findByRole('heading', { level: 1, name: 'Job 12: Leaking tap' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Acme Plumbing' })).toHaveAttribute(
      'href',
      `/customers/${leak.customer.id}`,
    );
    const lines = await screen.findByRole('table', { name: 'Line items' });
    expect(
      // The price with its own decimals, so 3 × $33.3333 reads as $100.00.
      within(lines).getByRole('row', { name: /Labour, per hour 3 \$33\.3333 \$100\.00/ }),
    ).toBeInTheDocument();
    expect(within(lines).getByRole('row', { name: 'Call-out fee $85.00' })).toBeInTheDocument();
    expect(screen.getByRole('row', { name: 'Subtotal $185.00' })).toBeInTheDocument();
    // The technician by name, not by id.
    expect(screen.getByText('SE01 Richmond')).toBeInTheDocument();
    expect(screen.getByRole('row', { name: 'Tax $0.00' })).toBeInTheDocument();
    expect(screen.getByRole('row', { name: 'Total $185.00' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Edit' })).toHaveAttribute('href', `/jobs/${leak.id}/edit`);
    expect(screen.getByRole('button', { name: 'Booking required' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Ready to be scheduled' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Cancelled' })).not.toBeInTheDocument();
  });

  it("shows its times in the organisation's time zone, not the browser's", async () => {
    // The tests' browser is in Melbourne (+11:00 in November); the organisation works in Perth (+08:00).
    const booked = job({
      status: 'OPEN_SCHEDULED',
      scheduledStart: '2026-11-23T22:00:00Z',
      scheduledFinish: '2026-11-23T23:30:00Z',
    });
    serveJob(booked);
    renderRoutes(allJobRoutes, {
      route: `/jobs/${booked.id}`,
      membership: membership({ timeZone: 'Australia/Perth' }),
    });
    expect(
      await screen.findByRole('row', { name: /^Scheduled start 24 Nov 2026, 6:00\s?am$/i }),
    ).toBeInTheDocument();
    expect(
      screen.getByRole('row', { name: /^Scheduled finish 24 Nov 2026, 7:30\s?am$/i }),
    ).toBeInTheDocument();
  });

  it('a status button reloads the job, saves it whole with the new status, and shows the next buttons', async () => {
    const leak = job({ number: 12 });
    serveJob(leak);
    renderRoutes(allJobRoutes, { route: `/jobs/${leak.id}` });
    const user = userEvent.setup();

    await user.click(await screen.findByRole('button', { name: 'Ready to be scheduled' }));

    expect(await screen.findByRole('button', { name: 'Cancelled' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Booking required' })).not.toBeInTheDocument();
    expect(screen.getByRole('row', { name: /^Status/ })).toHaveTextContent('Ready to be scheduled');
    expect(await screen.findByText('Job 12 saved: Ready to be scheduled.')).toBeInTheDocument();
    const put = api.requests.find((request) => request.method === 'PUT');
    expect(put?.path).toBe(`/jobs/${leak.id}`);
    expect(put?.body).toMatchObject({
      id: leak.id,
      updated: leak.updated,
      status: 'OPEN_READY_TO_BE_SCHEDULED',
      customer: { id: leak.customer.id },
      location: { id: leak.location?.id },
      items: leak.items,
    });
    // Reloaded first: the GET just before the PUT.
    const methods = api.requests.map((request) => request.method);
    expect(methods.slice(methods.indexOf('PUT') - 1, methods.indexOf('PUT') + 1)).toEqual(['GET', 'PUT']);
  });

  it('asks before marking a job Cancelled, which closes it for good', async () => {
    const ready = job({ number: 13, status: 'OPEN_READY_TO_BE_SCHEDULED' });
    serveJob(ready);
    renderRoutes(allJobRoutes, { route: `/jobs/${ready.id}` });
    const user = userEvent.setup();

    await user.click(await screen.findByRole('button', { name: 'Cancelled' }));
    const asking = screen.getByRole('dialog', { name: 'Mark job 13 Cancelled?' });
    expect(asking).toHaveTextContent(
      'A cancelled job is closed: it cannot be scheduled, started or reopened afterwards.',
    );
    await user.click(within(asking).getByRole('button', { name: 'Cancel' }));
    expect(api.paths('PUT')).toEqual([]);

    await user.click(screen.getByRole('button', { name: 'Cancelled' }));
    await user.click(
      within(screen.getByRole('dialog', { name: 'Mark job 13 Cancelled?' })).getByRole('button', {
        name: 'Mark Cancelled',
      }),
    );
    expect(await screen.findByText('Job 13 saved: Cancelled.')).toBeInTheDocument();
    expect(api.requests.find((request) => request.method === 'PUT')?.body).toMatchObject({
      status: 'CLOSED_CANCELLED',
    });
  });

  it('a refused move says why and shows the job as it is now', async () => {
    const leak = job({ number: 12 });
    const server = serveJob(leak, () =>
      errorResponse('CONFLICT', jobStatusRefusal('CLOSED_CANCELLED', 'OPEN_BOOKING_REQUIRED')),
    );
    renderRoutes(allJobRoutes, { route: `/jobs/${leak.id}` });
    const user = userEvent.setup();
    await screen.findByRole('button', { name: 'Booking required' });
    // Someone else cancels it meanwhile.
    server.change({ status: 'CLOSED_CANCELLED' });

    await user.click(screen.getByRole('button', { name: 'Booking required' }));

    expect(await screen.findByRole('alert')).toHaveTextContent(
      'A job that is Cancelled (Closed) cannot be moved to Booking required.',
    );
    await screen.findByText('Cancelled (Closed)');
    expect(screen.queryByRole('button', { name: 'Booking required' })).not.toBeInTheDocument();
  });

  it('copies to a new invoice, and deletes after a question naming the job', async () => {
    const leak = job({ number: 12 });
    serveJob(leak);
    const { router } = renderRoutes(allJobRoutes, { route: `/jobs/${leak.id}` });
    const user = userEvent.setup();

    await user.click(await screen.findByRole('button', { name: 'Actions' }));
    expect(screen.getByRole('menuitem', { name: 'Copy to invoice' })).toHaveAttribute(
      'href',
      `/sales/invoices/new?fromJob=${leak.id}`,
    );
    await user.click(screen.getByRole('menuitem', { name: 'Delete job' }));
    const dialog = screen.getByRole('dialog', { name: 'Delete job 12?' });
    await user.click(within(dialog).getByRole('button', { name: 'Delete job' }));

    expect(await screen.findByText('Job 12 deleted.')).toBeInTheDocument();
    expect(api.paths('DELETE')).toEqual([`/jobs/${leak.id}`]);
    expect(router.state.location.pathname).toBe('/jobs/search');
  });
});

describe('Jobs for a Technician', () => {
  const technician = membership({ role: 'TECHNICIAN', technician: { id: 't-1', name: 'SE01 Richmond' } });

  it('lists their jobs without New job', async () => {
    api.handle = () => jsonResponse([job({ number: 12 })], { total: 1 });
    renderRoutes(allJobRoutes, { route: '/jobs/search', membership: technician });

    expect(await screen.findByRole('table', { name: 'Jobs' })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'New job' })).not.toBeInTheDocument();
  });

  it('shows a job with its status changes in the menu, Edit and PDF, but no customer link, invoice or Delete', async () => {
    const leak = job({ number: 12 });
    serveJob(leak);
    renderRoutes(allJobRoutes, { route: `/jobs/${leak.id}`, membership: technician });
    const user = userEvent.setup();

    expect(await screen.findByRole('heading', { level: 1, name: 'Job 12: Leaking tap' })).toBeInTheDocument();
    expect(screen.getByRole('row', { name: 'Customer Acme Plumbing' })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Acme Plumbing' })).not.toBeInTheDocument();
    // The actions come with the rest of the viewer, after its first view.
    expect(await screen.findByRole('link', { name: 'Edit' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'PDF' })).toBeInTheDocument();
    // On their visit the next step is one large button; the other status changes wait in the menu.
    expect(screen.queryByRole('button', { name: 'Booking required' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Actions' }));
    expect(screen.getAllByRole('menuitem').map((item) => item.textContent)).toEqual([
      'Booking required',
      'Ready to be scheduled',
    ]);
  });
});

describe('JobViewPage, PDF', () => {
  afterEach(() => {
    vi.restoreAllMocks();
  });

  it('downloads the job sheet as job-{number}.pdf', async () => {
    const leak = job({ number: 12 });
    api.handle = (request) =>
      request.path.endsWith('/notes') || request.path.endsWith('/attachments')
        ? jsonResponse([])
        : request.path.endsWith('/signature')
          ? jsonResponse(null)
          : request.path.endsWith('/pdf')
            ? new Response(new Uint8Array([0x25, 0x50, 0x44, 0x46]), {
                headers: { 'Content-Type': 'application/pdf' },
              })
            : jsonResponse(leak);
    Object.assign(URL, {
      createObjectURL: () => 'blob:http://localhost/job-12',
      revokeObjectURL: () => undefined,
    });
    const names: string[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      names.push(this.download);
    });
    renderRoutes(allJobRoutes, { route: `/jobs/${leak.id}` });
    const user = userEvent.setup();

    await user.click(await screen.findByRole('button', { name: 'PDF' }));

    await vi.waitFor(() => expect(names).toEqual(['job-12.pdf']));
    expect(api.paths().filter((path) => path.endsWith('/pdf'))).toEqual([`/jobs/${leak.id}/pdf`]);
  });
});
