import type { Invitation, Member } from '@fieldbook/domain';
import { Text } from '@mantine/core';
import { useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { ApiErrorAlert } from '../../components/api-error-alert';
import { useNotify } from '../../components/notices';
import type { ListPage } from '../../lib/api-client';
import { countText } from '../../lib/list-count';
import { paths } from '../../lib/paths';
import { useAuth } from '../auth';
import { useRemoveMember } from './api/remove-member';
import { useRevokeInvitation } from './api/revoke-invitation';
import { useResendInvitation } from './api/update-invitation';
import { type Confirmation, ConfirmDialog } from './confirm-dialog';
import { useLeaveOrganisation } from './leave-organisation';
import { useMembership } from './membership-context';
import { type RoleChange, RoleDialog } from './role-dialog';
import { memberName, type TeamRow, teamRows } from './team-rows';
import { type TeamAction, TeamTable } from './team-table';

interface TeamPanelProps {
  members: ListPage<Member>;
  invitations: ListPage<Invitation>;
  mailConfigured: boolean;
}

/** A refused or failed action: what was not done, and the server's reason (or that it could not be reached). */
interface Failure {
  title: string;
  error: unknown;
}

/**
 * The Users table and its actions. Each action reloads the lists and says what it did in a notice, or what
 * failed in an alert above the table; removing and revoking ask first, naming the person. The user removing
 * themselves is warned that they lose the organisation at once, and is then signed in to another one.
 */
export function TeamPanel({ members, invitations, mailConfigured }: TeamPanelProps) {
  const notify = useNotify();
  const navigate = useNavigate();
  const { tenancy } = useAuth();
  const { leave } = useLeaveOrganisation();
  const selfId = useMembership()?.memberId;
  const organisation = tenancy.currentTenant?.tenantName ?? 'this organisation';
  const remove = useRemoveMember();
  const resend = useResendInvitation();
  const revoke = useRevokeInvitation();
  const [confirmation, setConfirmation] = useState<Confirmation | null>(null);
  const [roleChange, setRoleChange] = useState<RoleChange | null>(null);
  const [failure, setFailure] = useState<Failure | null>(null);
  const failureBox = useRef<HTMLDivElement>(null);
  // Where the keyboard goes back to when a dialog closes: the Actions button of the row it was about.
  const returnTo = useRef<HTMLElement | null>(null);
  const dialogOpen = confirmation !== null || roleChange !== null;

  useEffect(() => {
    if (dialogOpen || !returnTo.current) return;
    returnTo.current.focus();
    returnTo.current = null;
  }, [dialogOpen]);

  useEffect(() => {
    if (failure) failureBox.current?.scrollIntoView({ block: 'nearest', behavior: 'smooth' });
  }, [failure]);

  const failed = (title: string) => (error: unknown) => setFailure({ title, error });
  const outboxNote = mailConfigured ? '' : ' Its email waits in the Outbox.';

  const removeMember = (member: Member) => {
    const name = memberName(member);
    const isSelf = member.id === selfId;
    setConfirmation({
      question: isSelf ? `Remove yourself from ${organisation}?` : `Remove ${name} from ${organisation}?`,
      detail: isSelf
        ? `You lose ${organisation} at once: you can no longer open it, and only an Owner can invite you back. What you worked on stays.`
        : `${name} can no longer open ${organisation}. The jobs, invoices and other records they worked on stay.`,
      confirmLabel: isSelf ? 'Remove myself' : 'Remove',
      onConfirm: () =>
        remove.mutate(member, {
          onSuccess: () => {
            notify(isSelf ? `You left ${organisation}.` : `${name} was removed from ${organisation}.`);
            if (isSelf) leave();
          },
          onError: failed(`${name} was not removed: nothing was changed`),
        }),
    });
  };

  const revokeInvitation = (invitation: Invitation) =>
    setConfirmation({
      question: `Revoke the invitation to ${invitation.email}?`,
      detail: 'The link in their email stops working. You can invite them again later.',
      confirmLabel: 'Revoke',
      onConfirm: () =>
        revoke.mutate(invitation, {
          onSuccess: () => notify(`Invitation to ${invitation.email} revoked.`),
          onError: failed(`The invitation to ${invitation.email} was not revoked: nothing was changed`),
        }),
    });

  const resendInvitation = (invitation: Invitation) =>
    resend.mutate(invitation, {
      onSuccess: () =>
        notify(`Invitation sent again to ${invitation.email}. The new link works for 7 days.${outboxNote}`),
      onError: failed(`The invitation to ${invitation.email} was not sent again: nothing was changed`),
    });

  const act = (action: TeamAction, row: TeamRow, from: HTMLElement | null) => {
    setFailure(null);
    returnTo.current = from;
    if (row.kind === 'member') {
      if (action === 'remove') removeMember(row.member);
      else setRoleChange({ kind: 'member', member: row.member, isSelf: row.member.id === selfId });
      return;
    }
    if (action === 'resend') resendInvitation(row.invitation);
    else if (action === 'revoke') revokeInvitation(row.invitation);
    else setRoleChange({ kind: 'invitation', invitation: row.invitation });
  };

  const busyId =
    (remove.isPending ? remove.variables?.id : undefined) ??
    (resend.isPending ? resend.variables?.id : undefined) ??
    (revoke.isPending ? revoke.variables?.id : undefined);
  const unlisted = {
    total: members.total - members.items.length + (invitations.total - invitations.items.length),
    atLeast: members.atLeast || invitations.atLeast,
  };

  return (
    <>
      <div ref={failureBox}>{failure && <ApiErrorAlert error={failure.error} title={failure.title} />}</div>
      <TeamTable
        rows={teamRows(members.items, invitations.items)}
        selfId={selfId}
        busyId={busyId}
        onAction={act}
      />
      {(unlisted.total > 0 || unlisted.atLeast) && (
        <Text size="sm" c="dimmed" mt="sm">
          {`${countText(unlisted)} more not shown: the page lists the first ${members.items.length} members and ${invitations.items.length} invitations.`}
        </Text>
      )}
      <ConfirmDialog confirmation={confirmation} onClose={() => setConfirmation(null)} />
      <RoleDialog
        change={roleChange}
        onClose={() => setRoleChange(null)}
        onOwnRoleSaved={(saved) => {
          // No longer an Owner: this page is not theirs any more.
          if (saved.role !== 'OWNER') void navigate(paths.settings.root);
        }}
      />
    </>
  );
}
