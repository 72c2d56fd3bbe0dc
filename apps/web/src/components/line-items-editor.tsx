import { lineAmount, priceFromAmount, typedDecimal } from '@fieldbook/domain';
import { Button, Group, Paper, Stack, Text, Textarea, TextInput } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { type ReactNode, useEffect, useRef } from 'react';
import { displayMoney } from '../lib/money-display';

/** A line as its boxes hold it: text throughout ('' for nothing). */
export interface LineValues {
  code: string;
  description: string;
  quantity: string;
  price: string;
  amount: string;
}

export const emptyLine: LineValues = { code: '', description: '', quantity: '1', price: '', amount: '' };

/** A catalogue item as a new line takes it: its code, description and price, quantity 1. */
export const lineFromItem = (item: { code: string; description: string; price: string }): LineValues => ({
  code: item.code,
  description: item.description,
  quantity: '1',
  price: item.price,
  amount: item.price,
});

// The form's values beyond the lines do not matter here; the lines are at `field`.
export type LinesForm = UseFormReturnType<Record<string, unknown>, unknown>;

/** Live totals: a record's, or each option's of a quote with options (under the option's name). */
export interface LineTotalsShown {
  subtotal: string;
  tax: string;
  total: string;
}
export type OptionTotalsShown = LineTotalsShown & { name: string };

interface LineItemsEditorProps<Line extends LineValues> {
  form: LinesForm;
  /** Where the form keeps the lines: a job's `items`, an invoice's `lineItems`. */
  field: string;
  /** A new typed line, and a line from a catalogue item (both with any fields beyond `LineValues`). */
  newLine: (from?: LineValues) => Line;
  /** The catalogue picker, given what adds a picked item as a line. */
  picker: (add: (line: LineValues) => void) => ReactNode;
  /**
   * The totals of the lines as they are now (the domain's arithmetic, the server's own); a list: each option's,
   * under its name.
   */
  totals: LineTotalsShown | readonly OptionTotalsShown[];
  /** More boxes of a line (an invoice line's tax rate, a quote line's option), after its amount. */
  more?: (index: number) => ReactNode;
}

/**
 * A record's line items: add from the catalogue or type a free line; quantity, price and amount, where a typed
 * amount sets the price (to 4 decimals, or as many more as keep the amount); live subtotal, tax and total.
 */
export function LineItemsEditor<Line extends LineValues>({
  form,
  field,
  newLine,
  picker,
  totals,
  more,
}: LineItemsEditorProps<Line>) {
  const linesOf = () => (form.getValues()[field] ?? []) as Line[];
  const lines = linesOf();
  const ref = useRef<HTMLDivElement>(null);
  const addButton = useRef<HTMLButtonElement>(null);
  // Where the keyboard goes once the lines have rendered: a line typed in takes it to its description; a removed
  // line's to the one now in its place, else the one before, else Add a line (not left on the page).
  const focusLine = useRef<number | null>(null);
  useEffect(() => {
    const index = focusLine.current;
    if (index === null) return;
    focusLine.current = null;
    const fieldsets = ref.current?.querySelectorAll<HTMLFieldSetElement>(':scope > fieldset') ?? [];
    const line = fieldsets[Math.min(index, fieldsets.length - 1)];
    (line?.querySelector('textarea') ?? addButton.current)?.focus();
  });
  const path = (index: number, name: keyof LineValues) => `${field}.${index}.${name}`;

  const setAmount = (index: number, amount: string) => {
    form.setFieldValue(path(index, 'amount'), amount);
    const quantity = lines[index]?.quantity ?? '';
    const price = priceFromAmount(amount, quantity);
    if (price !== undefined) form.setFieldValue(path(index, 'price'), price);
  };
  // Quantity or price typed: the amount follows them.
  const recompute = (index: number, changed: 'quantity' | 'price', value: string) => {
    form.setFieldValue(path(index, changed), value);
    const line = { ...(linesOf()[index] ?? emptyLine), [changed]: value };
    // Until both read as numbers (not "1.2." or "$" yet), the amount stays as it is.
    if (typedDecimal(line.quantity, 'count') !== undefined && typedDecimal(line.price, 'money') !== undefined)
      form.setFieldValue(path(index, 'amount'), lineAmount(line));
  };

  return (
    <Stack gap="sm" ref={ref}>
      <Text component="h2" fw={700} size="lg">
        Line items
      </Text>
      {picker((line) => form.insertListItem(field, newLine(line)))}
      {lines.map((line, index) => (
        <Paper
          key={form.key(`${field}.${index}`)}
          withBorder
          p="sm"
          component="fieldset"
          aria-label={`Line ${index + 1}`}
        >
          <Stack gap="xs">
            <Group align="flex-start" grow preventGrowOverflow={false} wrap="wrap">
              <TextInput label="Code" maw={160} {...form.getInputProps(path(index, 'code'))} />
              <Textarea
                label="Description"
                required
                autosize
                minRows={1}
                miw={220}
                {...form.getInputProps(path(index, 'description'))}
              />
            </Group>
            <Group align="flex-start" wrap="wrap">
              <TextInput
                label="Quantity"
                inputMode="decimal"
                maw={120}
                {...form.getInputProps(path(index, 'quantity'))}
                onChange={(event) => recompute(index, 'quantity', event.currentTarget.value)}
              />
              <TextInput
                label="Price"
                inputMode="decimal"
                maw={160}
                leftSection={<span aria-hidden="true">$</span>}
                {...form.getInputProps(path(index, 'price'))}
                onChange={(event) => recompute(index, 'price', event.currentTarget.value)}
              />
              <TextInput
                label="Amount"
                inputMode="decimal"
                maw={160}
                leftSection={<span aria-hidden="true">$</span>}
                {...form.getInputProps(path(index, 'amount'))}
                error={amountError(line) ?? form.getInputProps(path(index, 'amount')).error}
                value={line.amount}
                onChange={(event) => setAmount(index, event.currentTarget.value)}
              />
              {more?.(index)}
              <Button
                variant="subtle"
                color="red"
                mt={24}
                onClick={() => {
                  focusLine.current = index;
                  form.removeListItem(field, index);
                }}
                aria-label={`Remove line ${index + 1}`}
              >
                Remove
              </Button>
            </Group>
          </Stack>
        </Paper>
      ))}
      <Group>
        <Button
          variant="default"
          ref={addButton}
          onClick={() => {
            focusLine.current = lines.length;
            form.insertListItem(field, newLine());
          }}
        >
          Add a line
        </Button>
      </Group>
      {'total' in totals ? (
        <Totals label="Totals" totals={totals} />
      ) : (
        // One live region for every option's totals: a change is read out once.
        <Stack gap="sm" aria-live="polite">
          {totals.map((option) => (
            <Totals
              key={option.name}
              label={`Totals, ${option.name}`}
              totals={option}
              heading={option.name}
            />
          ))}
        </Stack>
      )}
    </Stack>
  );
}

function Totals({ label, totals, heading }: { label: string; totals: LineTotalsShown; heading?: string }) {
  return (
    <Stack
      gap={2}
      role="group"
      aria-label={label}
      aria-live={heading ? undefined : 'polite'}
      maw={320}
      ml="auto"
    >
      {heading && <Text fw={700}>{heading}</Text>}
      <TotalRow label="Subtotal" value={totals.subtotal} />
      <TotalRow label="Tax" value={totals.tax} />
      <TotalRow label="Total" value={totals.total} strong />
    </Stack>
  );
}

function TotalRow({ label, value, strong }: { label: string; value: string; strong?: boolean }) {
  return (
    <Group justify="space-between">
      <Text fw={strong ? 700 : undefined}>{label}</Text>
      <Text fw={strong ? 700 : undefined}>{displayMoney(value)}</Text>
    </Group>
  );
}

/** An amount typed on a line whose quantity is 0: its amount is $0.00 whatever the price. */
export const ZERO_QUANTITY_AMOUNT =
  'With a quantity of 0 this line comes to $0.00: enter the quantity first, then the amount.';

/**
 * What an amount typed on a line of quantity 0 needs said: no price makes it anything but $0.00, so the totals (and
 * the saved line) do not follow the box.
 */
function amountError(line: LineValues): string | undefined {
  const quantity = typedDecimal(line.quantity, 'count');
  const amount = typedDecimal(line.amount, 'money');
  return quantity !== undefined && Number(quantity) === 0 && amount !== undefined && Number(amount) !== 0
    ? ZERO_QUANTITY_AMOUNT
    : undefined;
}

/**
 * A line's amount by the server's rule, for the live totals, its numbers read as typed ("$1,234.50"): '0.00' while
 * they are half typed.
 */
export const readableAmount = (line: LineValues): string => lineAmount(line);
