import { type DocumentEmailFields, documentEmailFields, type InvoiceEmailDraft } from '@fieldbook/domain';
import { Button, Group, Modal, Stack, Text, Textarea, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useMediaQuery } from '@mantine/hooks';
import { type QueryKey, type UseMutationResult, type UseQueryOptions, useQuery } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { ApiErrorAlert } from '../../components/api-error-alert';
import { useFormFailures } from '../../components/form/use-form-failures';
import { zodResolver } from '../../components/form/zod-resolver';
import { LoadErrorAlert } from '../../components/load-error-alert';
import { SectionLoader } from '../../components/section-loader';
import { mailStatusQueryOptions } from './api/get-mail-status';

const labels = { to: 'To', subject: 'Subject', message: 'Message' } as const satisfies Record<
  keyof DocumentEmailFields,
  string
>;

type EmailValues = Record<keyof DocumentEmailFields, string>;

/**
 * The send, made by the caller: its Idempotency-Key outlives a Cancel, so the same text sent again after a lost
 * answer is still one email.
 */
export type EmailSending = UseMutationResult<{ to: string }, Error, DocumentEmailFields>;

/** What a document's email dialog says and does. */
export interface EmailDocument<Key extends QueryKey = QueryKey> {
  /** 'Email statement'. */
  title: string;
  /** The draft it starts from, loaded afresh as it opens (and forgotten when it closes). */
  draft: UseQueryOptions<InvoiceEmailDraft, Error, InvoiceEmailDraft, Key>;
  sending: EmailSending;
  /** 'The statement PDF will be attached: statement-1017-2026-11-30.pdf'. */
  attachment: string;
  /** The notice after a send; `waiting`: no mail server is set up, so the email waits in the Outbox. */
  sentNotice: (to: string, waiting: boolean) => string;
}

interface EmailDialogProps<Key extends QueryKey> {
  email: EmailDocument<Key>;
  opened: boolean;
  onClose: () => void;
}

/**
 * A document's email: to whom, the subject and the message, started from a draft loaded as the dialog opens, sent
 * with the document's PDF attached. A failed send keeps the dialog and what was typed.
 */
export function EmailDialog<Key extends QueryKey>({ email, opened, onClose }: EmailDialogProps<Key>) {
  const { sending } = email;
  const phone = useMediaQuery('(max-width: 36em)');
  // Cancel, Escape and the close button wait while a send is under way: its answer decides what to show.
  const cancel = () => {
    if (sending.isPending) return;
    sending.reset();
    onClose();
  };
  return (
    <Modal
      opened={opened}
      onClose={cancel}
      title={email.title}
      size="lg"
      fullScreen={phone}
      // A stray click beside the dialog must not throw away a typed message; Escape and Cancel close it.
      closeOnClickOutside={false}
    >
      {/* A new form each time it opens, from a freshly loaded draft. */}
      {opened && <EmailContent email={email} onCancel={cancel} onSent={onClose} />}
    </Modal>
  );
}

interface ContentProps<Key extends QueryKey> {
  email: EmailDocument<Key>;
  onCancel: () => void;
  /** After the notice: the dialog closes. */
  onSent: () => void;
}

function EmailContent<Key extends QueryKey>(props: ContentProps<Key>) {
  const draft = useQuery(props.email.draft);
  if (draft.isSuccess) return <EmailForm {...props} draft={draft.data} />;
  if (draft.isPending) return <SectionLoader />;
  return (
    <Stack gap="sm">
      <Text>The email could not be prepared, so nothing was sent.</Text>
      <LoadErrorAlert error={draft.error} onRetry={draft.refetch} />
      <Group justify="flex-end">
        <Button variant="default" onClick={props.onCancel}>
          Cancel
        </Button>
      </Group>
    </Stack>
  );
}

function EmailForm<Key extends QueryKey>({
  email,
  draft,
  onCancel,
  onSent,
}: ContentProps<Key> & { draft: InvoiceEmailDraft }) {
  const { sending } = email;
  // Without a mail server the email is stored, not sent: the notice says so rather than 'emailed'.
  const mail = useQuery(mailStatusQueryOptions());
  const toRef = useRef<HTMLInputElement>(null);
  const form = useForm<EmailValues, DocumentEmailFields>({
    initialValues: { to: draft.to ?? '', subject: draft.subject, message: draft.message },
    validate: zodResolver(documentEmailFields),
    transformValues: (values) => documentEmailFields.parse(values),
  });

  // The draft arrives after the dialog has opened: the keyboard moves from its close button to the address.
  useEffect(() => {
    toRef.current?.focus();
  }, []);

  // Known by its title ('Email invoice 12'): each document's email is its own form.
  const { formRef, listed, trying, confirm, refused, invalid } = useFormFailures(
    labels,
    form.setErrors,
    email.title,
  );

  const onSubmit = form.onSubmit(
    (fields) => {
      trying();
      sending.mutate(fields, {
        onSuccess: (sent) => {
          confirm(email.sentNotice(sent.to, mail.data?.configured === false));
          onSent();
        },
        onError: refused,
      });
    },
    () => {
      sending.reset();
      invalid();
    },
  );

  return (
    <form ref={formRef} onSubmit={onSubmit} noValidate>
      <Stack gap="sm">
        <ApiErrorAlert
          error={sending.error}
          items={listed}
          title="Not sent: what you typed is still here"
          noAnswerTitle="No answer: it may or may not have been sent. What you typed is still here."
          onRetry={() => formRef.current?.requestSubmit()}
          retrying={sending.isPending}
        />
        <TextInput
          ref={toRef}
          label={labels.to}
          type="email"
          required
          autoComplete="off"
          data-autofocus
          {...form.getInputProps('to')}
        />
        <TextInput label={labels.subject} required autoComplete="off" {...form.getInputProps('subject')} />
        <Textarea
          label={labels.message}
          required
          autosize
          minRows={8}
          maxRows={16}
          {...form.getInputProps('message')}
        />
        <Text size="sm">{email.attachment}</Text>
        <Group justify="flex-end" mt="xs">
          <Button variant="default" onClick={onCancel} disabled={sending.isPending}>
            Cancel
          </Button>
          <Button type="submit" loading={sending.isPending}>
            Send
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
