import type { QueryClient } from '@tanstack/react-query';
import type { RouteObject } from 'react-router';
import { redirectRoute } from '../../components/redirect-route';
import { paths } from '../../lib/paths';
import { FRESH, startQuery } from '../../lib/route-loaders';
import { requiring } from '../../lib/screen-access';
import { quoteQueryOptions } from './api/get-quote';
import { quoteEmailsQueryOptions } from './api/quote-emails';

/** The quote screens; loaders start each page's query with its code download (see customers/routes.tsx). */
export function quoteRoutes(queryClient: QueryClient): RouteObject[] {
  // The old address sends every role on: the list's screen is the one that needs the role.
  return [
    redirectRoute(paths.sales.quotes, paths.sales.quotesSearch),
    ...requiring({ capability: 'quotes', title: 'Quotes' }, [
      {
        path: paths.sales.quotesSearch,
        lazy: async () => ({ Component: (await import('./quote-search-page')).QuoteSearchPage }),
      },
      {
        path: paths.sales.newQuote,
        lazy: async () => ({ Component: (await import('./quote-editor-pages')).NewQuotePage }),
      },
      {
        path: paths.sales.quote.pattern,
        // Re-evaluated on every visit: the quote and its emails.
        loader: ({ params: { id = '' } }) => {
          startQuery(queryClient, quoteEmailsQueryOptions(id), FRESH);
          return startQuery(queryClient, quoteQueryOptions(id), FRESH);
        },
        lazy: async () => ({ Component: (await import('./quote-view-page')).QuoteViewPage }),
      },
      {
        path: paths.sales.editQuote.pattern,
        loader: ({ params: { id = '' } }) => startQuery(queryClient, quoteQueryOptions(id)),
        lazy: async () => ({ Component: (await import('./quote-editor-pages')).EditQuotePage }),
      },
    ]),
  ];
}
