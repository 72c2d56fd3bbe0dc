import { focusHeading } from './page-heading';

/** How long to let React, and a closing dialog returning the focus to its opener, put the focus first. */
const SETTLE_MS = 50;

/** Whether a control can no longer hold the focus: gone from the page, or disabled (a button while it saves). */
const unusable = (element: Element) =>
  !element.isConnected || (element instanceof HTMLButtonElement && element.disabled);

const DIALOG = '[role="dialog"], [role="alertdialog"]';

/** The open dialog the focus was in: the page's heading is behind it, where the keyboard cannot go on from. */
function dialogAround(element: Element | null): HTMLElement | null {
  const dialog = element?.closest<HTMLElement>(DIALOG) ?? null;
  return dialog?.isConnected ? dialog : null;
}

/**
 * A focus left on nothing goes on from the page's heading. When the focused control goes away with what it did (a
 * job's status button replaced by the next step, Record payment gone once the invoice is paid, a dialog whose
 * opener has gone) or is disabled while it works, the browser drops the focus on the page's body, and a keyboard or
 * screen-reader user would start again from the top of the page. A click on the page's background, which also
 * leaves the focus on the body, is left alone. A control lost inside an open dialog (its Save disabled while it saves)
 * gives the focus to the dialog instead. Watches the document from start-up; returns the way to stop.
 */
export function rescueLostFocus(doc: Document = document): () => void {
  let last: Element | null = null;
  /** The dialog around the last focused control, kept when that control is removed from it. */
  let lastDialog: HTMLElement | null = null;
  let pending = 0;
  const onBody = () => (doc.activeElement ?? doc.body) === doc.body;
  const check = (lost: Element) => {
    if (pending || !onBody() || !unusable(lost)) return;
    pending = window.setTimeout(() => {
      pending = 0;
      if (!onBody()) return;
      const dialog = dialogAround(lost) ?? dialogAround(lastDialog);
      last = null;
      if (dialog) {
        if (!dialog.hasAttribute('tabindex')) dialog.tabIndex = -1;
        dialog.focus({ preventScroll: true });
      } else focusHeading();
    }, SETTLE_MS);
  };
  const onFocusIn = (event: FocusEvent) => {
    last = event.target instanceof Element ? event.target : null;
    lastDialog = last?.closest<HTMLElement>(DIALOG) ?? null;
  };
  const onFocusOut = (event: FocusEvent) => {
    // Chromium says when the focused control is disabled or removed; after the event the focus is on the body.
    const lost = event.target;
    if (event.relatedTarget === null && lost instanceof Element) window.setTimeout(() => check(lost), 0);
  };
  // Browsers that say nothing when the focused control is removed: the page's changes show it.
  const observer = new MutationObserver(() => {
    if (last && !last.isConnected) check(last);
  });
  doc.addEventListener('focusin', onFocusIn);
  doc.addEventListener('focusout', onFocusOut);
  observer.observe(doc.body, { childList: true, subtree: true });
  return () => {
    doc.removeEventListener('focusin', onFocusIn);
    doc.removeEventListener('focusout', onFocusOut);
    observer.disconnect();
    window.clearTimeout(pending);
  };
}
