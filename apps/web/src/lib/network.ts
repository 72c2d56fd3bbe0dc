import { onlineManager } from '@tanstack/react-query';
import { useSyncExternalStore } from 'react';

let held = false;
let update: (() => void) | null = null;

/**
 * Whether the app may reach the API: the browser has a network, and it is not held back. TanStack Query pauses every
 * read while this is false and reads again when it turns true. An app started offline from the device's copy holds
 * it back until it has signed in again (`holdNetwork`): the reads that paused would otherwise go with no token.
 */
export function watchNetwork(): void {
  onlineManager.setEventListener((setOnline) => {
    update = () => setOnline(navigator.onLine && !held);
    update();
    window.addEventListener('online', update);
    window.addEventListener('offline', update);
    return () => {
      if (!update) return;
      window.removeEventListener('online', update);
      window.removeEventListener('offline', update);
    };
  });
}

/** Whether the API is held back for a sign-in the user must make (not for a network that is not there). */
let signInNeeded = false;
const signInListeners = new Set<() => void>();

/**
 * Holds the API back (true) while there is no token to send, or lets it go (false). `forSignIn`: the provider wants
 * the user to sign in again (the banner asks), so what waits says so rather than that it needs a connection.
 */
export function holdNetwork(hold: boolean, forSignIn = false): void {
  held = hold;
  update?.();
  if (signInNeeded !== (hold && forSignIn)) {
    signInNeeded = hold && forSignIn;
    for (const listener of signInListeners) listener();
  }
}

/** Whether reads wait for the user to sign in again (`holdNetwork`'s `forSignIn`). */
export function useSignInNeeded(): boolean {
  return useSyncExternalStore(
    (listener) => {
      signInListeners.add(listener);
      return () => signInListeners.delete(listener);
    },
    () => signInNeeded,
  );
}

/** Whether the app may reach the API now (TanStack Query's view, which the reads pause by). */
export function useOnline(): boolean {
  return useSyncExternalStore(onlineManager.subscribe, () => onlineManager.isOnline());
}

/**
 * Loads a module the app fetches on demand in the background (`load`: an `import()`). When the fetch fails (the
 * network dropped before it was kept on the device), it tries again each time the browser comes back online, until
 * it loads: browsers fetch a module again after a failed import.
 */
export function importOnceOnline<T>(load: () => Promise<T>): Promise<T> {
  return load().catch(
    () =>
      new Promise<T>((resolve) =>
        window.addEventListener('online', () => resolve(importOnceOnline(load)), { once: true }),
      ),
  );
}
