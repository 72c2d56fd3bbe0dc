import {
  dateField,
  type Quote,
  type QuoteFields,
  type QuoteStatus,
  quoteFields,
  quoteLinesEditable,
  quoteMessages,
  quoteOptionNames,
  quoteTotals,
} from '@fieldbook/domain';
import { Alert, Grid, Textarea, TextInput } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { useNavigate } from 'react-router';
import { EditorFrame, SaveButton } from '../../components/editor/editor-frame';
import type { Crumb } from '../../components/editor/editor-header';
import { ReferenceSelect } from '../../components/form/reference-select';
import { type SaveMutation, useRecordEditor } from '../../components/form/use-record-editor';
import { paths } from '../../lib/paths';
import { CustomerPicker, customerLocationsQueryOptions } from '../customers';
import { lineValues, TaxedLinesEditor, type TaxedLineValues, useLineTaxRates } from '../invoices';

const labels = {
  reference: 'Reference',
  'customer.id': 'Customer',
  customer: 'Customer',
  'location.id': 'Location',
  location: 'Location',
  status: 'Status',
  date: 'Date',
  expiry: 'Valid until',
  title: 'Title',
  description: 'Description',
  terms: 'Terms',
  amountsEnteredIncludeTax: 'Amounts include tax',
  acceptedOption: 'Accepted option',
  lineItems: 'Line items',
  'lineItems.#': 'Line #',
  'lineItems.#.code': 'Line # code',
  'lineItems.#.description': 'Line # description',
  'lineItems.#.quantity': 'Line # quantity',
  'lineItems.#.price': 'Line # price',
  'lineItems.#.amount': 'Line # amount',
  'lineItems.#.taxRate.id': 'Line # tax rate',
  'lineItems.#.option': 'Line # option',
} as const;

type Reference = { id: string } | null;

export interface QuoteLineValues extends TaxedLineValues {
  /** The option the line belongs to; blank: in every option. */
  option: string;
}

export interface QuoteValues extends Record<string, unknown> {
  reference: string;
  status: QuoteStatus;
  customer: { id: string };
  location: Reference;
  date: string;
  /** Left blank (undefined) on a new quote: the organisation's validity after the date. */
  expiry?: string;
  title: string;
  description: string;
  terms: string;
  amountsEnteredIncludeTax: boolean;
  lineItems: QuoteLineValues[];
  acceptedOption: string | null;
}

/** A saved quote needs its expiry date: only a new one takes the organisation's. */
const savedQuoteFields = quoteFields.safeExtend({ expiry: dateField(quoteMessages.expiry) });

const text = (value: string | null) => value ?? '';

/** A saved quote as the editor starts from it. */
export const savedValues = (quote: Quote): QuoteValues => ({
  reference: text(quote.reference),
  status: quote.status,
  customer: { id: quote.customer.id },
  location: quote.location ? { id: quote.location.id } : null,
  date: quote.date,
  expiry: quote.expiry,
  title: quote.title,
  description: text(quote.description),
  terms: text(quote.terms),
  amountsEnteredIncludeTax: quote.amountsEnteredIncludeTax,
  lineItems: lineValues(quote.lineItems, (index) => {
    const rate = quote.lineItems[index]?.taxRate;
    return rate ? { id: rate.id } : null;
  }).map((line, index) => ({ ...line, option: text(quote.lineItems[index]?.option ?? null) })),
  acceptedOption: quote.acceptedOption,
});

interface QuoteEditorProps {
  title: string;
  breadcrumbs: readonly Crumb[];
  initialValues: QuoteValues;
  /** The customer's name for the customer box (null when none is chosen yet). */
  customer: { id: string; name: string } | null;
  /** The rates the lines were saved at, by id, for the totals until the organisation's rates have loaded. */
  savedRates?: ReadonlyMap<string, string>;
  /** A new quote's: how many days after its date it expires when Valid until is left blank. */
  validityDays?: number;
  save: SaveMutation<QuoteFields, Quote>;
}

/**
 * The quote editor: the customer (picked by name, number, email or phone) and one of its locations, reference,
 * date and expiry, title, description, whether the amounts include tax, the lines as an invoice's (each with its
 * tax rate) with an option each, and the terms. Live totals, each option's when there are options, by the
 * domain's `quoteTotals`, the server's own arithmetic. A save opens the quote.
 */
export function QuoteEditor({
  title,
  breadcrumbs,
  initialValues,
  customer,
  savedRates,
  validityDays,
  save,
}: QuoteEditorProps) {
  const navigate = useNavigate();
  const taxRates = useLineTaxRates(savedRates);
  const creating = validityDays !== undefined;
  const { form, editor } = useRecordEditor({
    schema: creating ? quoteFields : savedQuoteFields,
    initialValues,
    labels,
    save,
    savedNotice: 'Quote saved.',
    onSaved: (saved) => void navigate(paths.sales.quote.href(saved.id)),
  });
  const [chosen, setChosen] = useState(customer);
  const optionsListId = useId();
  const values = form.getValues();
  const customerId = values.customer.id;
  const locations = useQuery({ ...customerLocationsQueryOptions(customerId), enabled: customerId !== '' });
  const error = (path: string) => form.getInputProps(path).error;
  const optionOf = (line: QuoteLineValues) => line.option.trim() || null;
  const totals = quoteTotals(
    values.lineItems.map((line) => ({ ...taxRates.amountOf(line), option: optionOf(line) })),
    values.amountsEnteredIncludeTax,
    values.acceptedOption,
  );
  const optionNames = quoteOptionNames(values.lineItems.map((line) => ({ option: optionOf(line) })));

  return (
    <EditorFrame
      breadcrumbs={breadcrumbs}
      title={title}
      editor={editor}
      actions={<SaveButton editor={editor} label={creating ? 'Save as draft' : 'Save'} />}
    >
      {!quoteLinesEditable(initialValues.status) && (
        <Alert color="yellow" role="status">
          {quoteMessages.linesLocked(initialValues.status)}
        </Alert>
      )}
      <div data-path="customer.id">
        <CustomerPicker
          chosen={chosen}
          required
          error={error('customer.id') ?? error('customer')}
          onPick={(picked) => {
            setChosen(picked);
            form.setFieldValue('customer', { id: picked.id });
            // Another customer's locations are not this one's.
            if (picked.id !== customerId) form.setFieldValue('location', null);
            form.clearFieldError('customer.id');
          }}
        />
      </div>
      <Grid gap="sm">
        <Grid.Col span={{ base: 12, sm: 6 }} data-path="location.id">
          <ReferenceSelect
            label={labels.location}
            options={locations.data?.items}
            loading={locations.isFetching}
            value={values.location}
            onChange={(value) => form.setFieldValue('location', value)}
            error={error('location.id') ?? error('location')}
          />
        </Grid.Col>
        <Grid.Col span={{ base: 12, sm: 6 }}>
          <TextInput label={labels.reference} {...form.getInputProps('reference')} />
        </Grid.Col>
        <Grid.Col span={{ base: 12, sm: 6 }}>
          <TextInput type="date" label={labels.date} required {...form.getInputProps('date')} />
        </Grid.Col>
        <Grid.Col span={{ base: 12, sm: 6 }}>
          <TextInput
            type="date"
            label={labels.expiry}
            required={!creating}
            description={creating ? `Blank: ${validityDays} days after the date.` : undefined}
            {...form.getInputProps('expiry')}
            value={values.expiry ?? ''}
            onChange={(event) => form.setFieldValue('expiry', event.currentTarget.value || undefined)}
          />
        </Grid.Col>
        <Grid.Col span={12}>
          <TextInput label={labels.title} required {...form.getInputProps('title')} />
        </Grid.Col>
        <Grid.Col span={12}>
          <Textarea
            label={labels.description}
            autosize
            minRows={2}
            maxRows={10}
            {...form.getInputProps('description')}
          />
        </Grid.Col>
      </Grid>
      <TaxedLinesEditor
        form={form}
        taxRates={taxRates}
        newLine={(line): QuoteLineValues => ({ ...line, option: '' })}
        totals={totals.options.length > 0 ? totals.options : totals}
        more={(index) => (
          <TextInput
            label="Option"
            placeholder="In every option"
            maw={220}
            list={optionsListId}
            autoComplete="off"
            {...form.getInputProps(`lineItems.${index}.option`)}
          />
        )}
      />
      {/* The options typed so far, offered in each line's Option box. */}
      <datalist id={optionsListId}>
        {optionNames.map((name) => (
          <option key={name} value={name} />
        ))}
      </datalist>
      <Textarea label={labels.terms} autosize minRows={2} maxRows={12} {...form.getInputProps('terms')} />
    </EditorFrame>
  );
}
