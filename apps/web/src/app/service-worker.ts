import { registerSW } from 'virtual:pwa-register';
import { appUpdate } from '../lib/app-update';

/** How often an open app asks the server whether a new version is out. */
const CHECK_EVERY_MS = 60 * 60_000;

/**
 * Registers the service worker (vite.config.ts, `pwa`): it keeps every file of this version, so the app opens with
 * no network. A new version downloads in the background and waits: `appUpdate` offers it ("Reload to update"),
 * and until then this page goes on with its own version's files, never a mix of two.
 */
export function startServiceWorker(): void {
  if (!('serviceWorker' in navigator)) return;
  const reload = registerSW({
    onNeedRefresh: () => appUpdate.offer(() => reload(true)),
    onRegisteredSW: (_url, registration) => {
      if (registration) setInterval(() => void registration.update(), CHECK_EVERY_MS);
    },
  });
  // The first page loaded before the service worker, so /config.json did not pass through it: put it in the
  // worker's cache for it now (vite.config.ts's `fieldbook-config`), or the next start with no network has none.
  void navigator.serviceWorker.ready
    .then(() => caches.open('fieldbook-config'))
    .then((cache) => cache.add('/config.json'))
    .catch(() => undefined);
}
