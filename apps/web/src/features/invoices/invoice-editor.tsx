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
  STARTING_TAX_RATES,
  type TaxRate,
} from '@fieldbook/domain';
import { Alert, Anchor, Grid, NativeSelect, Text, TextInput } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { EditorFrame } from '../../components/editor/editor-frame';
import type { Crumb } from '../../components/editor/editor-header';
import { SwitchField } from '../../components/form/switch-field';
import { type SaveMutation, useRecordEditor } from '../../components/form/use-record-editor';
import {
  emptyLine,
  LineItemsEditor,
  type LineValues,
  lineFromItem,
  readableAmount,
} from '../../components/line-items-editor';
import { paths } from '../../lib/paths';
import { CustomerPicker } from '../customers';
import { ItemPicker } from '../items';
import { taxRateChoicesQueryOptions } from '../taxes';
import { usePaidSaveQuestion } from './paid-save-question';

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

export interface InvoiceLineValues extends LineValues {
  /** The line's rate; undefined for a line added before the rates had loaded, which then takes the default. */
  taxRate: Reference | undefined;
}

export interface InvoiceValues extends Record<string, unknown> {
  reference: string;
  customer: { id: string };
  job: Reference;
  status: InvoiceStatus;
  date: string;
  due: string;
  amountsEnteredIncludeTax: boolean;
  lineItems: InvoiceLineValues[];
}

const text = (value: string | null) => value ?? '';

/** An invoice's lines as the boxes hold them (text throughout), each keeping its rate by id. */
export const lineValues = (
  lines: readonly {
    code: string | null;
    description: string;
    quantity: string | null;
    price: string | null;
    amount: string;
  }[],
  rate: (index: number) => Reference | undefined,
): InvoiceLineValues[] =>
  lines.map((line, index) => ({
    code: text(line.code),
    description: line.description,
    quantity: text(line.quantity),
    price: text(line.price),
    amount: line.amount,
    taxRate: rate(index),
  }));

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

/** The rate a new line starts with: the organisation's GST when it has one, else none (undefined: not known yet). */
export function defaultRate(rates: readonly TaxRate[] | undefined): Reference | undefined {
  if (!rates) return undefined;
  const gst = rates.find((rate) => rate.name === STARTING_TAX_RATES[0].name);
  return gst ? { id: gst.id } : null;
}

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
  const rates = useQuery(taxRateChoicesQueryOptions());
  const rateOf = (reference: Reference | undefined) => {
    if (!reference) return null;
    return rates.data?.items.find((rate) => rate.id === reference.id)?.rate ?? savedRates?.get(reference.id);
  };
  // What saving as Paid leaves due, by the server's arithmetic: the server records it as a payment.
  const remainderOf = (fields: InvoiceFields) => {
    if (fields.status !== 'CLOSED_PAID') return null;
    const lines = fields.lineItems.map((line) => ({ amount: lineAmount(line), rate: rateOf(line.taxRate) }));
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
  // Lines added while the rates were loading take the default now that it is known.
  const loaded = rates.data?.items;
  useEffect(() => {
    if (!loaded) return;
    form.getValues().lineItems.forEach((line, index) => {
      if (line.taxRate === undefined) form.setFieldValue(`lineItems.${index}.taxRate`, defaultRate(loaded));
    });
  }, [loaded, form]);
  const totals = invoiceTotals(
    values.lineItems.map((line) => ({ amount: readableAmount(line), rate: rateOf(line.taxRate) })),
    values.amountsEnteredIncludeTax,
  );
  const rateChoices = [
    { value: '', label: rates.isPending ? 'Loading…' : 'No tax' },
    ...(rates.data?.items ?? []).map((rate) => ({ value: rate.id, label: `${rate.name} (${rate.rate}%)` })),
  ];

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
          <Grid.Col span={12}>
            <SwitchField
              label={labels.amountsEnteredIncludeTax}
              description="On: each amount already contains its tax. Off: tax is added to the amounts."
              {...form.getInputProps('amountsEnteredIncludeTax', { type: 'checkbox' })}
            />
          </Grid.Col>
        </Grid>
        <LineItemsEditor
          form={form}
          field="lineItems"
          newLine={(from): InvoiceLineValues => ({
            ...(from ?? emptyLine),
            taxRate: defaultRate(rates.data?.items),
          })}
          picker={(add) => <ItemPicker onPick={(item) => add(lineFromItem(item))} />}
          totals={totals}
          more={(index) => (
            <NativeSelect
              label="Tax rate"
              maw={200}
              data-path={`lineItems.${index}.taxRate.id`}
              data={rateChoices}
              value={values.lineItems[index]?.taxRate?.id ?? ''}
              onChange={(event) => {
                const picked = event.currentTarget.value;
                form.setFieldValue(`lineItems.${index}.taxRate`, picked ? { id: picked } : null);
              }}
              error={error(`lineItems.${index}.taxRate.id`)}
            />
          )}
        />
      </EditorFrame>
      {paid.question}
    </>
  );
}
