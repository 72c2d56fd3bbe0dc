import '@testing-library/jest-dom/vitest';
// The device's database (`features/offline`): jsdom has no IndexedDB.
import 'fake-indexeddb/auto';
import { DEFAULT_TIME_ZONE } from '@fieldbook/domain';
import { afterEach } from 'vitest';
import { rememberTimeZone } from './src/lib/time-zone';

// Pure-logic tests run in node (`// @vitest-environment node` at the top of the file): no DOM to set up.
if (typeof window !== 'undefined') {
  const { cleanup, configure } = await import('@testing-library/react');
  // findBy… waits up to 5 s, not 1: a page's first lazy import is transformed on demand, which on a busy 2-core
  // machine (CI running beside other work) took longer than a second. A missing element still fails the test.
  configure({ asyncUtilTimeout: 5_000 });
  // Vitest runs without globals, so Testing Library cannot register its own cleanup.
  afterEach(() => {
    cleanup();
    // Test files share their modules (isolate: false in vitest.config.ts): the zone one file's membership noted is
    // not the next file's.
    rememberTimeZone(DEFAULT_TIME_ZONE);
  });
  // Nor the week or the actions one test kept on the device.
  afterEach(async () => (await import('./src/features/offline/device-store')).clearDevice());
  installLayoutStandIns();
}

/** jsdom lacks the layout APIs that Mantine calls; these stand-ins report "no match" and "no resize". */
function installLayoutStandIns(): void {
  if (typeof window.matchMedia !== 'function') {
    Object.defineProperty(window, 'matchMedia', {
      writable: true,
      value: (query: string): MediaQueryList => ({
        matches: false,
        media: query,
        onchange: null,
        addListener: () => undefined,
        removeListener: () => undefined,
        addEventListener: () => undefined,
        removeEventListener: () => undefined,
        dispatchEvent: () => false,
      }),
    });
  }

  class ResizeObserverStub implements ResizeObserver {
    observe(): void {}
    unobserve(): void {}
    disconnect(): void {}
  }

  if (typeof window.ResizeObserver !== 'function') {
    window.ResizeObserver = ResizeObserverStub;
  }

  if (typeof Element.prototype.scrollIntoView !== 'function') {
    Element.prototype.scrollIntoView = () => undefined;
  }

  // jsdom does not scroll; editors scroll to the top after a failed save, which tests observe with a spy.
  window.scrollTo = () => undefined;

  // jsdom has no font loading; Mantine's autosizing Textarea listens for it.
  if (!('fonts' in document)) {
    Object.defineProperty(document, 'fonts', {
      value: { addEventListener: () => undefined, removeEventListener: () => undefined },
    });
  }
}
