import { recordKeys } from '../../../lib/record-keys';

/** Query keys of the organisation's members and of its open invitations. */
export const memberKeys = recordKeys('members');
export const invitationKeys = recordKeys('invitations');

/** The Users page lists everyone on one page: an organisation of field workers is a few dozen people. */
export const TEAM_PAGE = { q: '*', p: 1, s: 200 } as const;
