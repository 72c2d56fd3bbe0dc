import { afterEach, describe, expect, it } from 'vitest';
import { rescueLostFocus } from './focus-rescue';

let stop: (() => void) | undefined;
afterEach(() => {
  stop?.();
  document.body.innerHTML = '';
});

/** A page with its heading and a button, the button focused. */
function page() {
  document.body.innerHTML =
    '<main><h1 data-page-heading tabindex="-1">Job 41: Burst pipe &amp; tap</h1><button>Ready to be scheduled</button><button>Close</button></main>';
  const [ready, close] = [...document.querySelectorAll('button')] as HTMLButtonElement[];
  return {
    heading: document.querySelector('h1') as HTMLElement,
    ready: ready as HTMLButtonElement,
    close: close as HTMLButtonElement,
  };
}

describe('rescueLostFocus', () => {
  it('gives the page heading the focus when the focused control goes away', async () => {
    const { heading, ready } = page();
    stop = rescueLostFocus();
    ready.focus();
    ready.remove();
    await expect.poll(() => document.activeElement).toBe(heading);
  });

  it('gives the page heading the focus when the focused button is disabled while it works', async () => {
    const { heading, ready } = page();
    stop = rescueLostFocus();
    ready.focus();
    // As Chromium does: the focus leaves the button as it is disabled.
    ready.blur();
    ready.disabled = true;
    await expect.poll(() => document.activeElement).toBe(heading);
  });

  it('leaves alone a focus dropped by a click on the page background', async () => {
    const { ready } = page();
    stop = rescueLostFocus();
    ready.focus();
    ready.blur();
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(document.activeElement).toBe(document.body);
  });

  it('leaves the focus where the page put it', async () => {
    const { ready, close } = page();
    stop = rescueLostFocus();
    ready.focus();
    ready.remove();
    close.focus();
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(document.activeElement).toBe(close);
  });

  it('keeps the focus in an open dialog when its button is disabled while it saves, or goes away', async () => {
    page();
    document.body.insertAdjacentHTML(
      'beforeend',
      '<section role="dialog" aria-modal="true" tabindex="-1" aria-label="Schedule job 12"><button>Schedule</button><button>Cancel</button></section>',
    );
    const dialog = document.querySelector('[role="dialog"]') as HTMLElement;
    const [schedule, cancel] = [...dialog.querySelectorAll('button')] as HTMLButtonElement[];
    stop = rescueLostFocus();
    schedule?.focus();
    schedule?.blur();
    if (schedule) schedule.disabled = true;
    await expect.poll(() => document.activeElement).toBe(dialog);

    cancel?.focus();
    cancel?.remove();
    await expect.poll(() => document.activeElement).toBe(dialog);
  });
});
