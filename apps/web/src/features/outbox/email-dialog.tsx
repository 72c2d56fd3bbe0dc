import { type DocumentEmailFields, documentEmailFields, type InvoiceEmailDraft } from '@fieldbook/domain';
import { Button, Group, Modal, Stack, Text, Textarea, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useMediaQuery } from '@mantine/hooks';
import { type QueryKey, type UseMutationResult, type UseQueryOptions, useQuery } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { ApiErrorAlert } from '../../components/api-error-alert';
import { placeFieldErrors } from '../../components/form/field-errors';
import { zodResolver } from '../../components/form/zod-resolver';
import { LoadErrorAlert } from '../../components/load-error-alert';
import { useNotify } from '../../components/notices';
import { SectionLoader } from '../../components/section-loader';
import { ApiRequestError } from '../../lib/api-client';
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
  const notify = useNotify();
  // Without a mail server the email is stored, not sent: the notice says so rather than 'emailed'.
  const mail = useQuery(mailStatusQueryOptions());
  const formRef = useRef<HTMLFormElement>(null);
  const toRef = useRef<HTMLInputElement>(null);
  const [listed, setListed] = useState<readonly string[]>([]);
  // Counts failed tries, each of which moves the keyboard.
  const [failures, setFailures] = useState(0);
  const form = useForm<EmailValues, DocumentEmailFields>({
    initialValues: { to: draft.to ?? '', subject: draft.subject, message: draft.message },
    validate: zodResolver(documentEmailFields),
    transformValues: (values) => documentEmailFields.parse(values),
  });

  // The draft arrives after the dialog has opened: the keyboard moves from its close button to the address.
  useEffect(() => {
    toRef.current?.focus();
  }, []);

  // After a failed try the keyboard goes to the first field to put right, or back to Send (which was busy).
  useEffect(() => {
    if (failures === 0) return;
    const node = formRef.current;
    (
      node?.querySelector<HTMLElement>('[aria-invalid="true"]') ??
      node?.querySelector('button[type="submit"]')
    )?.focus();
  }, [failures]);

  const onSubmit = form.onSubmit(
    (fields) => {
      setListed([]);
      sending.mutate(fields, {
        onSuccess: (sent) => {
          notify(email.sentNotice(sent.to, mail.data?.configured === false));
          onSent();
        },
        onError: (error) => {
          const placed = placeFieldErrors(
            error instanceof ApiRequestError ? error.fieldErrors : [],
            (path) => Object.hasOwn(labels, path),
            labels,
          );
          form.setErrors(placed.onFields);
          setListed(placed.listed);
          setFailures((count) => count + 1);
        },
      });
    },
    () => {
      sending.reset();
      setListed([]);
      setFailures((count) => count + 1);
    },
  );

  return (
    <form ref={formRef} onSubmit={onSubmit} noValidate>
      <Stack gap="sm">
        <ApiErrorAlert
          error={sending.error}
          items={listed}
          title="Not sent: what you typed is still here"
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
