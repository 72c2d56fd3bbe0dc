import type { JobNote } from '@fieldbook/domain';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { errorResponse, installFakeApi, jsonResponse, type RecordedRequest } from '../../testing/api';
import { waitingAction, withWaitingActions } from '../../testing/device-work';
import { allJobRoutes } from '../../testing/job-routes';
import { job, membership } from '../../testing/records';
import { renderRoutes } from '../../testing/render';

const api = installFakeApi();
const leak = job({ number: 12, reference: 'Leaking tap' });
const notesPath = `/jobs/${leak.id}/notes`;

const note = (overrides: Partial<JobNote> = {}): JobNote => ({
  id: '00000000-0000-7000-8000-0000000ee001',
  job: { id: leak.id },
  text: "Gate code 4417 & the dog's friendly.",
  author: { name: 'Dana Demo', mine: false },
  editableUntil: '2026-11-23T09:15:00.000Z',
  created: '2026-11-23T09:00:00.000Z',
  updated: '2026-11-23T09:00:00.000Z',
  ...overrides,
});

/** The job, and its notes as `notes` holds them; other calls answer `other`. */
function serve(
  notes: JobNote[],
  other: (request: RecordedRequest) => Response | undefined = () => undefined,
) {
  api.handle = (request) => {
    const answer = other(request);
    if (answer) return answer;
    if (request.path === notesPath && request.method === 'GET') return jsonResponse(notes);
    if (request.path.endsWith('/signature')) return jsonResponse(null);
    if (request.path.endsWith('/attachments')) return jsonResponse([]);
    return jsonResponse(leak);
  };
}

const notesList = async () => within(await screen.findByRole('list', { name: 'Notes' }));

describe('Notes on the job viewer', () => {
  it('lists the notes newest first with their author and time, in the organisation’s zone', async () => {
    const later = note({
      id: '00000000-0000-7000-8000-0000000ee002',
      text: 'Replaced the washer.\nThe seat is worn: quote a new tap.',
      author: { name: "Mick O'Connor", mine: false },
      created: '2026-11-23T22:30:00.000Z',
      updated: '2026-11-23T22:30:00.000Z',
    });
    serve([later, note()]);
    renderRoutes(allJobRoutes, {
      route: `/jobs/${leak.id}`,
      membership: membership({ timeZone: 'Australia/Perth' }),
    });
    const items = (await notesList()).getAllByRole('listitem');
    expect(items.map((item) => item.textContent)).toEqual([
      expect.stringMatching(
        /^Mick O'Connor · 24 Nov 2026, 6:30\s?am.*Replaced the washer\.\nThe seat is worn/,
      ),
      expect.stringMatching(/^Dana Demo · 23 Nov 2026, 5:00\s?pm.*Gate code 4417 & the dog's friendly\./),
    ]);
  });

  it('shows a note kept on this device with the notes, waiting to send, and does not say there are none', async () => {
    serve([]);
    const kept = waitingAction({
      jobId: leak.id,
      jobNumber: 12,
      takenAt: Date.parse('2026-11-30T21:05:00Z'),
      action: { type: 'note', text: 'Isolated the water at the meter.\nNeeds a new stop tap.' },
    });
    renderRoutes(withWaitingActions([kept], allJobRoutes), { route: `/jobs/${leak.id}` });
    const items = within(await screen.findByRole('list', { name: 'Notes on this device' })).getAllByRole(
      'listitem',
    );
    expect(items.map((item) => item.textContent)).toEqual([
      expect.stringMatching(
        /^On this device · 1 Dec 2026, 8:05\s?am · waiting to send.*Isolated the water at the meter\.\nNeeds a new stop tap\.$/,
      ),
    ]);
    // The server's notes read (none): still no "No notes yet." beside the kept one.
    const notes = within(screen.getByRole('region', { name: 'Notes' }));
    await waitFor(() => expect(notes.queryAllByRole('status')).toEqual([]));
    expect(screen.queryByText('No notes yet.')).not.toBeInTheDocument();
  });

  it('says when there are none, and adds one with an Idempotency-Key, says so and empties the box', async () => {
    const added = note({ text: 'Left a card: nobody home.', author: { name: 'Dana Demo', mine: true } });
    const notes: JobNote[] = [];
    serve(notes, (request) => {
      if (request.method !== 'POST') return undefined;
      notes.unshift(added);
      return jsonResponse(added, { status: 201 });
    });
    renderRoutes(allJobRoutes, { route: `/jobs/${leak.id}` });
    const user = userEvent.setup();
    expect(await screen.findByText('No notes yet.')).toBeInTheDocument();

    await user.type(screen.getByRole('textbox', { name: /^New note/ }), 'Left a card: nobody home.');
    await user.click(screen.getByRole('button', { name: 'Add note' }));

    expect(await screen.findByText('Note added.')).toBeInTheDocument();
    const [post] = api.requests.filter((request) => request.method === 'POST');
    expect(post?.path).toBe(notesPath);
    expect(post?.body).toEqual({ text: 'Left a card: nobody home.' });
    expect(post?.headers.get('Idempotency-Key')).toMatch(/^[0-9a-f-]{36}$/);
    expect(screen.getByRole('textbox', { name: /^New note/ })).toHaveValue('');
    expect((await notesList()).getByText('Left a card: nobody home.')).toBeInTheDocument();
  });

  it('refuses an empty note before sending, and keeps a note that failed to send, sending it again with the same key', async () => {
    let posts = 0;
    serve([], (request) => {
      if (request.method !== 'POST') return undefined;
      posts += 1;
      if (posts === 1) throw new TypeError('Failed to fetch');
      return jsonResponse(note({ text: 'Meter reading 10442.' }), { status: 201 });
    });
    renderRoutes(allJobRoutes, { route: `/jobs/${leak.id}` });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Add note' }));
    expect(screen.getByText('Write the note.')).toBeInTheDocument();
    expect(posts).toBe(0);

    const box = screen.getByRole('textbox', { name: /^New note/ });
    await user.type(box, 'Meter reading 10442.');
    await user.click(screen.getByRole('button', { name: 'Add note' }));
    expect(await screen.findByText('Note not added')).toBeInTheDocument();
    expect(
      screen.getByText('Your note is still in the box: add it again when you are ready.'),
    ).toBeInTheDocument();
    expect(box).toHaveValue('Meter reading 10442.');

    await user.click(screen.getByRole('button', { name: 'Add note' }));
    expect(await screen.findByText('Note added.')).toBeInTheDocument();
    const keys = api.requests
      .filter((request) => request.method === 'POST')
      .map((r) => r.headers.get('Idempotency-Key'));
    expect(keys).toHaveLength(2);
    expect(keys[1]).toBe(keys[0]);
  });

  it('lets its author change a note in its first minutes, over the version read', async () => {
    const mine = note({
      author: { name: 'Dana Demo', mine: true },
      editableUntil: '2999-01-01T00:00:00.000Z',
    });
    const theirs = note({ id: '00000000-0000-7000-8000-0000000ee003', text: 'Not yours.' });
    const lapsed = note({
      id: '00000000-0000-7000-8000-0000000ee004',
      text: 'Too old to change.',
      author: { name: 'Dana Demo', mine: true },
    });
    serve([mine, theirs, lapsed], (request) =>
      request.method === 'PUT' ? jsonResponse({ ...mine, text: (request.body as JobNote).text }) : undefined,
    );
    renderRoutes(allJobRoutes, { route: `/jobs/${leak.id}`, membership: membership({ role: 'OFFICE' }) });
    const user = userEvent.setup();
    const list = await notesList();
    expect(list.getAllByRole('button', { name: 'Edit note' })).toHaveLength(1);
    expect(list.queryByRole('button', { name: 'Delete note' })).not.toBeInTheDocument();

    await user.click(list.getByRole('button', { name: 'Edit note' }));
    const box = list.getByRole('textbox', { name: 'Note' });
    await user.clear(box);
    await user.type(box, 'Gate code 4471, not 4417.');
    await user.click(list.getByRole('button', { name: 'Save note' }));

    expect(await screen.findByText('Note saved.')).toBeInTheDocument();
    const [put] = api.requests.filter((request) => request.method === 'PUT');
    expect(put?.path).toBe(`${notesPath}/${mine.id}`);
    expect(put?.body).toEqual({ text: 'Gate code 4471, not 4417.', updated: mine.updated });
  });

  it('lets an Owner delete a note after a question, and says so; a refusal keeps it', async () => {
    let deletes = 0;
    serve([note()], (request) => {
      if (request.method !== 'DELETE') return undefined;
      deletes += 1;
      return deletes === 1
        ? errorResponse('SERVICE_UNAVAILABLE', 'The service is busy; try again in a few seconds.')
        : new Response(null, { status: 204 });
    });
    renderRoutes(allJobRoutes, { route: `/jobs/${leak.id}` });
    const user = userEvent.setup();
    await user.click((await notesList()).getByRole('button', { name: 'Delete note' }));
    const dialog = screen.getByRole('dialog', { name: 'Delete this note?' });
    await user.click(within(dialog).getByRole('button', { name: 'Delete note' }));
    expect(await screen.findByText('Note not deleted')).toBeInTheDocument();
    expect(screen.getByText('The note is as it was.')).toBeInTheDocument();

    await user.click((await notesList()).getByRole('button', { name: 'Delete note' }));
    await user.click(
      within(screen.getByRole('dialog', { name: 'Delete this note?' })).getByRole('button', {
        name: 'Delete note',
      }),
    );
    expect(await screen.findByText('Note deleted.')).toBeInTheDocument();
    expect(api.paths('DELETE')).toEqual([`${notesPath}/${note().id}`, `${notesPath}/${note().id}`]);
  });
});
