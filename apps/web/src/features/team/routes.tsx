import type { QueryClient } from '@tanstack/react-query';
import type { RouteObject } from 'react-router';
import { paths } from '../../lib/paths';
import { FRESH, startQuery } from '../../lib/route-loaders';
import { requiring } from '../../lib/screen-access';
import { mailStatusQueryOptions } from '../outbox';
import { invitationsQueryOptions } from './api/get-invitations';
import { membersQueryOptions } from './api/get-members';
import { invitationPreviewQueryOptions } from './api/invitation-links';
import { TEAM_PAGE } from './api/team-keys';

/** settings/users, in the signed-in shell; its loader starts both lists and the mail status (every visit). */
export function teamRoutes(queryClient: QueryClient): RouteObject[] {
  return requiring({ capability: 'users', title: 'Users' }, [
    {
      path: paths.settings.users,
      loader: () => {
        startQuery(queryClient, membersQueryOptions(TEAM_PAGE), FRESH);
        startQuery(queryClient, invitationsQueryOptions(TEAM_PAGE), FRESH);
        return startQuery(queryClient, mailStatusQueryOptions());
      },
      lazy: async () => ({ Component: (await import('./users-page')).UsersPage }),
    },
  ]);
}

/**
 * The invitation page: for anyone signed in, with or without an organisation (a new sign-up opens it before they
 * belong to one), so it sits outside the shell, which asks for an organisation first.
 */
export function invitationRoutes(queryClient: QueryClient): RouteObject[] {
  return [
    {
      path: paths.join.pattern,
      loader: ({ params: { token = '' } }) =>
        startQuery(queryClient, invitationPreviewQueryOptions(token), FRESH),
      lazy: async () => ({ Component: (await import('./join-page')).JoinPage }),
    },
  ];
}
