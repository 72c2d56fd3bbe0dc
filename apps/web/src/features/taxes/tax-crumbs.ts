import type { Crumb } from '../../components/breadcrumbs';
import { paths } from '../../lib/paths';

/** The tax list's crumb, for the pages under it. */
export const TAXES: Required<Crumb> = { label: 'Taxes', to: paths.settings.taxes };

/** Home › Settings, then the page's own crumbs: the taxes live under Settings. */
export const taxCrumbs = (...crumbs: Crumb[]): Crumb[] => [
  { label: 'Home', to: paths.home },
  { label: 'Settings', to: paths.settings.root },
  ...crumbs,
];

/** A rate as every tax screen shows it: '10%', '12.5%'. */
export const ratePercent = (rate: string): string => `${rate}%`;
