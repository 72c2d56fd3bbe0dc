import type { Role } from '@fieldbook/domain';
import { Link, useMatch } from 'react-router';
import { paths } from '../lib/paths';
import { type Capability, roleMay } from '../lib/role-access';
import { PlainButton } from './plain-button';
import { SettingsIcon } from './settings-icon';
import './main-nav.css';

const sections: readonly { label: string; to: string; capability: Capability }[] = [
  { label: 'Today', to: paths.today, capability: 'today' },
  { label: 'Scheduler', to: paths.scheduler, capability: 'scheduler' },
  { label: 'Jobs', to: paths.jobs.root, capability: 'jobs' },
  { label: 'Invoices', to: paths.sales.invoices, capability: 'invoices' },
  { label: 'Quotes', to: paths.sales.quotes, capability: 'quotes' },
  { label: 'Customers', to: paths.customers.root, capability: 'customers' },
  { label: 'Items', to: paths.items.root, capability: 'items' },
];

function useActive(to: string): boolean {
  return useMatch({ path: to, end: false }) !== null;
}

function SectionLink({ label, to, vertical }: { label: string; to: string; vertical: boolean }) {
  const active = useActive(to);
  return (
    <PlainButton
      component={Link}
      to={to}
      className="main-nav-link"
      variant={active ? 'light' : 'subtle'}
      aria-current={active ? 'page' : undefined}
      fullWidth={vertical}
    >
      {label}
    </PlainButton>
  );
}

interface MainNavProps {
  /** The user's role: only the sections it may use (while it loads, those every role may use). */
  userRole: Role | undefined;
  /** A column of full-width links (the phone's menu) instead of a row (the header). */
  vertical?: boolean;
  /** Mantine's breakpoint from which the row shows (the header hides it on a phone). */
  visibleFrom?: 'sm' | 'md';
}

/**
 * The top navigation: the sections the user's role may use (the item catalogue too), then the Settings cog (in a
 * column, 'Settings' in words too). A Technician has Today and Jobs only, and no Settings.
 */
export function MainNav({ userRole: role, vertical = false, visibleFrom }: MainNavProps) {
  const settingsActive = useActive(paths.settings.root);
  const withSettings = roleMay(role, 'settings');
  // Today is a Technician's section; the office opens a technician's day from the scheduler.
  const technician = role !== undefined && !roleMay(role, 'scheduler');
  const links = sections
    .filter((section) => roleMay(role, section.capability) && (section.to !== paths.today || technician))
    .map(({ label, to }) => <SectionLink key={to} vertical={vertical} label={label} to={to} />);
  if (vertical) {
    return (
      <nav aria-label="Main" className="main-nav" data-vertical>
        {links}
        {withSettings && (
          <PlainButton
            component={Link}
            to={paths.settings.root}
            className="main-nav-link"
            variant={settingsActive ? 'light' : 'subtle'}
            aria-current={settingsActive ? 'page' : undefined}
            leftSection={<SettingsIcon />}
            fullWidth
          >
            Settings
          </PlainButton>
        )}
      </nav>
    );
  }
  return (
    <nav
      aria-label="Main"
      className={visibleFrom ? `main-nav mantine-visible-from-${visibleFrom}` : 'main-nav'}
    >
      {links}
      {withSettings && (
        <PlainButton
          component={Link}
          to={paths.settings.root}
          className="main-nav-link main-nav-icon"
          aria-label="Settings"
          aria-current={settingsActive ? 'page' : undefined}
          variant={settingsActive ? 'light' : 'subtle'}
        >
          <SettingsIcon />
        </PlainButton>
      )}
    </nav>
  );
}
