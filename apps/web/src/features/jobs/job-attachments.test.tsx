import type { JobAttachment } from '@fieldbook/domain';
import { onlineManager } from '@tanstack/react-query';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { NEEDS_CONNECTION } from '../../components/section-loader';
import { errorResponse, installFakeApi, jsonResponse } from '../../testing/api';
import { waitingAction, withWaitingActions } from '../../testing/device-work';
import { allJobRoutes } from '../../testing/job-routes';
import { job, membership } from '../../testing/records';
import { renderRoutes } from '../../testing/render';

const api = installFakeApi();
const leak = job({ number: 14, reference: 'Hot water' });
const filesPath = `/jobs/${leak.id}/attachments`;

const attachment = (overrides: Partial<JobAttachment> = {}): JobAttachment => ({
  id: '00000000-0000-7000-8000-0000000fa001',
  job: { id: leak.id },
  filename: "O'Brien's meter box.jpg",
  contentType: 'image/jpeg',
  size: 120_000,
  width: 900,
  height: 1200,
  thumbnail: true,
  addedBy: { name: 'Sam Nguyen', mine: true },
  created: '2026-11-24T01:00:00.000Z',
  ...overrides,
});

/** The job and its files as `stored` holds them: a POST adds one unless its name ends in .HEIC. */
function serve(stored: JobAttachment[]) {
  api.handle = (request) => {
    if (request.path.startsWith(`${filesPath}?filename=`)) {
      const filename = request.path.slice(`${filesPath}?filename=`.length);
      if (filename.endsWith('.HEIC'))
        return errorResponse('VALIDATION_FAILED', 'HEIC photos cannot be added yet.');
      const added = attachment({ id: `00000000-0000-7000-8000-0000000fa00${stored.length + 2}`, filename });
      stored.unshift(added);
      return jsonResponse(added, { status: 201 });
    }
    if (request.path === filesPath) return jsonResponse(stored);
    if (request.path.endsWith('/thumbnail') || request.path.startsWith(`${filesPath}/`)) {
      if (request.method === 'DELETE') {
        stored.splice(0, stored.length, ...stored.filter((file) => !request.path.endsWith(file.id)));
        return new Response(null, { status: 204 });
      }
      return new Response(new Uint8Array([0x52, 0x49, 0x46, 0x46]), {
        headers: { 'Content-Type': 'image/webp' },
      });
    }
    if (request.path.endsWith('/notes')) return jsonResponse([]);
    if (request.path.endsWith('/signature')) return jsonResponse(null);
    return jsonResponse(leak);
  };
}

beforeEach(() => {
  Object.assign(URL, {
    createObjectURL: () => 'blob:http://localhost/file',
    revokeObjectURL: () => undefined,
  });
});

const section = async () => within(await screen.findByRole('region', { name: 'Photos and files' }));

describe("a job's photos and files", () => {
  it('shows a photo kept on this device with the photos, waiting to send, and does not say there are none', async () => {
    serve([]);
    const photo = new Blob([new Uint8Array([1, 2, 3])], { type: 'image/jpeg' });
    const kept = waitingAction({
      jobId: leak.id,
      jobNumber: 14,
      takenAt: Date.parse('2026-11-30T21:05:00Z'),
      action: { type: 'photo', file: photo, filename: 'Meter box.jpg' },
    });
    renderRoutes(withWaitingActions([kept], allJobRoutes), { route: `/jobs/${leak.id}` });
    const files = await section();
    const keptList = within(await files.findByRole('list', { name: 'Photos and files on this device' }));
    expect(keptList.getByRole('img', { name: 'Photo Meter box.jpg' })).toBeInTheDocument();
    expect(keptList.getByText('Waiting to send')).toBeInTheDocument();
    await waitFor(() => expect(files.queryAllByRole('status')).toEqual([]));
    expect(files.queryByText('No photos or files yet.')).not.toBeInTheDocument();
  });

  it('adds several at once, each on its own; names each that failed, and sends none over 20 MB', async () => {
    serve([]);
    api.membership = membership({ role: 'TECHNICIAN', technician: { id: 't-1', name: 'SE01 Richmond' } });
    renderRoutes(allJobRoutes, { route: `/jobs/${leak.id}` });
    // The picker offers photos and PDFs; a phone may still hand over another kind, which the server refuses.
    const user = userEvent.setup({ applyAccept: false });
    const files = await section();
    expect(await files.findByText('No photos or files yet.')).toBeInTheDocument();
    const picker = document.querySelector<HTMLInputElement>('input[type=file][multiple]');
    if (!picker) throw new Error('no file picker');
    expect(picker.accept).toBe('image/jpeg,image/png,image/webp,application/pdf');
    expect(document.querySelector('input[type=file][capture=environment]')).not.toBeNull();
    const big = new File([new Uint8Array(20 * 1024 * 1024 + 1)], 'scan.pdf', { type: 'application/pdf' });
    await user.upload(picker, [
      new File(['jpeg'], 'meter & valve.jpg', { type: 'image/jpeg' }),
      big,
      new File(['heic'], 'IMG_0001.HEIC', { type: 'image/heic' }),
    ]);
    expect(await screen.findByText('1 file added.')).toBeInTheDocument();
    const alert = within(await files.findByRole('alert'));
    expect(alert.getByText('2 files were not added')).toBeInTheDocument();
    expect(alert.getByText('scan.pdf is larger than 20 MB, so it was not added.')).toBeInTheDocument();
    expect(
      alert.getByText('IMG_0001.HEIC was not added: HEIC photos cannot be added yet.'),
    ).toBeInTheDocument();
    const posts = api.requests.filter((request) => request.method === 'POST');
    expect(posts.map((request) => request.path)).toEqual([
      `${filesPath}?filename=meter & valve.jpg`,
      `${filesPath}?filename=IMG_0001.HEIC`,
    ]);
    expect(posts[0]?.headers.get('Content-Type')).toBe('image/jpeg');
    expect(await files.findByRole('button', { name: 'Open photo meter & valve.jpg' })).toBeInTheDocument();
  });

  it('opens a photo, and deletes it after a question', async () => {
    serve([
      attachment(),
      attachment({
        id: '00000000-0000-7000-8000-0000000fa009',
        filename: 'Certificate.pdf',
        contentType: 'application/pdf',
        thumbnail: false,
        width: null,
        height: null,
      }),
    ]);
    renderRoutes(allJobRoutes, { route: `/jobs/${leak.id}` });
    const user = userEvent.setup();
    const files = await section();
    expect(await files.findByRole('button', { name: 'Open Certificate.pdf' })).toBeInTheDocument();
    await user.click(await files.findByRole('button', { name: "Open photo O'Brien's meter box.jpg" }));
    const dialog = within(await screen.findByRole('dialog', { name: "O'Brien's meter box.jpg" }));
    expect(await dialog.findByRole('img', { name: "Photo O'Brien's meter box.jpg" })).toHaveAttribute(
      'src',
      'blob:http://localhost/file',
    );
    expect(dialog.getByText(/^Added by Sam Nguyen, /)).toBeInTheDocument();
    await user.click(dialog.getByRole('button', { name: 'Delete' }));
    expect(
      dialog.getByText("Delete O'Brien's meter box.jpg? It cannot be brought back."),
    ).toBeInTheDocument();
    await user.click(dialog.getByRole('button', { name: 'Delete file' }));
    expect(await screen.findByText("O'Brien's meter box.jpg deleted.")).toBeInTheDocument();
    expect(api.paths('DELETE')).toEqual([`${filesPath}/00000000-0000-7000-8000-0000000fa001`]);
  });

  it('offline, opens a photo kept as a thumbnail: says the photo needs a connection, and offers no Delete', async () => {
    serve([attachment()]);
    renderRoutes(allJobRoutes, { route: `/jobs/${leak.id}` });
    const user = userEvent.setup();
    const photo = await (await section()).findByRole('button', {
      name: "Open photo O'Brien's meter box.jpg",
    });
    // The thumbnail is on the screen; the photo itself was never read.
    expect(await within(photo).findByRole('presentation')).toHaveAttribute(
      'src',
      'blob:http://localhost/file',
    );
    onlineManager.setOnline(false);
    try {
      await user.click(photo);
      const dialog = within(await screen.findByRole('dialog', { name: "O'Brien's meter box.jpg" }));
      expect(dialog.getByText(NEEDS_CONNECTION)).toBeInTheDocument();
      expect(dialog.queryByText('Loading the photo…')).not.toBeInTheDocument();
      expect(dialog.queryByRole('button', { name: 'Delete' })).not.toBeInTheDocument();
      expect(dialog.getByText(/^Added by Sam Nguyen, /)).toBeInTheDocument();

      // Back online: the photo loads, and Delete is offered again.
      onlineManager.setOnline(true);
      expect(await dialog.findByRole('img', { name: "Photo O'Brien's meter box.jpg" })).toBeInTheDocument();
      expect(dialog.getByRole('button', { name: 'Delete' })).toBeInTheDocument();
    } finally {
      onlineManager.setOnline(true);
    }
  });
});
