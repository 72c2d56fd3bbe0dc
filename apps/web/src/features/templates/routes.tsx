import type { QueryClient } from '@tanstack/react-query';
import type { RouteObject } from 'react-router';
import { paths } from '../../lib/paths';
import { FRESH, startQuery } from '../../lib/route-loaders';
import { requiring } from '../../lib/screen-access';
import { templateQueryOptions } from './api/get-template';

/**
 * The template screens, under Settings, each page's code loaded on demand (the editor is heavy); loaders start
 * each page's query with its code download, as the tax screens do.
 */
export function templateRoutes(queryClient: QueryClient): RouteObject[] {
  return requiring({ capability: 'templates', title: 'Templates' }, [
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
      // Re-evaluated on every visit.
      loader: ({ params: { id = '' } }) => startQuery(queryClient, templateQueryOptions(id), FRESH),
      lazy: async () => ({ Component: (await import('./template-view-page')).TemplateViewPage }),
    },
    {
      path: paths.settings.editTemplate.pattern,
      loader: ({ params: { id = '' } }) => startQuery(queryClient, templateQueryOptions(id)),
      lazy: async () => ({ Component: (await import('./template-editor-pages')).EditTemplatePage }),
    },
  ]);
}
