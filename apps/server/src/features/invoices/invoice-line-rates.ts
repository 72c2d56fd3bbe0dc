import {
  type FieldError,
  type InvoiceLine,
  type InvoiceLineFields,
  isUuid,
  rateText,
} from '@fieldbook/domain';
import { and, eq, sql } from 'drizzle-orm';
import { builtOnce } from '../../platform/db/built-selects.ts';
import { keptLine, type LineRow, type Lines, lineValues } from '../../platform/records/lines.ts';
import { taxRates } from '../tax-rates/index.ts';

// Lines charged at the organisation's tax rates (an invoice's, a quote's): the rates they name read with a write's
// other reads, checked, and kept on each line as they are now, so changing a rate later rewrites no saved line;
// a later save of the record keeps the rates it charged (`keepingSavedRates`).

/** The tenant's rates by id as they are now, which saved lines keep. */
export type RateSnapshot = Map<string, { name: string; rate: string }>;

/** The tenant's tax rates of these ids: a named statement, built once. */
const ratesOfIds = builtOnce<{ id: string; name: string; rate: string }>(
  (db) =>
    db
      .select({ id: taxRates.id, name: taxRates.name, rate: taxRates.rate })
      .from(taxRates)
      .where(
        and(
          eq(taxRates.tenantId, sql.placeholder('tenantId')),
          sql`${taxRates.id} = any(${sql.placeholder('ids')}::uuid[])`,
        ),
      ),
  'tax_rates_of_ids',
);

/** The read of the tax rates the lines name, to send with a write's other reads. */
export function lineRatesRead(tenantId: string, lines: readonly InvoiceLineFields[]) {
  const ids = [...new Set(lines.flatMap((line) => (line.taxRate ? [line.taxRate.id] : [])))];
  return ratesOfIds.with({ tenantId, ids: ids.filter(isUuid) });
}

/**
 * The rates `lineRatesRead` found (`rows`), and a field error for each line naming a rate the tenant does not have
 * (another tenant's id is no different from a missing one).
 */
export function checkedLineRates(
  lines: readonly InvoiceLineFields[],
  rows: unknown[],
): { rates: RateSnapshot; problems: FieldError[] } {
  const rates: RateSnapshot = new Map();
  for (const row of rows as { id: string; name: string; rate: string }[])
    rates.set(row.id, { name: row.name, rate: row.rate });
  const problems: FieldError[] = [];
  lines.forEach((line, index) => {
    if (line.taxRate && !rates.has(line.taxRate.id))
      problems.push({ field: `lineItems.${index}.taxRate.id`, message: 'Choose an existing tax rate.' });
  });
  return { rates, problems };
}

/**
 * The rates `rates` (as they are now), but those a saved record's lines already charge (`saved`, its kept lines) as
 * the record kept them: a save charges what the record charged, whatever has become of the rate since, so saving
 * an issued invoice (its reference, its status) never moves its tax or its total. A rate the record did not have
 * comes as it is now.
 */
export function keepingSavedRates(rates: RateSnapshot, saved: readonly InvoiceLine[]): RateSnapshot {
  const kept: RateSnapshot = new Map(rates);
  for (const { taxRate } of saved)
    if (taxRate && kept.has(taxRate.id)) kept.set(taxRate.id, { name: taxRate.name, rate: taxRate.rate });
  return kept;
}

/** A line's tax rate as it is now (`rates`), which the line keeps; none when it names no rate of the tenant's. */
export const rateOf = (rates: RateSnapshot) => (line: InvoiceLineFields) => {
  const rate = line.taxRate ? rates.get(line.taxRate.id) : undefined;
  return {
    taxRateId: rate ? (line.taxRate?.id ?? null) : null,
    taxName: rate?.name ?? null,
    taxRate: rate?.rate ?? null,
  };
};

/** A line's rate columns, as `rateOf` gives them. */
export type RateColumns = ReturnType<ReturnType<typeof rateOf>>;

/** A taxed line as the API gives it, from its row (`keptLine`, with the rate as it was kept). */
export const keptTaxedLine = (row: LineRow & RateColumns): InvoiceLine => ({
  ...keptLine(row),
  taxRate:
    row.taxRateId === null || row.taxName === null || row.taxRate === null
      ? null
      : { id: row.taxRateId, name: row.taxName, rate: rateText(row.taxRate) },
});

/**
 * Taxed lines as a record writes them, each amount computed here and each with its rate as it is now; `more`, a
 * line's columns of its own (a quote line's option), which its kept line has too.
 */
export function taxedLinesOf<Fields extends InvoiceLineFields, More extends object = object>(
  lines: readonly Fields[],
  rates: RateSnapshot,
  more: (line: Fields) => More = () => ({}) as More,
): Lines {
  const rateColumns = rateOf(rates);
  const rows = lines.map((line, position) => ({
    ...lineValues(line, position),
    ...rateColumns(line),
    ...more(line),
  }));
  return {
    rows,
    kept: rows.map((row, index) => ({ ...keptTaxedLine(row), ...more(lines[index] as Fields) })),
  };
}
