import { type Customer, type CustomerFields, customerFields } from '@fieldbook/domain';
import { Textarea, TextInput } from '@mantine/core';
import { type Crumb, EditorLayout } from '../../components/editor/editor-layout';
import { useFormValues, validateForm } from '../../components/editor/use-form-values';

type CustomerFormValues = Record<keyof CustomerFields, string>;

function formValues(customer: Customer | undefined): CustomerFormValues {
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

interface CustomerFormProps {
  title: string;
  breadcrumbs: readonly Crumb[];
  /** The customer being edited; absent when creating. */
  customer?: Customer;
  saving: boolean;
  saveError: unknown;
  onSave: (fields: CustomerFields) => void;
}

/** The customer editor's fields; the number shows (read-only) only when editing. */
export function CustomerForm({ title, breadcrumbs, customer, saving, saveError, onSave }: CustomerFormProps) {
  const form = useFormValues(formValues(customer));

  const submit = () => {
    const result = validateForm<CustomerFields, CustomerFormValues>(customerFields, form.values);
    if (result.ok) onSave(result.data);
    else form.showErrors(result.errors);
  };

  return (
    <EditorLayout
      breadcrumbs={breadcrumbs}
      title={title}
      saveError={saveError}
      saving={saving}
      onSubmit={submit}
    >
      {customer && <TextInput label="Number" value={String(customer.number)} readOnly variant="filled" />}
      <TextInput label="Name" required autoComplete="organization" {...form.field('name')} />
      <Textarea label="Billing address" autosize minRows={3} {...form.field('billingAddress')} />
      <TextInput label="Phone" type="tel" autoComplete="tel" {...form.field('billingPhone')} />
      <TextInput label="Fax" type="tel" {...form.field('billingFax')} />
      <TextInput label="Email" type="email" autoComplete="email" {...form.field('billingEmail')} />
      <TextInput label="Website" type="url" autoComplete="url" {...form.field('website')} />
      <Textarea label="Notes" autosize minRows={3} {...form.field('notes')} />
    </EditorLayout>
  );
}
