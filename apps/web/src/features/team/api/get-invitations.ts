import type { Invitation } from '@fieldbook/domain';
import { queryOptions } from '@tanstack/react-query';
import { apiFetchList, type ListPage } from '../../../lib/api-client';
import { type ListParams, listRequestPath } from '../../../lib/list-params';
import { invitationKeys } from './team-keys';

/** GET /invitations?q&p&s (Owners only): the open invitations, pending or expired. */
export function getInvitations(params: ListParams): Promise<ListPage<Invitation>> {
  return apiFetchList<Invitation>(listRequestPath('/invitations', params));
}

/** The route's loader reads it afresh on every visit; every change on the Users page reloads it. */
export function invitationsQueryOptions(params: ListParams) {
  return queryOptions({ queryKey: invitationKeys.list(params), queryFn: () => getInvitations(params) });
}
