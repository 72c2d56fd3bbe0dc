import {
  PAGE_SIZES,
  rateText,
  STARTING_TAX_RATES,
  type TaxRate,
  type TaxRateFields,
  type TaxRateUpdate,
} from '@fieldbook/domain';
import { uuidv7 } from 'uuidv7';
import type { Tx } from '../../platform/db/database.ts';
import type { ListResource } from '../../platform/lists/list-query.ts';
import { ascending } from '../../platform/lists/paged-list.ts';
import type { SortedList } from '../../platform/lists/sorted-pages.ts';
import { deleteRow, requireRow, saveVersion, uniqueField } from '../../platform/records/record-rows.ts';
import { taxRates } from './tax-rate-tables.ts';

const NOUN = 'tax rate';

/** What `q` may search on the tax rate list (a handful of rows: no search view, see migration 0011). */
const taxRateSearch: ListResource = {
  fields: {
    id: { kind: 'exact', column: taxRates.id, uuid: true },
    name: { kind: 'text', column: taxRates.name },
    rate: { kind: 'number', column: taxRates.rate },
  },
  searchable: [taxRates.name],
};

/** The rate as the API gives it: percent as text without trailing zeros ("10", "12.5"), never a float. */
const toTaxRate = (row: Omit<typeof taxRates.$inferSelect, 'tenantId'>): TaxRate => ({
  id: row.id,
  name: row.name,
  rate: rateText(row.rate),
  created: row.created.toISOString(),
  updated: row.updated.toISOString(),
});

/** A name another rate of the tenant already has (in any case) is a field error, not a 500. */
const uniqueName = uniqueField('tax_rates_name_key', 'name', 'A tax with this name already exists.');

/** Gives a new organisation GST and GST Free (the tenant's creator runs it, as the owner; 0011 for older ones). */
export async function seedTaxRates(tx: Pick<Tx, 'insert'>, tenantId: string): Promise<void> {
  await tx.insert(taxRates).values(STARTING_TAX_RATES.map((rate) => ({ ...rate, tenantId, id: uuidv7() })));
}

export function createTaxRate(tx: Tx, tenantId: string, fields: TaxRateFields): Promise<TaxRate> {
  return uniqueName(async () => {
    const [row] = await tx
      .insert(taxRates)
      .values({ ...fields, tenantId, id: uuidv7() })
      .returning();
    if (!row) throw new Error('The tax rate was not inserted');
    return toTaxRate(row);
  });
}

export const findTaxRate = async (tx: Tx, tenantId: string, id: string): Promise<TaxRate> =>
  toTaxRate(await requireRow(tx, taxRates, tenantId, id, NOUN));

/**
 * Saves over the version the client read (404, or 409 when someone saved it since). Invoices keep the rate their
 * lines were saved with, so a change applies to lines saved from now on.
 */
export function updateTaxRate(
  tx: Tx,
  tenantId: string,
  id: string,
  { id: _id, updated, ...fields }: TaxRateUpdate,
): Promise<TaxRate> {
  return uniqueName(async () =>
    toTaxRate(await saveVersion(tx, taxRates, { tenantId, id, updated }, NOUN, fields)),
  );
}

/** Deletes the rate; refused with 409 while invoice lines use it. */
export function deleteTaxRate(tx: Tx, tenantId: string, id: string): Promise<void> {
  return deleteRow(tx, taxRates, tenantId, id, {
    noun: NOUN,
    stillReferenced: 'Invoice lines use this tax rate, so it cannot be deleted. Rename it instead.',
  });
}

/** The rates as `readList` reads them, by name. */
export const taxRateList: SortedList<TaxRate> = {
  pageSize: PAGE_SIZES.taxRates,
  resource: taxRateSearch,
  source: taxRates,
  select: (db, total) =>
    db
      .select({
        id: taxRates.id,
        name: taxRates.name,
        rate: taxRates.rate,
        created: taxRates.created,
        updated: taxRates.updated,
        total,
      })
      .from(taxRates),
  keys: [ascending(taxRates.name), ascending(taxRates.id)],
  toRecord: toTaxRate,
};
