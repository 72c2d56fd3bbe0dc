/**
 * A new version of the app, downloaded by the service worker and waiting (`app/service-worker.ts`): the banner
 * (`components/update-banner.tsx`) offers it, and `reload` swaps it in and reloads the page. A store outside React,
 * so the service worker's callback can fill it before any component asks.
 */
type Reload = () => Promise<void>;

let waiting: Reload | null = null;
const listeners = new Set<() => void>();

export const appUpdate = {
  /** A new version is ready: `reload` activates it and reloads every open page of the app. */
  offer(reload: Reload): void {
    waiting = reload;
    for (const listener of listeners) listener();
  },
  subscribe(listener: () => void): () => void {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
  /** The waiting version's reload, or null while the app is the newest. */
  waiting: (): Reload | null => waiting,
};
