import { ActionIcon, Button, Group } from '@mantine/core';
import { Link, useMatch } from 'react-router';
import { paths } from '../lib/paths';
import { SettingsIcon } from './settings-icon';

const sections = [
  { label: 'Scheduler', to: paths.scheduler },
  { label: 'Jobs', to: paths.jobs.root },
  { label: 'Invoices', to: paths.sales.invoices },
  { label: 'Customers', to: paths.customers.root },
] as const;

function SectionLink({ label, to }: { label: string; to: string }) {
  const active = useMatch({ path: to, end: false }) !== null;
  return (
    <Button
      component={Link}
      to={to}
      variant={active ? 'light' : 'subtle'}
      aria-current={active ? 'page' : undefined}
      px="sm"
    >
      {label}
    </Button>
  );
}

/** The top navigation: the app's sections, then the Settings cog. */
export function MainNav() {
  const settingsActive = useMatch({ path: paths.settings.root, end: false }) !== null;
  return (
    <Group component="nav" aria-label="Main" gap={4} wrap="nowrap">
      {sections.map((section) => (
        <SectionLink key={section.to} {...section} />
      ))}
      <ActionIcon
        component={Link}
        to={paths.settings.root}
        aria-label="Settings"
        aria-current={settingsActive ? 'page' : undefined}
        variant={settingsActive ? 'light' : 'subtle'}
        size="lg"
      >
        <SettingsIcon />
      </ActionIcon>
    </Group>
  );
}
