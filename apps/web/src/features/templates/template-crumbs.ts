import type { Crumb } from '../../components/breadcrumbs';
import { paths } from '../../lib/paths';

/** The template list's crumb, for the pages under it. */
export const TEMPLATES: Required<Crumb> = { label: 'Templates', to: paths.settings.templates };

/** Home › Settings, then the page's own crumbs: the templates live under Settings. */
export const templateCrumbs = (...crumbs: Crumb[]): Crumb[] => [
  { label: 'Home', to: paths.home },
  { label: 'Settings', to: paths.settings.root },
  ...crumbs,
];
