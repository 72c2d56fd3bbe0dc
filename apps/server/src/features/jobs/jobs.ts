import {
  apiMessages,
  canChangeJobStatus,
  type FieldError,
  isUuid,
  type Job,
  type JobFields,
  type JobStatus,
  type JobUpdate,
  jobStatusRefusal,
  statusStamps,
  technicianMessages,
} from '@fieldbook/domain';
import { uuidv7 } from 'uuidv7';
import type { Db, Tx } from '../../platform/db/database.ts';
import { conflict, notFound, validationFailed } from '../../platform/http/errors.ts';
import { asMember, type Member, readAsMember, type TenantCaller } from '../../platform/http/member-scope.ts';
import { forTenant, type Write } from '../../platform/http/tenant-requests.ts';
import { linesOf, type RecordWithLines } from '../../platform/records/lines.ts';
import { recordRead } from '../../platform/records/record-reads.ts';
import {
  currentVersion,
  deleteRow,
  namedStatement,
  ownColumns,
  referencedFields,
  rowOf,
  versionReads,
  wholeById,
} from '../../platform/records/record-rows.ts';
import { createWithLines, importWithLines, saveRecord } from '../../platform/records/record-with-lines.ts';
import { customers, locations } from '../customers/index.ts';
import { technicians } from '../technicians/index.ts';
import { type JobRow, selectJobs, toJob } from './job-rows.ts';
import { jobLines, jobPriorities, jobs, territories, visibleJobs } from './job-tables.ts';
import { technicianSave, technicianScope } from './technician-jobs.ts';

/** What the job list reads its jobs with (`job-list.ts`). */
export { selectJobs } from './job-rows.ts';

const NOUN = 'job';

/** The field error of a record the job names that the tenant does not have. */
const missing = {
  customer: { field: 'customer.id', message: 'Choose an existing customer.' },
  location: { field: 'location.id', message: 'Choose an existing location.' },
  territory: { field: 'territory.id', message: 'Choose an existing territory.' },
  priority: { field: 'priority.id', message: 'Choose an existing priority.' },
  assignee: { field: 'assignee', message: technicianMessages.assignee },
};

/**
 * Every record the job names must be the caller's tenant's (another tenant's id is no different from a missing
 * one), and the location must be the customer's. All problems at once, as field errors; all read in one statement,
 * with their names, which a save answers with (`jobSave`).
 */
function referencesOf(tx: Db, tenantId: string, fields: JobFields) {
  return namedStatement(tx, tenantId, {
    customer: { table: customers, id: fields.customer.id, column: customers.name },
    locationCustomer: { table: locations, id: fields.location?.id, column: locations.customerId },
    location: { table: locations, id: fields.location?.id, column: locations.name },
    territory: { table: territories, id: fields.territory?.id, column: territories.name },
    priority: { table: jobPriorities, id: fields.priority?.id, column: jobPriorities.name },
    assignee: { table: technicians, id: fields.assignee ?? undefined, column: technicians.name },
    assigneeRetired: { table: technicians, id: fields.assignee ?? undefined, column: technicians.retired },
  });
}

type References = ReturnType<ReturnType<typeof referencesOf>['found']>;

/** The same UUID, however its hex digits are cased (PostgreSQL writes them in lower case). */
const sameId = (a: string | null, b: string | null) => a?.toLowerCase() === b?.toLowerCase();

/**
 * The problems with what the job names, as `referencesOf` found it (each found record's name; the location's
 * customer's id): 400 with a field error for each.
 */
function checkFound(found: References, fields: JobFields, keptAssignee: string | null): void {
  const problems: FieldError[] = [];
  const customer = found.customer !== undefined;
  if (!customer) problems.push(missing.customer);
  if (fields.location) {
    if (found.locationCustomer === undefined) problems.push(missing.location);
    else if (customer && !sameId(found.locationCustomer as string, fields.customer.id))
      problems.push({ field: 'location.id', message: "Choose one of the customer's locations." });
  }
  if (fields.territory && found.territory === undefined) problems.push(missing.territory);
  if (fields.priority && found.priority === undefined) problems.push(missing.priority);
  if (fields.assignee) {
    if (found.assigneeRetired === undefined) problems.push(missing.assignee);
    // A retired technician keeps the jobs they had, and takes no new ones.
    else if (found.assigneeRetired === true && !sameId(fields.assignee, keptAssignee))
      problems.push({ field: 'assignee', message: technicianMessages.retired });
  }
  if (problems.length > 0) throw validationFailed(apiMessages.invalidRequest, problems);
}

/** A record the job names, deleted between the check and the write: the field error the check gives. */
const referencesGone = referencedFields({
  jobs_customer_fk: missing.customer,
  jobs_location_fk: missing.location,
  jobs_territory_fk: missing.territory,
  jobs_priority_fk: missing.priority,
  jobs_assignee_fk: missing.assignee,
});

/** A job with its lines, as the commands shared by records with lines write it. */
export const jobWithLines: RecordWithLines<typeof jobs, typeof jobLines> = {
  noun: NOUN,
  counter: 'job',
  table: jobs,
  kept: 'items',
  lines: jobLines,
  record: 'jobId',
  foreignKey: 'job_lines_job_fk',
  referencesGone,
};

/**
 * What the job names, checked (`read`: the rows of `referencesOf`' statement): their names, as the job's read
 * joins them.
 */
function checkedNames(
  references: ReturnType<typeof referencesOf>,
  fields: Omit<JobFields, 'status'>,
  keptAssignee: string | null,
  read: unknown[],
) {
  const names = references.found(read);
  checkFound(names, fields, keptAssignee);
  const name = (value: unknown) => (value === undefined ? null : (value as string));
  return {
    customerName: names.customer as string,
    locationName: name(names.location),
    territoryName: name(names.territory),
    priorityName: name(names.priority),
    assigneeName: name(names.assignee),
  };
}

const timeOf = (value: string | null) => (value === null ? null : new Date(value));

/** The job's own columns from its fields, but its lines. */
const jobValues = (
  fields: Omit<JobFields, 'status'>,
  status: JobStatus,
  stamps: { actualStart: string | null; actualFinish: string | null },
) => ({
  reference: fields.reference,
  customerId: fields.customer.id,
  locationId: fields.location?.id ?? null,
  territoryId: fields.territory?.id ?? null,
  priorityId: fields.priority?.id ?? null,
  status,
  rag: fields.rag,
  due: timeOf(fields.due),
  scheduledStart: timeOf(fields.scheduledStart),
  scheduledFinish: timeOf(fields.scheduledFinish),
  actualStart: timeOf(stamps.actualStart),
  actualFinish: timeOf(stamps.actualFinish),
  assignee: fields.assignee,
});

/** A job whole by its id (`wholeById`, a named statement). */
const jobById = wholeById<JobRow>(selectJobs, visibleJobs, 'job_by_id', NOUN);

/** The read of the job whole, to send with others (404 when this tenant has no such job). */
export const jobRead = (tenantId: string, id: string) =>
  recordRead(jobById.with({ tenantId, id }), toJob, NOUN);

/** The job with the names of what it refers to and its lines; 404 when this tenant has no such job. */
export async function findJob(tx: Tx, tenantId: string, id: string): Promise<Job> {
  return toJob(await jobById.find(tx, tenantId, id));
}

/**
 * The job, for the caller (`readAsMember`: the scope and the job in one round trip), and the caller's membership;
 * 404 when this tenant has no such job.
 */
export async function readJob(
  db: Db,
  caller: TenantCaller,
  id: string,
): Promise<{ member: Member; job: Job }> {
  if (!isUuid(id)) return asMember(db, caller, () => Promise.reject(notFound(NOUN)));
  const read = jobRead(caller.tenantId, id);
  const { member, results } = await readAsMember(db, caller, [read.statement]);
  return { member, job: read.record(results[0] ?? []) };
}

/** `createJob` as a `Write`: what the job names read with the transaction's BEGIN, then the numbered insert. */
export const jobCreate = (db: Db, fields: JobFields): Write<Job> => ({
  reads: (tenantId) => [referencesOf(db, tenantId, fields).statement],
  run: (tx, tenantId, read) => createJob(tx, tenantId, fields, read),
});

/**
 * Creates a job with the tenant's next job number; a new job is New whatever status was sent (`status`: another
 * feature's job, such as a quote's, Ready to be scheduled). `read`: the rows of
 * `jobCreate`'s reads, when they went with the transaction's BEGIN.
 */
export async function createJob(
  tx: Tx,
  tenantId: string,
  fields: JobFields,
  read?: unknown[][],
  status: JobStatus = 'OPEN_NEW',
): Promise<Job> {
  const references = referencesOf(tx, tenantId, fields);
  const names = checkedNames(references, fields, null, read?.[0] ?? (await references.statement.run(tx)));
  // The answer is the new row as inserted, with the names read before: creates queue on the counter until each
  // commits, and a read back held it longer.
  const created = await createWithLines(
    tx,
    jobWithLines,
    tenantId,
    uuidv7(),
    { values: jobValues(fields, status, fields), lines: linesOf(fields.items) },
    { returned: ownColumns(jobs) },
  );
  return toJob(rowOf(jobs, created, names));
}

/** A job as it is brought in whole (demo data, a benchmark): its fields and where its workflow has got to. */
export interface JobImport {
  fields: JobFields;
  status: JobStatus;
  actualStart: string | null;
  actualFinish: string | null;
}

/**
 * Inserts many jobs of the tenant at once, numbered in order, in statements of a thousand rows. For trusted input
 * only (the demo seed, a benchmark): the references are held to the tenant by the foreign keys, but the workflow
 * and the customer's location are not checked. Gives the new jobs' ids, in the order given.
 */
export function importJobs(tx: Tx, tenantId: string, imports: readonly JobImport[]): Promise<string[]> {
  return importWithLines(
    tx,
    jobWithLines,
    tenantId,
    imports.map(({ fields, status, ...stamps }) => ({
      values: jobValues(fields, status, stamps),
      lines: linesOf(fields.items),
    })),
  );
}

/**
 * A job save (a `Write`) over the version the client read (`currentVersion`: 404, or 409), its move
 * (`jobStatusRefusal`, 409) and what it names (`checkedNames`) checked: its reads with the transaction's BEGIN
 * (`versionReads`: the job's row and what the save names), then the save with its lines, sent by `last` (with the
 * COMMIT). The answer is the job's own columns as saved and the names the reads read (a rename committed in between
 * shows at the next read). A Technician member's save (`technicianScope`) is of their own job only, and writes its
 * status and lines over the job as it is (`technicianSave`): its answer is the job read back after the save, in the
 * same round trip.
 */
export function jobSave(db: Db, id: string, { id: _id, updated, ...fields }: JobUpdate): Write<Job> {
  const referencesFor = forTenant((tenantId) => referencesOf(db, tenantId, fields));
  return {
    reads: (tenantId) => versionReads(jobs, { tenantId, id, updated }, [referencesFor(tenantId).statement]),
    run: async (tx, tenantId, [rows, named = []], { last, member }) => {
      const version = { tenantId, id, updated };
      const current = currentVersion<typeof jobs.$inferSelect>(rows, version, NOUN);
      const own = member && technicianScope(member);
      if (own !== undefined && (own === null || current.assignee !== own)) throw notFound(NOUN);
      const saved = own === undefined ? fields : technicianSave(current, fields);
      const from = current.status as JobStatus;
      if (!canChangeJobStatus(from, saved.status)) throw conflict(jobStatusRefusal(from, saved.status));
      const stamps = statusStamps(from, saved.status, saved, new Date());
      const record = { values: jobValues(saved, saved.status, stamps), lines: linesOf(saved.items) };
      if (own === undefined) {
        const names = checkedNames(referencesFor(tenantId), saved, current.assignee, named);
        return toJob(rowOf(jobs, await saveRecord(tx, jobWithLines, version, record, last), names));
      }
      let whole: unknown[] = [];
      await saveRecord(tx, jobWithLines, version, record, async (on, statements) => {
        const [save = [], read = []] = await last(on, [...statements, jobById.with({ tenantId, id })]);
        whole = read;
        return [save];
      });
      return toJob((whole as JobRow[])[0] as JobRow);
    },
  };
}

/** Deletes the job and its lines; the customer keeps its other jobs. */
export function deleteJob(tx: Tx, tenantId: string, id: string): Promise<void> {
  return deleteRow(tx, jobs, tenantId, id, {
    noun: NOUN,
    stillReferenced: 'This job has invoices or was made from a quote, so it cannot be deleted.',
  });
}
