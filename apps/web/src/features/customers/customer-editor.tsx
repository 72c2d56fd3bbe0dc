import {
  type AddressSuggestion,
  type Customer,
  type CustomerFields,
  customerFields,
} from '@fieldbook/domain';
import { Textarea, TextInput } from '@mantine/core';
import { useNavigate } from 'react-router';
import { EditorFrame } from '../../components/editor/editor-frame';
import type { Crumb } from '../../components/editor/editor-header';
import { type SaveMutation, useRecordEditor } from '../../components/form/use-record-editor';
import { paths } from '../../lib/paths';
import { AddressSearch } from './address-search';
import { billingAddressFrom } from './location-address';

const labels = {
  name: 'Name',
  billingAddress: 'Billing address',
  billingPhone: 'Phone',
  billingFax: 'Fax',
  billingEmail: 'Email',
  website: 'Website',
  notes: 'Notes',
} as const satisfies Record<keyof CustomerFields, string>;

/** The form holds text: a missing value is an empty box, which the schema turns back into null. */
function formValues(customer: Customer | undefined): Record<keyof CustomerFields, string> {
  return {
    name: customer?.name ?? '',
    billingAddress: customer?.billingAddress ?? '',
    billingPhone: customer?.billingPhone ?? '',
    billingFax: customer?.billingFax ?? '',
    billingEmail: customer?.billingEmail ?? '',
    website: customer?.website ?? '',
    notes: customer?.notes ?? '',
  };
}

interface CustomerEditorProps {
  title: string;
  breadcrumbs: readonly Crumb[];
  /** The customer being edited; absent when creating. */
  customer?: Customer;
  save: SaveMutation<CustomerFields, Customer>;
}

/** The customer editor: its fields (the number, read-only, only when editing); a save opens the customer. */
export function CustomerEditor({ title, breadcrumbs, customer, save }: CustomerEditorProps) {
  const navigate = useNavigate();
  const { form, editor } = useRecordEditor({
    schema: customerFields,
    initialValues: formValues(customer),
    labels,
    save,
    savedNotice: 'Customer saved.',
    onSaved: (saved) => void navigate(paths.customers.view.href(saved.id)),
  });

  const pickAddress = (suggestion: AddressSuggestion) => {
    form.setFieldValue('billingAddress', billingAddressFrom(suggestion));
    form.clearFieldError('billingAddress');
  };

  return (
    <EditorFrame breadcrumbs={breadcrumbs} title={title} editor={editor}>
      {customer && <TextInput label="Number" value={String(customer.number)} readOnly variant="filled" />}
      <TextInput label={labels.name} required autoComplete="organization" {...form.getInputProps('name')} />
      <AddressSearch
        description="Type an address, then pick it to fill in the billing address."
        onPick={pickAddress}
      />
      <Textarea
        label={labels.billingAddress}
        autosize
        minRows={3}
        {...form.getInputProps('billingAddress')}
      />
      <TextInput
        label={labels.billingPhone}
        type="tel"
        autoComplete="tel"
        {...form.getInputProps('billingPhone')}
      />
      <TextInput label={labels.billingFax} type="tel" {...form.getInputProps('billingFax')} />
      <TextInput
        label={labels.billingEmail}
        type="email"
        autoComplete="email"
        {...form.getInputProps('billingEmail')}
      />
      <TextInput label={labels.website} type="url" autoComplete="url" {...form.getInputProps('website')} />
      <Textarea label={labels.notes} autosize minRows={3} {...form.getInputProps('notes')} />
    </EditorFrame>
  );
}
