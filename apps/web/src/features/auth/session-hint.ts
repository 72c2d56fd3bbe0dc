const hintKey = 'fieldbook.signedIn';

/**
 * Whether this browser signed in to Fieldbook and has not signed out since: a hint, not a secret, kept in
 * localStorage so every tab shares it. With the hint, start-up downloads the app while it restores the session;
 * without it (a first visit), start-up tries to restore the session first and, when there is none, goes
 * straight to the sign-in page without downloading the app. The hint only decides what to download first:
 * a wrong hint costs time, never access.
 */
export const sessionHint = {
  present(storage: Storage = window.localStorage): boolean {
    return storage.getItem(hintKey) === '1';
  },
  set(storage: Storage = window.localStorage): void {
    storage.setItem(hintKey, '1');
  },
  clear(storage: Storage = window.localStorage): void {
    storage.removeItem(hintKey);
  },
};
