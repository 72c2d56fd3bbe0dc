import { ROLE_NAMES, type Role } from '@fieldbook/domain';
import { Button, Menu, Text, VisuallyHidden } from '@mantine/core';
import { type ReactNode, useRef } from 'react';
import { displayDateTime } from '../../lib/date-display';
import { useTimeZone } from '../../lib/time-zone';
import { memberName, rowStatus, type TeamRow } from './team-rows';
import './team-table.css';

/** What can be done to a row: a member's role or removal; an invitation's resend, role or revoke. */
export type TeamAction = 'role' | 'remove' | 'resend' | 'revoke';

const ACTIONS: Record<TeamRow['kind'], readonly { action: TeamAction; label: string; red?: boolean }[]> = {
  member: [
    { action: 'role', label: 'Change role' },
    { action: 'remove', label: 'Remove', red: true },
  ],
  invitation: [
    { action: 'resend', label: 'Resend' },
    { action: 'role', label: 'Change role' },
    { action: 'revoke', label: 'Revoke', red: true },
  ],
};

interface TeamTableProps {
  rows: readonly TeamRow[];
  /** The user's own member id: their row says so. */
  selfId: string | undefined;
  /** The row whose action is running (its Actions button spins). */
  busyId: string | undefined;
  /** `from` is the row's Actions button, where the keyboard goes back when a dialog closes. */
  onAction: (action: TeamAction, row: TeamRow, from: HTMLElement | null) => void;
}

const rowId = (row: TeamRow) => (row.kind === 'member' ? row.member.id : row.invitation.id);

/**
 * The members and the open invitations in one table: name, email, role, status, last sign-in or expiry, and each
 * row's actions in a menu. On a phone each row is a card of labelled lines (`team-table.css`).
 */
export function TeamTable({ rows, selfId, busyId, onAction }: TeamTableProps) {
  const timeZone = useTimeZone();
  return (
    <table className="team-table" aria-label="Users">
      <thead>
        <tr>
          <th>Name</th>
          <th>Email</th>
          <th>Role</th>
          <th>Status</th>
          <th>Last sign-in</th>
          <th>Invitation expires</th>
          <th>
            <VisuallyHidden>Actions</VisuallyHidden>
          </th>
        </tr>
      </thead>
      <tbody>
        {rows.map((row) => {
          const id = rowId(row);
          const who = row.kind === 'member' ? memberName(row.member) : row.invitation.email;
          const { role, technician } = row.kind === 'member' ? row.member : row.invitation;
          return (
            <tr key={id}>
              <Cell label="Name" empty={row.kind === 'invitation'}>
                {row.kind === 'member' && (
                  <>
                    {row.member.name ?? '—'}
                    {row.member.id === selfId && (
                      <Text span c="dimmed">
                        {' (you)'}
                      </Text>
                    )}
                  </>
                )}
              </Cell>
              <Cell label="Email">{row.kind === 'member' ? row.member.email : row.invitation.email}</Cell>
              <Cell label="Role">
                <RoleText role={role} technician={technician} />
              </Cell>
              <Cell label="Status">{rowStatus(row)}</Cell>
              <Cell label="Last sign-in" empty={row.kind === 'invitation'}>
                {row.kind === 'member' && (displayDateTime(row.member.lastSignIn, timeZone) || 'Never')}
              </Cell>
              <Cell label="Invitation expires" empty={row.kind === 'member'}>
                {row.kind === 'invitation' && displayDateTime(row.invitation.expires, timeZone)}
              </Cell>
              <td className="team-table-actions">
                <RowActions row={row} who={who} busy={busyId === id} onAction={onAction} />
              </td>
            </tr>
          );
        })}
      </tbody>
    </table>
  );
}

/** A cell with its column's name, which a phone shows before it; a cell empty for its row shows a dash. */
function Cell({ label, empty = false, children }: { label: string; empty?: boolean; children: ReactNode }) {
  return (
    <td data-label={label} data-empty={empty || undefined}>
      <div>{empty ? '—' : children}</div>
    </td>
  );
}

function RoleText({ role, technician }: { role: Role; technician: { name: string } | null }) {
  return (
    <>
      {ROLE_NAMES[role]}
      {role === 'TECHNICIAN' && (
        <Text size="xs" c="dimmed">
          {technician ? `Works as ${technician.name}` : 'No technician linked'}
        </Text>
      )}
    </>
  );
}

interface RowActionsProps {
  row: TeamRow;
  /** The member's name or the invitation's address, naming the button for a screen reader. */
  who: string;
  busy: boolean;
  onAction: TeamTableProps['onAction'];
}

/** A row's Actions menu; a choice hands over the menu's button, since the item itself is gone with the menu. */
function RowActions({ row, who, busy, onAction }: RowActionsProps) {
  const target = useRef<HTMLButtonElement>(null);
  return (
    <Menu position="bottom-end" withinPortal>
      <Menu.Target>
        <Button
          ref={target}
          variant="default"
          size="xs"
          loading={busy}
          aria-label={`Actions for ${who}`}
          rightSection={<span aria-hidden="true">▾</span>}
        >
          Actions
        </Button>
      </Menu.Target>
      <Menu.Dropdown>
        {ACTIONS[row.kind].map(({ action, label, red }) => (
          <Menu.Item
            key={action}
            // Not `color`: its hover background leaves the text under 4.5:1 (as in RecordActions).
            c={red ? 'red.9' : undefined}
            onClick={() => onAction(action, row, target.current)}
          >
            {label}
          </Menu.Item>
        ))}
      </Menu.Dropdown>
    </Menu>
  );
}
