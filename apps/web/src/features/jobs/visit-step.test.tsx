import type { Departure, Job, Today } from '@fieldbook/domain';
import { onlineManager } from '@tanstack/react-query';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { DeviceRuntime } from '../../app/device-work';
import { resetServerClock } from '../../lib/server-clock';
import { errorResponse, installFakeApi, jsonResponse, type RecordedRequest } from '../../testing/api';
import {
  copyOf,
  keepCopy,
  startTestDeviceWork,
  TEST_OWNER,
  waitingAction,
  withDeviceWork,
  withWaitingActions,
} from '../../testing/device-work';
import { allJobRoutes } from '../../testing/job-routes';
import { job, membership } from '../../testing/records';
import { renderRoutes, testQueryClient } from '../../testing/render';
import { jobQueryOptions } from './api/get-job';
import { forgetLoadedViewer } from './job-view-page';

const api = installFakeApi();
const technician = membership({ role: 'TECHNICIAN', technician: { id: 't-1', name: 'SE01 Richmond' } });

/** An On my way to the job, as the server answers it, with its email to the customer. */
const departureOf = (jobId: string, index: number, overrides: Partial<Departure> = {}): Departure => ({
  id: `d${index}`,
  job: { id: jobId },
  departed: '2026-11-24T21:05:00Z',
  arrivalFrom: '2026-11-24T21:35:00Z',
  arrivalTo: '2026-11-24T22:05:00Z',
  technician: 'SE01 Richmond',
  by: 'Kylie',
  emailedTo: 'accounts@obrien.example',
  messageId: null,
  status: 'QUEUED',
  ...overrides,
});

/**
 * The job as it is saved; a PUT of the job moves it. `refuseOnce`: the first signature is refused. `departures`:
 * those said before, newest first.
 */
function serve(start: Job, { refuseSignatureOnce = false, departures = [] as Departure[] } = {}) {
  let current = start;
  let refused = false;
  api.handle = (request: RecordedRequest) => {
    if (request.path.endsWith('/departures')) {
      if (request.method === 'GET') return jsonResponse(departures);
      const { notify } = request.body as { notify: boolean };
      const departure = departureOf(
        current.id,
        departures.length + 1,
        notify ? {} : { emailedTo: null, status: null },
      );
      departures.unshift(departure);
      return jsonResponse(departure, { status: 201 });
    }
    if (request.path.endsWith('/notes'))
      return request.method === 'POST'
        ? jsonResponse({ id: 'n1', text: (request.body as { text: string }).text }, { status: 201 })
        : jsonResponse([]);
    if (request.path.endsWith('/attachments')) return jsonResponse([]);
    if (request.path.endsWith('/signature')) {
      if (request.method === 'GET') return jsonResponse(null);
      if (refuseSignatureOnce && !refused) {
        refused = true;
        return errorResponse('SERVICE_UNAVAILABLE', 'The service is busy; try again in a few seconds.');
      }
      return jsonResponse({
        job: { id: current.id },
        ...(request.body as object),
        signedAt: '2026-11-24T03:00:00Z',
      });
    }
    if (request.method === 'PUT') current = { ...current, status: (request.body as Job).status };
    return jsonResponse(current);
  };
}

/**
 * The server of `serve` with Idempotency-Keys honoured as the API honours them (the same key and body again: the
 * first answer; another body: 409), and the answer to the first write to a path ending in `lost` never reaching the
 * phone: the server did it, the phone heard nothing.
 */
function loseFirstAnswer(lost: string) {
  const handle = api.handle;
  const answered = new Map<string, { body: string; response: Response }>();
  let losing = true;
  api.handle = async (request) => {
    const key = request.headers.get('idempotency-key');
    const body = JSON.stringify(request.body);
    const first = key ? answered.get(key) : undefined;
    if (first) {
      return first.body === body
        ? first.response.clone()
        : errorResponse(
            'CONFLICT',
            'This was already saved before the connection dropped, with the values sent then.',
          );
    }
    const response = await handle(request);
    if (key) answered.set(key, { body, response: response.clone() });
    if (losing && request.method !== 'GET' && request.path.endsWith(lost)) {
      losing = false;
      throw new TypeError('Failed to fetch');
    }
    return response;
  };
}

/**
 * Runs `steps` on the visit to `visitJob` under the device's real work (its queue and kept week, over the fake API),
 * as the signed-in layout starts it; stops it after.
 */
async function onDevice(visitJob: Job, steps: (device: DeviceRuntime) => Promise<void>) {
  const queryClient = testQueryClient();
  const device = startTestDeviceWork(queryClient);
  try {
    renderRoutes(withDeviceWork(device.work, allJobRoutes), {
      route: `/jobs/${visitJob.id}`,
      membership: technician,
      queryClient,
    });
    await steps(device);
  } finally {
    device.stop();
  }
}

/**
 * The job viewer's first view held: the rest of the viewer loads once that has been drawn (a frame, then a task),
 * and the frames wait here until `release`; `restore` gives the page its frames back.
 */
/**
 * How long the rest of the viewer may take to arrive once the first view lets it: a worker that has not imported
 * `job-viewer.tsx` yet transforms it first, which can take more than the 5 s default on a busy 2-core machine.
 */
const REST_ARRIVES = { timeout: 12_000 };

function holdFirstView() {
  forgetLoadedViewer();
  const held: FrameRequestCallback[] = [];
  const frame = vi.spyOn(window, 'requestAnimationFrame').mockImplementation((callback) => {
    held.push(callback);
    return held.length;
  });
  return {
    release: () => {
      for (const callback of held.splice(0)) callback(performance.now());
    },
    restore: () => frame.mockRestore(),
  };
}

describe("a Technician's visit", () => {
  it("keeps the keyboard on the next step when the rest of the viewer takes the first view's place", async () => {
    const booked = job({ number: 18, status: 'OPEN_SCHEDULED' });
    serve(booked);
    const frames = holdFirstView();
    try {
      renderRoutes(allJobRoutes, { route: `/jobs/${booked.id}`, membership: technician });
      const first = await screen.findByRole('button', { name: 'Start' });
      first.focus();
      frames.release();
      expect(await screen.findByRole('link', { name: 'Edit' }, REST_ARRIVES)).toBeInTheDocument();
      const start = screen.getByRole('button', { name: 'Start' });
      expect(start).not.toBe(first);
      expect(start).toHaveFocus();
    } finally {
      frames.restore();
    }
  });

  it('draws its heading, next step and details before the rest of the viewer, and takes a step pressed meanwhile once it has loaded', async () => {
    const booked = job({ number: 19, status: 'OPEN_SCHEDULED' });
    serve(booked);
    const frames = holdFirstView();
    try {
      renderRoutes(allJobRoutes, { route: `/jobs/${booked.id}`, membership: technician });
      const user = userEvent.setup();
      expect(await screen.findByRole('heading', { level: 1, name: /^Job 19/ })).toBeInTheDocument();
      expect(screen.getByRole('row', { name: 'Customer Acme Plumbing' })).toBeInTheDocument();
      // Not yet the actions, the lines or the notes.
      expect(screen.queryByRole('link', { name: 'Edit' })).not.toBeInTheDocument();
      expect(screen.queryByRole('table', { name: 'Line items' })).not.toBeInTheDocument();
      await user.click(await screen.findByRole('button', { name: 'Start' }));
      expect(screen.getByRole('button', { name: 'Start' })).toHaveAttribute('data-loading');
      expect(api.requests.filter((request) => request.method === 'PUT')).toEqual([]);

      frames.release();
      // The rest arrives: the press is taken once, and the visit goes on to Finish.
      expect(await screen.findByRole('button', { name: 'Finish' }, REST_ARRIVES)).toBeInTheDocument();
      expect(await screen.findByRole('link', { name: 'Edit' })).toBeInTheDocument();
      expect(
        api.requests
          .filter((request) => request.method === 'PUT')
          .map((request) => (request.body as Job).status),
      ).toEqual(['OPEN_IN_PROGRESS']);
    } finally {
      frames.restore();
    }
  });

  it('says On my way with an arrival time and an email to the customer, then Start leads', async () => {
    const booked = job({ number: 20, status: 'OPEN_SCHEDULED' });
    serve(booked);
    renderRoutes(allJobRoutes, { route: `/jobs/${booked.id}`, membership: technician });
    const user = userEvent.setup();
    const buttons = async () =>
      (await screen.findAllByRole('button', { name: /^(On my way|On my way again|Start)$/ })).map(
        (button) => button.textContent,
      );
    expect(await buttons()).toEqual(['On my way', 'Start']);
    await user.click(screen.getByRole('button', { name: 'On my way' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'On my way to job 20' }));
    await user.click(dialog.getByRole('radio', { name: '45 minutes' }));
    expect(dialog.getByRole('checkbox', { name: /^Email .* that I'm on my way/ })).toBeChecked();
    await user.click(dialog.getByRole('button', { name: 'On my way' }));
    expect(
      await screen.findByText(
        'On my way recorded. The email to accounts@obrien.example is waiting to be sent.',
      ),
    ).toBeInTheDocument();
    const [post] = api.requests.filter((request) => request.method === 'POST');
    expect(post?.body).toEqual({ arrivalMinutes: 45, notify: true, takenAt: expect.any(String) });
    expect(post?.headers.get('idempotency-key')).toMatch(/^[0-9a-f-]{36}$/);
    expect(
      await screen.findByText(
        /^On my way since .*: arriving .* to .*, email waiting to be sent to accounts@obrien\.example\.$/,
      ),
    ).toBeInTheDocument();
    expect(await buttons()).toEqual(['Start', 'On my way again']);
  });

  it("stamps On my way by the server's clock when the phone's runs 10 minutes fast", async () => {
    const booked = job({ number: 21, status: 'OPEN_SCHEDULED' });
    serve(booked);
    const tenMinutes = 10 * 60_000;
    // Every answer says the server's time: ten minutes behind this phone's.
    const handle = api.handle;
    api.handle = async (request) => {
      const response = await handle(request);
      response.headers.set('Date', new Date(Date.now() - tenMinutes).toUTCString());
      return response;
    };
    try {
      renderRoutes(allJobRoutes, { route: `/jobs/${booked.id}`, membership: technician });
      const user = userEvent.setup();
      await user.click(await screen.findByRole('button', { name: 'On my way' }));
      const dialog = within(await screen.findByRole('dialog', { name: 'On my way to job 21' }));
      await user.click(dialog.getByRole('radio', { name: '45 minutes' }));
      await user.click(dialog.getByRole('button', { name: 'On my way' }));
      expect(await screen.findByText(/^On my way recorded\./)).toBeInTheDocument();

      const [post] = api.requests.filter((request) => request.method === 'POST');
      const takenAt = (post?.body as { takenAt?: string } | undefined)?.takenAt ?? '';
      // The header's second steps and the test's own time: within a few seconds of the server's now.
      expect(Math.abs(Date.parse(takenAt) - (Date.now() - tenMinutes))).toBeLessThan(5_000);
    } finally {
      resetServerClock();
    }
  });

  it.each([
    {
      step: 'On my way',
      status: 'OPEN_SCHEDULED',
      choice: { role: 'radio', name: '45 minutes' },
      kept: 'On my way saved on this device: it will be sent when there is a connection.',
      request: ['POST', '/departures'],
      sent: { arrivalMinutes: 45, notify: true, takenAt: expect.any(String) },
    },
    {
      step: 'Finish',
      status: 'OPEN_IN_PROGRESS',
      choice: { role: 'checkbox', name: 'Customer not present' },
      kept: 'Job 27 finished: saved on this device: it will be sent when there is a connection.',
      request: ['PUT', '/signature'],
      sent: { customerNotPresent: true, signerName: null, image: null, takenAt: expect.any(String) },
    },
  ] as const)(
    'resends $step whose answer was lost exactly as first sent: the server knows it',
    async (visit) => {
      const visited = job({ number: 27, status: visit.status });
      serve(visited);
      const [method, end] = visit.request;
      loseFirstAnswer(end);
      await onDevice(visited, async (device) => {
        const user = userEvent.setup();
        await user.click(await screen.findByRole('button', { name: visit.step }));
        const dialog = within(
          await screen.findByRole('dialog', { name: new RegExp(`^${visit.step}.* job 27$`) }),
        );
        await user.click(dialog.getByRole(visit.choice.role, { name: visit.choice.name }));
        await user.click(dialog.getByRole('button', { name: visit.step }));
        expect(await screen.findByText(visit.kept)).toBeInTheDocument();
        await waitFor(() => expect(device.work.queue.getSnapshot()).toEqual([]));
        const sent = api.requests.filter(
          (request) => request.method === method && request.path.endsWith(end),
        );
        expect(sent).toHaveLength(2);
        expect(sent[1]?.body).toEqual(sent[0]?.body);
        expect(sent[1]?.headers.get('idempotency-key')).toBe(sent[0]?.headers.get('idempotency-key'));
        expect(sent[0]?.body).toEqual(visit.sent);
      });
    },
  );

  it("says what became of the customer's email: sent, waiting to be sent, or could not be sent", async () => {
    // Melbourne: 8:05 am, arriving 8:35 to 9:05.
    const said = 'On my way since 8:05 am: arriving 8:35 am to 9:05 am, ';
    for (const [status, words] of [
      ['SENT', 'email sent to accounts@obrien.example.'],
      ['QUEUED', 'email waiting to be sent to accounts@obrien.example.'],
      ['SENDING', 'email waiting to be sent to accounts@obrien.example.'],
      ['FAILED', 'email could not be sent to accounts@obrien.example (tell the office).'],
    ] as const) {
      const booked = job({ number: 25, status: 'OPEN_SCHEDULED' });
      serve(booked, { departures: [departureOf(booked.id, 1, { status })] });
      const { unmount } = renderRoutes(allJobRoutes, { route: `/jobs/${booked.id}`, membership: technician });
      expect(await screen.findByText(`${said}${words}`)).toBeInTheDocument();
      unmount();
    }
  });

  it('reads the departures again while the email waits, and says once it has been sent', async () => {
    const booked = job({ number: 26, status: 'OPEN_SCHEDULED' });
    // Said just now: the visit watches its email for the first minutes.
    const departure = departureOf(booked.id, 1, { departed: new Date().toISOString() });
    const departures = [departure];
    serve(booked, { departures });
    vi.useFakeTimers({ shouldAdvanceTime: true });
    try {
      renderRoutes(allJobRoutes, { route: `/jobs/${booked.id}`, membership: technician });
      expect(
        await screen.findByText(/, email waiting to be sent to accounts@obrien\.example\.$/),
      ).toBeInTheDocument();
      departures[0] = { ...departure, status: 'SENT' };
      await vi.advanceTimersByTimeAsync(5_000);
      expect(await screen.findByText(/, email sent to accounts@obrien\.example\.$/)).toBeInTheDocument();
    } finally {
      vi.useRealTimers();
    }
  });

  it("warns that On my way tells the customer 'today' when the visit is booked for another day", async () => {
    const inTwoDays = new Date(Date.now() + 2 * 24 * 60 * 60_000).toISOString();
    const later = job({ number: 23, status: 'OPEN_SCHEDULED', scheduledStart: inTwoDays });
    serve(later);
    renderRoutes(allJobRoutes, { route: `/jobs/${later.id}`, membership: technician });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'On my way' }));
    const dialog = within(screen.getByRole('dialog', { name: 'On my way to job 23' }));
    expect(dialog.getByText('This visit is not today.')).toBeInTheDocument();
    expect(dialog.getByText('This visit is not today.').parentElement).toHaveTextContent(
      /^This visit is not today\. Job 23 is booked for \d{1,2} \w{3} \d{4}\. On my way tells the customer/,
    );
  });

  it('shows On my way said on this phone and not sent yet, from when it was said', async () => {
    const booked = job({ number: 24, status: 'OPEN_SCHEDULED' });
    serve(booked);
    const said = waitingAction({
      jobId: booked.id,
      jobNumber: 24,
      takenAt: Date.parse('2026-11-30T21:05:00Z'),
      action: { type: 'departure', arrivalMinutes: 30, notify: true },
    });
    renderRoutes(withWaitingActions([said], allJobRoutes), {
      route: `/jobs/${booked.id}`,
      membership: technician,
    });
    // Melbourne: 8:05 am, arriving 8:35 to 9:05.
    expect(
      await screen.findByText('On my way since 8:05 am: arriving 8:35 am to 9:05 am (waiting to send).'),
    ).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'On my way again' })).toBeInTheDocument();
  });

  it('starts a Scheduled job with one large button', async () => {
    const booked = job({ number: 21, status: 'OPEN_SCHEDULED' });
    serve(booked);
    renderRoutes(allJobRoutes, { route: `/jobs/${booked.id}`, membership: technician });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Start' }));
    expect(await screen.findByText('Job 21 started: In progress.')).toBeInTheDocument();
    const [put] = api.requests.filter((request) => request.method === 'PUT');
    expect((put?.body as Job | undefined)?.status).toBe('OPEN_IN_PROGRESS');
    // Start went with the step: the keyboard goes on from Finish, which took its place.
    expect(await screen.findByRole('button', { name: 'Finish' })).toHaveFocus();
  });

  it('keeps the server’s answer to a Start sent online in the week on the device, for when the signal goes', async () => {
    const booked = job({ number: 29, status: 'OPEN_SCHEDULED', updated: '2026-11-30T01:00:00.000Z' });
    serve(booked);
    const day: Today = {
      date: '2026-11-30',
      technician: { id: 't-1', name: 'SE01 Richmond' },
      visits: [{ job: booked, phone: null, address: null }],
      nextDate: null,
    };
    await keepCopy({
      owner: TEST_OWNER,
      savedAt: Date.now() - 60_000,
      profile: {},
      queries: [
        { key: ['today', null, null], data: day },
        { key: jobQueryOptions(booked.id).queryKey, data: booked },
      ],
    });
    await onDevice(booked, async (device) => {
      await waitFor(() => expect(device.work.savedAt()).not.toBeNull());
      const user = userEvent.setup();
      await user.click(await screen.findByRole('button', { name: 'Start' }));
      expect(await screen.findByText('Job 29 started: In progress.')).toBeInTheDocument();
      await waitFor(async () => {
        const kept = (await copyOf(TEST_OWNER))?.queries.map(({ data }) => data) ?? [];
        expect((kept[0] as Today).visits[0]?.job.status).toBe('OPEN_IN_PROGRESS');
        expect((kept[1] as Job).status).toBe('OPEN_IN_PROGRESS');
      });
    });
  });

  it('finishes with the work done and "customer not present": a note, the sign-off, then Completed', async () => {
    const going = job({ number: 22, status: 'OPEN_IN_PROGRESS' });
    serve(going, { refuseSignatureOnce: true });
    renderRoutes(allJobRoutes, { route: `/jobs/${going.id}`, membership: technician });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Finish' }));
    const dialog = within(screen.getByRole('dialog', { name: 'Finish job 22' }));

    // Neither a signature nor "not present": refused before anything is sent.
    await user.click(dialog.getByRole('button', { name: 'Finish' }));
    expect(
      dialog.getByText('Ask the customer to sign, or say that they were not there.'),
    ).toBeInTheDocument();
    expect(api.paths('PUT')).toEqual([]);
    // Typing a signature instead takes the focus to its box, and signing there clears what was missing.
    await user.click(dialog.getByRole('button', { name: 'Type a signature instead' }));
    const typed = dialog.getByRole('textbox', { name: /^Customer's signature, typed/ });
    expect(typed).toHaveFocus();
    await user.keyboard('A');
    expect(
      dialog.queryByText('Ask the customer to sign, or say that they were not there.'),
    ).not.toBeInTheDocument();
    await user.clear(typed);
    await user.click(dialog.getByRole('button', { name: 'Draw the signature instead' }));
    expect(dialog.getByRole('button', { name: 'Type a signature instead' })).toHaveFocus();

    await user.type(
      dialog.getByRole('textbox', { name: /^Work done/ }),
      "Replaced the tap's washer & reseated the valve.",
    );
    await user.click(dialog.getByRole('checkbox', { name: 'Customer not present' }));
    await user.click(dialog.getByRole('button', { name: 'Finish' }));
    // The sign-off failed: the note is saved, the rest is still to do, and the form is as it was.
    expect(await dialog.findByText('Not finished')).toBeInTheDocument();
    expect(
      dialog.getByText('Saved: the work done. The job is not Completed yet: tap Finish again.'),
    ).toBeInTheDocument();
    expect(dialog.getByRole('textbox', { name: /^Work done/ })).toHaveValue(
      "Replaced the tap's washer & reseated the valve.",
    );

    await user.click(dialog.getByRole('button', { name: 'Finish' }));
    expect(await screen.findByText('Job 22 finished: Completed.')).toBeInTheDocument();
    // Finish went with the finished job: the keyboard goes on from the page's heading.
    await waitFor(() => expect(screen.getByRole('heading', { level: 1, name: /^Job 22/ })).toHaveFocus());
    expect(api.paths('POST')).toEqual([`/jobs/${going.id}/notes`]);
    const puts = api.requests.filter((request) => request.method === 'PUT');
    expect(puts.map((request) => request.path)).toEqual([
      `/jobs/${going.id}/signature`,
      `/jobs/${going.id}/signature`,
      `/jobs/${going.id}`,
    ]);
    expect(puts[1]?.body).toEqual({
      customerNotPresent: true,
      signerName: null,
      image: null,
      takenAt: expect.any(String),
    });
    expect((puts[2]?.body as Job | undefined)?.status).toBe('OPEN_COMPLETED');
  });

  it('keeps the finish form as it was typed when the network returns and the Start kept on the device is sent', async () => {
    const booked = job({ number: 27, status: 'OPEN_SCHEDULED' });
    serve(booked);
    const served = api.handle;
    let offline = false;
    let startSent = false;
    let answerRead: () => void = () => undefined;
    const reread = new Promise<void>((resolve) => {
      answerRead = resolve;
    });
    api.handle = async (request) => {
      if (offline) throw new TypeError('Failed to fetch');
      // The job read again after its Start was sent waits: the screen between the queue emptying and that read.
      if (startSent && request.method === 'GET' && request.path === `/jobs/${booked.id}`) await reread;
      if (request.method === 'PUT' && request.path === `/jobs/${booked.id}`) startSent = true;
      return served(request);
    };
    await onDevice(booked, async () => {
      const user = userEvent.setup();
      await screen.findByRole('button', { name: 'Start' });
      try {
        offline = true;
        onlineManager.setOnline(false);
        await user.click(screen.getByRole('button', { name: 'Start' }));
        expect(await screen.findByText(/^Job 27 started: saved on this device/)).toBeInTheDocument();
        await user.click(await screen.findByRole('button', { name: 'Finish' }));
        const dialog = within(screen.getByRole('dialog', { name: 'Finish job 27' }));
        await user.type(dialog.getByRole('textbox', { name: /^Work done/ }), 'Replaced the mixer cartridge.');
        await user.clear(dialog.getByRole('textbox', { name: "Customer's name" }));
        await user.type(dialog.getByRole('textbox', { name: "Customer's name" }), 'Bea Back');
        await user.click(dialog.getByRole('button', { name: 'Type a signature instead' }));
        await user.type(dialog.getByRole('textbox', { name: /^Customer's signature, typed/ }), 'B. Back');
        const typed = () => ({
          workDone: screen.getByRole('textbox', { name: /^Work done/ }),
          name: screen.getByRole('textbox', { name: "Customer's name" }),
          signature: screen.getByRole('textbox', { name: /^Customer's signature, typed/ }),
        });
        const asTyped = () => {
          expect(typed().workDone).toHaveValue('Replaced the mixer cartridge.');
          expect(typed().name).toHaveValue('Bea Back');
          expect(typed().signature).toHaveValue('B. Back');
        };

        offline = false;
        onlineManager.setOnline(true);
        // The Start is sent and leaves the queue; the job is not read again yet.
        await waitFor(() => expect(startSent).toBe(true));
        await waitFor(() => expect(screen.queryByText('Waiting to send')).not.toBeInTheDocument());
        asTyped();
        // The job as shown does not go back to Scheduled meanwhile.
        expect(screen.queryByRole('button', { name: 'Start' })).not.toBeInTheDocument();
        answerRead();
        await waitFor(() =>
          expect(api.paths().filter((path) => path === `/jobs/${booked.id}`).length).toBeGreaterThan(2),
        );
        await waitFor(() => expect(screen.getByText('In progress')).toBeInTheDocument());
        asTyped();

        // Finished with the customer gone after all: the work done typed offline goes with it.
        await user.click(screen.getByRole('checkbox', { name: 'Customer not present' }));
        await user.click(
          within(screen.getByRole('dialog', { name: 'Finish job 27' })).getByRole('button', {
            name: 'Finish',
          }),
        );
        expect(await screen.findByText('Job 27 finished: Completed.')).toBeInTheDocument();
        expect(api.requests.find((request) => request.method === 'POST')?.body).toEqual({
          text: 'Replaced the mixer cartridge.',
        });
      } finally {
        onlineManager.setOnline(true);
      }
    });
  });
});
