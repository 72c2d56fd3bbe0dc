import { focusHeading } from './page-heading';

/** How long to let React, and a closing dialog returning the focus to its opener, put the focus first. */
const SETTLE_MS = 50;

/**
 * A focus left on nothing goes on from the page's heading. When the focused control goes away with what it did (a
 * job's status button replaced by the next step, Record payment gone once the invoice is paid, a dialog whose
 * opener has gone), the browser drops the focus on the page's body, and a keyboard or screen-reader user would
 * start again from the top of the page. Watches the document from start-up; returns the way to stop.
 */
export function rescueLostFocus(doc: Document = document): () => void {
  let last: Element | null = null;
  let pending = 0;
  const onFocusIn = (event: FocusEvent) => {
    last = event.target instanceof Element ? event.target : null;
  };
  const lost = () => last !== null && !last.isConnected && (doc.activeElement ?? doc.body) === doc.body;
  const observer = new MutationObserver(() => {
    if (pending || !lost()) return;
    pending = window.setTimeout(() => {
      pending = 0;
      if (!lost()) return;
      last = null;
      focusHeading();
    }, SETTLE_MS);
  });
  doc.addEventListener('focusin', onFocusIn);
  observer.observe(doc.body, { childList: true, subtree: true });
  return () => {
    doc.removeEventListener('focusin', onFocusIn);
    observer.disconnect();
    window.clearTimeout(pending);
  };
}
