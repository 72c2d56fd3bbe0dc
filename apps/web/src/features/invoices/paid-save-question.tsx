import { calendarDateIn, calendarDateText, type Invoice, type InvoiceFields } from '@fieldbook/domain';
import { Button, Group, Modal, Text } from '@mantine/core';
import { type ReactNode, useState } from 'react';
import type { SaveMutation } from '../../components/form/use-record-editor';
import { displayMoney } from '../../lib/money-display';
import { useTimeZone } from '../../lib/time-zone';

type InvoiceSave = SaveMutation<InvoiceFields, Invoice>;

interface Asking {
  fields: InvoiceFields;
  options: Parameters<InvoiceSave['mutate']>[1];
  remainder: string;
  /** The payment's date as the server gives it: today in the organisation's zone, or the invoice's date if later. */
  date: string | null;
}

/**
 * The invoice editor's save, asking first when `remainderOf(fields)` is an amount: an invoice saved as Paid with
 * an amount due has the server record that amount as a payment today (or on the invoice's date, when that is later:
 * a payment is never dated before its invoice), so the user agrees to it before the save is sent. Returns the save to give the editor and the question to render beside it.
 */
export function usePaidSaveQuestion(
  save: InvoiceSave,
  remainderOf: (fields: InvoiceFields) => string | null,
): { save: InvoiceSave; question: ReactNode } {
  const [asking, setAsking] = useState<Asking | null>(null);
  const timeZone = useTimeZone();
  const asked: InvoiceSave = {
    isPending: save.isPending,
    isSuccess: save.isSuccess,
    error: save.error,
    reset: save.reset,
    mutate: (fields, options) => {
      const remainder = remainderOf(fields);
      if (remainder === null) save.mutate(fields, options);
      else {
        const today = calendarDateIn(timeZone);
        setAsking({ fields, options, remainder, date: fields.date > today ? fields.date : null });
      }
    },
  };
  const question = (
    <Modal
      opened={asking !== null}
      onClose={() => setAsking(null)}
      title={
        asking
          ? `Record the remaining ${displayMoney(asking.remainder)} as a payment ${asking.date ? `on ${calendarDateText(asking.date)}` : 'today'}?`
          : ''
      }
      centered
    >
      <Text mb="lg">
        {asking?.date
          ? `Saving it as Paid records a payment of that amount, dated ${calendarDateText(asking.date)} (the invoice's date: a payment cannot be dated before its invoice), with the method Other.`
          : 'Saving it as Paid records a payment of that amount, dated today, with the method Other.'}{' '}
        You can change the payment on the invoice afterwards.
      </Text>
      <Group justify="flex-end">
        <Button variant="default" onClick={() => setAsking(null)}>
          Cancel
        </Button>
        <Button
          onClick={() => {
            if (asking) save.mutate(asking.fields, asking.options);
            setAsking(null);
          }}
        >
          Record payment and save
        </Button>
      </Group>
    </Modal>
  );
  return { save: asked, question };
}
