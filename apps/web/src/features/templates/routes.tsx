import type { RouteObject } from 'react-router';
import { paths } from '../../lib/paths';

/**
 * The template screens, under Settings, each page's code loaded on demand (the editor is heavy). The pages
 * start their own queries: the app composes this as an array, with no query client for loaders.
 */
export const templateRoutes: RouteObject[] = [
  {
    path: paths.settings.templates,
    lazy: async () => ({ Component: (await import('./template-list-page')).TemplateListPage }),
  },
  {
    path: paths.settings.newTemplate,
    lazy: async () => ({ Component: (await import('./template-editor-pages')).NewTemplatePage }),
  },
  {
    path: paths.settings.template.pattern,
    lazy: async () => ({ Component: (await import('./template-view-page')).TemplateViewPage }),
  },
  {
    path: paths.settings.editTemplate.pattern,
    lazy: async () => ({ Component: (await import('./template-editor-pages')).EditTemplatePage }),
  },
];
