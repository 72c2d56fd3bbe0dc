import { type CSSProperties, createContext, use, useEffect, useRef } from 'react';

/** Marks the heading that takes the focus when the user moves to another page. */
const HEADING_ATTRIBUTE = 'data-page-heading';

/** The shell's record of the user's moves from page to page: only after one does a heading take the focus. */
export interface PageMoves {
  happened: boolean;
  /** The new page had no heading yet: the next one to appear takes the focus. */
  headingDue: boolean;
}

/** Provided by the signed-in shell; a page outside it (Page not found) leaves the focus alone. */
export const PageMovesContext = createContext<PageMoves | null>(null);

/**
 * After the user moves to another page (the shell calls this): the focus goes to the new page's heading, so
 * the keyboard and a screen reader start at the page rather than at the link that was pressed.
 */
export function focusPageHeading(moves: PageMoves): void {
  moves.happened = true;
  moves.headingDue = !focusHeading();
}

/**
 * Puts the focus on the page's heading, and says whether there was one: after a move to another page, and for a
 * control that goes away with what it did (Today once on today, a visit's Finish once it is finished), so the
 * keyboard goes on from the page rather than from nowhere.
 */
export function focusHeading(): boolean {
  const heading = document.querySelector<HTMLElement>(`[${HEADING_ATTRIBUTE}]`);
  heading?.focus({ preventScroll: true });
  return heading !== null;
}

/** Mantine's Title of order 1 (its classes and variables, Title.css), without the component's code. */
const titleStyle = {
  '--title-fw': 'var(--mantine-h1-font-weight)',
  '--title-lh': 'var(--mantine-h1-line-height)',
  '--title-fz': 'var(--mantine-h1-font-size)',
  marginBottom: 'var(--mantine-spacing-md)',
  overflowWrap: 'anywhere',
} as CSSProperties;

/** The page's one level-1 heading; it also names the browser tab. */
export function PageHeading({ children }: { children: string }) {
  const heading = useRef<HTMLHeadingElement>(null);
  const moves = use(PageMovesContext);
  useEffect(() => {
    if (!moves) return;
    // A heading that replaces another (the record's name after its spinner) takes over a focus left on nothing.
    const focusLost = document.activeElement === null || document.activeElement === document.body;
    if (moves.headingDue || (moves.happened && focusLost)) {
      heading.current?.focus({ preventScroll: true });
      moves.headingDue = false;
    }
  }, [moves]);
  return (
    <>
      <title>{children ? `${children} · Fieldbook` : 'Fieldbook'}</title>
      <h1
        ref={heading}
        className="m_8a5d1357 mantine-Title-root"
        data-order={1}
        tabIndex={-1}
        {...{ [HEADING_ATTRIBUTE]: '' }}
        style={titleStyle}
      >
        {children}
      </h1>
    </>
  );
}
