import {
  type Invoice,
  type InvoiceEmailDraft,
  type InvoiceEmailFields,
  type InvoiceEmailKind,
  invoiceEmailFields,
} from '@fieldbook/domain';
import { Button, Group, Modal, Stack, Text, Textarea, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useMediaQuery } from '@mantine/hooks';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { ApiErrorAlert } from '../../components/api-error-alert';
import { placeFieldErrors } from '../../components/form/field-errors';
import { zodResolver } from '../../components/form/zod-resolver';
import { LoadErrorAlert } from '../../components/load-error-alert';
import { useNotify } from '../../components/notices';
import { SectionLoader } from '../../components/section-loader';
import { ApiRequestError } from '../../lib/api-client';
import { mailStatusQueryOptions } from '../outbox';
import { useEmailInvoice } from './api/email-invoice';
import { invoiceEmailDraftQueryOptions } from './api/get-invoice-email-draft';
import { invoicePdfFileName } from './api/get-invoice-pdf';

type TypedField = Exclude<keyof InvoiceEmailFields, 'kind'>;

const labels = { to: 'To', subject: 'Subject', message: 'Message' } as const satisfies Record<
  TypedField,
  string
>;

type InvoiceEmailValues = Record<TypedField, string> & { kind: InvoiceEmailKind };

type Sending = ReturnType<typeof useEmailInvoice>;

interface EmailInvoiceDialogProps {
  invoice: Pick<Invoice, 'id' | 'number'>;
  /** INVOICE (the default): the invoice email; REMINDER: a payment reminder of an overdue invoice. */
  kind?: InvoiceEmailKind;
  opened: boolean;
  onClose: () => void;
}

/** The dialog's title, and the notice after a send, for each kind of email. */
const wording = {
  INVOICE: {
    title: (number: number) => `Email invoice ${number}`,
    what: (number: number) => `Invoice ${number}`,
  },
  REMINDER: {
    title: (number: number) => `Send a payment reminder for invoice ${number}`,
    what: (number: number) => `The reminder for invoice ${number}`,
  },
} as const;

/**
 * 'Email invoice 12': to whom, the subject and the message, started from the organisation's defaults (loaded as
 * the dialog opens), sent with the invoice's PDF attached. A failed send keeps the dialog and what was typed. As
 * a reminder (`kind` REMINDER), it starts from the organisation's reminder texts.
 */
export function EmailInvoiceDialog({ invoice, kind = 'INVOICE', opened, onClose }: EmailInvoiceDialogProps) {
  // Here, not in the form: the submission's Idempotency-Key outlives a Cancel, so the same text sent again after
  // a lost answer is still one email.
  const sending = useEmailInvoice(invoice.id);
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
      title={wording[kind].title(invoice.number)}
      size="lg"
      fullScreen={phone}
      // A stray click beside the dialog must not throw away a typed message; Escape and Cancel close it.
      closeOnClickOutside={false}
    >
      {/* A new form each time it opens, from a freshly loaded draft. */}
      {opened && (
        <EmailInvoiceContent
          invoice={invoice}
          kind={kind}
          sending={sending}
          onCancel={cancel}
          onSent={onClose}
        />
      )}
    </Modal>
  );
}

interface ContentProps {
  invoice: Pick<Invoice, 'id' | 'number'>;
  kind: InvoiceEmailKind;
  sending: Sending;
  onCancel: () => void;
  /** After the notice: the dialog closes. */
  onSent: () => void;
}

function EmailInvoiceContent(props: ContentProps) {
  const draft = useQuery(invoiceEmailDraftQueryOptions(props.invoice.id, props.kind));
  if (draft.isSuccess) return <EmailInvoiceForm {...props} draft={draft.data} />;
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

function EmailInvoiceForm({
  invoice,
  kind,
  draft,
  sending,
  onCancel,
  onSent,
}: ContentProps & { draft: InvoiceEmailDraft }) {
  const notify = useNotify();
  // Without a mail server the email is stored, not sent: the notice says so rather than 'emailed'.
  const mail = useQuery(mailStatusQueryOptions());
  const formRef = useRef<HTMLFormElement>(null);
  const toRef = useRef<HTMLInputElement>(null);
  const [listed, setListed] = useState<readonly string[]>([]);
  // Counts failed tries, each of which moves the keyboard.
  const [failures, setFailures] = useState(0);
  const form = useForm<InvoiceEmailValues, InvoiceEmailFields>({
    initialValues: { kind, to: draft.to ?? '', subject: draft.subject, message: draft.message },
    validate: zodResolver(invoiceEmailFields),
    transformValues: (values) => invoiceEmailFields.parse(values),
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
          notify(
            mail.data?.configured === false
              ? `${wording[kind].what(invoice.number)} is ready to go to ${sent.to}. No mail server is set up, so the email waits in the Outbox.`
              : `${wording[kind].what(invoice.number)} emailed to ${sent.to}.`,
          );
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
        <Text size="sm">The invoice PDF will be attached: {invoicePdfFileName(invoice.number)}</Text>
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
