import type { JobPriority, Territory } from '@fieldbook/domain';
import { PAGE_SIZES } from '@fieldbook/domain';
import { asc, eq } from 'drizzle-orm';
import { uuidv7 } from 'uuidv7';
import type { Tx } from '../../platform/db/database.ts';
import type { ListResource } from '../../platform/lists/list-query.ts';
import { ascending } from '../../platform/lists/paged-list.ts';
import { wordsIn } from '../../platform/lists/search-matches.ts';
import type { SortedList } from '../../platform/lists/sorted-pages.ts';
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
const territorySearch: ListResource = {
  fields: {
    id: { kind: 'exact', column: visible.id, uuid: true },
    name: { kind: 'text', column: visible.name, words: visible.nameWords },
  },
  searchable: [wordsIn(visible.nameWords)],
};

/** The territories as `readList` reads them, by name. */
export const territoryList: SortedList<Territory> = {
  pageSize: PAGE_SIZES.territories,
  resource: territorySearch,
  source: visible,
  select: (db, total) => db.select({ id: visible.id, name: visible.name, total }).from(visible),
  keys: [ascending(visible.name), ascending(visible.id)],
  toRecord: (row: Territory) => row,
};
