import type { Invitation, Member } from '@fieldbook/domain';

/** A row of the Users page: a member, or an open invitation. */
export type TeamRow = { kind: 'member'; member: Member } | { kind: 'invitation'; invitation: Invitation };

/** How the screens name a member: their name, else their email address. */
export const memberName = (member: Member): string => member.name ?? member.email ?? 'A member';

/** Members first, then the open invitations, each in the order the server lists them. */
export function teamRows(members: readonly Member[], invitations: readonly Invitation[]): TeamRow[] {
  return [
    ...members.map((member) => ({ kind: 'member' as const, member })),
    ...invitations.map((invitation) => ({ kind: 'invitation' as const, invitation })),
  ];
}

/** 'Active', 'Invited' or 'Invitation expired'. */
export function rowStatus(row: TeamRow): string {
  if (row.kind === 'member') return 'Active';
  return row.invitation.status === 'EXPIRED' ? 'Invitation expired' : 'Invited';
}
