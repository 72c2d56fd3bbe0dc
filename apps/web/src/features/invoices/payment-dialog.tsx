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
} from '@fieldbook/domain';
import { Button, Group, Modal, NativeSelect, Stack, Textarea, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useMediaQuery } from '@mantine/hooks';
import { ApiErrorAlert } from '../../components/api-error-alert';
import { useFormFailures } from '../../components/form/use-form-failures';
import { zodResolver } from '../../components/form/zod-resolver';
import { useNotify } from '../../components/notices';
import { displayMoney } from '../../lib/money-display';
import { useTimeZone } from '../../lib/time-zone';
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
 * 'Edit payment'. A refusal keeps the dialog and what was typed, with the server's reasons on the fields.
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
          onSave={(fields, callbacks) =>
            editing === 'new'
              ? recording.mutate(fields, callbacks)
              : updating.mutate(
                  { paymentId: editing.id, update: { ...fields, updated: editing.updated } },
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
  onSave: (fields: PaymentFields, callbacks: SaveCallbacks) => void;
  onCancel: () => void;
  onSaved: () => void;
}

function PaymentForm({ invoice, payment, save, onSave, onCancel, onSaved }: PaymentFormProps) {
  const notify = useNotify();
  const timeZone = useTimeZone();
  const form = useForm<PaymentValues, PaymentFields>({
    initialValues: payment
      ? {
          date: payment.date,
          amount: payment.amount,
          method: payment.method,
          reference: payment.reference ?? '',
          note: payment.note ?? '',
        }
      : {
          date: calendarDateIn(timeZone),
          amount: isPositive(invoice.amountDue) ? invoice.amountDue : '',
          method: 'BANK_TRANSFER',
          reference: '',
          note: '',
        },
    validate: zodResolver(paymentFields),
    transformValues: (values) => paymentFields.parse(values),
  });

  const { formRef, listed, trying, refused, invalid } = useFormFailures(labels, form.setErrors);

  const onSubmit = form.onSubmit(
    (fields) => {
      trying();
      onSave(fields, {
        onSuccess: (saved) => {
          notify(savedNotice(payment ? 'saved' : 'recorded', saved));
          onSaved();
        },
        onError: refused,
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
          error={save.error}
          items={listed}
          title="Not saved: what you typed is still here"
          onRetry={() => formRef.current?.requestSubmit()}
          retrying={save.isPending}
        />
        <TextInput type="date" label={labels.date} required data-autofocus {...form.getInputProps('date')} />
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
          <Button variant="default" onClick={onCancel} disabled={save.isPending}>
            Cancel
          </Button>
          <Button type="submit" loading={save.isPending}>
            Save payment
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
