import type { Crumb } from '../../components/breadcrumbs';
import { paths } from '../../lib/paths';

/** The technician list's crumb, for the pages under it. */
export const TECHNICIANS: Required<Crumb> = { label: 'Technicians', to: paths.settings.technicians };

/** Home › Settings, then the page's own crumbs: technicians live under Settings. */
export const technicianCrumbs = (...crumbs: Crumb[]): Crumb[] => [
  { label: 'Home', to: paths.home },
  { label: 'Settings', to: paths.settings.root },
  ...crumbs,
];

/** Whether the technician takes new jobs, as every technician screen says it. */
export const technicianStatus = (retired: boolean): string => (retired ? 'Retired' : 'Active');
