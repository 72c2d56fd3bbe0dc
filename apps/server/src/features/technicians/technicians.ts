import {
  PAGE_SIZES,
  STARTING_TECHNICIANS,
  type Technician,
  type TechnicianFields,
  type TechnicianUpdate,
  technicianMessages,
} from '@fieldbook/domain';
import { sql } from 'drizzle-orm';
import { uuidv7 } from 'uuidv7';
import type { Tx } from '../../platform/db/database.ts';
import type { ListResource } from '../../platform/lists/list-query.ts';
import { ascending } from '../../platform/lists/paged-list.ts';
import type { SortedList } from '../../platform/lists/sorted-pages.ts';
import { requireRow, saveVersion, uniqueField } from '../../platform/records/record-rows.ts';
import { technicians } from './technician-tables.ts';

const NOUN = 'technician';

/** What `q` may search on the technician list (a handful of rows: no search view, see migration 0016). */
const technicianSearch: ListResource = {
  fields: {
    id: { kind: 'exact', column: technicians.id, uuid: true },
    name: { kind: 'text', column: technicians.name },
    retired: { kind: 'exact', column: sql`${technicians.retired}::text`, values: ['true', 'false'] },
  },
  searchable: [technicians.name],
};

const toTechnician = (row: Omit<typeof technicians.$inferSelect, 'tenantId'>): Technician => ({
  id: row.id,
  name: row.name,
  retired: row.retired,
  created: row.created.toISOString(),
  updated: row.updated.toISOString(),
});

/** A name another technician of the tenant already has (in any case) is a field error, not a 500. */
const uniqueName = uniqueField('technicians_name_key', 'name', technicianMessages.duplicate);

/** Gives a new organisation its five technicians, SE01 to SE05 (`names` for the demo's). */
export async function seedTechnicians(
  tx: Pick<Tx, 'insert'>,
  tenantId: string,
  names: readonly string[] = STARTING_TECHNICIANS,
): Promise<void> {
  await tx.insert(technicians).values(names.map((name) => ({ tenantId, id: uuidv7(), name })));
}

export function createTechnician(tx: Tx, tenantId: string, fields: TechnicianFields): Promise<Technician> {
  return uniqueName(async () => {
    const [row] = await tx
      .insert(technicians)
      .values({ ...fields, tenantId, id: uuidv7() })
      .returning();
    if (!row) throw new Error('The technician was not inserted');
    return toTechnician(row);
  });
}

export const findTechnician = async (tx: Tx, tenantId: string, id: string): Promise<Technician> =>
  toTechnician(await requireRow(tx, technicians, tenantId, id, NOUN));

/** Renames or retires (or brings back) the technician, over the version the client read. */
export function updateTechnician(
  tx: Tx,
  tenantId: string,
  id: string,
  { id: _id, updated, ...fields }: TechnicianUpdate,
): Promise<Technician> {
  return uniqueName(async () =>
    toTechnician(await saveVersion(tx, technicians, { tenantId, id, updated }, NOUN, fields)),
  );
}

/** The technicians as `readList` reads them, by name (the scheduler's rows, in order). */
export const technicianList: SortedList<Technician> = {
  pageSize: PAGE_SIZES.technicians,
  resource: technicianSearch,
  source: technicians,
  select: (db, total) =>
    db
      .select({
        id: technicians.id,
        name: technicians.name,
        retired: technicians.retired,
        created: technicians.created,
        updated: technicians.updated,
        total,
      })
      .from(technicians),
  keys: [ascending(sql`lower(${technicians.name})`), ascending(technicians.id)],
  toRecord: toTechnician,
};
