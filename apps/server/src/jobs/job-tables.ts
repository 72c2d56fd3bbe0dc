import { JOB_STATUSES, RAGS } from '@fieldbook/domain';
import { sql } from 'drizzle-orm';
import {
  check,
  foreignKey,
  index,
  integer,
  numeric,
  pgTable,
  pgView,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { created, tenantId, trigram, updated } from '../db/columns.ts';
import { customers, locations } from '../db/schema.ts';

/** Job priorities of a tenant (Low, Normal, High, Urgent), listed by `rank`. */
export const jobPriorities = pgTable(
  'job_priorities',
  {
    tenantId: tenantId(),
    id: uuid('id').notNull(),
    name: text('name').notNull(),
    rank: integer('rank').notNull(),
    created: created(),
    updated: updated(),
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
  created: created(),
  updated: updated(),
});

/** The regions a tenant's work is divided into. */
export const territories = pgTable('territories', territoryColumns(), (t) => [
  primaryKey({ columns: [t.tenantId, t.id] }),
  uniqueIndex('territories_name_key').on(t.tenantId, sql`lower(${t.name})`),
  index('territories_name_idx').on(t.tenantId, t.name),
  trigram('territories_name_trgm', t.name),
]);

/** `('A', 'B')`: the domain's own list of codes, written into a check constraint. */
const oneOf = (codes: readonly string[]) => sql.raw(`(${codes.map((code) => `'${code}'`).join(', ')})`);

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
  assignee: text('assignee'),
  created: created(),
  updated: updated(),
});

/** A work order. Customers and locations with jobs cannot be deleted (RESTRICT); nor can reference data in use. */
export const jobs = pgTable('jobs', jobColumns(), (t) => [
  primaryKey({ columns: [t.tenantId, t.id] }),
  uniqueIndex('jobs_number_key').on(t.tenantId, t.number),
  foreignKey({
    name: 'jobs_customer_fk',
    columns: [t.tenantId, t.customerId],
    foreignColumns: [customers.tenantId, customers.id],
  }).onDelete('restrict'),
  foreignKey({
    name: 'jobs_location_fk',
    columns: [t.tenantId, t.locationId],
    foreignColumns: [locations.tenantId, locations.id],
  }).onDelete('restrict'),
  foreignKey({
    name: 'jobs_territory_fk',
    columns: [t.tenantId, t.territoryId],
    foreignColumns: [territories.tenantId, territories.id],
  }).onDelete('restrict'),
  foreignKey({
    name: 'jobs_priority_fk',
    columns: [t.tenantId, t.priorityId],
    foreignColumns: [jobPriorities.tenantId, jobPriorities.id],
  }).onDelete('restrict'),
  check('jobs_status_check', sql`${t.status} in ${oneOf(JOB_STATUSES)}`),
  check('jobs_rag_check', sql`${t.rag} in ${oneOf(RAGS)}`),
  index('jobs_customer_idx').on(t.tenantId, t.customerId, t.number),
  index('jobs_location_idx').on(t.tenantId, t.locationId),
  index('jobs_status_idx').on(t.tenantId, t.status, t.number),
  index('jobs_scheduled_start_idx').on(t.tenantId, t.scheduledStart),
  trigram('jobs_reference_trgm', t.reference),
  trigram('jobs_number_trgm', sql`(${t.number}::text)`),
]);

/** A job's line items, in the order the user gave them. Part of the job: they go with it. */
export const jobLines = pgTable(
  'job_lines',
  {
    tenantId: tenantId(),
    jobId: uuid('job_id').notNull(),
    position: integer('position').notNull(),
    code: text('code'),
    description: text('description').notNull(),
    quantity: numeric('quantity', { precision: 9, scale: 4 }),
    price: numeric('price', { precision: 17, scale: 7 }),
    amount: numeric('amount', { precision: 12, scale: 2 }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.jobId, t.position] }),
    foreignKey({
      name: 'job_lines_job_fk',
      columns: [t.tenantId, t.jobId],
      foreignColumns: [jobs.tenantId, jobs.id],
    }).onDelete('cascade'),
  ],
);

/** The current tenant's jobs and territories, for list searches (see `visibleCustomers`). */
export const visibleJobs = pgView('visible_jobs', jobColumns()).existing();
export const visibleTerritories = pgView('visible_territories', territoryColumns()).existing();
