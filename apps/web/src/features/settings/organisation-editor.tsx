import {
  formatAbn,
  formatBsb,
  type Organisation,
  type OrganisationFields,
  organisationFields,
} from '@fieldbook/domain';
import { Grid, Textarea, TextInput } from '@mantine/core';
import { EditorFrame } from '../../components/editor/editor-frame';
import type { Crumb } from '../../components/editor/editor-header';
import { SwitchField } from '../../components/form/switch-field';
import { type SaveMutation, useRecordEditor } from '../../components/form/use-record-editor';
import { DaysInput } from './days-input';
import { FieldGroup, NARROW } from './field-group';
import { LogoInput } from './logo-input';
import { OrganisationEmails } from './organisation-emails';
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
  quoteValidityDays: 'Quotes valid for (days)',
  quoteTerms: 'Quote terms',
  logo: 'Logo',
  timeZone: 'Time zone',
  invoiceTemplate: 'Default invoice template',
  'invoiceTemplate.id': 'Default invoice template',
  jobTemplate: 'Default job template',
  'jobTemplate.id': 'Default job template',
  statementTemplate: 'Default statement template',
  'statementTemplate.id': 'Default statement template',
  quoteTemplate: 'Default quote template',
  'quoteTemplate.id': 'Default quote template',
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
  /** A whole number of days, as the payment terms. */
  quoteValidityDays: number;
  quoteTerms: string;
  logo: string | null;
  timeZone: string;
  invoiceTemplate: { id: string };
  jobTemplate: { id: string };
  /** Absent only before the server has given the organisation its statement template. */
  statementTemplate?: { id: string };
  /** Absent only before the server has given the organisation its quote template. */
  quoteTemplate?: { id: string };
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
  quoteValidityDays: organisation.quoteValidityDays,
  quoteTerms: text(organisation.quoteTerms),
  logo: organisation.logo,
  timeZone: organisation.timeZone,
  invoiceTemplate: { id: organisation.invoiceTemplate.id },
  jobTemplate: { id: organisation.jobTemplate.id },
  ...(organisation.statementTemplate && { statementTemplate: { id: organisation.statementTemplate.id } }),
  ...(organisation.quoteTemplate && { quoteTemplate: { id: organisation.quoteTemplate.id } }),
  invoiceEmailSubject: organisation.invoiceEmailSubject,
  invoiceEmailMessage: organisation.invoiceEmailMessage,
  onMyWaySubject: organisation.onMyWaySubject,
  onMyWayMessage: organisation.onMyWayMessage,
  reminderSubject: organisation.reminderSubject,
  reminderMessage: organisation.reminderMessage,
  automaticReminderDays: organisation.automaticReminderDays,
});

interface OrganisationEditorProps {
  title: string;
  breadcrumbs: readonly Crumb[];
  /** The details as saved: the form starts from them, and each template choice always offers the saved one. */
  organisation: Organisation;
  save: SaveMutation<OrganisationFields, Organisation>;
  /** After the notice: the page starts again from the saved details. */
  onSaved: (saved: Organisation) => void;
}

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
        <DaysInput
          label={labels.paymentTermsDays}
          description="A new invoice is due this many days after its date (0: the same day)."
          {...form.getInputProps('paymentTermsDays')}
          saved={organisation.paymentTermsDays}
          onDays={(days) => form.setFieldValue('paymentTermsDays', days)}
        />
      </FieldGroup>

      <FieldGroup legend="Quotes">
        <DaysInput
          label={labels.quoteValidityDays}
          description="A new quote expires this many days after its date (1 to 365)."
          {...form.getInputProps('quoteValidityDays')}
          saved={organisation.quoteValidityDays}
          onDays={(days) => form.setFieldValue('quoteValidityDays', days)}
        />
        <Textarea
          label={labels.quoteTerms}
          description="The terms a new quote starts with, such as what the price includes and how long it holds."
          autosize
          minRows={3}
          {...form.getInputProps('quoteTerms')}
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
        {organisation.quoteTemplate && (
          <TemplateSelect
            document="quote"
            label={labels.quoteTemplate}
            description="The PDF of every quote is made from it."
            saved={organisation.quoteTemplate}
            {...form.getInputProps('quoteTemplate.id')}
          />
        )}
      </FieldGroup>

      <OrganisationEmails
        labels={labels}
        inputProps={form.getInputProps}
        reminderDays={organisation.automaticReminderDays}
        onReminderDays={(days) => form.setFieldValue('automaticReminderDays', days)}
      />
    </EditorFrame>
  );
}
