import {
  PAGE_SIZES,
  STARTING_TECHNICIANS,
  type Technician,
  type TechnicianFields,
  technicianMessages,
} from '@fieldbook/domain';
import { sql } from 'drizzle-orm';
import { uuidv7 } from 'uuidv7';
import type { Tx } from '../../platform/db/database.ts';
import type { ListResource } from '../../platform/lists/list-query.ts';
import { ascending } from '../../platform/lists/paged-list.ts';
import type { SortedList } from '../../platform/lists/sorted-pages.ts';
import { recordCommands } from '../../platform/records/record-commands.ts';
import { technicians } from './technician-tables.ts';

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

/** Gives a new organisation its five technicians, SE01 to SE05 (`names` for the demo's). */
export async function seedTechnicians(
  tx: Pick<Tx, 'insert'>,
  tenantId: string,
  names: readonly string[] = STARTING_TECHNICIANS,
): Promise<void> {
  await tx.insert(technicians).values(names.map((name) => ({ tenantId, id: uuidv7(), name })));
}

/** Names are unique in the tenant, whatever their case. A technician is renamed or retired, never deleted. */
export const {
  create: createTechnician,
  find: findTechnician,
  update: updateTechnician,
} = recordCommands<typeof technicians, Technician, TechnicianFields>(technicians, toTechnician, {
  noun: 'technician',
  unique: { constraint: 'technicians_name_key', field: 'name', message: technicianMessages.duplicate },
});

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
