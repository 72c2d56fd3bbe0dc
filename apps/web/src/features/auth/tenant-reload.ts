const reloadFlag = 'fieldbook.reloadedForTenantClaim';

/**
 * When the ID token lacks the tenant claim the page reloads, at most once: the flag in sessionStorage
 * survives the reload, so a second token without the claim does not loop. Returns whether it reloaded.
 */
export function reloadOnceForMissingTenant(
  reload: () => void = () => window.location.reload(),
  storage: Storage = window.sessionStorage,
): boolean {
  if (storage.getItem(reloadFlag)) {
    return false;
  }
  storage.setItem(reloadFlag, 'true');
  reload();
  return true;
}

/** Called once a token carries the tenant claim, so a later lapse may reload again. */
export function clearTenantReloadFlag(storage: Storage = window.sessionStorage): void {
  storage.removeItem(reloadFlag);
}
