import { Anchor, AppShell, Burger, Group } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { type KeyboardEvent, type ReactNode, useEffect, useRef } from 'react';
import { Link, useLocation } from 'react-router';
import { paths } from '../lib/paths';
import { MainNav } from './main-nav';

interface AppShellLayoutProps {
  userMenu: ReactNode;
  children: ReactNode;
}

/**
 * The signed-in frame: header with the product name, the navigation and the user menu. On a phone the
 * navigation does not fit beside them: a Menu button opens it as a column under the header, and going
 * anywhere (or Escape) closes it.
 */
export function AppShellLayout({ userMenu, children }: AppShellLayoutProps) {
  const [menuOpened, menu] = useDisclosure(false);
  const burger = useRef<HTMLButtonElement>(null);
  const { pathname } = useLocation();
  const { close } = menu;

  // biome-ignore lint/correctness/useExhaustiveDependencies: a new page closes the menu; the path is the trigger.
  useEffect(close, [pathname, close]);

  const closeOnEscape = (event: KeyboardEvent) => {
    if (event.key !== 'Escape') return;
    close();
    burger.current?.focus();
  };

  return (
    <AppShell
      header={{ height: 56 }}
      navbar={{ width: 280, breakpoint: 'sm', collapsed: { mobile: !menuOpened, desktop: true } }}
      padding="md"
    >
      <AppShell.Header>
        <Group h="100%" px="md" justify="space-between" wrap="nowrap" gap="md">
          <Group gap="lg" wrap="nowrap">
            <Burger
              ref={burger}
              hiddenFrom="sm"
              size="sm"
              opened={menuOpened}
              onClick={menu.toggle}
              aria-label="Menu"
              aria-expanded={menuOpened}
            />
            <Anchor component={Link} to={paths.home} fw={700} fz="lg" underline="never">
              Fieldbook
            </Anchor>
            <MainNav visibleFrom="sm" />
          </Group>
          {userMenu}
        </Group>
      </AppShell.Header>
      {/* Only while open: a collapsed navbar is moved off screen, where its links would still take the Tab key. */}
      {menuOpened && (
        <AppShell.Navbar p="md" hiddenFrom="sm" onKeyDown={closeOnEscape}>
          <MainNav vertical />
        </AppShell.Navbar>
      )}
      <AppShell.Main>{children}</AppShell.Main>
    </AppShell>
  );
}
