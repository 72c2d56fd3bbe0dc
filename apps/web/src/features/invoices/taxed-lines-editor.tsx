import { STARTING_TAX_RATES, type TaxRate } from '@fieldbook/domain';
import { NativeSelect, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { type ReactNode, useEffect } from 'react';
import { SwitchField } from '../../components/form/switch-field';
import {
  emptyLine,
  LineItemsEditor,
  type LinesForm,
  type LineTotalsShown,
  type LineValues,
  lineFromItem,
  type OptionTotalsShown,
  readableAmount,
} from '../../components/line-items-editor';
import { ItemPicker } from '../items';
import { organisationQueryOptions } from '../settings';
import { taxRateChoicesQueryOptions } from '../taxes';

// An invoice's lines, each at a tax rate, and whether their amounts include tax: the invoice editor's, and the
// quote editor's (a quote line is an invoice line with an option).

type Reference = { id: string } | null;

export interface TaxedLineValues extends LineValues {
  /** The line's rate; undefined for a line added before the rates had loaded, which then takes the default. */
  taxRate: Reference | undefined;
}

const text = (value: string | null) => value ?? '';

/** Saved lines as the boxes hold them (text throughout), each keeping its rate by id. */
export const lineValues = (
  lines: readonly {
    code: string | null;
    description: string;
    quantity: string | null;
    price: string | null;
    amount: string;
  }[],
  rate: (index: number) => Reference | undefined,
): TaxedLineValues[] =>
  lines.map((line, index) => ({
    code: text(line.code),
    description: line.description,
    quantity: text(line.quantity),
    price: text(line.price),
    amount: line.amount,
    taxRate: rate(index),
  }));

/**
 * The rate a new line starts with: the organisation's GST when it has one and is registered for GST, else none
 * (undefined: not known yet).
 */
export function defaultRate(
  rates: readonly TaxRate[] | undefined,
  gstRegistered = true,
): Reference | undefined {
  if (!rates) return undefined;
  if (!gstRegistered) return null;
  const gst = rates.find((rate) => rate.name === STARTING_TAX_RATES[0].name);
  return gst ? { id: gst.id } : null;
}

/** The rates a saved record's lines charge, by id: a save keeps charging them whatever the rate has become since. */
export const savedRatesOf = (lines: readonly { taxRate: { id: string; rate: string } | null }[]) =>
  new Map(lines.flatMap((line) => (line.taxRate ? [[line.taxRate.id, line.taxRate.rate] as const] : [])));

/**
 * The organisation's tax rates for an editor's lines: `rateOf` a line's rate by its reference (the rate the record
 * charges for a rate its lines already have, as the server keeps it; else the rate as it is now), `amountOf` a
 * line as the domain's totals read it, `choices` the rates to choose from, each named with the rate it charges.
 */
export function useLineTaxRates(savedRates?: ReadonlyMap<string, string>) {
  const query = useQuery(taxRateChoicesQueryOptions());
  const rates = query.data?.items;
  // Registered for GST unless the organisation's details say not (they load with the editor).
  const gstRegistered = useQuery(organisationQueryOptions()).data?.gstRegistered ?? true;
  const rateOf = (reference: Reference | undefined) => {
    if (!reference) return null;
    return savedRates?.get(reference.id) ?? rates?.find((rate) => rate.id === reference.id)?.rate;
  };
  const amountOf = (line: TaxedLineValues) => ({ amount: readableAmount(line), rate: rateOf(line.taxRate) });
  const choices = (rates ?? []).map((rate) => ({
    value: rate.id,
    label: `${rate.name} (${savedRates?.get(rate.id) ?? rate.rate}%)`,
  }));
  const startRate = defaultRate(rates, gstRegistered);
  return { rates, loading: query.isPending, rateOf, amountOf, choices, startRate, gstRegistered };
}

export type LineTaxRates = ReturnType<typeof useLineTaxRates>;

interface TaxedLinesEditorProps<Line extends TaxedLineValues> {
  /** A form holding `lineItems` and `amountsEnteredIncludeTax`. */
  form: LinesForm;
  taxRates: LineTaxRates;
  /** A new line as it starts (its rate the default): more fields for another kind of line (a quote's option). */
  newLine: (line: TaxedLineValues) => Line;
  totals: LineTotalsShown | readonly OptionTotalsShown[];
  /** More boxes of a line, after its tax rate. */
  more?: (index: number) => ReactNode;
}

/**
 * 'Amounts include tax' and the lines, each with its tax rate (GST unless changed): added from the catalogue or
 * typed, as `LineItemsEditor` does; a line added while the rates were loading takes the default once they arrive.
 */
export function TaxedLinesEditor<Line extends TaxedLineValues>({
  form,
  taxRates,
  newLine,
  totals,
  more,
}: TaxedLinesEditorProps<Line>) {
  const { rates, loading, startRate } = taxRates;
  const lines = form.getValues().lineItems as readonly TaxedLineValues[];
  const error = (path: string) => form.getInputProps(path).error;
  useEffect(() => {
    if (!rates) return;
    (form.getValues().lineItems as readonly TaxedLineValues[]).forEach((line, index) => {
      if (line.taxRate === undefined) form.setFieldValue(`lineItems.${index}.taxRate`, startRate);
    });
  }, [rates, startRate, form]);
  // Not registered for GST, yet a line charges tax: say so (the server saves it, as the invoice may predate it).
  const chargesTax = lines.some((line) => Number(taxRates.rateOf(line.taxRate) ?? 0) > 0);
  const rateChoices = [{ value: '', label: loading ? 'Loading…' : 'No tax' }, ...taxRates.choices];
  return (
    <>
      <SwitchField
        label="Amounts include tax"
        description="On: each amount already contains its tax. Off: tax is added to the amounts."
        {...form.getInputProps('amountsEnteredIncludeTax', { type: 'checkbox' })}
      />
      <LineItemsEditor
        form={form}
        field="lineItems"
        newLine={(from) => newLine({ ...(from ?? emptyLine), taxRate: startRate })}
        picker={(add) => <ItemPicker onPick={(item) => add(lineFromItem(item))} />}
        totals={totals}
        more={(index) => (
          <>
            <NativeSelect
              label="Tax rate"
              maw={200}
              data-path={`lineItems.${index}.taxRate.id`}
              data={rateChoices}
              value={lines[index]?.taxRate?.id ?? ''}
              onChange={(event) => {
                const picked = event.currentTarget.value;
                form.setFieldValue(`lineItems.${index}.taxRate`, picked ? { id: picked } : null);
              }}
              error={error(`lineItems.${index}.taxRate.id`)}
            />
            {more?.(index)}
          </>
        )}
      />
      {!taxRates.gstRegistered && chargesTax && (
        <Text size="sm" c="orange.9" role="note">
          The organisation is not registered for GST (Settings › Organisation details), yet a line here
          charges tax. Choose No tax for it, unless the registration is out of date.
        </Text>
      )}
    </>
  );
}
