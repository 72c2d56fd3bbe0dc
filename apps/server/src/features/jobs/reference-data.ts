import type { JobPriority, Territory } from '@fieldbook/domain';
import { asc, count, eq } from 'drizzle-orm';
import { uuidv7 } from 'uuidv7';
import type { Tx } from '../../platform/db/database.ts';
import type { ListResource } from '../../platform/lists/list-query.ts';
import {
  ascending,
  type ListPage,
  type ListRequest,
  listWhere,
  readPage,
} from '../../platform/lists/paged-list.ts';
import { jobPriorities, territories, visibleTerritories as visible } from './job-tables.ts';

/** Every organisation's job priorities, in the order they are listed (migration 0009 gives them to older ones). */
export const JOB_PRIORITY_NAMES = ['Low', 'Normal', 'High', 'Urgent'] as const;

/** A new organisation's one territory, until it names its own regions. */
export const DEFAULT_TERRITORIES = ['Local area'] as const;

/** Gives a new organisation its job priorities and territories (the tenant's creator runs it, as the owner). */
export async function seedReferenceData(
  tx: Pick<Tx, 'insert'>,
  tenantId: string,
  territoryNames: readonly string[] = DEFAULT_TERRITORIES,
): Promise<void> {
  await tx
    .insert(jobPriorities)
    .values(JOB_PRIORITY_NAMES.map((name, index) => ({ tenantId, id: uuidv7(), name, rank: index + 1 })));
  await tx.insert(territories).values(territoryNames.map((name) => ({ tenantId, id: uuidv7(), name })));
}

/** The tenant's job priorities, lowest first. */
export function listJobPriorities(tx: Tx, tenantId: string): Promise<JobPriority[]> {
  return tx
    .select({ id: jobPriorities.id, name: jobPriorities.name })
    .from(jobPriorities)
    .where(eq(jobPriorities.tenantId, tenantId))
    .orderBy(asc(jobPriorities.rank));
}

/** What `q` may search on the territory list. */
export const territoryList: ListResource = {
  fields: {
    id: { kind: 'exact', column: visible.id, uuid: true },
    name: { kind: 'text', column: visible.name },
  },
  searchable: [visible.name],
};

/** One page of the territories `q` matches, by name. */
export async function listTerritories(
  tx: Tx,
  tenantId: string,
  { q, page }: ListRequest,
): Promise<ListPage<Territory>> {
  const where = listWhere(visible, tenantId, q, territoryList);
  return readPage(
    page,
    tx.select({ total: count() }).from(visible).where(where),
    (total) => tx.select({ id: visible.id, name: visible.name, total }).from(visible).where(where),
    [ascending(visible.name), ascending(visible.id)],
  );
}
