import { type Job, type JobStatus, jobTotals, type Rag } from '@fieldbook/domain';
import { and, eq, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../platform/db/database.ts';
import { apiTime } from '../../platform/db/timestamps.ts';
import { visibleCustomers as customers, visibleLocations as locations } from '../customers/index.ts';
import { technicians } from '../technicians/index.ts';
import { jobPriorities, territories, visibleJobs as visible } from './job-tables.ts';

// How a job is read back: its row (with its kept lines, `jobs.items`) and the names of what it refers to, in one
// statement. Customers and locations through their search views (docs/data.md), so a word search over their names
// can use their indexes.

/** The name of the job's technician (a handful of rows per tenant, found by their key). */
const assigneeName = sql<string | null>`(
  select ${technicians.name} from ${technicians}
  where ${technicians.tenantId} = ${visible.tenantId} and ${technicians.id} = ${visible.assignee})`;

/** The joins for the names of the job's customer, location, territory and priority. */
export const joinsOf = (source: typeof visible) => ({
  customer: and(eq(customers.tenantId, source.tenantId), eq(customers.id, source.customerId)) as SQL,
  location: and(eq(locations.tenantId, source.tenantId), eq(locations.id, source.locationId)) as SQL,
  territory: and(eq(territories.tenantId, source.tenantId), eq(territories.id, source.territoryId)) as SQL,
  priority: and(eq(jobPriorities.tenantId, source.tenantId), eq(jobPriorities.id, source.priorityId)) as SQL,
});

/** The columns of a job whole, from the search view. */
const wholeJobColumns = {
  id: visible.id,
  number: visible.number,
  reference: visible.reference,
  customerId: visible.customerId,
  customerName: customers.name,
  locationId: visible.locationId,
  locationName: locations.name,
  territoryId: visible.territoryId,
  territoryName: territories.name,
  priorityId: visible.priorityId,
  priorityName: jobPriorities.name,
  status: visible.status,
  rag: visible.rag,
  due: apiTime(visible.due),
  scheduledStart: apiTime(visible.scheduledStart),
  scheduledFinish: apiTime(visible.scheduledFinish),
  actualStart: apiTime(visible.actualStart),
  actualFinish: apiTime(visible.actualFinish),
  assignee: visible.assignee,
  assigneeName,
  items: visible.items,
  created: apiTime(visible.created),
  updated: apiTime(visible.updated),
};

/**
 * Jobs with the names of what they refer to and their lines, in one statement. Single reads go through the search
 * view too: it is the table filtered by the same tenant setting as row-level security.
 */
export function selectJobs(tx: Db) {
  const joins = joinsOf(visible);
  return tx
    .select(wholeJobColumns)
    .from(visible)
    .innerJoin(customers, joins.customer)
    .leftJoin(locations, joins.location)
    .leftJoin(territories, joins.territory)
    .leftJoin(jobPriorities, joins.priority);
}

/** A job as `selectJobs` reads it. */
export type JobRow = Awaited<ReturnType<ReturnType<typeof selectJobs>['execute']>>[number];

const named = (id: string | null, name: string | null) => (id && name !== null ? { id, name } : null);

/** A job as the API returns it: nested `{ id, name }`, lines with text numbers, and the totals from the lines. */
export function toJob(row: JobRow): Job {
  const { items } = row;
  return {
    id: row.id,
    number: row.number,
    reference: row.reference,
    customer: { id: row.customerId, name: row.customerName },
    location: named(row.locationId, row.locationName),
    territory: named(row.territoryId, row.territoryName),
    priority: named(row.priorityId, row.priorityName),
    status: row.status as JobStatus,
    rag: row.rag as Rag | null,
    due: row.due,
    scheduledStart: row.scheduledStart,
    scheduledFinish: row.scheduledFinish,
    actualStart: row.actualStart,
    actualFinish: row.actualFinish,
    assignee: row.assignee,
    assigneeName: row.assigneeName,
    items,
    ...jobTotals(items),
    created: row.created,
    updated: row.updated,
  };
}
