import { ActionIcon, Button, Group, Stack } from '@mantine/core';
import { Link, useMatch } from 'react-router';
import { paths } from '../lib/paths';
import { SettingsIcon } from './settings-icon';

const sections = [
  { label: 'Scheduler', to: paths.scheduler },
  { label: 'Jobs', to: paths.jobs.root },
  { label: 'Invoices', to: paths.sales.invoices },
  { label: 'Customers', to: paths.customers.root },
  { label: 'Items', to: paths.items.root },
] as const;

function useActive(to: string): boolean {
  return useMatch({ path: to, end: false }) !== null;
}

function SectionLink({ label, to, vertical }: { label: string; to: string; vertical: boolean }) {
  const active = useActive(to);
  return (
    <Button
      component={Link}
      to={to}
      variant={active ? 'light' : 'subtle'}
      aria-current={active ? 'page' : undefined}
      px="sm"
      h={44}
      justify={vertical ? 'flex-start' : undefined}
      fullWidth={vertical}
    >
      {label}
    </Button>
  );
}

interface MainNavProps {
  /** A column of full-width links (the phone's menu) instead of a row (the header). */
  vertical?: boolean;
  /** Mantine's breakpoint from which the row shows (the header hides it on a phone). */
  visibleFrom?: 'sm' | 'md';
}

/** The top navigation: the app's sections (the item catalogue too), then the Settings cog (in a column, 'Settings' in words too). */
export function MainNav({ vertical = false, visibleFrom }: MainNavProps) {
  const settingsActive = useActive(paths.settings.root);
  const links = sections.map((section) => <SectionLink key={section.to} vertical={vertical} {...section} />);
  if (vertical) {
    return (
      <Stack component="nav" aria-label="Main" gap={4}>
        {links}
        <Button
          component={Link}
          to={paths.settings.root}
          variant={settingsActive ? 'light' : 'subtle'}
          aria-current={settingsActive ? 'page' : undefined}
          leftSection={<SettingsIcon />}
          justify="flex-start"
          fullWidth
          px="sm"
          h={44}
        >
          Settings
        </Button>
      </Stack>
    );
  }
  return (
    <Group component="nav" aria-label="Main" gap={4} wrap="nowrap" visibleFrom={visibleFrom}>
      {links}
      <ActionIcon
        component={Link}
        to={paths.settings.root}
        aria-label="Settings"
        aria-current={settingsActive ? 'page' : undefined}
        variant={settingsActive ? 'light' : 'subtle'}
        size={44}
      >
        <SettingsIcon />
      </ActionIcon>
    </Group>
  );
}
