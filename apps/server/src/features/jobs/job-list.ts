import { JOB_STATUS_NAMES, JOB_STATUSES, type Job, PAGE_SIZES, RAGS } from '@fieldbook/domain';
import { desc, eq, type SQL, sql } from 'drizzle-orm';
import { builtOnce } from '../../platform/db/built-selects.ts';
import type { ListResource } from '../../platform/lists/list-query.ts';
import {
  type NumberedList,
  type NumberedView,
  numberedWhere,
  type WordSearch,
} from '../../platform/lists/numbered-lists.ts';
import { matchWords } from '../../platform/lists/query-to-sql.ts';
import { type Named, nameIn, nameOf, wholeNumber, wordsIn } from '../../platform/lists/search-matches.ts';
import { tenantCounters } from '../../platform/records/tenant-counter-table.ts';
import { visibleCustomers, visibleLocations } from '../customers/index.ts';
import { type JobRow, toJob } from './job-rows.ts';
import {
  jobCounts,
  jobNumberBlocks,
  jobScheduleCounts,
  jobSiteCounts,
  jobWordPairs,
  jobWords,
  visibleJobs as visible,
} from './job-tables.ts';
import { selectJobs } from './jobs.ts';
import { technicianScope } from './technician-jobs.ts';

// The job list, fast at a million jobs in one tenant (docs/server.md, "Fast lists"): what `q` may search, the
// kept counts that answer the common totals, and the page read as numbers first, then whole jobs.

const customerNames: Named = {
  table: visibleCustomers,
  id: visibleCustomers.id,
  words: visibleCustomers.nameWords,
};
const locationNames: Named = {
  table: visibleLocations,
  id: visibleLocations.id,
  words: visibleLocations.nameWords,
};

/**
 * What `q` may search on the job list. Bare words match the number (whole, or its first digits with `*`), the
 * reference, and the customer's and location's names, each through its own index, so a list needs no join to
 * count (docs/server.md, "Fast lists").
 */
const jobFields: ListResource['fields'] = {
  id: { kind: 'exact', column: visible.id, uuid: true },
  number: { kind: 'number', column: visible.number, integer: true },
  reference: { kind: 'text', column: visible.reference, words: visible.referenceWords },
  'customer.id': { kind: 'exact', column: visible.customerId, uuid: true },
  'location.id': { kind: 'exact', column: visible.locationId, uuid: true },
  'territory.id': { kind: 'exact', column: visible.territoryId, uuid: true },
  'priority.id': { kind: 'exact', column: visible.priorityId, uuid: true },
  status: { kind: 'exact', column: visible.status, values: JOB_STATUSES, names: JOB_STATUS_NAMES },
  rag: { kind: 'exact', column: visible.rag, values: RAGS },
  assignee: { kind: 'exact', column: visible.assignee, uuid: true },
  due: { kind: 'timestamp', column: visible.due },
  scheduledStart: { kind: 'timestamp', column: visible.scheduledStart },
  scheduledFinish: { kind: 'timestamp', column: visible.scheduledFinish },
  actualStart: { kind: 'timestamp', column: visible.actualStart },
  actualFinish: { kind: 'timestamp', column: visible.actualFinish },
};

export const jobList: ListResource = {
  fields: jobFields,
  searchable: [
    wholeNumber(visible.number),
    wordsIn(visible.referenceWords),
    nameOf(visible.customerId, customerNames),
    nameOf(visible.locationId, locationNames),
  ],
};

/** The job list's search as a walk newest first reads it (`nameIn`): a word that names thousands of jobs. */
const jobWalk: ListResource = {
  ...jobList,
  searchable: [
    wholeNumber(visible.number),
    wordsIn(visible.referenceWords),
    nameIn(visible.customerId, customerNames),
    nameIn(visible.locationId, locationNames),
  ],
};

const numbered: NumberedView = {
  view: visible,
  tenantId: visible.tenantId,
  number: visible.number,
  newest: (tenantId) =>
    sql`(select ${tenantCounters.value} from ${tenantCounters}
      where ${tenantCounters.tenantId} = ${tenantId} and ${tenantCounters.name} = 'job')`,
};

/**
 * The jobs with these numbers, whole, newest first. Its text is built once (`builtOnce`), and it is a named
 * statement, so each connection also plans it once (its joins and lines took longer to plan than to run); behind
 * a transaction pooler it is sent unnamed (`platform/db/transaction-pooler.ts`).
 */
const jobsNumbered = builtOnce<JobRow>(
  (tx) => selectJobs(tx).where(numberedWhere(numbered)).orderBy(desc(visible.number)),
  'jobs_numbered',
);

/**
 * A lone word on the job list: the jobs' own number and reference, and the names of their customers and
 * locations. Each job's words are kept (`job_words`), so a word that starts few of them is counted and paged from
 * those alone. Else the names are looked up, and their jobs counted from the kept site counts. A job's location is
 * always its customer's (`jobs_location_fk`), so the locations looked up are only those of customers the word does
 * not name: the jobs of the others are their customers' already. The two sums count different jobs, each once.
 */
const jobWord: WordSearch = {
  own: (term) => [wholeNumber(visible.number)(term), matchWords(visible.referenceWords, term)],
  names: {
    customers: { named: customerNames, key: visible.customerId },
    locations: {
      named: locationNames,
      key: visible.locationId,
      notOf: { name: 'customers', owner: visibleLocations.customerId },
    },
  },
  kept: jobWords,
  pairs: jobWordPairs,
  keptNamed: (tenantId) => {
    const sites = (
      named: SQL,
    ) => sql`(select coalesce(sum(${jobSiteCounts.count}), 0) from ${jobSiteCounts}, named
      where ${jobSiteCounts.tenantId} = ${tenantId} and ${named})`;
    return sql`select ${sites(sql`${jobSiteCounts.customerId} = any(named.customers)`)}
      + ${sites(sql`${jobSiteCounts.locationId} = any(named.locations)`)}`;
  },
};

/** The job list as `readList` reads it: a Technician member sees only their own jobs (none if linked to none). */
export const numberedJobs: NumberedList<Job> = {
  pageSize: PAGE_SIZES.jobs,
  scopeOf: (member) => {
    const assignee = technicianScope(member);
    return assignee === undefined
      ? undefined
      : assignee === null
        ? sql`false`
        : eq(visible.assignee, assignee);
  },
  resource: jobList,
  walkResource: jobWalk,
  numbered,
  statusCounts: jobCounts,
  numberBlocks: jobNumberBlocks,
  hourCounts: { field: 'scheduledStart', column: visible.scheduledStart, counts: jobScheduleCounts },
  statuses: JOB_STATUSES,
  word: jobWord,
  read: async (tx, tenantId, numbers) => (await jobsNumbered(tx, { tenantId, numbers })).map(toJob),
  selectWhole: selectJobs,
  toRecord: toJob,
};
