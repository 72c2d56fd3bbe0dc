import { type Line, type LineFields, lineAmount, priceText, quantityText } from '@fieldbook/domain';
import { sql } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import { integer, json, numeric, primaryKey, text } from 'drizzle-orm/pg-core';
import { tenantForeignKey } from '../db/columns.ts';
import type { RecordTable } from './record-rows.ts';
import type { CounterName } from './tenant-counters.ts';

// A record's lines (a job's, an invoice's): their columns, values and kept lines (docs/server.md, "Kept lines"), and
// what the commands that write a record with its lines know of it (`RecordWithLines`). No I/O.

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

/**
 * A lines table's keys: its primary key (its record's, then the position) and its foreign key to its record
 * (`name`), whose lines go with it.
 */
export const linesKeys = (
  t: { tenantId: PgColumn; position: PgColumn },
  record: PgColumn,
  of: RecordTable,
  name: string,
) => [
  primaryKey({ columns: [t.tenantId, record, t.position] }),
  tenantForeignKey(name, t, record, of).onDelete('cascade'),
];

/**
 * A record's column that keeps its lines as the API gives them (`jobs.items`, `invoices.line_items`), written with
 * the lines' rows from the same rows (`keptLine`), so a page of records reads no lines (docs/server.md, "Kept
 * lines"). The rows stay what the lines are.
 */
export const keptLines = <Kept>(name: string) =>
  json(name).$type<Kept[]>().notNull().default(sql`'[]'::json`);

/** A line's `lineColumns` values, its amount computed here by the domain's rule (a client's amounts are not trusted). */
export const lineValues = (line: LineFields, position: number) => ({
  position,
  code: line.code,
  description: line.description,
  quantity: line.quantity,
  price: line.price,
  amount: lineAmount(line),
});

/** A line's row as a record writes it, but its tenant and record (which the write gives): `lineValues` and more. */
export type LineRow = ReturnType<typeof lineValues>;

/**
 * A line's row (`lineValues`) as the API gives the line, to keep beside the rows (`jobs.items`,
 * `invoices.line_items`): as it reads back from its row (the quantity without trailing zeros, the price with at
 * least 2 decimals, the amount with 2), so the kept lines and the rows never differ (`job-kept-lines.api.test.ts`).
 */
export const keptLine = ({ code, description, quantity, price, amount }: LineRow): Line => ({
  code: code ?? null,
  description,
  quantity: quantity == null ? null : quantityText(quantity),
  price: price == null ? null : priceText(price),
  amount,
});

/** A record's lines as it writes them: their rows (but their tenant and record) and the lines it keeps. */
export type Lines = { rows: object[]; kept: unknown[] };

/**
 * A record's lines as it writes them, each amount computed here: `more`, a line's columns of its own (an invoice
 * line's rate), and `keep`, the line as its record keeps it from its row (`keptLine`, by default).
 */
export function linesOf<Fields extends LineFields, More extends object = object>(
  lines: readonly Fields[],
  more?: (line: Fields) => More,
  keep: (row: LineRow & More) => unknown = keptLine,
): Lines {
  const rows = lines.map(
    (line, position) => ({ ...lineValues(line, position), ...more?.(line) }) as LineRow & More,
  );
  return { rows, kept: rows.map(keep) };
}

export type NumberedTable = RecordTable & { number: PgColumn };
export type LinesTable = PgTable & { tenantId: PgColumn; position: PgColumn };

/** A numbered record with lines (a job, an invoice), as `record-with-lines.ts` creates, saves and imports it. */
export interface RecordWithLines<T extends NumberedTable = NumberedTable, L extends LinesTable = LinesTable> {
  /** What a 404 or a 409 calls it. */
  noun: string;
  /** The tenant's counter that numbers it. */
  counter: CounterName;
  table: T;
  /** The record's column that keeps its lines as the API gives them, by its key (`items`). */
  kept: keyof T['$inferInsert'] & string;
  lines: L;
  /** The lines' column that names their record, by its key (`jobId`). */
  record: keyof L['$inferInsert'] & string;
  /** The lines' foreign key to their record: it fails when the record was deleted since it was read. */
  foreignKey: string;
  /** A write's failed foreign key to a record it names, as the field error its check gives (`referencedFields`). */
  referencesGone: <R>(write: () => Promise<R>) => Promise<R>;
}
