import type { Template } from '@fieldbook/domain';
import { act, screen } from '@testing-library/react';
import userEvent, { type UserEvent } from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { installFakeApi, type RecordedRequest } from '../../testing/api';
import { renderRoutes } from '../../testing/render';
import { templateRoutes } from './routes';
import { compileError, isPreview, serveTemplate, svgResponse, template } from './template-fixtures';
import { LIVE_PREVIEW_DELAY } from './use-live-preview';

const api = installFakeApi();

const svgPreviews = () => api.requests.filter((request) => isPreview(request, 'image/svg+xml'));
const serve = (
  record: Template | null,
  respond?: (request: RecordedRequest) => Response | Promise<Response>,
) => serveTemplate(api, record, respond);

const field = (label: string) => screen.getByLabelText(new RegExp(`^${label}`));
/** What a base64 `data:` address holds. */
const contentOf = (address: string | null) => atob(address?.split(',')[1] ?? '');
/** The SVG the preview shows, from its data: address. */
const shown = (image: HTMLElement) => contentOf(image.getAttribute('src'));

/**
 * Resolves when the preview has read an answer that says `text` into a `data:` address (its FileReader's
 * loadend): the last step before the preview decides whether to show it.
 */
function answerRead(text: string): Promise<void> {
  const readAsDataURL = FileReader.prototype.readAsDataURL;
  return new Promise((resolve) => {
    const spy = vi.spyOn(FileReader.prototype, 'readAsDataURL').mockImplementation(function (
      this: FileReader,
      blob: Blob,
    ) {
      this.addEventListener('loadend', () => {
        if (!contentOf(String(this.result)).includes(text)) return;
        spy.mockRestore();
        resolve();
      });
      readAsDataURL.call(this, blob);
    });
  });
}

/** What Testing Library takes for Jest's clock: it advances it by 0 ms to end its async wrapper's wait. */
type JestClock = { jest?: { advanceTimersByTime: (ms: number) => void } };

/**
 * Runs `typing` on a fake clock, then lets the typing rest for as long as the preview waits: the wait passes when
 * the test says so. Only timeouts are fake (reads and React's work run as they do), and only here. Testing
 * Library recognises only Jest's fake clock (testing-library/react-testing-library#1197), so it is shown this one
 * as Jest's meanwhile.
 */
async function typeThenRest(typing: (user: UserEvent) => Promise<void>): Promise<void> {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
  (globalThis as JestClock).jest = { advanceTimersByTime: vi.advanceTimersByTime };
  try {
    await typing(userEvent.setup({ advanceTimers: vi.advanceTimersByTime }));
    await act(() => vi.advanceTimersByTimeAsync(LIVE_PREVIEW_DELAY));
  } finally {
    delete (globalThis as JestClock).jest;
    vi.useRealTimers();
  }
}

describe('TemplatePreviewPane: the live preview', () => {
  it('shows the template rendered as SVG beside the editor, and renders it again when the typing rests', async () => {
    const existing = template();
    serve(existing);
    const scrollTo = vi.spyOn(window, 'scrollTo');
    renderRoutes(templateRoutes, { route: `/settings/templates/${existing.id}/edit` });

    const image = await screen.findByRole('img', { name: 'Preview of the template' });
    expect(image.getAttribute('src')).toMatch(/^data:image\/svg\+xml;base64,/);
    expect(shown(image)).toContain('Tax invoice');
    expect(svgPreviews().map((request) => request.body)).toEqual([
      { name: 'Plain invoice', type: 'typst', document: 'invoice', body: existing.body },
    ]);

    // A body that does not compile: the compiler's line, over the last preview that worked.
    serve(existing, () => compileError('Line 6: unclosed delimiter'));
    await typeThenRest((user) => user.type(field('Body'), '\n#('));
    const status = screen.getByRole('status');
    await vi.waitFor(() => expect(status).toHaveTextContent('Line 6: unclosed delimiter'));
    expect(svgPreviews()).toHaveLength(2);
    expect(svgPreviews()[1]?.body).toMatchObject({ body: `${existing.body}\n#(` });
    expect(screen.getByRole('img', { name: 'Preview of the template' })).toBe(image);
    expect(image.getAttribute('src')).toMatch(/^data:image\/svg\+xml;base64,/);
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(field('Body')).not.toHaveAttribute('aria-invalid', 'true');
    expect(scrollTo).not.toHaveBeenCalled();

    // Fixed: the new preview replaces the old and the problem goes.
    serve(existing, () => svgResponse('Fixed invoice'));
    await typeThenRest((user) => user.type(field('Body'), ')'));
    await vi.waitFor(() => expect(shown(image)).toContain('Fixed invoice'));
    expect(status).toBeEmptyDOMElement();
    expect(svgPreviews()).toHaveLength(3);
  });

  it('renders once the typing rests, with what was typed last, and again on Refresh preview', async () => {
    const existing = template();
    serve(existing);
    renderRoutes(templateRoutes, { route: `/settings/templates/${existing.id}/edit` });
    const user = userEvent.setup();

    await screen.findByRole('img', { name: 'Preview of the template' });
    await typeThenRest(async (user) => {
      await user.type(field('Name'), ' two');
      expect(svgPreviews()).toHaveLength(1);
    });
    // One request for the four keys, once the typing rests, made with what was typed last.
    await vi.waitFor(() => expect(svgPreviews()).toHaveLength(2));
    expect(svgPreviews()[1]?.body).toMatchObject({ name: 'Plain invoice two' });

    await user.click(screen.getByRole('button', { name: 'Refresh preview' }));
    await vi.waitFor(() => expect(svgPreviews()).toHaveLength(3));
    expect(svgPreviews()[2]?.body).toMatchObject({ name: 'Plain invoice two' });
  });

  it('a newer change cancels the render under way, whose answer is not shown', async () => {
    const existing = template();
    const signals: AbortSignal[] = [];
    const fakeFetch = globalThis.fetch;
    vi.stubGlobal('fetch', (input: RequestInfo | URL, init?: RequestInit) => {
      if (init?.signal) signals.push(init.signal);
      return fakeFetch(input, init);
    });
    let answerSlow: (response: Response) => void = () => undefined;
    serve(existing);
    renderRoutes(templateRoutes, { route: `/settings/templates/${existing.id}/edit` });

    const image = await screen.findByRole('img', { name: 'Preview of the template' });
    serve(existing, () => new Promise<Response>((resolve) => (answerSlow = resolve)));
    await typeThenRest((user) => user.type(field('Name'), ' A'));
    await vi.waitFor(() => expect(svgPreviews()).toHaveLength(2));
    expect(screen.getByText('Updating…')).toBeInTheDocument();
    serve(existing, () => svgResponse('Latest'));
    await typeThenRest((user) => user.type(field('Name'), 'B'));
    await vi.waitFor(() => expect(svgPreviews()).toHaveLength(3));

    expect(signals[1]?.aborted).toBe(true);
    expect(signals[2]?.aborted).toBe(false);
    await vi.waitFor(() => expect(shown(image)).toContain('Latest'));
    // The stale answer is read to its end; act holds React's updates until what that read set off is done.
    const staleRead = answerRead('Stale');
    await act(async () => {
      answerSlow(svgResponse('Stale'));
      await staleRead;
    });
    expect(shown(image)).toContain('Latest');
    expect(screen.queryByText('Updating…')).not.toBeInTheDocument();
  });

  it("a new template's preview says what it needs before it asks the server", async () => {
    serve(null);
    renderRoutes(templateRoutes, { route: '/settings/templates/new' });

    await screen.findByRole('heading', { level: 1, name: 'New template' });
    const status = screen.getByRole('status');
    expect(status).toHaveTextContent('To see a preview:');
    expect(status).toHaveTextContent('Enter the template name.');
    expect(status).toHaveTextContent('Enter the template body.');
    await typeThenRest(async (user) => {
      await user.type(field('Name'), 'Short invoice');
      await user.type(field('Body'), '= Invoice');
    });

    expect(await screen.findByRole('img', { name: 'Preview of the template' })).toBeInTheDocument();
    expect(svgPreviews().map((request) => request.body)).toEqual([
      { name: 'Short invoice', type: 'typst', document: 'invoice', body: '= Invoice' },
    ]);
  });
});
