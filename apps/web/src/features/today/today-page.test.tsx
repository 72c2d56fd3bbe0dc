import { addDays, calendarDateIn, type Job, type Today, type Visit } from '@fieldbook/domain';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { installFakeApi, jsonResponse } from '../../testing/api';
import { waitingAction, withWaitingActions } from '../../testing/device-work';
import { job, membership } from '../../testing/records';
import { renderRoutes } from '../../testing/render';
import { todayRoutes } from './routes';

const api = installFakeApi();
const ZONE = 'Australia/Melbourne';
const today = calendarDateIn(ZONE);
const richmond = { id: '00000000-0000-7000-8000-0000000cc001', name: 'SE01 Richmond' };
const minutesFromNow = (minutes: number) => new Date(Date.now() + minutes * 60_000).toISOString();

const visit = (overrides: Partial<Job>, more: Partial<Visit> = {}): Visit => ({
  job: job({ assignee: richmond.id, assigneeName: richmond.name, ...overrides }),
  phone: '0412 345 678',
  address: "Unit 4/12 O'Connell St, Fremantle WA 6160",
  ...more,
});

function serveDay(day: Partial<Today>) {
  api.handle = (request) =>
    request.path.startsWith('/today')
      ? jsonResponse({ date: today, technician: richmond, visits: [], nextDate: null, ...day })
      : jsonResponse([], { total: 0 });
}

const asTechnician = membership({ role: 'TECHNICIAN', technician: richmond });

describe('Today', () => {
  it("shows the technician's visits as cards, the next one marked, a late one saying how late, with directions and a call", async () => {
    const done = visit({
      id: '00000000-0000-7000-8000-00000000a001',
      number: 11,
      status: 'OPEN_COMPLETED',
      scheduledStart: minutesFromNow(-180),
      scheduledFinish: minutesFromNow(-120),
      customer: { id: 'c1', name: 'Early & Co' },
    });
    const late = visit({
      id: '00000000-0000-7000-8000-00000000a002',
      number: 12,
      reference: "PO-88 & O'Brien",
      status: 'OPEN_SCHEDULED',
      scheduledStart: minutesFromNow(-25),
      scheduledFinish: minutesFromNow(35),
      customer: { id: 'c2', name: "Kylie O'Brien" },
      items: [
        {
          code: null,
          description: 'Replace the hot water unit',
          quantity: '1',
          price: '1450',
          amount: '1450.00',
        },
      ],
    });
    serveDay({ visits: [done, late] });
    renderRoutes(todayRoutes, { route: '/today', membership: asTechnician });

    expect(await screen.findByRole('heading', { level: 1, name: 'Today' })).toBeInTheDocument();
    const cards = within(screen.getByRole('list', { name: 'Visits' })).getAllByRole('listitem');
    expect(cards).toHaveLength(2);
    expect(within(cards[0] as HTMLElement).queryByText('Next')).not.toBeInTheDocument();
    const second = within(cards[1] as HTMLElement);
    expect(second.getByText('Next')).toBeInTheDocument();
    expect(second.getByText(/^2\d min late$/)).toBeInTheDocument();
    expect(second.getByRole('link', { name: "Kylie O'Brien" })).toHaveAttribute(
      'href',
      `/jobs/${late.job.id}`,
    );
    expect(
      second.getByText("Job 12 · PO-88 & O'Brien · Normal priority", { exact: false }),
    ).toBeInTheDocument();
    expect(second.getByText('Replace the hot water unit')).toBeInTheDocument();
    expect(
      second.getByRole('link', { name: "Directions to Unit 4/12 O'Connell St, Fremantle WA 6160" }),
    ).toHaveAttribute(
      'href',
      "https://www.google.com/maps/dir/?api=1&destination=Unit%204%2F12%20O'Connell%20St%2C%20Fremantle%20WA%206160",
    );
    expect(second.getByRole('link', { name: "Call 0412 345 678 (Kylie O'Brien)" })).toHaveAttribute(
      'href',
      'tel:0412345678',
    );
    expect(api.paths()).toContain('/today');
  });

  it('marks as next the first visit not finished on this phone, one finished offline showing Completed', async () => {
    const first = visit({
      id: '00000000-0000-7000-8000-00000000a001',
      number: 11,
      status: 'OPEN_SCHEDULED',
      scheduledStart: minutesFromNow(-180),
      customer: { id: 'c1', name: 'Early & Co' },
    });
    const second = visit({
      id: '00000000-0000-7000-8000-00000000a002',
      number: 12,
      status: 'OPEN_SCHEDULED',
      scheduledStart: minutesFromNow(60),
      customer: { id: 'c2', name: "Kylie O'Brien" },
    });
    serveDay({ visits: [first, second] });
    const waiting = (to: string, minutesAgo: number) =>
      waitingAction({
        jobId: first.job.id,
        jobNumber: 11,
        takenAt: Date.now() - minutesAgo * 60_000,
        action: { type: 'status', from: 'OPEN_SCHEDULED', to },
      });
    const kept = [waiting('OPEN_IN_PROGRESS', 90), waiting('OPEN_COMPLETED', 10)];
    renderRoutes(withWaitingActions(kept, todayRoutes), { route: '/today', membership: asTechnician });

    const cards = within(await screen.findByRole('list', { name: 'Visits' })).getAllByRole('listitem');
    expect(within(cards[0] as HTMLElement).getByText('Completed')).toBeInTheDocument();
    expect(within(cards[0] as HTMLElement).queryByText('Next')).not.toBeInTheDocument();
    expect(within(cards[1] as HTMLElement).getByText('Next')).toBeInTheDocument();
    expect(within(cards[0] as HTMLElement).getByText('Waiting to send')).toBeInTheDocument();
  });

  it('says "Not sent" on the card of a job whose actions the server refused or that are in conflict', async () => {
    const refused = visit({ number: 13, status: 'OPEN_SCHEDULED', scheduledStart: minutesFromNow(30) });
    serveDay({ visits: [refused] });
    const kept = waitingAction({
      jobId: refused.job.id,
      jobNumber: 13,
      takenAt: Date.now() - 10 * 60_000,
      action: { type: 'status', from: 'OPEN_SCHEDULED', to: 'OPEN_IN_PROGRESS' },
      state: 'conflict',
      conflict: { was: 'Scheduled', now: 'Completed' },
    });
    renderRoutes(withWaitingActions([kept], todayRoutes), { route: '/today', membership: asTechnician });
    const [card] = within(await screen.findByRole('list', { name: 'Visits' })).getAllByRole('listitem');
    expect(within(card as HTMLElement).getByText('Not sent')).toBeInTheDocument();
    expect(within(card as HTMLElement).queryByText('Waiting to send')).not.toBeInTheDocument();
  });

  it('says an empty day is empty and goes to the next day with visits; Tomorrow and Yesterday move a day', async () => {
    const later = addDays(today, 3);
    serveDay({ nextDate: later });
    const { router } = renderRoutes(todayRoutes, { route: '/today', membership: asTechnician });
    const user = userEvent.setup();
    expect(await screen.findByText(/^No visits on /)).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: /^Next visits: / }));
    expect(router.state.location.search).toBe(`?date=${later}`);
    expect(await screen.findByRole('button', { name: 'Next day' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Today' }));
    expect(router.state.location.search).toBe('');
    await user.click(await screen.findByRole('button', { name: 'Tomorrow' }));
    expect(router.state.location.search).toBe(`?date=${addDays(today, 1)}`);
    expect(api.paths().filter((path) => path.startsWith('/today'))).toContain(
      `/today?date=${addDays(today, 1)}`,
    );
  });

  it('opens a day typed in the Date box once the typing ends, not each date it passes through', async () => {
    serveDay({});
    const { router } = renderRoutes(todayRoutes, { route: '/today', membership: asTechnician });
    const box = await screen.findByLabelText('Date');
    // A browser's date box gives a whole date at each key typed (12012026 passes through 30 Jan and 30 Dec).
    const [typed, picked] = [addDays(today, 9), addDays(today, 11)];
    for (const value of [addDays(today, -60), addDays(today, 30), typed])
      fireEvent.change(box, { target: { value } });
    fireEvent.keyDown(box, { key: 'Enter' });
    await waitFor(() => expect(router.state.location.search).toBe(`?date=${typed}`));
    await waitFor(() => expect(api.paths()).toContain(`/today?date=${typed}`));
    expect(api.paths().filter((path) => path.startsWith('/today?date='))).toEqual([`/today?date=${typed}`]);

    // A pick from the calendar opens once the box is left alone for a moment.
    fireEvent.change(box, { target: { value: picked } });
    await waitFor(() => expect(router.state.location.search).toBe(`?date=${picked}`));
  });

  it('lets the office choose whose day, and asks for one until then', async () => {
    serveDay({ technician: null });
    api.handle = (request) => {
      if (request.path.startsWith('/technicians'))
        return jsonResponse([{ ...richmond, retired: false }], { total: 1 });
      const technician = request.path.includes('technician=') ? richmond : null;
      return jsonResponse({ date: today, technician, visits: [], nextDate: null });
    };
    const { router } = renderRoutes(todayRoutes, {
      route: '/today',
      membership: membership({ role: 'OFFICE' }),
    });
    const user = userEvent.setup();
    expect(await screen.findByText('Choose a technician to see their day.')).toBeInTheDocument();
    await screen.findByRole('option', { name: richmond.name });
    await user.selectOptions(screen.getByRole('combobox', { name: 'Technician' }), richmond.id);
    expect(router.state.location.search).toBe(`?technician=${richmond.id}`);
    expect(await screen.findByText(/^No visits on /)).toBeInTheDocument();
  });

  it('tells a Technician linked to no technician why their day is empty', async () => {
    serveDay({ technician: null });
    renderRoutes(todayRoutes, { route: '/today', membership: membership({ role: 'TECHNICIAN' }) });
    expect(await screen.findByText(/You are not linked to a technician yet/)).toBeInTheDocument();
    expect(screen.queryByRole('combobox', { name: 'Technician' })).not.toBeInTheDocument();
  });
});
