import type { Member } from '@fieldbook/domain';
import { queryOptions } from '@tanstack/react-query';
import { apiFetchList, type ListPage } from '../../../lib/api-client';
import { type ListParams, listRequestPath } from '../../../lib/list-params';
import { memberKeys } from './team-keys';

/** GET /members?q&p&s (Owners only): the organisation's members and how many there are. */
export function getMembers(params: ListParams): Promise<ListPage<Member>> {
  return apiFetchList<Member>(listRequestPath('/members', params));
}

/** The route's loader reads it afresh on every visit; every change on the Users page reloads it. */
export function membersQueryOptions(params: ListParams) {
  return queryOptions({ queryKey: memberKeys.list(params), queryFn: () => getMembers(params) });
}
