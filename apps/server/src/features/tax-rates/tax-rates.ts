import {
  PAGE_SIZES,
  rateText,
  STARTING_TAX_RATES,
  type TaxRate,
  type TaxRateFields,
} from '@fieldbook/domain';
import { uuidv7 } from 'uuidv7';
import type { Tx } from '../../platform/db/database.ts';
import type { ListResource } from '../../platform/lists/list-query.ts';
import { ascending } from '../../platform/lists/paged-list.ts';
import type { SortedList } from '../../platform/lists/sorted-pages.ts';
import { recordCommands } from '../../platform/records/record-commands.ts';
import { taxRates } from './tax-rate-tables.ts';

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

/** Gives a new organisation GST and GST Free (the tenant's creator runs it, as the owner; 0011 for older ones). */
export async function seedTaxRates(tx: Pick<Tx, 'insert'>, tenantId: string): Promise<void> {
  await tx.insert(taxRates).values(STARTING_TAX_RATES.map((rate) => ({ ...rate, tenantId, id: uuidv7() })));
}

/**
 * Names are unique in the tenant, whatever their case. Invoices keep the rate their lines were saved with, so a
 * change applies to lines saved from now on; a rate invoice lines use cannot be deleted.
 */
export const {
  create: createTaxRate,
  find: findTaxRate,
  update: updateTaxRate,
  remove: deleteTaxRate,
} = recordCommands<typeof taxRates, TaxRate, TaxRateFields>(taxRates, toTaxRate, {
  noun: 'tax rate',
  unique: {
    constraint: 'tax_rates_name_key',
    field: 'name',
    message: 'A tax with this name already exists.',
  },
  stillReferenced: 'Invoice or quote lines use this tax rate, so it cannot be deleted. Rename it instead.',
});

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
