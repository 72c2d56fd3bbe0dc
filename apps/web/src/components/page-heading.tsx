import { Title } from '@mantine/core';
import { createContext, use, useEffect, useRef } from 'react';

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
  const heading = document.querySelector<HTMLElement>(`[${HEADING_ATTRIBUTE}]`);
  heading?.focus({ preventScroll: true });
  moves.headingDue = heading === null;
}

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
      <Title
        ref={heading}
        order={1}
        mb="md"
        tabIndex={-1}
        {...{ [HEADING_ATTRIBUTE]: '' }}
        style={{ overflowWrap: 'anywhere' }}
      >
        {children}
      </Title>
    </>
  );
}
