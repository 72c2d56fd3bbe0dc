import { type Invitation, type Member, ROLE_NAMES, type Role } from '@fieldbook/domain';
import { Modal, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { type SaveMutation, useRecordEditor } from '../../components/form/use-record-editor';
import { useUpdateInvitation } from './api/update-invitation';
import { useUpdateMember } from './api/update-member';
import { DialogForm } from './dialog-form';
import { RoleFields, type RoleValues, roleFields, roleLabels } from './role-fields';
import { memberName } from './team-rows';

/** Whose role is changed: a member (perhaps the user), or the person an open invitation is for. */
export type RoleChange =
  | { kind: 'member'; member: Member; isSelf: boolean }
  | { kind: 'invitation'; invitation: Invitation };

interface RoleDialogProps {
  /** None: the dialog is closed. */
  change: RoleChange | null;
  onClose: () => void;
  /** After a save of the user's own role, which changes what the screens offer them. */
  onOwnRoleSaved: (saved: Member) => void;
}

const title = (change: RoleChange) =>
  change.kind === 'member'
    ? `Change the role of ${memberName(change.member)}`
    : `Change the role of the invitation to ${change.invitation.email}`;

/** 'Change role' of a member or an invitation: the role and, for a Technician, their technician. */
export function RoleDialog({ change, onClose, onOwnRoleSaved }: RoleDialogProps) {
  return (
    <Modal
      opened={change !== null}
      onClose={onClose}
      title={change ? title(change) : ''}
      centered
      returnFocus={false}
    >
      {/* A new form for each person, so nothing chosen for one is left for the next. */}
      {change?.kind === 'member' && (
        <MemberRoleForm
          key={change.member.id}
          member={change.member}
          isSelf={change.isSelf}
          onClose={onClose}
          onOwnRoleSaved={onOwnRoleSaved}
        />
      )}
      {change?.kind === 'invitation' && (
        <InvitationRoleForm key={change.invitation.id} invitation={change.invitation} onClose={onClose} />
      )}
    </Modal>
  );
}

interface MemberRoleFormProps {
  member: Member;
  isSelf: boolean;
  onClose: () => void;
  onOwnRoleSaved: (saved: Member) => void;
}

function MemberRoleForm({ member, isSelf, onClose, onOwnRoleSaved }: MemberRoleFormProps) {
  return (
    <RoleForm
      read={member}
      save={useUpdateMember(member, isSelf)}
      savedNotice={`Role of ${memberName(member)} saved.`}
      onSaved={(saved) => {
        onClose();
        if (isSelf) onOwnRoleSaved(saved);
      }}
      onCancel={onClose}
    >
      {isSelf && member.role === 'OWNER' && (
        <Text size="sm">
          This is you. In any other role you can no longer manage users or the organisation's settings.
        </Text>
      )}
    </RoleForm>
  );
}

function InvitationRoleForm({ invitation, onClose }: { invitation: Invitation; onClose: () => void }) {
  return (
    <RoleForm
      read={invitation}
      save={useUpdateInvitation(invitation)}
      savedNotice={`Invitation to ${invitation.email} saved.`}
      onSaved={onClose}
      onCancel={onClose}
    />
  );
}

interface RoleFormProps<Saved> {
  /** The member or invitation as the list showed it. */
  read: { role: Role; technician: { id: string; name: string } | null };
  save: SaveMutation<RoleValues, Saved>;
  savedNotice: string;
  onSaved: (saved: Saved) => void;
  onCancel: () => void;
  children?: ReactNode;
}

type RoleFormValues = RoleValues & Record<string, unknown>;

function RoleForm<Saved>({ read, save, savedNotice, onSaved, onCancel, children }: RoleFormProps<Saved>) {
  const initialValues: RoleFormValues = {
    role: read.role,
    technician: read.technician && { id: read.technician.id },
  };
  const { form, editor } = useRecordEditor({
    schema: roleFields,
    initialValues,
    labels: roleLabels,
    save,
    savedNotice,
    onSaved,
  });
  return (
    <DialogForm
      editor={editor}
      submitLabel="Save"
      failureTitle="Not saved: nothing was changed"
      onCancel={onCancel}
    >
      {children}
      <Text size="sm" c="dimmed">{`Now: ${ROLE_NAMES[read.role]}`}</Text>
      <RoleFields
        values={form.getValues()}
        linked={read.technician}
        onChange={(next) => form.setValues(next)}
        errors={{
          role: form.getInputProps('role').error,
          technician: form.getInputProps('technician').error ?? form.getInputProps('technician.id').error,
        }}
      />
    </DialogForm>
  );
}
