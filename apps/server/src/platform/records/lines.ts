import { type Line, type LineFields, lineAmount, priceText, quantityText } from '@fieldbook/domain';
import { integer, numeric, text } from 'drizzle-orm/pg-core';

/**
 * The columns every line of a record (a job's, an invoice's) has, in the order the user gave them: quantities
 * to 4 decimals, unit prices to 7 (`UNIT_PRICE`), amounts in cents.
 */
export const lineColumns = () => ({
  position: integer('position').notNull(),
  code: text('code'),
  description: text('description').notNull(),
  quantity: numeric('quantity', { precision: 9, scale: 4 }),
  price: numeric('price', { precision: 17, scale: 7 }),
  amount: numeric('amount', { precision: 12, scale: 2 }).notNull(),
});

/** A line's `lineColumns` values, its amount computed here by the domain's rule (a client's amounts are not trusted). */
export const lineValues = (line: LineFields, position: number) => ({
  position,
  code: line.code,
  description: line.description,
  quantity: line.quantity,
  price: line.price,
  amount: lineAmount(line),
});

/**
 * A line's row (`lineValues`) as the API gives the line, to keep beside the rows (`jobs.items`,
 * `invoices.line_items`): as it reads back from its row (the quantity without trailing zeros, the price with at
 * least 2 decimals, the amount with 2), so the kept lines and the rows never differ (`job-kept-lines.api.test.ts`).
 */
export const keptLine = ({
  code,
  description,
  quantity,
  price,
  amount,
}: ReturnType<typeof lineValues>): Line => ({
  code: code ?? null,
  description,
  quantity: quantity == null ? null : quantityText(quantity),
  price: price == null ? null : priceText(price),
  amount,
});
