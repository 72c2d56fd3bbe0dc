import { jobTotals, lineAmount, priceFromAmount } from '@fieldbook/domain';
import { Button, Group, Paper, Stack, Text, Textarea, TextInput } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { displayMoney } from '../../lib/money-display';
import { ItemPicker } from '../items';

/** A line as its boxes hold it: text throughout ('' for nothing). */
export interface LineValues {
  code: string;
  description: string;
  quantity: string;
  price: string;
  amount: string;
}

export const emptyLine: LineValues = { code: '', description: '', quantity: '1', price: '', amount: '' };

// The form's values beyond the lines do not matter here.
type LinesForm = UseFormReturnType<{ items: LineValues[] } & Record<string, unknown>, unknown>;

/**
 * The job's line items: add from the catalogue or type a free line; quantity, price and amount, where a typed
 * amount sets the price (to 4 decimals, or as many more as keep the amount); live subtotal, tax and total with
 * the domain's arithmetic, the server's own.
 */
export function LineItemsEditor({ form }: { form: LinesForm }) {
  const lines = form.getValues().items;
  const totals = jobTotals(lines.map((line) => ({ amount: safeLineAmount(line) ?? '0.00' })));

  const setAmount = (index: number, amount: string) => {
    form.setFieldValue(`items.${index}.amount`, amount);
    const quantity = lines[index]?.quantity ?? '';
    const price = amount.trim() && quantity.trim() ? safePriceFromAmount(amount, quantity) : undefined;
    if (price !== undefined) form.setFieldValue(`items.${index}.price`, price);
  };
  // Quantity or price typed: the amount follows them.
  const recompute = (index: number, changed: 'quantity' | 'price', value: string) => {
    form.setFieldValue(`items.${index}.${changed}`, value);
    const line = { ...(form.getValues().items[index] ?? emptyLine), [changed]: value };
    if (line.quantity.trim() && line.price.trim()) {
      const amount = safeLineAmount(line);
      if (amount !== undefined) form.setFieldValue(`items.${index}.amount`, amount);
    }
  };

  return (
    <Stack gap="sm">
      <Text component="h2" fw={700} size="lg">
        Line items
      </Text>
      <ItemPicker
        onPick={(item) =>
          form.insertListItem('items', {
            code: item.code,
            description: item.description,
            quantity: '1',
            price: item.price,
            amount: item.price,
          })
        }
      />
      {lines.map((line, index) => (
        <Paper
          key={form.key(`items.${index}`)}
          withBorder
          p="sm"
          component="fieldset"
          aria-label={`Line ${index + 1}`}
        >
          <Stack gap="xs">
            <Group align="flex-start" grow preventGrowOverflow={false} wrap="wrap">
              <TextInput label="Code" maw={160} {...form.getInputProps(`items.${index}.code`)} />
              <Textarea
                label="Description"
                required
                autosize
                minRows={1}
                miw={220}
                {...form.getInputProps(`items.${index}.description`)}
              />
            </Group>
            <Group align="flex-start" wrap="wrap">
              <TextInput
                label="Quantity"
                inputMode="decimal"
                maw={120}
                {...form.getInputProps(`items.${index}.quantity`)}
                onChange={(event) => recompute(index, 'quantity', event.currentTarget.value)}
              />
              <TextInput
                label="Price"
                inputMode="decimal"
                maw={160}
                leftSection={<span aria-hidden="true">$</span>}
                {...form.getInputProps(`items.${index}.price`)}
                onChange={(event) => recompute(index, 'price', event.currentTarget.value)}
              />
              <TextInput
                label="Amount"
                inputMode="decimal"
                maw={160}
                leftSection={<span aria-hidden="true">$</span>}
                {...form.getInputProps(`items.${index}.amount`)}
                value={line.amount}
                onChange={(event) => setAmount(index, event.currentTarget.value)}
              />
              <Button
                variant="subtle"
                color="red"
                mt={24}
                onClick={() => form.removeListItem('items', index)}
                aria-label={`Remove line ${index + 1}`}
              >
                Remove
              </Button>
            </Group>
          </Stack>
        </Paper>
      ))}
      <Group>
        <Button variant="default" onClick={() => form.insertListItem('items', { ...emptyLine })}>
          Add a line
        </Button>
      </Group>
      <Stack gap={2} aria-live="polite" maw={320} ml="auto">
        <TotalRow label="Subtotal" value={totals.subtotal} />
        <TotalRow label="Tax" value={totals.tax} />
        <TotalRow label="Total" value={totals.total} strong />
      </Stack>
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

/** The amount of a line whose numbers may be half typed ("1.", "abc"): undefined until they read. */
function safeLineAmount(line: LineValues): string | undefined {
  try {
    return lineAmount(line);
  } catch {
    return undefined;
  }
}

function safePriceFromAmount(amount: string, quantity: string): string | undefined {
  try {
    return priceFromAmount(amount, quantity);
  } catch {
    return undefined;
  }
}
