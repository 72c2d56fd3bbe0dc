const tenantKey = 'fieldbook.tenantId';

/**
 * The tenant this browser tab last signed in to. Tokens live in memory, so a reload signs in silently
 * again; naming this tenant keeps the user in the organisation they chose. It is an id, not a secret.
 */
export const tenantMemory = {
  recall(storage: Storage = window.sessionStorage): string | undefined {
    return storage.getItem(tenantKey) ?? undefined;
  },
  remember(tenantId: string, storage: Storage = window.sessionStorage): void {
    storage.setItem(tenantKey, tenantId);
  },
  forget(storage: Storage = window.sessionStorage): void {
    storage.removeItem(tenantKey);
  },
};
