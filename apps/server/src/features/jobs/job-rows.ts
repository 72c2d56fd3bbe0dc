import { type Job, type JobLine, type JobStatus, jobTotals, type Rag } from '@fieldbook/domain';
import { and, eq, type SQL, sql } from 'drizzle-orm';
import { apiTime, isoTime } from '../../platform/db/timestamps.ts';
import { visibleCustomers as customers, visibleLocations as locations } from '../customers/index.ts';
import { technicians } from '../technicians/index.ts';
import { jobPriorities, type jobs, territories, type visibleJobs } from './job-tables.ts';

// How a job is read back: its row (with its kept lines, `jobs.items`) and the names of what it refers to, in one
// statement. Customers and locations through their search views (docs/data.md), so a word search over their names
// can use their indexes.

type JobSource = typeof jobs | typeof visibleJobs;

/** The name of the job's technician (a handful of rows per tenant, found by their key). */
const assigneeNameOf = (source: JobSource) => sql<string | null>`(
  select ${technicians.name} from ${technicians}
  where ${technicians.tenantId} = ${source.tenantId} and ${technicians.id} = ${source.assignee})`;

/** The columns of a job reply, from the table or the search view. */
export function jobColumns(source: JobSource) {
  return {
    id: source.id,
    number: source.number,
    reference: source.reference,
    customerId: source.customerId,
    customerName: customers.name,
    locationId: source.locationId,
    locationName: locations.name,
    territoryId: source.territoryId,
    territoryName: territories.name,
    priorityId: source.priorityId,
    priorityName: jobPriorities.name,
    status: source.status,
    rag: source.rag,
    due: apiTime(source.due),
    scheduledStart: apiTime(source.scheduledStart),
    scheduledFinish: apiTime(source.scheduledFinish),
    actualStart: apiTime(source.actualStart),
    actualFinish: apiTime(source.actualFinish),
    assignee: source.assignee,
    assigneeName: assigneeNameOf(source),
    items: source.items,
    created: apiTime(source.created),
    updated: apiTime(source.updated),
  };
}

/** The joins for the names of the job's customer, location, territory and priority. */
export const joinsOf = (source: JobSource) => ({
  customer: and(eq(customers.tenantId, source.tenantId), eq(customers.id, source.customerId)) as SQL,
  location: and(eq(locations.tenantId, source.tenantId), eq(locations.id, source.locationId)) as SQL,
  territory: and(eq(territories.tenantId, source.tenantId), eq(territories.id, source.territoryId)) as SQL,
  priority: and(eq(jobPriorities.tenantId, source.tenantId), eq(jobPriorities.id, source.priorityId)) as SQL,
});

/** What `jobColumns` selects. */
export interface JobRow {
  id: string;
  number: number;
  reference: string | null;
  customerId: string;
  customerName: string;
  locationId: string | null;
  locationName: string | null;
  territoryId: string | null;
  territoryName: string | null;
  priorityId: string | null;
  priorityName: string | null;
  status: string;
  rag: string | null;
  due: string | null;
  scheduledStart: string | null;
  scheduledFinish: string | null;
  actualStart: string | null;
  actualFinish: string | null;
  assignee: string | null;
  assigneeName: string | null;
  items: JobLine[];
  created: string;
  updated: string;
}

/** A job's own columns, by `JobRow`'s keys, as a save returns them (`saveWithLines`' `returned`). */
export const jobOwnColumns = (table: typeof jobs) => ({
  number: table.number,
  reference: table.reference,
  customerId: table.customerId,
  locationId: table.locationId,
  territoryId: table.territoryId,
  priorityId: table.priorityId,
  status: table.status,
  rag: table.rag,
  due: table.due,
  scheduledStart: table.scheduledStart,
  scheduledFinish: table.scheduledFinish,
  actualStart: table.actualStart,
  actualFinish: table.actualFinish,
  assignee: table.assignee,
  items: table.items,
  created: table.created,
  updated: table.updated,
});

/** The names of what a job refers to, as the job's read joins them. */
export type JobNames = Pick<
  JobRow,
  'customerName' | 'locationName' | 'territoryName' | 'priorityName' | 'assigneeName'
>;

const timeOf = (value: unknown) => (value === null ? null : isoTime(value));

/**
 * A job's row from its own columns as the driver gave them (`jobOwnColumns`, its times as PostgreSQL's text) and
 * the names of what it refers to: what the job's read gives, without reading it.
 */
export function jobRowOf(own: Record<string, unknown>, names: JobNames): JobRow {
  const row = own as Omit<JobRow, keyof JobNames>;
  return {
    ...row,
    ...names,
    due: timeOf(row.due),
    scheduledStart: timeOf(row.scheduledStart),
    scheduledFinish: timeOf(row.scheduledFinish),
    actualStart: timeOf(row.actualStart),
    actualFinish: timeOf(row.actualFinish),
    created: isoTime(row.created),
    updated: isoTime(row.updated),
  };
}

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
