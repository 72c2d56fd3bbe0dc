import type { RouteObject } from 'react-router';
import { paths } from '../../lib/paths';

export const templateRoutes: RouteObject[] = [
  {
    path: paths.settings.templates,
    lazy: async () => ({ Component: (await import('./template-list-page')).TemplateListPage }),
  },
];
