import { type Job, type JobStatus, jobTotals, priceText, quantityText, type Rag } from '@fieldbook/domain';
import { and, eq, type SQL, sql } from 'drizzle-orm';
import { visibleCustomers as customers, visibleLocations as locations, technicians } from '../db/schema.ts';
import { apiTime } from '../db/timestamps.ts';
import { jobLines, jobPriorities, type jobs, territories, type visibleJobs } from './job-tables.ts';

// How a job is read back: its row, the names of what it refers to, and its lines, in one statement. Customers and
// locations through their search views (docs/data.md), so a word search over their names can use their indexes.

type JobSource = typeof jobs | typeof visibleJobs;

/** A line as the statement gives it: every number as text, never a float. */
interface LineRow {
  code: string | null;
  description: string;
  quantity: string | null;
  price: string | null;
  amount: string;
}

/** The job's lines in order, as one JSON array (numbers cast to text so no float comes near them). */
const linesOf = (source: JobSource) => sql<LineRow[]>`(
  select coalesce(json_agg(json_build_object(
    'code', ${jobLines.code}, 'description', ${jobLines.description}, 'quantity', ${jobLines.quantity}::text,
    'price', ${jobLines.price}::text, 'amount', ${jobLines.amount}::text) order by ${jobLines.position}), '[]')
  from ${jobLines} where ${jobLines.tenantId} = ${source.tenantId} and ${jobLines.jobId} = ${source.id})`;

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
    items: linesOf(source),
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
  items: LineRow[];
  created: string;
  updated: string;
}

const named = (id: string | null, name: string | null) => (id && name !== null ? { id, name } : null);

/** A job as the API returns it: nested `{ id, name }`, lines with text numbers, and the totals from the lines. */
export function toJob(row: JobRow): Job {
  const items = row.items.map((line) => ({
    code: line.code,
    description: line.description,
    quantity: line.quantity === null ? null : quantityText(line.quantity),
    price: line.price === null ? null : priceText(line.price),
    amount: line.amount,
  }));
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
