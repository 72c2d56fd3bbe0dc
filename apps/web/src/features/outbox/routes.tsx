import type { QueryClient } from '@tanstack/react-query';
import type { RouteObject } from 'react-router';
import { paths } from '../../lib/paths';
import { FRESH, startQuery } from '../../lib/route-loaders';
import { requiring } from '../../lib/screen-access';
import { mailStatusQueryOptions } from './api/get-mail-status';
import { outboxMessageQueryOptions } from './api/get-outbox-message';

/** The outbox (Owners), under Settings: its loaders start the mail status and the message with the code download. */
export function outboxRoutes(queryClient: QueryClient): RouteObject[] {
  return requiring({ capability: 'outbox', title: 'Outbox' }, [
    {
      path: paths.settings.outbox,
      // The list's own query comes from the address (q, p, s): the page starts it.
      loader: () => startQuery(queryClient, mailStatusQueryOptions()),
      lazy: async () => ({ Component: (await import('./outbox-page')).OutboxPage }),
    },
    {
      path: paths.settings.outboxMessage.pattern,
      // Re-evaluated on every visit: its state changes as the mail server answers.
      loader: ({ params: { id = '' } }) => startQuery(queryClient, outboxMessageQueryOptions(id), FRESH),
      lazy: async () => ({ Component: (await import('./outbox-message-page')).OutboxMessagePage }),
    },
  ]);
}
