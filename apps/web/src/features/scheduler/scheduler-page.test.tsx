import { apiMessages, type Job, type Technician } from '@fieldbook/domain';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { errorResponse, installFakeApi, jsonResponse, type RecordedRequest } from '../../testing/api';
import { staleSaveResponse } from '../../testing/conflicts';
import { job } from '../../testing/records';
import { renderRoutes } from '../../testing/render';
import { schedulerRoutes } from './routes';

const api = installFakeApi();

beforeAll(() => {
  // The calendar watches its size; jsdom has no layout to watch.
  vi.stubGlobal(
    'ResizeObserver',
    class {
      observe() {}
      unobserve() {}
      disconnect() {}
    },
  );
});

const STAMP = '2026-11-20T00:00:00.000Z';
const technician = (id: string, name: string, retired = false): Technician => ({
  id,
  name,
  retired,
  created: STAMP,
  updated: STAMP,
});
const se01 = technician('00000000-0000-7000-9000-000000000001', 'SE01 Richmond');
const se02 = technician('00000000-0000-7000-9000-000000000002', "SE02 O'Connor & Co");
const gone = technician('00000000-0000-7000-9000-000000000003', 'SE09 Retired', true);

const ready = job({
  number: 41,
  status: 'OPEN_READY_TO_BE_SCHEDULED',
  reference: 'Leaking tap',
  customer: { id: '00000000-0000-7000-8000-0000000000c1', name: "O'Brien & Sons" },
  rag: 'RED',
  updated: '2026-11-23T01:00:00.000Z',
});
const other = job({
  number: 42,
  status: 'OPEN_READY_TO_BE_SCHEDULED',
  customer: { id: '00000000-0000-7000-8000-0000000000c2', name: 'Glebe Bakery' },
});

/** The API as the board meets it; `put` answers the save. */
function boardApi(put: (request: RecordedRequest) => Response) {
  return (request: RecordedRequest) => {
    if (request.method === 'PUT') return put(request);
    if (request.path.startsWith('/technicians')) return jsonResponse([se01, se02, gone], { total: 3 });
    // The ready list's search finds O'Brien's job by its customer's words, and nothing else.
    if (request.path.startsWith('/jobs?q=status:OPEN_READY_TO_BE_SCHEDULED AND '))
      return request.path.includes('AND obrien AND')
        ? jsonResponse(request.path.includes('nothing') ? [] : [ready], {
            total: request.path.includes('nothing') ? 0 : 1,
          })
        : jsonResponse([], { total: 0 });
    if (request.path.startsWith('/jobs?q=status:OPEN_READY_TO_BE_SCHEDULED'))
      return jsonResponse([ready, other], { total: 2 });
    if (request.path.startsWith('/jobs?q=scheduledStart')) return jsonResponse([], { total: 0 });
    // The reload before the save: someone has touched the job since the board read it.
    if (request.path === `/jobs/${ready.id}`)
      return jsonResponse({ ...ready, updated: '2026-11-23T02:00:00.000Z' });
    throw new TypeError(`Unexpected ${request.method} ${request.path}`);
  };
}

/** Job 41 scheduled on SE01 with the keyboard's form, which the server refuses: the dialog and its alert. */
async function refusedFromForm() {
  renderRoutes(schedulerRoutes, { route: '/scheduler?date=2026-11-24' });
  await userEvent.click(await screen.findByRole('button', { name: 'Schedule job 41' }));
  const dialog = await screen.findByRole('dialog', { name: 'Schedule job 41' });
  await userEvent.selectOptions(within(dialog).getByRole('combobox', { name: 'Technician' }), se01.id);
  await userEvent.click(within(dialog).getByRole('button', { name: 'Schedule' }));
  return { dialog, alert: await within(dialog).findByRole('alert') };
}

describe('SchedulerPage', () => {
  it("loads the ready jobs, the technicians and only the shown day's scheduled jobs, up to 1000", async () => {
    api.handle = boardApi(() => jsonResponse({}));
    renderRoutes(schedulerRoutes, { route: '/scheduler?date=2026-11-24' });

    expect(await screen.findByRole('heading', { level: 1, name: 'Scheduler' })).toBeInTheDocument();
    const list = await screen.findByRole('region', { name: 'Ready to be scheduled (2)' });
    expect(within(list).getByRole('link', { name: 'Job 41' })).toHaveAttribute('href', `/jobs/${ready.id}`);
    expect(screen.getByText('Tuesday, 24 November 2026')).toBeInTheDocument();
    expect(api.paths()).toEqual(
      expect.arrayContaining([
        '/jobs?q=status:OPEN_READY_TO_BE_SCHEDULED&p=1&s=1000',
        '/technicians?q=*&p=1&s=100',
        // Melbourne's day of 24 November, as instants, its end left out.
        '/jobs?q=scheduledStart:[2026-11-23T13:00:00.000Z TO 2026-11-24T13:00:00.000Z} OR ' +
          '(scheduledStart:[2026-11-22T13:00:00.000Z TO 2026-11-23T13:00:00.000Z} AND scheduledFinish:>2026-11-23T13:00:00.000Z)&p=1&s=1000',
      ]),
    );
  });

  it("shows today for an address whose date is not a day of the calendar, and puts today's date in it", async () => {
    vi.useFakeTimers({ now: new Date('2026-11-24T01:00:00.000Z'), toFake: ['Date'] });
    try {
      api.handle = boardApi(() => jsonResponse({}));
      const { router } = renderRoutes(schedulerRoutes, { route: '/scheduler?date=2026-02-31&days=7' });

      expect(await screen.findByRole('heading', { level: 1, name: 'Scheduler' })).toBeInTheDocument();
      await waitFor(() => expect(router.state.location.search).toBe('?date=2026-11-24&days=7'));
      expect(screen.queryByText(/March 2026|February 2026/)).not.toBeInTheDocument();
      expect(api.paths().some((path) => path.includes('2026-03-0') || path.includes('2026-02-'))).toBe(false);
    } finally {
      vi.useRealTimers();
    }
  });

  it('adds each step of Previous, Next and the days shown to the history, so Back returns to the range before; a typed date takes its place', async () => {
    api.handle = boardApi(() => jsonResponse({}));
    const { router } = renderRoutes(schedulerRoutes, { route: '/scheduler?date=2026-11-24' });
    expect(await screen.findByText('Tuesday, 24 November 2026')).toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByText('Wednesday, 25 November 2026')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: '7 days' }));
    const title = screen.getByTestId('board-title');
    await waitFor(() => expect(title).toHaveTextContent('25 Nov – 1 Dec 2026'));
    await userEvent.click(screen.getByRole('button', { name: 'Previous' }));
    await waitFor(() => expect(title).toHaveTextContent('18 Nov – 24 Nov 2026'));
    expect(router.state.location.search).toBe('?date=2026-11-18&days=7');

    await router.navigate(-1);
    await waitFor(() => expect(title).toHaveTextContent('25 Nov – 1 Dec 2026'));
    expect(router.state.location.search).toBe('?date=2026-11-25&days=7');
    await router.navigate(-1);
    expect(await screen.findByText('Wednesday, 25 November 2026')).toBeInTheDocument();
    expect(router.state.location.search).toBe('?date=2026-11-25');
    await router.navigate(-1);
    expect(await screen.findByText('Tuesday, 24 November 2026')).toBeInTheDocument();

    // A date typed into the box replaces the entry it was typed on: Back leaves the scheduler's first day behind.
    await userEvent.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByText('Wednesday, 25 November 2026')).toBeInTheDocument();
    fireEvent.change(screen.getByLabelText('Go to date'), { target: { value: '2026-12-03' } });
    expect(await screen.findByText('Thursday, 3 December 2026')).toBeInTheDocument();
    await router.navigate(-1);
    expect(await screen.findByText('Tuesday, 24 November 2026')).toBeInTheDocument();
  });

  it('searches all the ready jobs on the server as the user types, apostrophes and ampersands as words', async () => {
    api.handle = boardApi(() => jsonResponse({}));
    renderRoutes(schedulerRoutes, { route: '/scheduler?date=2026-11-24' });
    const list = await screen.findByRole('region', { name: 'Ready to be scheduled (2)' });
    await userEvent.type(within(list).getByLabelText('Search ready jobs'), "o'brien & s");
    expect(await within(list).findByText('1 ready job matches.')).toBeInTheDocument();
    expect(within(list).getAllByRole('listitem')).toHaveLength(1);
    expect(within(list).getByRole('link', { name: 'Job 41' })).toBeInTheDocument();
    expect(api.paths()).toContain('/jobs?q=status:OPEN_READY_TO_BE_SCHEDULED AND obrien AND s*&p=1&s=20');
    await userEvent.type(within(list).getByLabelText('Search ready jobs'), ' nothing');
    expect(await within(list).findByText('No ready jobs match.')).toBeInTheDocument();
    // A cleared box shows the board's list again.
    await userEvent.clear(within(list).getByLabelText('Search ready jobs'));
    expect(within(list).getAllByRole('listitem')).toHaveLength(2);
  });

  it('says when the search failed, and keeps the box as typed', async () => {
    const board = boardApi(() => jsonResponse({}));
    api.handle = (request) =>
      request.path.includes('glebe')
        ? errorResponse('SERVICE_UNAVAILABLE', 'Service unavailable')
        : board(request);
    renderRoutes(schedulerRoutes, { route: '/scheduler?date=2026-11-24' });
    const list = await screen.findByRole('region', { name: 'Ready to be scheduled (2)' });
    await userEvent.type(within(list).getByLabelText('Search ready jobs'), 'glebe');
    expect(await within(list).findByRole('alert')).toHaveTextContent(/unavailable/i);
    expect(within(list).getByLabelText('Search ready jobs')).toHaveValue('glebe');
  });

  it("schedules with the keyboard's form: the reloaded job, Scheduled, on the technician, over the version shown", async () => {
    api.handle = boardApi((request) =>
      jsonResponse({ ...(request.body as Job), number: 41, assigneeName: se02.name }),
    );
    renderRoutes(schedulerRoutes, { route: '/scheduler?date=2026-11-24' });
    await userEvent.click(await screen.findByRole('button', { name: 'Schedule job 41' }));
    const dialog = await screen.findByRole('dialog', { name: 'Schedule job 41' });

    // The retired technician takes no new job; nothing chosen is refused on its field, with the focus there.
    const choices = within(dialog).getByRole('combobox', { name: 'Technician' });
    expect(
      within(choices)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['Choose the technician', 'SE01 Richmond', "SE02 O'Connor & Co"]);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Schedule' }));
    expect(within(dialog).getByText('Choose the technician.')).toBeInTheDocument();
    expect(choices).toHaveFocus();
    expect(api.paths('PUT')).toEqual([]);

    await userEvent.selectOptions(choices, se02.id);
    expect(within(dialog).getByLabelText(/^Date/)).toHaveValue('2026-11-24');
    await userEvent.clear(within(dialog).getByLabelText(/^Start time/));
    await userEvent.type(within(dialog).getByLabelText(/^Start time/), '18:45');
    expect(within(dialog).getByRole('combobox', { name: 'Duration' })).toHaveValue('60');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Schedule' }));

    expect(
      await screen.findByText(/^Job 41 scheduled: SE02 O'Connor & Co, Tue, 24 Nov, 6:45/),
    ).toBeInTheDocument();
    const [put] = api.requests.filter((request) => request.method === 'PUT');
    expect(put?.path).toBe(`/jobs/${ready.id}`);
    expect(put?.body).toMatchObject({
      id: ready.id,
      updated: '2026-11-23T01:00:00.000Z',
      status: 'OPEN_SCHEDULED',
      scheduledStart: '2026-11-24T07:45:00.000Z',
      scheduledFinish: '2026-11-24T08:45:00.000Z',
      assignee: se02.id,
      reference: 'Leaking tap',
    });
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('keeps the form and what was chosen when the save is refused, and says nothing was changed', async () => {
    api.handle = boardApi(() => staleSaveResponse('job'));
    const { dialog, alert } = await refusedFromForm();
    expect(alert).toHaveTextContent('Job 41 was not scheduled');
    // The board has read the job again: no 'Reload it', which the dialog has no way to do.
    expect(alert).toHaveTextContent(
      'Someone else changed job 41 in the meantime. The board now shows it as they saved it',
    );
    expect(alert).not.toHaveTextContent(apiMessages.staleSave('job'));
    expect(within(dialog).getByRole('combobox', { name: 'Technician' })).toHaveValue(se01.id);
  });

  it('says a job whose details are not complete (no territory, no priority) needs them first, and leads to its editor', async () => {
    api.handle = boardApi(() =>
      errorResponse('VALIDATION_FAILED', 'Some of what was entered needs a change.', [
        { field: 'territory', message: 'Choose the territory.' },
        { field: 'priority', message: 'Choose the priority.' },
      ]),
    );
    const { alert } = await refusedFromForm();
    expect(alert).toHaveTextContent(
      'Job 41 cannot be scheduled until its details are complete: Choose the territory. Choose the priority.',
    );
    expect(alert).toHaveTextContent('Nothing was changed.');
    expect(within(alert).getByRole('link', { name: 'Edit job 41' })).toHaveAttribute(
      'href',
      `/jobs/${ready.id}/edit`,
    );
  });
});
