import { invitationFields } from '@fieldbook/domain';
import { Modal, TextInput } from '@mantine/core';
import { useRecordEditor } from '../../components/form/use-record-editor';
import { useCreateInvitation } from './api/create-invitation';
import { DialogForm } from './dialog-form';
import { RoleFields, type RoleValues, roleLabels } from './role-fields';

const labels = { email: 'Email', ...roleLabels } as const;

interface InviteValues extends RoleValues, Record<string, unknown> {
  email: string;
}

/** A Technician unless chosen otherwise: the role that may do least. */
const blank: InviteValues = { email: '', role: 'TECHNICIAN', technician: null };

interface InviteDialogProps {
  opened: boolean;
  /** Whether the server sends mail: without a mail server the invitation's email waits in the outbox. */
  mailConfigured: boolean;
  onClose: () => void;
}

/** 'Invite user': an email address and a role; the person gets a link to join, valid for 7 days. */
export function InviteDialog({ opened, mailConfigured, onClose }: InviteDialogProps) {
  return (
    <Modal opened={opened} onClose={onClose} title="Invite user" centered>
      {/* A new form each time, so nothing typed for one person is left for the next. */}
      {opened && <InviteForm mailConfigured={mailConfigured} onClose={onClose} />}
    </Modal>
  );
}

function InviteForm({ mailConfigured, onClose }: Omit<InviteDialogProps, 'opened'>) {
  const { form, editor } = useRecordEditor({
    schema: invitationFields,
    initialValues: blank,
    labels,
    save: useCreateInvitation(),
    savedNotice: mailConfigured
      ? 'Invitation sent.'
      : 'Invitation saved. No mail server is set up, so its email waits in the Outbox.',
    onSaved: onClose,
  });
  const values = form.getValues();
  return (
    <DialogForm
      editor={editor}
      submitLabel="Send invitation"
      failureTitle="Not sent: nothing was changed"
      onCancel={onClose}
    >
      <TextInput
        label={labels.email}
        description="They get a link to join, which works for 7 days."
        type="email"
        required
        autoComplete="off"
        data-autofocus
        {...form.getInputProps('email')}
      />
      <RoleFields
        values={values}
        onChange={(next) => form.setValues(next)}
        errors={{
          role: form.getInputProps('role').error,
          technician: form.getInputProps('technician').error ?? form.getInputProps('technician.id').error,
        }}
      />
    </DialogForm>
  );
}
