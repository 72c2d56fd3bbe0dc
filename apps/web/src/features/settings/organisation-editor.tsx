import {
  formatAbn,
  formatBsb,
  type Organisation,
  type OrganisationFields,
  organisationFields,
} from '@fieldbook/domain';
import { Box, Grid, Stack, Text, Textarea, TextInput } from '@mantine/core';
import { type ReactNode, useId, useState } from 'react';
import { EditorFrame } from '../../components/editor/editor-frame';
import type { Crumb } from '../../components/editor/editor-header';
import { SwitchField } from '../../components/form/switch-field';
import { type SaveMutation, useRecordEditor } from '../../components/form/use-record-editor';
import { LogoInput } from './logo-input';
import { TemplateSelect } from './template-select';
import { TimeZoneSelect } from './time-zone-select';

const labels = {
  name: 'Organisation name',
  legalName: 'Legal name',
  abn: 'ABN',
  gstRegistered: 'Registered for GST',
  address: 'Address',
  phone: 'Phone',
  email: 'Email',
  website: 'Website',
  paymentAccountName: 'Account name',
  paymentBsb: 'BSB',
  paymentAccountNumber: 'Account number',
  paymentText: 'Other payment details',
  paymentTermsDays: 'Payment terms (days)',
  logo: 'Logo',
  timeZone: 'Time zone',
  invoiceTemplate: 'Default invoice template',
  'invoiceTemplate.id': 'Default invoice template',
  jobTemplate: 'Default job template',
  'jobTemplate.id': 'Default job template',
  statementTemplate: 'Default statement template',
  'statementTemplate.id': 'Default statement template',
  invoiceEmailSubject: 'Email subject',
  invoiceEmailMessage: 'Email message',
  onMyWaySubject: 'On my way subject',
  onMyWayMessage: 'On my way message',
  reminderSubject: 'Reminder subject',
  reminderMessage: 'Reminder message',
  automaticReminderDays: 'Send reminders automatically (days after the due date)',
} as const satisfies Record<keyof OrganisationFields, string> & Record<string, string>;

/** The details as the boxes hold them: text (a missing value is an empty box, which the schema reads as null). */
export interface OrganisationValues extends Record<string, unknown> {
  name: string;
  legalName: string;
  abn: string;
  gstRegistered: boolean;
  address: string;
  phone: string;
  email: string;
  website: string;
  paymentAccountName: string;
  paymentBsb: string;
  paymentAccountNumber: string;
  paymentText: string;
  /** A whole number of days; NaN while the box holds something else, which the schema refuses. */
  paymentTermsDays: number;
  logo: string | null;
  timeZone: string;
  invoiceTemplate: { id: string };
  jobTemplate: { id: string };
  /** Absent only before the server has given the organisation its statement template. */
  statementTemplate?: { id: string };
  invoiceEmailSubject: string;
  invoiceEmailMessage: string;
  onMyWaySubject: string;
  onMyWayMessage: string;
  reminderSubject: string;
  reminderMessage: string;
  /** The days as numbers; NaN for a part of the box that is not a whole number, which the schema refuses. */
  automaticReminderDays: number[];
}

const text = (value: string | null) => value ?? '';

/** A box for a short number: the box narrow, its label and description as wide as the form. */
const NARROW = { wrapper: { maxWidth: 260 } };

/** The saved details as the form starts from them: the ABN and BSB grouped as people write them. */
export const organisationValues = (organisation: Organisation): OrganisationValues => ({
  name: organisation.name,
  legalName: text(organisation.legalName),
  abn: formatAbn(text(organisation.abn)),
  gstRegistered: organisation.gstRegistered,
  address: text(organisation.address),
  phone: text(organisation.phone),
  email: text(organisation.email),
  website: text(organisation.website),
  paymentAccountName: text(organisation.paymentAccountName),
  paymentBsb: formatBsb(text(organisation.paymentBsb)),
  paymentAccountNumber: text(organisation.paymentAccountNumber),
  paymentText: text(organisation.paymentText),
  paymentTermsDays: organisation.paymentTermsDays,
  logo: organisation.logo,
  timeZone: organisation.timeZone,
  invoiceTemplate: { id: organisation.invoiceTemplate.id },
  jobTemplate: { id: organisation.jobTemplate.id },
  ...(organisation.statementTemplate && { statementTemplate: { id: organisation.statementTemplate.id } }),
  invoiceEmailSubject: organisation.invoiceEmailSubject,
  invoiceEmailMessage: organisation.invoiceEmailMessage,
  onMyWaySubject: organisation.onMyWaySubject,
  onMyWayMessage: organisation.onMyWayMessage,
  reminderSubject: organisation.reminderSubject,
  reminderMessage: organisation.reminderMessage,
  automaticReminderDays: organisation.automaticReminderDays,
});

/** Whole days as typed ("14", " 30 "); anything else is NaN, for the schema's message. */
const daysFrom = (typed: string) => (/^\s*\d{1,6}\s*$/.test(typed) ? Number(typed) : Number.NaN);

/** Days as typed in one box, separated by commas or spaces ("7, 21"); blank: none. Not a number: 0, refused. */
const dayListFrom = (typed: string) =>
  typed
    .split(/[\s,]+/)
    .filter((part) => part !== '')
    .map((part) => daysFrom(part) || 0);

interface OrganisationEditorProps {
  title: string;
  breadcrumbs: readonly Crumb[];
  /** The details as saved: the form starts from them, and each template choice always offers the saved one. */
  organisation: Organisation;
  save: SaveMutation<OrganisationFields, Organisation>;
  /** After the notice: the page starts again from the saved details. */
  onSaved: (saved: Organisation) => void;
}

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

/**
 * The organisation's details, shown on its invoices and job sheets: names, ABN and GST, contact details, how
 * customers pay (bank account, other details, payment terms), the logo, the default templates and the invoice
 * email's starting subject and message.
 */
export function OrganisationEditor({
  title,
  breadcrumbs,
  organisation,
  save,
  onSaved,
}: OrganisationEditorProps) {
  const { form, editor } = useRecordEditor({
    schema: organisationFields,
    initialValues: organisationValues(organisation),
    labels,
    save,
    savedNotice: 'Organisation details saved.',
    onSaved,
  });
  // The terms box keeps what was typed; the form holds the number it means.
  const [termsTyped, setTermsTyped] = useState(String(organisation.paymentTermsDays));
  const [reminderDaysTyped, setReminderDaysTyped] = useState(organisation.automaticReminderDays.join(', '));
  const values = form.getValues();

  return (
    <EditorFrame breadcrumbs={breadcrumbs} title={title} editor={editor}>
      <TextInput
        label={labels.name}
        description="Shown in Fieldbook, and on invoices and job sheets."
        required
        autoComplete="organization"
        {...form.getInputProps('name')}
      />
      <TextInput
        label={labels.legalName}
        description="As registered, when it differs from the organisation name."
        autoComplete="off"
        {...form.getInputProps('legalName')}
      />
      <TextInput
        label={labels.abn}
        description="11 digits, such as 51 824 753 556."
        inputMode="numeric"
        autoComplete="off"
        styles={NARROW}
        {...form.getInputProps('abn')}
      />
      <SwitchField
        label={labels.gstRegistered}
        description="On: invoices are titled 'Tax invoice'."
        {...form.getInputProps('gstRegistered', { type: 'checkbox' })}
      />
      <Textarea
        label={labels.address}
        autosize
        minRows={3}
        autoComplete="street-address"
        {...form.getInputProps('address')}
      />
      <Grid gap="sm">
        <Grid.Col span={{ base: 12, sm: 6 }}>
          <TextInput label={labels.phone} type="tel" autoComplete="tel" {...form.getInputProps('phone')} />
        </Grid.Col>
        <Grid.Col span={{ base: 12, sm: 6 }}>
          <TextInput
            label={labels.email}
            type="email"
            autoComplete="email"
            {...form.getInputProps('email')}
          />
        </Grid.Col>
      </Grid>
      <TextInput label={labels.website} type="url" autoComplete="url" {...form.getInputProps('website')} />
      <TimeZoneSelect
        label={labels.timeZone}
        description="Every time Fieldbook shows, and what counts as today, is in this zone, whatever the device's."
        saved={organisation.timeZone}
        styles={NARROW}
        {...form.getInputProps('timeZone')}
      />

      <FieldGroup legend="Payment details">
        <TextInput
          label={labels.paymentAccountName}
          autoComplete="off"
          {...form.getInputProps('paymentAccountName')}
        />
        <Grid gap="sm">
          <Grid.Col span={{ base: 12, sm: 5 }}>
            <TextInput
              label={labels.paymentBsb}
              description="Such as 063-000."
              inputMode="numeric"
              autoComplete="off"
              {...form.getInputProps('paymentBsb')}
            />
          </Grid.Col>
          <Grid.Col span={{ base: 12, sm: 7 }}>
            <TextInput
              label={labels.paymentAccountNumber}
              description="5 to 10 digits."
              inputMode="numeric"
              autoComplete="off"
              {...form.getInputProps('paymentAccountNumber')}
            />
          </Grid.Col>
        </Grid>
        <Textarea
          label={labels.paymentText}
          description="Anything else a customer needs to pay, such as a PayID or BPAY details."
          autosize
          minRows={2}
          {...form.getInputProps('paymentText')}
        />
        <TextInput
          label={labels.paymentTermsDays}
          description="A new invoice is due this many days after its date (0: the same day)."
          required
          inputMode="numeric"
          autoComplete="off"
          styles={NARROW}
          {...form.getInputProps('paymentTermsDays')}
          value={termsTyped}
          onChange={(event) => {
            setTermsTyped(event.currentTarget.value);
            form.setFieldValue('paymentTermsDays', daysFrom(event.currentTarget.value));
          }}
        />
      </FieldGroup>

      <FieldGroup legend="Invoices and job sheets">
        <LogoInput
          label={labels.logo}
          value={values.logo}
          error={form.errors.logo}
          onChange={(logo) => form.setFieldValue('logo', logo)}
          onRefused={(message) => form.setFieldError('logo', message)}
        />
        <TemplateSelect
          document="invoice"
          label={labels.invoiceTemplate}
          description="The PDF of every invoice is made from it."
          saved={organisation.invoiceTemplate}
          {...form.getInputProps('invoiceTemplate.id')}
        />
        <TemplateSelect
          document="job"
          label={labels.jobTemplate}
          description="The PDF of every job is made from it."
          saved={organisation.jobTemplate}
          {...form.getInputProps('jobTemplate.id')}
        />
        {organisation.statementTemplate && (
          <TemplateSelect
            document="statement"
            label={labels.statementTemplate}
            description="The PDF of every customer statement is made from it."
            saved={organisation.statementTemplate}
            {...form.getInputProps('statementTemplate.id')}
          />
        )}
      </FieldGroup>

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
            {...form.getInputProps(`${field}Subject`)}
          />
          <Textarea
            label={labels[`${field}Message`]}
            required
            autosize
            minRows={6}
            {...form.getInputProps(`${field}Message`)}
          />
          {field === 'reminder' && (
            <TextInput
              label={labels.automaticReminderDays}
              description="Days after the due date at which a reminder goes by itself to the customer's billing email, with the invoice attached, such as 7, 21 (at most 5, each from 1 to 365). Only the latest one an invoice has reached goes, once. Leave blank for none."
              inputMode="numeric"
              autoComplete="off"
              styles={NARROW}
              {...form.getInputProps('automaticReminderDays')}
              value={reminderDaysTyped}
              onChange={(event) => {
                setReminderDaysTyped(event.currentTarget.value);
                form.setFieldValue('automaticReminderDays', dayListFrom(event.currentTarget.value));
              }}
            />
          )}
        </FieldGroup>
      ))}
    </EditorFrame>
  );
}

interface FieldGroupProps {
  legend: string;
  /** Help for the whole group, under its heading (a screen reader reads it with the group's name). */
  description?: string;
  children: ReactNode;
}

/** Fields that belong together, under a heading that names them for a screen reader too (a fieldset's legend). */
function FieldGroup({ legend, description, children }: FieldGroupProps) {
  const descriptionId = useId();
  return (
    <Box
      component="fieldset"
      m={0}
      mt="md"
      p={0}
      style={{ border: 0, minWidth: 0 }}
      aria-describedby={description ? descriptionId : undefined}
    >
      <Text component="legend" fw={700} size="lg" p={0} mb="xs">
        {legend}
      </Text>
      {description && (
        <Text id={descriptionId} size="sm" c="dimmed" mb="xs">
          {description}
        </Text>
      )}
      <Stack gap="sm">{children}</Stack>
    </Box>
  );
}
