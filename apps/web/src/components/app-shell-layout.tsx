import { Anchor, AppShell, Group } from '@mantine/core';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { paths } from '../lib/paths';
import { MainNav } from './main-nav';

interface AppShellLayoutProps {
  userMenu: ReactNode;
  children: ReactNode;
}

/** The signed-in frame: header with the product name, the navigation and the user menu. */
export function AppShellLayout({ userMenu, children }: AppShellLayoutProps) {
  return (
    <AppShell header={{ height: 56 }} padding="md">
      <AppShell.Header>
        <Group h="100%" px="md" justify="space-between" wrap="nowrap" gap="md">
          <Group gap="lg" wrap="nowrap">
            <Anchor component={Link} to={paths.home} fw={700} fz="lg" underline="never">
              Fieldbook
            </Anchor>
            <MainNav />
          </Group>
          {userMenu}
        </Group>
      </AppShell.Header>
      <AppShell.Main>{children}</AppShell.Main>
    </AppShell>
  );
}
