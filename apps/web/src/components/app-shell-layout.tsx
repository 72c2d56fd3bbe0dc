import type { Role } from '@fieldbook/domain';
import { Anchor, Box, Burger, Group } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { type KeyboardEvent, type MouseEvent, type ReactNode, useEffect, useRef } from 'react';
import { Link, useLocation, useNavigationType } from 'react-router';
import { paths } from '../lib/paths';
import { BrandMark } from './brand-mark';
import { MainNav } from './main-nav';
import { focusPageHeading, type PageMoves, PageMovesContext } from './page-heading';
import './app-shell-layout.css';

/** Below this the header has no room for the sections: a Menu button shows them in a column. */
const NAV_BREAKPOINT = 'md';
const MAIN_ID = 'main-content';

interface AppShellLayoutProps {
  /** The user menu, at the right of the header: it names the organisation the user is working in. */
  userMenu: ReactNode;
  /** The user's role in the organisation: the navigation shows what it may use (undefined while it loads). */
  userRole: Role | undefined;
  children: ReactNode;
}

/**
 * The signed-in frame: a skip link, then the header with the product name, the navigation and the user menu.
 * On a phone the sections do not fit beside them: a Menu button opens them as a column under the header, and
 * going anywhere (or Escape) closes it. Going to another page puts the focus on its heading.
 *
 * The frame is three elements and `app-shell-layout.css`, not Mantine's AppShell: that brought a resizing handle,
 * asides, footers and a scroll-lock library, 9 KB (gzip) of the first download, for a fixed header.
 */
export function AppShellLayout({ userMenu, userRole, children }: AppShellLayoutProps) {
  const [menuOpened, menu] = useDisclosure(false);
  const burger = useRef<HTMLButtonElement>(null);
  const { pathname } = useLocation();
  const navigationType = useNavigationType();
  const shownPath = useRef(pathname);
  const moves = useRef<PageMoves>({ happened: false, headingDue: false });
  const { close } = menu;

  useEffect(() => {
    if (shownPath.current === pathname) return;
    shownPath.current = pathname;
    close();
    // A new page starts at its top; Back and Forward leave the scrolling to the browser.
    if (navigationType !== 'POP') window.scrollTo(0, 0);
    focusPageHeading(moves.current);
  }, [pathname, navigationType, close]);

  const closeOnEscape = (event: KeyboardEvent) => {
    if (event.key !== 'Escape') return;
    close();
    burger.current?.focus();
  };

  return (
    <>
      {/* right-scroll-bar-position: while a dialog locks the page's scrolling, the header keeps its place. */}
      <header className="app-shell-header right-scroll-bar-position">
        <SkipLink />
        <Group h="100%" px={{ base: 'xs', xs: 'md' }} justify="space-between" wrap="nowrap" gap="xs">
          <Group gap="xs" wrap="nowrap" style={{ flexShrink: 0 }}>
            <Burger
              ref={burger}
              hiddenFrom={NAV_BREAKPOINT}
              size="sm"
              w={44}
              h={44}
              opened={menuOpened}
              onClick={menu.toggle}
              aria-label="Menu"
              aria-expanded={menuOpened}
            />
            <Anchor
              component={Link}
              to={paths.home}
              aria-label="Fieldbook"
              fw={700}
              fz="lg"
              underline="never"
              miw={44}
              mih={44}
              style={{ display: 'inline-flex', alignItems: 'center', justifyContent: 'center' }}
            >
              {/* A phone keeps the header's room for the organisation's name. */}
              <Box hiddenFrom="xs" style={{ display: 'flex' }}>
                <BrandMark />
              </Box>
              <Box component="span" visibleFrom="xs" px={4}>
                Fieldbook
              </Box>
            </Anchor>
            <MainNav userRole={userRole} visibleFrom={NAV_BREAKPOINT} />
          </Group>
          {userMenu}
        </Group>
      </header>
      {/* Only while open: a column drawn off screen or hidden would keep its links in the way of the Tab key. */}
      {menuOpened && (
        <Box
          component="nav"
          className="app-shell-navbar"
          hiddenFrom={NAV_BREAKPOINT}
          onKeyDown={closeOnEscape}
        >
          <MainNav userRole={userRole} vertical />
        </Box>
      )}
      <main className="app-shell-main" id={MAIN_ID}>
        <PageMovesContext value={moves.current}>{children}</PageMovesContext>
      </main>
    </>
  );
}

/** The first stop of the Tab key: past the header to the page itself (its heading). */
function SkipLink() {
  const skip = (event: MouseEvent<HTMLAnchorElement>) => {
    // Not the browser's jump to #main-content: the router would take the new hash for a navigation.
    event.preventDefault();
    const main = document.getElementById(MAIN_ID);
    const target = main?.querySelector<HTMLElement>('h1[tabindex]') ?? main;
    target?.focus();
    target?.scrollIntoView({ block: 'start' });
  };
  return (
    <a className="skip-link" href={`#${MAIN_ID}`} onClick={skip}>
      Skip to content
    </a>
  );
}
