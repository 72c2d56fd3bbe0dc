import { JOB_STATUSES, type Line, RAGS } from '@fieldbook/domain';
import { sql } from 'drizzle-orm';
import {
  bigint,
  check,
  foreignKey,
  index,
  integer,
  pgTable,
  pgView,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import {
  keptWordPairs,
  keptWords,
  numberBlockCounts,
  oneOf,
  recordTimes,
  searchWordsOf,
  statusCounts,
  tenantForeignKey,
  tenantId,
  trigram,
} from '../../platform/db/columns.ts';
import { keptLines, lineColumns, linesKeys } from '../../platform/records/lines.ts';
import { customers, locations } from '../customers/index.ts';
import { technicians } from '../technicians/index.ts';

/** Job priorities of a tenant (Low, Normal, High, Urgent), listed by `rank`. */
export const jobPriorities = pgTable(
  'job_priorities',
  {
    tenantId: tenantId(),
    id: uuid('id').notNull(),
    name: text('name').notNull(),
    rank: integer('rank').notNull(),
    ...recordTimes(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    uniqueIndex('job_priorities_name_key').on(t.tenantId, sql`lower(${t.name})`),
  ],
);

const territoryColumns = () => ({
  tenantId: tenantId(),
  id: uuid('id').notNull(),
  name: text('name').notNull(),
  ...recordTimes(),
  nameWords: searchWordsOf('name_words', 'name'),
});

/** The regions a tenant's work is divided into. */
export const territories = pgTable('territories', territoryColumns(), (t) => [
  primaryKey({ columns: [t.tenantId, t.id] }),
  uniqueIndex('territories_name_key').on(t.tenantId, sql`lower(${t.name})`),
  index('territories_name_idx').on(t.tenantId, t.name),
  trigram('territories_name_words_trgm', t.nameWords),
]);

/** A job's times: millisecond precision, as the API shows them. */
const jobTime = (name: string) => timestamp(name, { withTimezone: true, precision: 3 });

const jobColumns = () => ({
  tenantId: tenantId(),
  id: uuid('id').notNull(),
  number: integer('number').notNull(),
  reference: text('reference'),
  customerId: uuid('customer_id').notNull(),
  locationId: uuid('location_id'),
  territoryId: uuid('territory_id'),
  priorityId: uuid('priority_id'),
  status: text('status').notNull(),
  rag: text('rag'),
  due: jobTime('due'),
  scheduledStart: jobTime('scheduled_start'),
  scheduledFinish: jobTime('scheduled_finish'),
  actualStart: jobTime('actual_start'),
  actualFinish: jobTime('actual_finish'),
  /** The technician the job is assigned to. */
  assignee: uuid('assignee'),
  ...recordTimes(),
  items: keptLines<Line>('items'),
  referenceWords: searchWordsOf('reference_words', 'reference'),
});

/** A work order. Customers and locations with jobs cannot be deleted (RESTRICT); nor can reference data in use. */
export const jobs = pgTable('jobs', jobColumns(), (t) => [
  primaryKey({ columns: [t.tenantId, t.id] }),
  uniqueIndex('jobs_number_key').on(t.tenantId, t.number),
  tenantForeignKey('jobs_customer_fk', t, t.customerId, customers).onDelete('restrict'),
  foreignKey({
    // The location of the job's own customer (the kept site counts and a word's count rely on it).
    name: 'jobs_location_fk',
    columns: [t.tenantId, t.customerId, t.locationId],
    foreignColumns: [locations.tenantId, locations.customerId, locations.id],
  }).onDelete('restrict'),
  tenantForeignKey('jobs_territory_fk', t, t.territoryId, territories).onDelete('restrict'),
  tenantForeignKey('jobs_priority_fk', t, t.priorityId, jobPriorities).onDelete('restrict'),
  tenantForeignKey('jobs_assignee_fk', t, t.assignee, technicians).onDelete('restrict'),
  check('jobs_status_check', sql`${t.status} in ${oneOf(JOB_STATUSES)}`),
  check('jobs_rag_check', sql`${t.rag} in ${oneOf(RAGS)}`),
  // Each list filter's index ends with the number, so a page (newest number first) and its count can be read
  // from the index alone (docs/server.md, "Fast lists").
  index('jobs_customer_idx').on(t.tenantId, t.customerId, t.number),
  index('jobs_location_idx').on(t.tenantId, t.locationId, t.number),
  index('jobs_status_idx').on(t.tenantId, t.status, t.number),
  // The number is an included column (migration 0026, which Drizzle cannot express), not a key: PostgreSQL 18
  // (PGlite's) can skip-scan a key column, and took this index for the number-bounded walk of a range's page.
  index('jobs_scheduled_start_idx').on(t.tenantId, t.scheduledStart),
  trigram('jobs_reference_words_trgm', t.referenceWords),
]);

/** How many jobs a tenant has in each status, kept by statement triggers on `jobs` (migration 0010). */
export const jobCounts = statusCounts('job_counts');

/** How many jobs a tenant has in each status in each block of numbers, kept by the same triggers (migration 0019). */
export const jobNumberBlocks = numberBlockCounts('job_number_blocks');

/**
 * How many jobs a tenant has scheduled to start in each hour (`hour`: whole hours since 1970 UTC, so no time zone
 * moves a boundary), kept by the same triggers (migration 0019): a range of scheduled starts is counted from the
 * hours it spans whole, and only the jobs of its first and last hours one by one (`hourRangeCount`). `topNumber`
 * (migration 0024): at least the highest number of a job the hour has had, raised by every job that comes into it
 * and never lowered, so no job of the hour has a higher one: where a walk newest first through a range's jobs starts
 * (`rangeFirstPageOf`).
 */
export const jobScheduleCounts = pgTable(
  'job_schedule_counts',
  {
    tenantId: tenantId(),
    hour: integer('hour').notNull(),
    count: bigint('count', { mode: 'number' }).notNull(),
    topNumber: integer('top_number').notNull(),
  },
  (t) => [primaryKey({ columns: [t.tenantId, t.hour] })],
);

/** What `job_site_counts.location_id` holds for the jobs with no location (a key column cannot be null). */
export const NO_LOCATION = '00000000-0000-0000-0000-000000000000';

/**
 * How many jobs a tenant has at each customer's each location (`NO_LOCATION` for none), kept by the same
 * triggers: a word that matches customers' and locations' names is counted from these few rows. A job's location
 * is always its customer's, so a row counts once whether its customer or its location matched.
 */
export const jobSiteCounts = pgTable(
  'job_site_counts',
  {
    tenantId: tenantId(),
    customerId: uuid('customer_id').notNull(),
    locationId: uuid('location_id').notNull(),
    count: bigint('count', { mode: 'number' }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.customerId, t.locationId] }),
    index('job_site_counts_location_idx').on(t.tenantId, t.locationId),
  ],
);

/**
 * Each job's words: those of its reference and of its customer's and location's names (`keptWords`), made again by
 * triggers on a job's create, save or delete and on a customer's or location's rename (each of its jobs).
 */
export const jobWords = keptWords('job_words');

/** Each job's pairs of words (`keptWordPairs`), made again with its words. */
export const jobWordPairs = keptWordPairs('job_word_pairs');

/** A job's line items, in the order the user gave them. Part of the job: they go with it. */
export const jobLines = pgTable(
  'job_lines',
  { tenantId: tenantId(), jobId: uuid('job_id').notNull(), ...lineColumns() },
  (t) => linesKeys(t, t.jobId, jobs, 'job_lines_job_fk'),
);

/** The current tenant's jobs and territories, for list searches (see `visibleCustomers`). */
export const visibleJobs = pgView('visible_jobs', jobColumns()).existing();
export const visibleTerritories = pgView('visible_territories', territoryColumns()).existing();
