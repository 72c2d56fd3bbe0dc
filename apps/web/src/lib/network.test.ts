import { describe, expect, it, vi } from 'vitest';
import { importOnceOnline } from './network';

describe('importOnceOnline', () => {
  it('loads at once when it can', async () => {
    const load = vi.fn(async () => ({ started: true }));

    await expect(importOnceOnline(load)).resolves.toEqual({ started: true });
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('tries again when the browser is back online after a failed fetch, with no error left unhandled', async () => {
    const load = vi
      .fn<() => Promise<{ started: boolean }>>()
      .mockRejectedValueOnce(new TypeError('Failed to fetch dynamically imported module'))
      .mockRejectedValueOnce(new TypeError('Failed to fetch dynamically imported module'))
      .mockResolvedValue({ started: true });
    const loaded = vi.fn();
    void importOnceOnline(load).then(loaded);

    await vi.waitFor(() => expect(load).toHaveBeenCalledTimes(1));
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(loaded).not.toHaveBeenCalled();

    window.dispatchEvent(new Event('online'));
    await vi.waitFor(() => expect(load).toHaveBeenCalledTimes(2));
    expect(loaded).not.toHaveBeenCalled();

    window.dispatchEvent(new Event('online'));
    await vi.waitFor(() => expect(loaded).toHaveBeenCalledWith({ started: true }));
    expect(load).toHaveBeenCalledTimes(3);
  });
});
