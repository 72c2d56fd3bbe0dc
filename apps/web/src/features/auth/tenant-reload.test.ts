import { afterEach, describe, expect, it, vi } from 'vitest';
import { clearTenantReloadFlag, reloadOnceForMissingTenant } from './tenant-reload';

afterEach(() => {
  sessionStorage.clear();
});

describe('reloadOnceForMissingTenant', () => {
  it('reloads the first time and not again, so a bad token cannot loop', () => {
    const reload = vi.fn();

    expect(reloadOnceForMissingTenant(reload)).toBe(true);
    expect(reloadOnceForMissingTenant(reload)).toBe(false);
    expect(reload).toHaveBeenCalledOnce();
  });

  it('may reload again once a token with the tenant claim has arrived', () => {
    const reload = vi.fn();
    reloadOnceForMissingTenant(reload);

    clearTenantReloadFlag();

    expect(reloadOnceForMissingTenant(reload)).toBe(true);
    expect(reload).toHaveBeenCalledTimes(2);
  });
});
