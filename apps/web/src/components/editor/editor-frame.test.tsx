import { apiMessages } from '@fieldbook/domain';
import { TextInput } from '@mantine/core';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useNavigate, useParams } from 'react-router';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { apiFetch, NETWORK_FAILURE } from '../../lib/api-client';
import { recordKeys } from '../../lib/record-keys';
import { useCreateRecord } from '../../lib/record-mutations';
import { errorResponse, installFakeApi, jsonResponse } from '../../testing/api';
import { renderRoutes } from '../../testing/render';
import { useRecordEditor } from '../form/use-record-editor';
import { PageHeading } from '../page-heading';
import { EditorFrame } from './editor-frame';
import { editorCrumbs } from './editor-header';

const api = installFakeApi();

/** A record with one field, and an editor made of the shared pieces as every feature's is. */
const noteFields = z.object({ title: z.string().trim().min(1, { error: 'Enter the title.' }) });
type Note = { id: string; title: string };

function NewNotePage() {
  const navigate = useNavigate();
  const save = useCreateRecord(recordKeys('notes'), (fields: z.output<typeof noteFields>, key: string) =>
    apiFetch<Note>('/notes', { method: 'POST', json: fields, idempotencyKey: key }),
  );
  const { form, editor } = useRecordEditor({
    schema: noteFields,
    initialValues: { title: '' },
    labels: { title: 'Title' },
    save,
    savedNotice: 'Note saved.',
    onSaved: (note) => void navigate(`/notes/${note.id}`),
  });
  return (
    <EditorFrame
      breadcrumbs={editorCrumbs({ label: 'Notes', to: '/notes' }, 'New note')}
      title="New note"
      editor={editor}
    >
      <TextInput label="Title" required {...form.getInputProps('title')} />
    </EditorFrame>
  );
}

function NotePage() {
  const { id } = useParams();
  return <PageHeading>{`Note ${id}`}</PageHeading>;
}

function renderEditor() {
  const rendered = renderRoutes(
    [
      { path: '/notes', element: <PageHeading>Notes</PageHeading> },
      { path: '/notes/new', element: <NewNotePage /> },
      { path: '/notes/:id', element: <NotePage /> },
    ],
    { route: '/notes/new' },
  );
  return { ...rendered, user: userEvent.setup() };
}

const saved: Note = { id: 'n-1', title: 'Gas meter' };

describe('EditorFrame', () => {
  it('has Cancel, which goes to the page above without asking when nothing was typed', async () => {
    const { router, user } = renderEditor();

    await user.click(screen.getByRole('link', { name: 'Cancel' }));

    expect(await screen.findByRole('heading', { level: 1, name: 'Notes' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/notes');
    expect(api.requests).toHaveLength(0);
  });

  it('asks before leaving unsaved changes: Stay keeps them, Leave without saving goes', async () => {
    const { router, user } = renderEditor();
    await user.type(screen.getByLabelText(/^Title/), 'Gas meter');

    await user.click(screen.getByRole('link', { name: 'Notes' }));
    const dialog = await screen.findByRole('dialog', { name: 'Leave without saving?' });
    expect(dialog).toHaveTextContent('The changes on this page have not been saved.');
    await user.click(within(dialog).getByRole('button', { name: 'Stay on this page' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/notes/new');
    expect(screen.getByLabelText(/^Title/)).toHaveValue('Gas meter');

    await user.click(screen.getByRole('link', { name: 'Cancel' }));
    await user.click(
      within(await screen.findByRole('dialog')).getByRole('button', { name: 'Leave without saving' }),
    );
    expect(await screen.findByRole('heading', { level: 1, name: 'Notes' })).toBeInTheDocument();
    expect(api.requests).toHaveLength(0);
  });

  it('warns when the tab is closed or reloaded with unsaved changes, and not before', async () => {
    const { user } = renderEditor();
    const closeTab = () => {
      const event = new Event('beforeunload', { cancelable: true });
      window.dispatchEvent(event);
      return event.defaultPrevented;
    };

    expect(closeTab()).toBe(false);
    await user.type(screen.getByLabelText(/^Title/), 'Gas meter');
    expect(closeTab()).toBe(true);
    await user.clear(screen.getByLabelText(/^Title/));
    expect(closeTab()).toBe(false);
  });

  it('saves with Ctrl+S from the field, says so and leaves without asking', async () => {
    api.handle = () => jsonResponse(saved, { status: 201 });
    const { router, user } = renderEditor();

    await user.type(screen.getByLabelText(/^Title/), 'Gas meter');
    await user.keyboard('{Control>}s{/Control}');

    expect(await screen.findByRole('heading', { level: 1, name: 'Note n-1' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/notes/n-1');
    expect(await screen.findByText('Note saved.')).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(api.requests.map((request) => request.body)).toEqual([{ title: 'Gas meter' }]);
  });

  it('a save that gets no answer says nothing was saved, and Retry sends it again with the same key', async () => {
    let online = false;
    api.handle = () => {
      if (!online) throw new TypeError('Failed to fetch');
      return jsonResponse(saved, { status: 201 });
    };
    const { user } = renderEditor();

    await user.type(screen.getByLabelText(/^Title/), 'Gas meter');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Not saved');
    expect(alert).toHaveTextContent(NETWORK_FAILURE);

    online = true;
    await user.click(within(alert).getByRole('button', { name: 'Retry' }));

    expect(await screen.findByRole('heading', { level: 1, name: 'Note n-1' })).toBeInTheDocument();
    const [first, second] = api.requests.map((request) => request.headers.get('Idempotency-Key'));
    expect(first).toBeTruthy();
    expect(second).toBe(first);
  });

  it('a save changed after it got no answer goes with the same key: the server makes one record, or says it did', async () => {
    let online = false;
    api.handle = () => {
      if (!online) throw new TypeError('Failed to fetch');
      return jsonResponse(saved, { status: 201 });
    };
    const { user } = renderEditor();

    await user.type(screen.getByLabelText(/^Title/), 'Gas meter');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await screen.findByRole('alert');

    online = true;
    await user.type(screen.getByLabelText(/^Title/), ' & valve');
    await user.click(screen.getByRole('button', { name: 'Save' }));

    expect(await screen.findByRole('heading', { level: 1, name: 'Note n-1' })).toBeInTheDocument();
    const [first, second] = api.requests.map((request) => request.headers.get('Idempotency-Key'));
    expect(second).toBe(first);
    expect(api.requests.map((request) => request.body)).toEqual([
      { title: 'Gas meter' },
      { title: 'Gas meter & valve' },
    ]);
  });

  it("a busy or unreachable database (503) shows the server's message with Retry", async () => {
    api.handle = () => errorResponse('SERVICE_UNAVAILABLE', apiMessages.databaseUnavailable);
    const { user } = renderEditor();

    await user.type(screen.getByLabelText(/^Title/), 'Gas meter');
    await user.click(screen.getByRole('button', { name: 'Save' }));

    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(`Not saved${apiMessages.databaseUnavailable}`);
    expect(within(alert).getByRole('button', { name: 'Retry' })).toBeInTheDocument();
  });

  it('offers no Retry for a refusal that would come back the same', async () => {
    api.handle = () =>
      errorResponse('VALIDATION_FAILED', apiMessages.invalidRequest, [
        { field: 'title', message: 'A note with this title already exists.' },
      ]);
    const { user } = renderEditor();

    await user.type(screen.getByLabelText(/^Title/), 'Gas meter');
    await user.click(screen.getByRole('button', { name: 'Save' }));

    const alert = await screen.findByRole('alert');
    expect(within(alert).queryByRole('button', { name: 'Retry' })).not.toBeInTheDocument();
    expect(screen.getByLabelText(/^Title/)).toHaveAccessibleDescription(
      'A note with this title already exists.',
    );
    await user.type(screen.getByLabelText(/^Title/), 's');
    expect(screen.getByLabelText(/^Title/)).not.toHaveAttribute('aria-invalid', 'true');
  });
});
