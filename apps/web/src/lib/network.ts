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

/** Holds the API back (true) while there is no token to send, or lets it go (false). */
export function holdNetwork(hold: boolean): void {
  held = hold;
  update?.();
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
