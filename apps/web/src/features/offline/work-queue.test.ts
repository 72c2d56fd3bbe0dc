import { beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiRequestError, NetworkError, SignInNeededError } from '../../lib/api-client';
import { errorResponse, jsonResponse } from '../../testing/api';
import { job } from '../../testing/records';
import { stubFetch } from '../../testing/stub-fetch';
import { sendAction } from '../jobs';
import { deviceActionStore } from './action-store';
import { clearDevice, type StoredAction } from './device-store';
import { withKeptStatus } from './device-work';
import { createWorkQueue, retryDelay, StatusConflict } from './work-queue';

const OWNER = 'user-1@t-acme';

/** A queue over the device's real store (IndexedDB, in tests fake-indexeddb) whose requests `answer` decides. */
function queueWith(answer: (action: StoredAction, attempt: number) => Promise<void>) {
  const sent: StoredAction[] = [];
  const delays: number[] = [];
  const retries: (() => void)[] = [];
  const signIns: number[] = [];
  const attempts = new Map<number, number>();
  const queue = createWorkQueue(OWNER, {
    store: deviceActionStore,
    send: async (action) => {
      const attempt = (attempts.get(action.seq as number) ?? 0) + 1;
      attempts.set(action.seq as number, attempt);
      await answer(action, attempt);
      sent.push(action);
    },
    schedule: (retry, delay) => {
      delays.push(delay);
      retries.push(retry);
    },
    onSignInNeeded: () => signIns.push(1),
  });
  return { queue, sent, delays, retries, signIns };
}

const note = (jobId: string, text: string) => ({
  jobId,
  jobNumber: 12,
  action: { type: 'note' as const, text },
});
const start = (jobId: string) => ({
  jobId,
  jobNumber: 12,
  action: { type: 'status' as const, from: 'OPEN_SCHEDULED', to: 'OPEN_IN_PROGRESS' },
});
const signOff = (jobId: string) => ({
  jobId,
  jobNumber: 12,
  action: { type: 'signature' as const, customerNotPresent: true, signerName: null, image: null },
});
const finish = (jobId: string) => ({
  jobId,
  jobNumber: 12,
  action: { type: 'status' as const, from: 'OPEN_IN_PROGRESS', to: 'OPEN_COMPLETED' },
});
const noAnswer = () => new NetworkError(new TypeError('Failed to fetch'));
const settled = () => new Promise((resolve) => setTimeout(resolve, 20));

// The device's store outlives a file (the web tests share a worker's modules): each test starts with none kept.
beforeEach(() => clearDevice());

describe('the work queue', () => {
  it('sends actions in the order they were taken, each once, with the key it was taken with', async () => {
    const { queue, sent } = queueWith(async () => undefined);
    await queue.take({ ...note('job-1', 'Arrived'), key: 'key-note' });
    await queue.take(start('job-1'));
    await queue.take(note('job-2', 'Other job'));
    await queue.flush();
    expect(sent.map((action) => action.action.type)).toEqual(['note', 'status', 'note']);
    expect(sent[0]?.key).toBe('key-note');
    expect(new Set(sent.map((action) => action.key)).size).toBe(3);
    expect(queue.getSnapshot()).toEqual([]);
  });

  it('gives each accepted action’s answer from the server to onSent', async () => {
    const answered: unknown[] = [];
    const queue = createWorkQueue(OWNER, {
      store: deviceActionStore,
      send: async (action) => ({ id: `answer-${action.action.type}` }),
      onSent: (_action, answer) => answered.push(answer),
    });
    await queue.take(note('job-1', 'Arrived'));
    await queue.take(start('job-1'));
    await queue.flush();
    expect(answered).toEqual([{ id: 'answer-note' }, { id: 'answer-status' }]);
  });

  it('keeps waiting with no answer, tries again later and longer each time, and resends with the same key', async () => {
    let online = false;
    const { queue, sent, delays, retries } = queueWith(async () => {
      if (!online) throw noAnswer();
    });
    await queue.take({ ...note('job-1', 'In the basement'), key: 'key-1' });
    await queue.take(start('job-1'));
    await settled();
    // Nothing after the first goes before it.
    expect(sent).toEqual([]);
    expect(queue.getSnapshot().map((action) => [action.state, action.attempts])).toEqual([
      ['waiting', 1],
      ['waiting', 0],
    ]);
    expect(delays).toEqual([2_000]);
    retries.shift()?.();
    await settled();
    expect(delays).toEqual([2_000, 4_000]);
    online = true;
    retries.shift()?.();
    await vi.waitFor(() => expect(queue.getSnapshot()).toEqual([]));
    expect(sent.map((action) => action.key)[0]).toBe('key-1');
    expect(sent).toHaveLength(2);
  });

  it('waits 2 s, 4 s, 8 s … and never more than a minute', () => {
    expect([1, 2, 3, 4, 5, 6, 7, 12].map(retryDelay)).toEqual([
      2_000, 4_000, 8_000, 16_000, 32_000, 60_000, 60_000, 60_000,
    ]);
  });

  it('marks a status the job no longer allows as a conflict with both states, holds the job’s next steps back, sends the rest', async () => {
    const { queue, sent } = queueWith(async (action) => {
      if (action.action.type === 'status') throw new StatusConflict('Scheduled', 'Cancelled');
    });
    await queue.take(start('job-1'));
    await queue.take(signOff('job-1'));
    await queue.take(note('job-1', 'After the start'));
    await queue.take(note('job-2', 'Another job'));
    await queue.flush();
    // A note never conflicts and is never held back; the sign-off waits for the technician's choice.
    expect(sent.map((action) => [action.jobId, action.action.type])).toEqual([
      ['job-1', 'note'],
      ['job-2', 'note'],
    ]);
    const [conflict, held] = queue.getSnapshot();
    expect(conflict).toMatchObject({ state: 'conflict', conflict: { was: 'Scheduled', now: 'Cancelled' } });
    expect(conflict?.problem).toContain('it was Scheduled and is now Cancelled');
    expect(held).toMatchObject({ state: 'waiting', jobId: 'job-1', action: { type: 'signature' } });

    // Discarded, the job's next step goes.
    await queue.discard(conflict?.seq as number);
    // Sent, then taken out of the device's store: on a busy machine more than a moment apart.
    await vi.waitFor(() => expect(queue.getSnapshot()).toEqual([]));
    expect(sent.map((action) => action.action.type)).toEqual(['note', 'note', 'signature']);
  });

  it('marks a sign-off the server refuses as taken before the job’s (409) a conflict; the Finish waits for the choice', async () => {
    const signedAlready =
      'The job was already signed at 2:42 pm on 30 Nov by Olivia Cartwright; this sign-off was not saved.';
    const { queue, sent } = queueWith(async (action) => {
      if (action.action.type === 'signature')
        throw new ApiRequestError(409, { error: 'CONFLICT', message: signedAlready, fieldErrors: [] });
    });
    await queue.take(note('job-1', 'Replaced the washer'));
    await queue.take(signOff('job-1'));
    await queue.take(finish('job-1'));
    await queue.flush();
    expect(sent.map((action) => action.action.type)).toEqual(['note']);
    expect(queue.getSnapshot()).toMatchObject([
      { state: 'conflict', problem: signedAlready, action: { type: 'signature' } },
      { state: 'waiting', action: { type: 'status' } },
    ]);
    // Sent again, it is refused again: it stays, never dropped without the technician's choice.
    await queue.flush();
    expect(queue.getSnapshot()).toHaveLength(2);
    // Discarded, the Finish goes (the job found Completed is done).
    await queue.discard(queue.getSnapshot()[0]?.seq as number);
    await vi.waitFor(() => expect(queue.getSnapshot()).toEqual([]));
    expect(sent.map((action) => action.action.type)).toEqual(['note', 'status']);
  });

  it('marks a refusal failed with its reason; Try again sends it as it was', async () => {
    let refuse = true;
    const { queue, sent } = queueWith(async () => {
      if (refuse) {
        throw new ApiRequestError(400, {
          error: 'VALIDATION_FAILED',
          message: 'The note is too long.',
          fieldErrors: [],
        });
      }
    });
    await queue.take({ ...note('job-1', 'x'), key: 'key-long' });
    await queue.flush();
    expect(queue.getSnapshot()[0]).toMatchObject({ state: 'failed', problem: 'The note is too long.' });
    refuse = false;
    await queue.retry(queue.getSnapshot()[0]?.seq as number);
    await vi.waitFor(() => expect(queue.getSnapshot()).toEqual([]));
    expect(sent.map((action) => action.key)).toEqual(['key-long']);
  });

  it('marks an action of a job the server no longer shows (404: reassigned or deleted) as of a job gone', async () => {
    const { queue } = queueWith(async () => {
      throw new ApiRequestError(404, { error: 'NOT_FOUND', message: 'Job not found.', fieldErrors: [] });
    });
    await queue.take(note('job-1', 'Left the key under the mat'));
    await queue.flush();
    expect(queue.getSnapshot()[0]).toMatchObject({ state: 'failed', jobGone: true });
  });

  it('lets a refused photo or note not hold back the visit: the Finish after it is sent', async () => {
    const { queue, sent } = queueWith(async (action) => {
      if (action.action.type === 'photo') {
        throw new ApiRequestError(400, {
          error: 'VALIDATION_FAILED',
          message: 'This image could not be read.',
          fieldErrors: [],
        });
      }
    });
    await queue.take({
      jobId: 'job-1',
      jobNumber: 12,
      action: { type: 'photo', file: new Blob(['not an image']), filename: 'IMG_1.jpg' },
    });
    await queue.take(finish('job-1'));
    await queue.flush();
    expect(sent.map((action) => action.action.type)).toEqual(['status']);
    expect(queue.getSnapshot()).toMatchObject([
      { state: 'failed', problem: 'This image could not be read.' },
    ]);
  });

  it('stops at an expired token and asks for a sign-in; the actions stay', async () => {
    let expired = true;
    const { queue, sent, signIns } = queueWith(async () => {
      if (expired)
        throw new ApiRequestError(401, { error: 'UNAUTHENTICATED', message: 'Sign in.', fieldErrors: [] });
    });
    await queue.take(note('job-1', 'One'));
    await queue.take(note('job-1', 'Two'));
    await settled();
    expect(signIns).toHaveLength(1);
    expect(queue.getSnapshot().map((action) => action.state)).toEqual(['waiting', 'waiting']);
    expect(queue.getSnapshot().every((action) => action.attempts === 0)).toBe(true);
    expect(sent).toEqual([]);
    expired = false;
    await queue.flush();
    expect(sent).toHaveLength(2);
  });

  it('waits, untried, while the user must sign in again; signed in, it sends', async () => {
    let ended = true;
    const { queue, sent, signIns, delays } = queueWith(async () => {
      if (ended) throw new SignInNeededError();
    });
    await queue.take(note('job-1', 'One'));
    await queue.take(note('job-1', 'Two'));
    await settled();
    // The auth client already asks the user: no renewal asked, no retry timer, nothing counted as a failure.
    expect(signIns).toEqual([]);
    expect(delays).toEqual([]);
    expect(queue.getSnapshot().map((action) => [action.state, action.attempts])).toEqual([
      ['waiting', 0],
      ['waiting', 0],
    ]);
    ended = false;
    await queue.flush();
    expect(sent).toHaveLength(2);
  });

  it('keeps the actions when the app starts again, and sign-out deletes them from the device', async () => {
    const first = queueWith(async () => {
      throw noAnswer();
    });
    await first.queue.take(note('job-1', 'Kept'));
    await settled();
    const again = queueWith(async () => undefined);
    await again.queue.load();
    expect(again.queue.getSnapshot().map((action) => action.action)).toEqual([
      { type: 'note', text: 'Kept' },
    ]);
    await clearDevice();
    await again.queue.load();
    expect(again.queue.getSnapshot()).toEqual([]);
  });
});

describe('sending a status change taken on the device', () => {
  const fetchMock = stubFetch();
  const kept = (from: string, to: string): StoredAction => ({
    seq: 1,
    owner: OWNER,
    jobId: 'job-1',
    jobNumber: 12,
    key: 'key-status',
    takenAt: Date.now(),
    action: { type: 'status', from, to },
    state: 'waiting',
    attempts: 0,
  });
  const requests = () => fetchMock.mock.calls.map(([url, init]) => `${init?.method ?? 'GET'} ${String(url)}`);

  it('is done when the job is already there (a resend after a lost answer): nothing is saved twice', async () => {
    fetchMock.mockResolvedValueOnce(jsonResponse(job({ id: 'job-1', status: 'OPEN_IN_PROGRESS' })));
    await sendAction(kept('OPEN_SCHEDULED', 'OPEN_IN_PROGRESS'));
    expect(requests()).toEqual(['GET http://localhost:3000/api/jobs/job-1']);
  });

  it('is applied to the job as it now is when the workflow still allows it, started when it was tapped', async () => {
    const moved = job({ id: 'job-1', status: 'OPEN_SCHEDULED', updated: '2026-11-30T01:02:03.000Z' });
    fetchMock
      .mockResolvedValueOnce(jsonResponse(moved))
      .mockResolvedValueOnce(jsonResponse({ ...moved, status: 'OPEN_IN_PROGRESS' }));
    const tapped = Date.parse('2026-11-30T01:30:00.000Z');
    await sendAction({ ...kept('OPEN_SCHEDULED', 'OPEN_IN_PROGRESS'), takenAt: tapped });
    expect(requests()[1]).toBe('PUT http://localhost:3000/api/jobs/job-1');
    const body = JSON.parse(String(fetchMock.mock.calls[1]?.[1]?.body));
    expect(body).toMatchObject({
      status: 'OPEN_IN_PROGRESS',
      updated: '2026-11-30T01:02:03.000Z',
      actualStart: '2026-11-30T01:30:00.000Z',
    });
  });

  it('finishes the job when Finish was tapped, keeping the start it had', async () => {
    const started = job({
      id: 'job-1',
      status: 'OPEN_IN_PROGRESS',
      actualStart: '2026-11-30T01:30:00.000Z',
    });
    fetchMock
      .mockResolvedValueOnce(jsonResponse(started))
      .mockResolvedValueOnce(jsonResponse({ ...started, status: 'OPEN_COMPLETED' }));
    const tapped = Date.parse('2026-11-30T03:10:00.000Z');
    await sendAction({ ...kept('OPEN_IN_PROGRESS', 'OPEN_COMPLETED'), takenAt: tapped });
    expect(JSON.parse(String(fetchMock.mock.calls[1]?.[1]?.body))).toMatchObject({
      status: 'OPEN_COMPLETED',
      actualStart: '2026-11-30T01:30:00.000Z',
      actualFinish: '2026-11-30T03:10:00.000Z',
    });
  });

  it('reads the job again when the office saved it between the read and the save (409)', async () => {
    const first = job({ id: 'job-1', status: 'OPEN_SCHEDULED', updated: '2026-11-30T01:00:00.000Z' });
    const second = { ...first, updated: '2026-11-30T01:05:00.000Z' };
    fetchMock
      .mockResolvedValueOnce(jsonResponse(first))
      .mockResolvedValueOnce(errorResponse('CONFLICT', 'The job was changed.'))
      .mockResolvedValueOnce(jsonResponse(second))
      .mockResolvedValueOnce(jsonResponse({ ...second, status: 'OPEN_IN_PROGRESS' }));
    await sendAction(kept('OPEN_SCHEDULED', 'OPEN_IN_PROGRESS'));
    expect(requests().filter((request) => request.startsWith('PUT'))).toHaveLength(2);
    expect(JSON.parse(String(fetchMock.mock.calls[3]?.[1]?.body)).updated).toBe('2026-11-30T01:05:00.000Z');
  });

  it('is a conflict naming both statuses when the workflow no longer allows it', async () => {
    fetchMock.mockResolvedValueOnce(jsonResponse(job({ id: 'job-1', status: 'CLOSED_CANCELLED' })));
    const refusal = sendAction(kept('OPEN_SCHEDULED', 'OPEN_IN_PROGRESS'));
    await expect(refusal).rejects.toBeInstanceOf(StatusConflict);
    await expect(refusal).rejects.toMatchObject({ was: 'Scheduled', now: 'Cancelled (Closed)' });
    expect(requests()).toHaveLength(1);
  });

  it('sends a note, On my way and a photo with the action’s Idempotency-Key', async () => {
    fetchMock.mockImplementation(async () => jsonResponse({}, { status: 201 }));
    const base = kept('OPEN_SCHEDULED', 'OPEN_IN_PROGRESS');
    await sendAction({ ...base, key: 'k-note', action: { type: 'note', text: 'Isolated the water' } });
    await sendAction({
      ...base,
      key: 'k-way',
      action: { type: 'departure', arrivalMinutes: 30, notify: true },
    });
    const photo = new Blob([new Uint8Array([1, 2, 3])], { type: 'image/jpeg' });
    await sendAction({
      ...base,
      key: 'k-photo',
      action: { type: 'photo', file: photo, filename: "Jo's tap.jpg" },
    });
    const sentKeys = fetchMock.mock.calls.map(([, init]) =>
      new Headers(init?.headers).get('Idempotency-Key'),
    );
    expect(sentKeys).toEqual(['k-note', 'k-way', 'k-photo']);
    expect(String(fetchMock.mock.calls[2]?.[0])).toContain("filename=Jo's%20tap.jpg");
    // On my way sent within its arrival time still emails the customer, with the time it was said.
    expect(JSON.parse(String(fetchMock.mock.calls[1]?.[1]?.body))).toEqual({
      arrivalMinutes: 30,
      notify: true,
      takenAt: new Date(base.takenAt).toISOString(),
    });
  });

  it('sends On my way after its arrival time as it was taken: the server, not the phone, emails no one then', async () => {
    fetchMock.mockResolvedValueOnce(jsonResponse({}, { status: 201 }));
    const base = kept('OPEN_SCHEDULED', 'OPEN_IN_PROGRESS');
    const takenAt = Date.now() - 31 * 60_000;
    await sendAction({
      ...base,
      takenAt,
      action: { type: 'departure', arrivalMinutes: 30, notify: true },
    });
    expect(JSON.parse(String(fetchMock.mock.calls[0]?.[1]?.body))).toEqual({
      arrivalMinutes: 30,
      notify: true,
      takenAt: new Date(takenAt).toISOString(),
    });
  });

  it('sends a sign-off with the time it was taken and the action’s Idempotency-Key', async () => {
    fetchMock.mockResolvedValueOnce(jsonResponse({}));
    const takenAt = Date.parse('2026-11-30T03:09:00.000Z');
    await sendAction({
      ...kept('OPEN_IN_PROGRESS', 'OPEN_COMPLETED'),
      key: 'k-sign',
      takenAt,
      action: { type: 'signature', customerNotPresent: true, signerName: null, image: null },
    });
    expect(requests()).toEqual(['PUT http://localhost:3000/api/jobs/job-1/signature']);
    expect(new Headers(fetchMock.mock.calls[0]?.[1]?.headers).get('Idempotency-Key')).toBe('k-sign');
    expect(JSON.parse(String(fetchMock.mock.calls[0]?.[1]?.body))).toEqual({
      customerNotPresent: true,
      signerName: null,
      image: null,
      takenAt: '2026-11-30T03:09:00.000Z',
    });
  });
});

describe('a job as the technician left it on the device', () => {
  const taken = (to: string, at: string, state: StoredAction['state'] = 'waiting'): StoredAction => ({
    owner: OWNER,
    jobId: 'job-1',
    jobNumber: 12,
    key: `key-${to}`,
    takenAt: Date.parse(at),
    action: { type: 'status', from: 'OPEN_SCHEDULED', to },
    state,
    attempts: 0,
  });

  it('shows each status change waiting to be sent, started and finished when they were tapped', () => {
    const scheduled = job({ id: 'job-1', status: 'OPEN_SCHEDULED', actualStart: null, actualFinish: null });
    const shown = withKeptStatus(scheduled, [
      taken('OPEN_IN_PROGRESS', '2026-11-30T01:30:00.000Z'),
      taken('OPEN_COMPLETED', '2026-11-30T03:10:00.000Z'),
    ]);
    expect(shown).toMatchObject({
      status: 'OPEN_COMPLETED',
      actualStart: '2026-11-30T01:30:00.000Z',
      actualFinish: '2026-11-30T03:10:00.000Z',
    });
  });

  it('applies no change the server refused', () => {
    const scheduled = job({ id: 'job-1', status: 'OPEN_SCHEDULED', actualStart: null });
    const shown = withKeptStatus(scheduled, [
      taken('OPEN_IN_PROGRESS', '2026-11-30T01:30:00.000Z', 'conflict'),
    ]);
    expect(shown).toBe(scheduled);
  });
});
