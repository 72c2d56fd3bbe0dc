import {
  amountDue,
  dueDateFor,
  INVOICE_STATUS_NAMES,
  INVOICE_STATUSES,
  type Invoice,
  type InvoiceFields,
  type InvoiceStatus,
  invoiceFields,
  invoiceTotals,
  isPositive,
  lineAmount,
} from '@fieldbook/domain';
import { Alert, Anchor, Grid, NativeSelect, Text, TextInput } from '@mantine/core';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { EditorFrame } from '../../components/editor/editor-frame';
import type { Crumb } from '../../components/editor/editor-header';
import { type SaveMutation, useRecordEditor } from '../../components/form/use-record-editor';
import { paths } from '../../lib/paths';
import { CustomerPicker } from '../customers';
import { usePaidSaveQuestion } from './paid-save-question';
import { lineValues, TaxedLinesEditor, type TaxedLineValues, useLineTaxRates } from './taxed-lines-editor';

const labels = {
  reference: 'Reference',
  'customer.id': 'Customer',
  customer: 'Customer',
  'job.id': 'Job',
  status: 'Status',
  date: 'Date',
  due: 'Due date',
  amountsEnteredIncludeTax: 'Amounts include tax',
  lineItems: 'Line items',
  'lineItems.#': 'Line #',
  'lineItems.#.code': 'Line # code',
  'lineItems.#.description': 'Line # description',
  'lineItems.#.quantity': 'Line # quantity',
  'lineItems.#.price': 'Line # price',
  'lineItems.#.amount': 'Line # amount',
  'lineItems.#.taxRate.id': 'Line # tax rate',
} as const;

type Reference = { id: string } | null;

export interface InvoiceValues extends Record<string, unknown> {
  reference: string;
  customer: { id: string };
  job: Reference;
  status: InvoiceStatus;
  date: string;
  due: string;
  amountsEnteredIncludeTax: boolean;
  lineItems: TaxedLineValues[];
}

const text = (value: string | null) => value ?? '';

/** A saved invoice as the editor starts from it. */
export const savedValues = (invoice: Invoice): InvoiceValues => ({
  reference: text(invoice.reference),
  customer: { id: invoice.customer.id },
  job: invoice.job ? { id: invoice.job.id } : null,
  status: invoice.status,
  date: invoice.date,
  due: invoice.due,
  amountsEnteredIncludeTax: invoice.amountsEnteredIncludeTax,
  lineItems: lineValues(invoice.lineItems, (index) => {
    const rate = invoice.lineItems[index]?.taxRate;
    return rate ? { id: rate.id } : null;
  }),
});

interface InvoiceEditorProps {
  title: string;
  breadcrumbs: readonly Crumb[];
  initialValues: InvoiceValues;
  /** The customer's name for the customer box (null when none is chosen yet). */
  customer: { id: string; name: string } | null;
  /** The job the invoice bills, shown as a link (from Copy to invoice, or saved with the invoice). */
  job?: { id: string; number: number } | null;
  /** The rates the lines were saved at, by id, for the totals until the organisation's rates have loaded. */
  savedRates?: ReadonlyMap<string, string>;
  /** Something to know before editing (the job to copy was not found). */
  notice?: string;
  /**
   * A new invoice's payment terms (the organisation's): until the user sets the due date, it stays this many
   * days after the date. Absent when editing: a saved invoice's due date changes only when the user changes it.
   */
  paymentTermsDays?: number;
  /** What the invoice's payments add up to ('0.00' for a new one): saved as Paid, the rest is recorded too. */
  amountPaid?: string;
  save: SaveMutation<InvoiceFields, Invoice>;
}

const CALENDAR_DATE = /^\d{4}-\d{2}-\d{2}$/;

/**
 * The invoice editor: the customer (picked by name, number, email or phone), reference, status, date and due
 * date, whether the amounts include tax, and the lines, each with its tax rate (GST unless changed), with live
 * Subtotal, Tax and Total from the domain's `invoiceTotals`, the server's own arithmetic. Saved as Paid with an
 * amount still due, it asks before the server records the rest as a payment. A save opens the invoice.
 */
export function InvoiceEditor({
  title,
  breadcrumbs,
  initialValues,
  customer,
  job,
  savedRates,
  notice,
  paymentTermsDays,
  amountPaid = '0.00',
  save,
}: InvoiceEditorProps) {
  const navigate = useNavigate();
  const taxRates = useLineTaxRates(savedRates);
  // What saving as Paid leaves due, by the server's arithmetic: the server records it as a payment.
  const remainderOf = (fields: InvoiceFields) => {
    if (fields.status !== 'CLOSED_PAID') return null;
    const lines = fields.lineItems.map((line) => ({
      amount: lineAmount(line),
      rate: taxRates.rateOf(line.taxRate),
    }));
    const due = amountDue(invoiceTotals(lines, fields.amountsEnteredIncludeTax).total, amountPaid);
    return isPositive(due) ? due : null;
  };
  const paid = usePaidSaveQuestion(save, remainderOf);
  const { form, editor } = useRecordEditor({
    schema: invoiceFields,
    initialValues,
    labels,
    save: paid.save,
    savedNotice: 'Invoice saved.',
    onSaved: (saved) => void navigate(paths.sales.invoice.href(saved.id)),
  });
  const [chosen, setChosen] = useState(customer);
  const [dueSet, setDueSet] = useState(false);
  const dateInput = form.getInputProps('date');
  const dueInput = form.getInputProps('due');
  const dueFollowsDate = paymentTermsDays !== undefined && !dueSet;
  const values = form.getValues();
  const error = (path: string) => form.getInputProps(path).error;
  const totals = invoiceTotals(values.lineItems.map(taxRates.amountOf), values.amountsEnteredIncludeTax);

  return (
    <>
      <EditorFrame breadcrumbs={breadcrumbs} title={title} editor={editor}>
        {notice && (
          <Alert color="yellow" role="status">
            {notice}
          </Alert>
        )}
        {job && (
          <Text>
            For{' '}
            <Anchor component={Link} to={paths.jobs.view.href(job.id)}>
              job {job.number}
            </Anchor>
          </Text>
        )}
        <div data-path="customer.id">
          <CustomerPicker
            chosen={chosen}
            required
            error={error('customer.id') ?? error('customer')}
            onPick={(picked) => {
              setChosen(picked);
              form.setFieldValue('customer', { id: picked.id });
              form.clearFieldError('customer.id');
            }}
          />
        </div>
        <Grid gap="sm">
          <Grid.Col span={{ base: 12, sm: 6 }}>
            <TextInput label={labels.reference} {...form.getInputProps('reference')} />
          </Grid.Col>
          <Grid.Col span={{ base: 12, sm: 6 }}>
            <NativeSelect
              label={labels.status}
              data={INVOICE_STATUSES.map((status) => ({
                value: status,
                label: INVOICE_STATUS_NAMES[status],
              }))}
              {...form.getInputProps('status')}
            />
          </Grid.Col>
          <Grid.Col span={{ base: 12, sm: 6 }}>
            <TextInput
              type="date"
              label={labels.date}
              required
              {...dateInput}
              onChange={(event) => {
                const date = event.currentTarget.value;
                dateInput.onChange(event);
                if (dueFollowsDate && CALENDAR_DATE.test(date))
                  form.setFieldValue('due', dueDateFor(date, paymentTermsDays));
              }}
            />
          </Grid.Col>
          <Grid.Col span={{ base: 12, sm: 6 }}>
            <TextInput
              type="date"
              label={labels.due}
              required
              {...dueInput}
              onChange={(event) => {
                setDueSet(true);
                dueInput.onChange(event);
              }}
            />
          </Grid.Col>
        </Grid>
        <TaxedLinesEditor form={form} taxRates={taxRates} newLine={(line) => line} totals={totals} />
      </EditorFrame>
      {paid.question}
    </>
  );
}
