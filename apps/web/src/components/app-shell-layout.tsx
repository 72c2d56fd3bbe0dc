import type { Role } from '@fieldbook/domain';
import {
  type ComponentPropsWithRef,
  type CSSProperties,
  type KeyboardEvent,
  type MouseEvent,
  type ReactNode,
  useEffect,
  useRef,
  useState,
} from 'react';
import { useLocation, useNavigationType } from 'react-router';
import { paths } from '../lib/paths';
import { BrandMark } from './brand-mark';
import { MainNav } from './main-nav';
import { focusPageHeading, type PageMoves, PageMovesContext } from './page-heading';
import { TextLink } from './text-link';
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
  const [menuOpened, setMenuOpened] = useState(false);
  const burger = useRef<HTMLButtonElement>(null);
  const { pathname } = useLocation();
  const navigationType = useNavigationType();
  const shownPath = useRef(pathname);
  const moves = useRef<PageMoves>({ happened: false, headingDue: false });

  useEffect(() => {
    if (shownPath.current === pathname) return;
    shownPath.current = pathname;
    setMenuOpened(false);
    // A new page starts at its top; Back and Forward leave the scrolling to the browser.
    if (navigationType !== 'POP') window.scrollTo(0, 0);
    focusPageHeading(moves.current);
  }, [pathname, navigationType]);

  const closeOnEscape = (event: KeyboardEvent) => {
    if (event.key !== 'Escape') return;
    setMenuOpened(false);
    burger.current?.focus();
  };

  return (
    <>
      {/* right-scroll-bar-position: while a dialog locks the page's scrolling, the header keeps its place. */}
      <header className="app-shell-header right-scroll-bar-position">
        <SkipLink />
        <div className="app-shell-bar">
          <div className="app-shell-bar-start">
            <MenuButton ref={burger} opened={menuOpened} onClick={() => setMenuOpened((opened) => !opened)} />
            <TextLink to={paths.home} aria-label="Fieldbook" underline="never" className="app-shell-brand">
              {/* A phone keeps the header's room for the organisation's name. */}
              <span className="mantine-hidden-from-xs" style={{ display: 'flex' }}>
                <BrandMark />
              </span>
              <span
                className="mantine-visible-from-xs"
                style={{ paddingInline: 'calc(0.25rem * var(--mantine-scale))' }}
              >
                Fieldbook
              </span>
            </TextLink>
            <MainNav userRole={userRole} visibleFrom={NAV_BREAKPOINT} />
          </div>
          {userMenu}
        </div>
      </header>
      {/* Only while open: a column drawn off screen or hidden would keep its links in the way of the Tab key. */}
      {menuOpened && (
        <nav className={`app-shell-navbar mantine-hidden-from-${NAV_BREAKPOINT}`} onKeyDown={closeOnEscape}>
          <MainNav userRole={userRole} vertical />
        </nav>
      )}
      <main className="app-shell-main" id={MAIN_ID}>
        <PageMovesContext value={moves.current}>{children}</PageMovesContext>
      </main>
    </>
  );
}

/**
 * The phone's Menu button, Mantine's Burger (three lines, a cross when open) as its elements with Mantine's classes
 * (Burger.css): the component brought its own code for this one button.
 */
function MenuButton({ opened, ...button }: { opened: boolean } & ComponentPropsWithRef<'button'>) {
  return (
    <button
      type="button"
      className={`mantine-focus-auto m_fea6bf1a mantine-Burger-root m_87cf2631 mantine-UnstyledButton-root mantine-hidden-from-${NAV_BREAKPOINT}`}
      data-size="sm"
      aria-label="Menu"
      aria-expanded={opened}
      style={{ '--burger-size': 'var(--burger-size-sm)', width: 44, height: 44 } as CSSProperties}
      {...button}
    >
      <div
        className="m_d4fb9cad mantine-Burger-burger"
        data-reduce-motion
        data-opened={opened || undefined}
      />
    </button>
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
