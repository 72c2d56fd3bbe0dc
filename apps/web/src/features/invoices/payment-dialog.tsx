import {
  calendarDateIn,
  type Invoice,
  isPositive,
  PAYMENT_METHOD_NAMES,
  PAYMENT_METHODS,
  type Payment,
  type PaymentFields,
  type PaymentMethod,
  paymentFields,
  paymentMessages,
} from '@fieldbook/domain';
import { Alert, Button, Group, Modal, NativeSelect, Stack, Textarea, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useMediaQuery } from '@mantine/hooks';
import { type QueryClient, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { ApiErrorAlert } from '../../components/api-error-alert';
import {
  type CarriedBecause,
  carriedBecause,
  carriedEditsText,
  carryEditsOver,
} from '../../components/form/stale-save';
import { useFormFailures } from '../../components/form/use-form-failures';
import { zodResolver } from '../../components/form/zod-resolver';
import { displayMoney } from '../../lib/money-display';
import { useTimeZone } from '../../lib/time-zone';
import { invoicePaymentsQueryOptions } from './api/get-invoice-payments';
import { useRecordPayment } from './api/record-payment';
import { useUpdatePayment } from './api/update-payment';

const labels = {
  date: 'Date',
  amount: 'Amount',
  method: 'Method',
  reference: 'Reference',
  note: 'Note',
} as const satisfies Record<keyof PaymentFields, string>;

interface PaymentValues {
  date: string;
  amount: string;
  method: PaymentMethod;
  reference: string;
  note: string;
}

const methodChoices = PAYMENT_METHODS.map((method) => ({
  value: method,
  label: PAYMENT_METHOD_NAMES[method],
}));

type PaidInvoice = Pick<Invoice, 'id' | 'number' | 'amountDue'>;

/** The form's checks: the fields' own, and no date after `today` in the organisation's zone, as the server's. */
const paymentChecks = (today: string) => {
  const fields = zodResolver(paymentFields);
  return (values: PaymentValues) => {
    const errors = fields(values);
    return values.date > today && !errors.date ? { ...errors, date: paymentMessages.future(today) } : errors;
  };
};

/** A payment as the form holds it: text in the boxes. */
const paymentValues = (payment: Payment): PaymentValues => ({
  date: payment.date,
  amount: payment.amount,
  method: payment.method,
  reference: payment.reference ?? '',
  note: payment.note ?? '',
});

/** The payment as it now is (read afresh), or null when it is gone or could not be read. */
async function latestPayment(
  queryClient: QueryClient,
  invoiceId: string,
  id: string,
): Promise<Payment | null> {
  try {
    const payments = await queryClient.fetchQuery({
      ...invoicePaymentsQueryOptions(invoiceId),
      staleTime: 0,
    });
    return payments.find((payment) => payment.id === id) ?? null;
  } catch {
    return null;
  }
}

/** What a save says: the payment, then what became of the invoice. */
function savedNotice(done: string, saved: Payment): string {
  const left = isPositive(saved.invoice.amountDue)
    ? `${displayMoney(saved.invoice.amountDue)} is still due.`
    : `Invoice ${saved.invoice.number} is paid.`;
  return `Payment of ${displayMoney(saved.amount)} ${done}. ${left}`;
}

interface PaymentDialogProps {
  invoice: PaidInvoice;
  /** The payment to change, 'new' to record one, null when closed. */
  editing: Payment | 'new' | null;
  onClose: () => void;
}

/**
 * 'Record payment' (today in the organisation's time zone, the amount due, by bank transfer unless changed) or
 * 'Edit payment'. A refusal keeps the dialog and what was typed, with the server's reasons on the fields. A change
 * refused because the payment was saved since (someone else's save, or the user's own whose answer was lost) reads
 * the payment again and carries what was typed over it, as an edit page does (`components/form/stale-save.ts`).
 */
export function PaymentDialog({ invoice, editing, onClose }: PaymentDialogProps) {
  // Here, not in the form: the submission's Idempotency-Key outlives a Cancel, so the same payment saved again
  // after a lost answer is recorded once.
  const recording = useRecordPayment(invoice.id);
  const updating = useUpdatePayment(invoice.id);
  const phone = useMediaQuery('(max-width: 36em)');
  const busy = recording.isPending || updating.isPending;
  // Cancel, Escape and the close button wait while a save is under way: its answer decides what to show.
  const cancel = () => {
    if (busy) return;
    recording.reset();
    updating.reset();
    onClose();
  };
  return (
    <Modal
      opened={editing !== null}
      onClose={cancel}
      title={editing === 'new' ? 'Record payment' : 'Edit payment'}
      fullScreen={phone}
      // A stray click beside the dialog must not throw away what was typed; Escape and Cancel close it.
      closeOnClickOutside={false}
    >
      {/* A new form each time it opens. */}
      {editing !== null && (
        <PaymentForm
          invoice={invoice}
          payment={editing === 'new' ? null : editing}
          save={editing === 'new' ? recording : updating}
          onSave={(fields, read, callbacks) =>
            read === null
              ? recording.mutate(fields, callbacks)
              : updating.mutate(
                  { paymentId: read.id, update: { ...fields, updated: read.updated } },
                  callbacks,
                )
          }
          onCancel={cancel}
          onSaved={onClose}
        />
      )}
    </Modal>
  );
}

interface SaveCallbacks {
  onSuccess: (saved: Payment) => void;
  onError: (error: Error) => void;
}

interface PaymentFormProps {
  invoice: PaidInvoice;
  payment: Payment | null;
  save: { isPending: boolean; error: Error | null; reset: () => void };
  /** `read`: the version of the payment the change goes over; null for a new payment. */
  onSave: (fields: PaymentFields, read: Payment | null, callbacks: SaveCallbacks) => void;
  onCancel: () => void;
  onSaved: () => void;
}

function PaymentForm({ invoice, payment, save, onSave, onCancel, onSaved }: PaymentFormProps) {
  const timeZone = useTimeZone();
  const today = calendarDateIn(timeZone);
  const queryClient = useQueryClient();
  // The version the next save goes over: the one opened, or the one read after a save was refused as stale.
  const [read, setRead] = useState(payment);
  const [carried, setCarried] = useState<string | null>(null);
  const [reloading, setReloading] = useState(false);
  const form = useForm<PaymentValues, PaymentFields>({
    initialValues: payment
      ? paymentValues(payment)
      : {
          date: today,
          amount: isPositive(invoice.amountDue) ? invoice.amountDue : '',
          method: 'BANK_TRANSFER',
          reference: '',
          note: '',
        },
    validate: paymentChecks(today),
    transformValues: (values) => paymentFields.parse(values),
  });

  const { formRef, listed, trying, confirm, refused, invalid } = useFormFailures(
    labels,
    form.setErrors,
    `payment of invoice ${invoice.id}`,
  );

  // Saved since it was read: read it again and carry what was typed over it; the next save goes over that version.
  const carryOver = (error: Error, because: CarriedBecause, version: Payment) => {
    setReloading(true);
    void latestPayment(queryClient, invoice.id, version.id).then((latest) => {
      setReloading(false);
      if (!latest) return refused(error);
      const overwritten = carryEditsOver(form, paymentValues(latest));
      setRead(latest);
      save.reset();
      setCarried(
        carriedEditsText(
          because,
          overwritten.map((field) => labels[field as keyof PaymentValues]),
        ),
      );
    });
  };

  const onSubmit = form.onSubmit(
    (fields) => {
      trying();
      onSave(fields, read, {
        onSuccess: (saved) => {
          confirm(savedNotice(payment ? 'saved' : 'recorded', saved));
          onSaved();
        },
        onError: (error) => {
          const because = carriedBecause(error);
          if (read && because) carryOver(error, because, read);
          else refused(error);
        },
      });
    },
    () => {
      save.reset();
      invalid();
    },
  );

  return (
    <form ref={formRef} onSubmit={onSubmit} noValidate>
      <Stack gap="sm">
        <ApiErrorAlert
          error={reloading ? null : save.error}
          items={listed}
          title="Not saved: what you typed is still here"
          noAnswerTitle="No answer: it may or may not have been saved. What you typed is still here."
          onRetry={() => formRef.current?.requestSubmit()}
          retrying={save.isPending}
        />
        {carried && !save.error && (
          <Alert color="yellow" variant="light" role="status">
            {carried}
          </Alert>
        )}
        <TextInput
          type="date"
          label={labels.date}
          required
          max={today}
          data-autofocus
          {...form.getInputProps('date')}
        />
        <TextInput
          label={labels.amount}
          description={payment ? undefined : `Amount due: ${displayMoney(invoice.amountDue)}`}
          inputMode="decimal"
          required
          autoComplete="off"
          {...form.getInputProps('amount')}
        />
        <NativeSelect label={labels.method} required data={methodChoices} {...form.getInputProps('method')} />
        <TextInput
          label={labels.reference}
          description="The bank's, card terminal's or cheque's reference."
          autoComplete="off"
          {...form.getInputProps('reference')}
        />
        <Textarea label={labels.note} autosize minRows={2} maxRows={8} {...form.getInputProps('note')} />
        <Group justify="flex-end" mt="xs">
          <Button variant="default" onClick={onCancel} disabled={save.isPending || reloading}>
            Cancel
          </Button>
          <Button type="submit" loading={save.isPending || reloading}>
            Save payment
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
