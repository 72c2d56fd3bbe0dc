import { apiMessages, type ErrorBody, type Template } from '@fieldbook/domain';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { STALE_SAVE_CARRIED } from '../../components/form/use-record-editor';
import { installFakeApi, jsonResponse, type RecordedRequest } from '../../testing/api';
import { staleSaveResponse } from '../../testing/conflicts';
import { renderRoutes } from '../../testing/render';
import { templateRoutes } from './routes';
import { compileError, isPreview, pdfResponse, serveTemplate, template } from './template-fixtures';

const api = installFakeApi();

const pdfPreviews = () => api.requests.filter((request) => isPreview(request, 'application/pdf'));
const serve = (
  record: Template | null | (() => Template),
  respond?: (request: RecordedRequest) => Response,
) => serveTemplate(api, record, respond);

const field = (label: string) => screen.getByLabelText(new RegExp(`^${label}`));

describe('Template editor: fields and saving', () => {
  it('starts a new template as a Typst invoice, and requires each field, before sending anything', async () => {
    const { router } = renderRoutes(templateRoutes, { route: '/settings/templates/new' });
    const user = userEvent.setup();

    expect(await screen.findByRole('heading', { level: 1, name: 'New template' })).toBeInTheDocument();
    expect(field('Type')).toHaveValue('typst');
    expect(field('Document')).toHaveValue('invoice');
    expect(field('Body').tagName).toBe('TEXTAREA');
    expect(field('Body')).toHaveAttribute('rows', '15');
    expect(screen.getByRole('checkbox', { name: 'Default template for its document' })).not.toBeChecked();
    await user.clear(field('Type'));
    await user.clear(field('Document'));
    await user.click(screen.getByRole('button', { name: 'Save' }));

    await vi.waitFor(() => expect(field('Name')).toHaveAccessibleDescription('Enter the template name.'));
    expect(field('Type')).toHaveAccessibleDescription(/Enter the template type: typst\./);
    expect(field('Document')).toHaveAccessibleDescription(
      /Enter the document: invoice, job, quote or statement\./,
    );
    expect(field('Body')).toHaveAccessibleDescription(/Enter the template body\./);
    expect(field('Name')).toHaveFocus();
    expect(api.requests).toHaveLength(0);
    expect(router.state.location.pathname).toBe('/settings/templates/new');
  });

  it('creates a template with an Idempotency-Key and opens it, saying so; Cancel goes to the list', async () => {
    const created = template({ name: 'Short invoice', body: '= Invoice' });
    serve(null, (request) =>
      request.method === 'POST' ? jsonResponse(created, { status: 201 }) : jsonResponse(created),
    );
    const { router } = renderRoutes(templateRoutes, { route: '/settings/templates/new' });
    const user = userEvent.setup();

    expect(await screen.findByRole('link', { name: 'Cancel' })).toHaveAttribute(
      'href',
      '/settings/templates',
    );
    await user.type(field('Name'), 'Short invoice');
    await user.type(field('Body'), '= Invoice');
    await user.click(screen.getByRole('button', { name: 'Save' }));

    expect(await screen.findByRole('heading', { level: 1, name: 'Short invoice' })).toBeInTheDocument();
    expect(await screen.findByText('Template saved.')).toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'Body' })).toHaveTextContent('= Invoice');
    expect(router.state.location.pathname).toBe(`/settings/templates/${created.id}`);
    const post = api.requests.find((request) => request.method === 'POST' && request.path === '/templates');
    expect(post?.body).toEqual({
      name: 'Short invoice',
      type: 'typst',
      document: 'invoice',
      body: '= Invoice',
      default: false,
    });
    expect(post?.headers.get('Idempotency-Key')).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('edits a template, prefilled, sending the updated it read, and opens it; Cancel goes to the template', async () => {
    const existing = template({ updated: '2025-04-01T00:00:00.000Z' });
    const saved = { ...existing, name: 'Plain invoice (blue)', document: 'job' as const };
    let current = existing;
    serve(
      () => current,
      (request) => {
        if (request.method === 'PUT') current = saved;
        return jsonResponse(current);
      },
    );
    const { router } = renderRoutes(templateRoutes, { route: `/settings/templates/${existing.id}/edit` });
    const user = userEvent.setup();

    expect(await screen.findByRole('heading', { level: 1, name: 'Edit template' })).toBeInTheDocument();
    expect(await screen.findByLabelText(/^Name/)).toHaveValue('Plain invoice');
    expect(field('Type')).toHaveValue('typst');
    expect(field('Document')).toHaveValue('invoice');
    expect(field('Body')).toHaveValue(existing.body);
    expect(screen.getByRole('link', { name: 'Cancel' })).toHaveAttribute(
      'href',
      `/settings/templates/${existing.id}`,
    );
    await user.type(field('Name'), ' (blue)');
    await user.clear(field('Document'));
    await user.type(field('Document'), 'Job');
    await user.click(screen.getByRole('button', { name: 'Save' }));

    expect(
      await screen.findByRole('heading', { level: 1, name: 'Plain invoice (blue)' }),
    ).toBeInTheDocument();
    expect(await screen.findByText('Template saved.')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe(`/settings/templates/${existing.id}`);
    expect(api.requests.find((request) => request.method === 'PUT')?.body).toEqual({
      id: existing.id,
      name: 'Plain invoice (blue)',
      type: 'typst',
      document: 'job',
      body: existing.body,
      default: false,
      updated: '2025-04-01T00:00:00.000Z',
    });
  });

  it('Cancel leaves the edit for the template', async () => {
    const existing = template();
    serve(existing);
    const { router } = renderRoutes(templateRoutes, { route: `/settings/templates/${existing.id}/edit` });
    const user = userEvent.setup();

    await user.click(await screen.findByRole('link', { name: 'Cancel' }));

    expect(await screen.findByRole('heading', { level: 1, name: 'Plain invoice' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe(`/settings/templates/${existing.id}`);
  });

  it("a body that does not compile: the compiler's line in the alert's list and on Body, the page at the top", async () => {
    const existing = template();
    serve(existing, (request) =>
      request.method === 'PUT' ? compileError('Line 4: expected expression') : jsonResponse(existing),
    );
    const scrollTo = vi.spyOn(window, 'scrollTo');
    const { router } = renderRoutes(templateRoutes, { route: `/settings/templates/${existing.id}/edit` });
    const user = userEvent.setup();

    await user.type(await screen.findByLabelText(/^Body/), '\n#(');
    await user.click(screen.getByRole('button', { name: 'Save' }));

    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Not saved');
    expect(alert).toHaveTextContent(apiMessages.invalidRequest);
    expect(
      within(alert)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['Line 4: expected expression']);
    expect(field('Body')).toHaveAccessibleDescription(/Line 4: expected expression/);
    expect(field('Body')).toHaveFocus();
    expect(scrollTo).toHaveBeenCalledWith(expect.objectContaining({ top: 0 }));
    expect(field('Body')).toHaveValue(`${existing.body}\n#(`);
    expect(router.state.location.pathname).toBe(`/settings/templates/${existing.id}/edit`);
  });

  it('a stale save says someone else changed the template, and keeps what was typed', async () => {
    const existing = template();
    serve(existing, (request) =>
      request.method === 'PUT' ? staleSaveResponse('template') : jsonResponse(existing),
    );
    renderRoutes(templateRoutes, { route: `/settings/templates/${existing.id}/edit` });
    const user = userEvent.setup();

    await user.type(await screen.findByLabelText(/^Name/), ' 2');
    await user.click(screen.getByRole('button', { name: 'Save' }));

    // The editor loads the record again and keeps what was typed over it (`mergeEdits`).
    expect(await screen.findByText(STALE_SAVE_CARRIED, { exact: false })).toBeInTheDocument();
    expect(field('Name')).toHaveValue('Plain invoice 2');
  });

  it('the default template stays the default: its checkbox is checked and disabled, saying how to change it', async () => {
    const taxInvoice = template({ name: 'Tax invoice', default: true });
    serve(taxInvoice);
    renderRoutes(templateRoutes, { route: `/settings/templates/${taxInvoice.id}/edit` });

    const checkbox = await screen.findByRole('checkbox', { name: 'Default template for its document' });
    expect(checkbox).toBeChecked();
    expect(checkbox).toBeDisabled();
    expect(checkbox).toHaveAccessibleDescription('To change the default, make another template the default.');
  });
});

describe('Template editor: Preview', () => {
  let downloads: { name: string; href: string }[] = [];
  const createObjectURL = vi.fn((_blob: Blob) => 'blob:http://localhost/preview-1');

  beforeEach(() => {
    downloads = [];
    createObjectURL.mockClear();
    // jsdom has neither; a browser saves the file the link names.
    Object.assign(URL, { createObjectURL, revokeObjectURL: () => undefined });
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      downloads.push({ name: this.download, href: this.href });
    });
  });

  afterEach(() => {
    vi.restoreAllMocks();
  });

  it("downloads the PDF of the form's fields as invoice-preview.pdf", async () => {
    const existing = template();
    serve(existing, (request) =>
      isPreview(request, 'application/pdf') ? pdfResponse() : jsonResponse(existing),
    );
    renderRoutes(templateRoutes, { route: `/settings/templates/${existing.id}/edit` });
    const user = userEvent.setup();

    await user.type(await screen.findByLabelText(/^Body/), '\nPaid with thanks.');
    await user.click(screen.getByRole('button', { name: 'Preview' }));

    await vi.waitFor(() =>
      expect(downloads).toEqual([{ name: 'invoice-preview.pdf', href: 'blob:http://localhost/preview-1' }]),
    );
    const pdf = createObjectURL.mock.calls[0]?.[0];
    expect(pdf?.type).toBe('application/pdf');
    expect(await pdf?.text()).toMatch(/^%PDF-1\.7/);
    expect(pdfPreviews().map((request) => request.body)).toEqual([
      {
        name: 'Plain invoice',
        type: 'typst',
        document: 'invoice',
        body: `${existing.body}\nPaid with thanks.`,
      },
    ]);
    expect(pdfPreviews()[0]?.headers.get('Authorization')).toBe('Bearer access-1');
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('checks the fields first, as Save does', async () => {
    renderRoutes(templateRoutes, { route: '/settings/templates/new' });
    const user = userEvent.setup();

    await user.click(await screen.findByRole('button', { name: 'Preview' }));

    await vi.waitFor(() => expect(field('Name')).toHaveAccessibleDescription('Enter the template name.'));
    expect(field('Body')).toHaveAccessibleDescription(/Enter the template body\./);
    expect(field('Name')).toHaveFocus();
    expect(api.requests).toHaveLength(0);
  });

  it("reads a failure's body as text and parses the error shape: the message, and the field errors listed", async () => {
    const existing = template();
    const tooLong: ErrorBody = {
      error: 'DOCUMENT_FAILED',
      message: 'The template took too long to render (over 2 seconds).',
      fieldErrors: [],
    };
    let failure = new Response(JSON.stringify(tooLong), { status: 422 });
    serve(existing, (request) => (isPreview(request, 'application/pdf') ? failure : jsonResponse(existing)));
    const scrollTo = vi.spyOn(window, 'scrollTo');
    renderRoutes(templateRoutes, { route: `/settings/templates/${existing.id}/edit` });
    const user = userEvent.setup();

    await user.click(await screen.findByRole('button', { name: 'Preview' }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(`No preview${tooLong.message}`);
    expect(scrollTo).toHaveBeenCalledWith(expect.objectContaining({ top: 0 }));

    failure = compileError('Line 4: expected expression');
    await user.click(screen.getByRole('button', { name: 'Preview' }));
    await vi.waitFor(() => expect(screen.getByRole('alert')).toHaveTextContent(apiMessages.invalidRequest));
    expect(
      within(screen.getByRole('alert'))
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['Line 4: expected expression']);
    expect(field('Body')).toHaveAccessibleDescription(/Line 4: expected expression/);

    failure = new Response('Bad gateway', { status: 502 });
    await user.click(screen.getByRole('button', { name: 'Preview' }));
    await vi.waitFor(() => expect(screen.getByRole('alert')).toHaveTextContent('No previewBad gateway'));
    expect(downloads).toEqual([]);
  });
});
