import { Textarea, TextInput } from '@mantine/core';
import type { GetInputPropsReturnType } from '@mantine/form';
import { useState } from 'react';
import { FieldGroup, NARROW } from './field-group';
import { dayListFrom } from './typed-days';

/** What the invoice email's placeholders stand for, as the help text lists them. */
const INVOICE_EMAIL_PLACEHOLDERS =
  '{number} the invoice number, {total} its total, {dueDate} its due date, {customer} the customer’s name, ' +
  '{organisation} the organisation name.';

const REMINDER_PLACEHOLDERS =
  '{number} the invoice number, {total} its total, {amountDue} what is still owing, {dueDate} its due date, ' +
  '{daysOverdue} how many days it is overdue, {customer} the customer’s name, {organisation} the organisation name.';

const ON_MY_WAY_PLACEHOLDERS =
  '{technician} the technician’s name, {customer} the customer’s name, {number} the job number, ' +
  '{arrivalFrom} and {arrivalTo} the arrival window’s times, {organisation} the organisation name.';

/** The organisation's email texts, and the days of its automatic payment reminders. */
type EmailField =
  | 'invoiceEmailSubject'
  | 'invoiceEmailMessage'
  | 'reminderSubject'
  | 'reminderMessage'
  | 'onMyWaySubject'
  | 'onMyWayMessage'
  | 'automaticReminderDays';

interface OrganisationEmailsProps {
  labels: Record<EmailField, string>;
  /** The form's props for each field (`form.getInputProps`). */
  inputProps: (field: EmailField) => GetInputPropsReturnType;
  /** The automatic reminders' days as saved: the box starts from them. */
  reminderDays: readonly number[];
  /** The days as typed, for the form (a part that is not a number: 0, which the schema refuses). */
  onReminderDays: (days: number[]) => void;
}

/**
 * The organisation editor's email groups: the invoice email, the payment reminder (with the days its automatic
 * reminders go) and the on-my-way email, each a subject and a message with the placeholders they fill in.
 */
export function OrganisationEmails({
  labels,
  inputProps,
  reminderDays,
  onReminderDays,
}: OrganisationEmailsProps) {
  // The days box keeps what was typed; the form holds the numbers it means.
  const [reminderDaysTyped, setReminderDaysTyped] = useState(reminderDays.join(', '));
  return (
    <>
      {(
        [
          [
            'Invoice email',
            'invoiceEmail',
            'What an emailed invoice says unless it is changed before sending.',
            INVOICE_EMAIL_PLACEHOLDERS,
          ],
          [
            'Payment reminder',
            'reminder',
            'What a reminder of an overdue invoice says, whether sent from the invoice or automatically.',
            REMINDER_PLACEHOLDERS,
          ],
          [
            'On my way email',
            'onMyWay',
            'What a customer is emailed when their technician taps On my way.',
            ON_MY_WAY_PLACEHOLDERS,
          ],
        ] as const
      ).map(([legend, field, purpose, placeholders]) => (
        <FieldGroup
          key={field}
          legend={legend}
          description={`${purpose} These are filled in: ${placeholders}`}
        >
          <TextInput
            label={labels[`${field}Subject`]}
            required
            autoComplete="off"
            {...inputProps(`${field}Subject`)}
          />
          <Textarea
            label={labels[`${field}Message`]}
            required
            autosize
            minRows={6}
            {...inputProps(`${field}Message`)}
          />
          {field === 'reminder' && (
            <TextInput
              label={labels.automaticReminderDays}
              description="Days after the due date at which a reminder goes by itself to the customer's billing email, with the invoice attached, such as 7, 21 (at most 5, each from 1 to 365). Only the latest one an invoice has reached goes, once. Leave blank for none."
              inputMode="numeric"
              autoComplete="off"
              styles={NARROW}
              {...inputProps('automaticReminderDays')}
              value={reminderDaysTyped}
              onChange={(event) => {
                setReminderDaysTyped(event.currentTarget.value);
                onReminderDays(dayListFrom(event.currentTarget.value));
              }}
            />
          )}
        </FieldGroup>
      ))}
    </>
  );
}
