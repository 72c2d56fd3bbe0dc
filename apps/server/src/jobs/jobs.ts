import {
  apiMessages,
  canChangeJobStatus,
  type FieldError,
  isUuid,
  JOB_STATUSES,
  type Job,
  type JobFields,
  type JobStatus,
  type JobUpdate,
  jobStatusRefusal,
  lineAmount,
  RAGS,
  statusStamps,
} from '@fieldbook/domain';
import { and, count, desc, eq, inArray, or, type SQL, sql } from 'drizzle-orm';
import { uuidv7 } from 'uuidv7';
import type { Tx } from '../db/database.ts';
import { isDatabaseError, SQLSTATE } from '../db/postgres-errors.ts';
import { customers, locations, visibleCustomers, visibleLocations } from '../db/schema.ts';
import { conflict, notFound, validationFailed } from '../http/errors.ts';
import { literalText, type TextTerm, textTerm } from '../lists/field-values.ts';
import { type LiqeAst, type ListResource, listQueryToSql, parseListQuery } from '../lists/list-query.ts';
import type { ListPage, ListRequest } from '../lists/paged-list.ts';
import { matchText } from '../lists/query-to-sql.ts';
import { idsNamed, type Named, nameOf, wholeNumber } from '../lists/search-matches.ts';
import { deleteRow, findRow, saveVersion } from '../records/record-rows.ts';
import { allocateNumber } from '../records/tenant-counters.ts';
import { jobColumns, joinsOf, toJob } from './job-rows.ts';
import {
  jobCounts,
  jobLines,
  jobPriorities,
  jobSiteCounts,
  jobs,
  territories,
  visibleJobs as visible,
} from './job-tables.ts';

const NOUN = 'job';

const customerNames: Named = {
  table: visibleCustomers,
  id: visibleCustomers.id,
  name: visibleCustomers.name,
};
const locationNames: Named = {
  table: visibleLocations,
  id: visibleLocations.id,
  name: visibleLocations.name,
};

/**
 * What `q` may search on the job list. Bare words match the number (whole, or its first digits with `*`), the
 * reference, and the customer's and location's names, each through its own index, so a list needs no join to
 * count (docs/server.md, "Fast lists").
 */
const jobFields: ListResource['fields'] = {
  id: { kind: 'exact', column: visible.id, uuid: true },
  number: { kind: 'number', column: visible.number, integer: true },
  reference: { kind: 'text', column: visible.reference },
  'customer.id': { kind: 'exact', column: visible.customerId, uuid: true },
  'location.id': { kind: 'exact', column: visible.locationId, uuid: true },
  'territory.id': { kind: 'exact', column: visible.territoryId, uuid: true },
  'priority.id': { kind: 'exact', column: visible.priorityId, uuid: true },
  status: { kind: 'exact', column: visible.status, values: JOB_STATUSES },
  rag: { kind: 'exact', column: visible.rag, values: RAGS },
  assignee: { kind: 'text', column: visible.assignee },
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
    visible.reference,
    nameOf(visible.customerId, customerNames),
    nameOf(visible.locationId, locationNames),
  ],
};

const messages = {
  customer: 'Choose an existing customer.',
  location: 'Choose an existing location.',
  locationOfCustomer: "Choose one of the customer's locations.",
  territory: 'Choose an existing territory.',
  priority: 'Choose an existing priority.',
} as const;

/**
 * Every record the job names must be the caller's tenant's (another tenant's id is no different from a missing
 * one), and the location must be the customer's. All problems at once, as field errors.
 */
async function checkReferences(tx: Tx, tenantId: string, fields: JobFields): Promise<void> {
  const problems: FieldError[] = [];
  const customer = await findRow(tx, customers, tenantId, fields.customer.id);
  if (!customer) problems.push({ field: 'customer.id', message: messages.customer });
  if (fields.location) {
    const location = await findRow(tx, locations, tenantId, fields.location.id);
    if (!location) problems.push({ field: 'location.id', message: messages.location });
    else if (customer && location.customerId !== customer.id)
      problems.push({ field: 'location.id', message: messages.locationOfCustomer });
  }
  if (fields.territory && !(await findRow(tx, territories, tenantId, fields.territory.id)))
    problems.push({ field: 'territory.id', message: messages.territory });
  if (fields.priority && !(await findRow(tx, jobPriorities, tenantId, fields.priority.id)))
    problems.push({ field: 'priority.id', message: messages.priority });
  if (problems.length > 0) throw validationFailed(apiMessages.invalidRequest, problems);
}

/** Runs a write; a record deleted between the check and the write is reported like a missing one. */
async function withReferences<T>(tx: Tx, tenantId: string, fields: JobFields, write: () => Promise<T>) {
  await checkReferences(tx, tenantId, fields);
  try {
    return await write();
  } catch (error) {
    if (isDatabaseError(error, [SQLSTATE.foreignKeyViolation])) await checkReferences(tx, tenantId, fields);
    throw error;
  }
}

const timeOf = (value: string | null) => (value === null ? null : new Date(value));

/** The job's own columns from its fields. */
function jobValues(
  fields: JobFields,
  status: JobStatus,
  stamps: { actualStart: string | null; actualFinish: string | null },
) {
  return {
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
  };
}

/** A line's row, its amount computed here (a client's amounts and totals are never trusted). */
const lineRow = (tenantId: string, jobId: string, line: JobFields['items'][number], position: number) => ({
  tenantId,
  jobId,
  position,
  code: line.code,
  description: line.description,
  quantity: line.quantity,
  price: line.price,
  amount: lineAmount(line),
});

/** Writes the job's lines. */
async function insertLines(
  tx: Tx,
  tenantId: string,
  jobId: string,
  items: JobFields['items'],
): Promise<void> {
  if (items.length === 0) return;
  await tx.insert(jobLines).values(items.map((line, position) => lineRow(tenantId, jobId, line, position)));
}

/**
 * Jobs with the names of what they refer to and their lines, in one statement. Single reads go through the search
 * view too: it is the table filtered by the same tenant setting as row-level security.
 */
function selectJobs(tx: Tx) {
  const joins = joinsOf(visible);
  return tx
    .select(jobColumns(visible))
    .from(visible)
    .innerJoin(visibleCustomers, joins.customer)
    .leftJoin(visibleLocations, joins.location)
    .leftJoin(territories, joins.territory)
    .leftJoin(jobPriorities, joins.priority);
}

/**
 * The jobs with these numbers, whole, newest first. A named statement: the same text every time, so each
 * connection plans it once rather than on every page (its joins and lines take longer to plan than to run).
 */
function jobsNumbered(tx: Tx, tenantId: string, numbers: number[]) {
  return selectJobs(tx)
    .where(
      and(
        eq(visible.tenantId, sql.placeholder('tenantId')),
        sql`${visible.number} = any(${sql.placeholder('numbers')}::int[])`,
      ),
    )
    .orderBy(desc(visible.number))
    .prepare('jobs_numbered')
    .execute({ tenantId, numbers });
}

/** The job with the names of what it refers to and its lines; 404 when this tenant has no such job. */
export async function findJob(tx: Tx, tenantId: string, id: string): Promise<Job> {
  const [row] = isUuid(id)
    ? await selectJobs(tx).where(and(eq(visible.tenantId, tenantId), eq(visible.id, id)))
    : [];
  if (!row) throw notFound(NOUN);
  return toJob(row);
}

/** Creates a job with the tenant's next job number; a new job is New whatever status was sent. */
export async function createJob(tx: Tx, tenantId: string, fields: JobFields): Promise<Job> {
  const id = uuidv7();
  await withReferences(tx, tenantId, fields, async () => {
    const number = await allocateNumber(tx, tenantId, 'job');
    await tx.insert(jobs).values({ tenantId, id, number, ...jobValues(fields, 'OPEN_NEW', fields) });
    await insertLines(tx, tenantId, id, fields.items);
  });
  return findJob(tx, tenantId, id);
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
 * and the customer's location are not checked.
 */
export async function importJobs(tx: Tx, tenantId: string, imports: readonly JobImport[]): Promise<void> {
  const first = await allocateNumber(tx, tenantId, 'job', imports.length);
  const rows = imports.map(({ fields, status, ...stamps }, index) => ({
    row: { tenantId, id: uuidv7(), number: first + index, ...jobValues(fields, status, stamps) },
    items: fields.items,
  }));
  for (let start = 0; start < rows.length; start += 1000) {
    const chunk = rows.slice(start, start + 1000);
    await tx.insert(jobs).values(chunk.map(({ row }) => row));
    const lines = chunk.flatMap(({ row, items }) =>
      items.map((line, position) => lineRow(tenantId, row.id, line, position)),
    );
    if (lines.length > 0) await tx.insert(jobLines).values(lines);
  }
}

/**
 * Saves the whole job over the version the client read (404, or 409 when someone saved it since). The status
 * moves only as `jobTransitions` allows (409 naming both statuses); In progress and Completed record the actual
 * start and finish when they are empty. The lines are replaced.
 */
export async function updateJob(
  tx: Tx,
  tenantId: string,
  id: string,
  { id: _id, updated, ...fields }: JobUpdate,
): Promise<Job> {
  const current = await findRow(tx, jobs, tenantId, id);
  if (!current) throw notFound(NOUN);
  // A stale save is told to reload before anything else: the status it moves from may be out of date.
  if (current.updated.getTime() !== Date.parse(updated)) throw conflict(apiMessages.staleSave(NOUN));
  const from = current.status as JobStatus;
  if (!canChangeJobStatus(from, fields.status)) throw conflict(jobStatusRefusal(from, fields.status));
  const stamps = statusStamps(from, fields.status, fields, new Date());
  await withReferences(tx, tenantId, fields, async () => {
    await saveVersion(tx, jobs, { tenantId, id, updated }, NOUN, jobValues(fields, fields.status, stamps));
    await tx.delete(jobLines).where(and(eq(jobLines.tenantId, tenantId), eq(jobLines.jobId, id)));
    await insertLines(tx, tenantId, id, fields.items);
  });
  return findJob(tx, tenantId, id);
}

/** Deletes the job and its lines; the customer keeps its other jobs. */
export function deleteJob(tx: Tx, tenantId: string, id: string): Promise<void> {
  return deleteRow(tx, jobs, tenantId, id, {
    noun: NOUN,
    stillReferenced: 'This job has invoices, so it cannot be deleted.',
  });
}

/**
 * The statuses `q` asks for when it asks for nothing else (every status for no `q`), so the count kept in
 * `job_counts` answers it; undefined for any other search.
 */
function countedStatuses(ast: LiqeAst | null): readonly string[] | undefined {
  if (ast === null) return JOB_STATUSES;
  if (ast.type !== 'Tag' || ast.field.type !== 'Field' || ast.field.name !== 'status') return undefined;
  const { expression, operator } = ast;
  if (operator.operator !== ':' && operator.operator !== ':=') return undefined;
  if (expression.type !== 'LiteralExpression' || typeof expression.value !== 'string') return undefined;
  return JOB_STATUSES.includes(expression.value as JobStatus) ? [expression.value] : undefined;
}

/** The word when `q` is one bare word or phrase and nothing else; undefined otherwise. */
function loneWord(ast: LiqeAst | null): TextTerm | undefined {
  if (ast?.type !== 'Tag' || ast.field.type !== 'ImplicitField') return undefined;
  const { expression } = ast;
  if (expression.type !== 'LiteralExpression' || (!expression.quoted && literalText(expression) === '*'))
    return;
  return textTerm(expression, 'search term', true);
}

/** Whether `q` has a bare word anywhere: the planner can only guess how many jobs such a search matches. */
const hasWord = (ast: LiqeAst): boolean => {
  switch (ast.type) {
    case 'Tag':
      return ast.field.type === 'ImplicitField';
    case 'LogicalExpression':
      return hasWord(ast.left) || hasWord(ast.right);
    case 'ParenthesizedExpression':
      return hasWord(ast.expression);
    case 'UnaryOperator':
      return hasWord(ast.operand);
    default:
      return false;
  }
};

const totalOf = async (query: PromiseLike<{ total: number }[]>) => Number((await query)[0]?.total ?? 0);

/**
 * How many jobs a lone word matches: the jobs of the customers and locations it names, from the kept site counts
 * (a job's location is its customer's, so each job is counted once), and the other jobs whose number or
 * reference it matches, counted. The names are looked up once, in a CTE both counts read.
 */
async function countWord(tx: Tx, tenantId: string, term: TextTerm): Promise<number> {
  const elsewhere = [wholeNumber(visible.number)(term), matchText(visible.reference, term)].filter(
    (match) => match !== undefined,
  );
  const result = await tx.execute(sql`
    with named as materialized (
      select ${idsNamed(customerNames, term)} as customers, ${idsNamed(locationNames, term)} as locations
    )
    select (
      select coalesce(sum(${jobSiteCounts.count}), 0) from ${jobSiteCounts}, named
      where ${jobSiteCounts.tenantId} = ${tenantId}
        and (${jobSiteCounts.customerId} = any(named.customers) or ${jobSiteCounts.locationId} = any(named.locations))
    ) + (
      select count(*) from ${visible}, named
      where ${visible.tenantId} = ${tenantId} and ${or(...elsewhere)}
        and not (${visible.customerId} = any(named.customers)
          or coalesce(${visible.locationId} = any(named.locations), false))
    ) as total`);
  return Number((result as unknown as { rows: { total: string | number }[] }).rows[0]?.total ?? 0);
}

/**
 * How many jobs `q` matches: from the kept counts when `q` is nothing, a status, or a lone word (so the whole list
 * of a million jobs is not counted row by row), else counted through the search's indexes.
 */
function countJobs(tx: Tx, tenantId: string, ast: LiqeAst | null, where: SQL | undefined) {
  const statuses = countedStatuses(ast);
  if (statuses)
    return totalOf(
      tx
        .select({ total: sql<number>`coalesce(sum(${jobCounts.count}), 0)` })
        .from(jobCounts)
        .where(and(eq(jobCounts.tenantId, tenantId), inArray(jobCounts.status, [...statuses]))),
    );
  const word = loneWord(ast);
  if (word) return countWord(tx, tenantId, word);
  return totalOf(tx.select({ total: count() }).from(visible).where(where));
}

/**
 * Up to this many matches of a search with a bare word, a page is read from all of them, sorted; beyond it, by
 * walking the jobs newest first until the page is full. The planner cannot tell which is quicker (it cannot know
 * how many customers a word names), and a wrong guess costs seconds at a million jobs (docs/server.md).
 */
const FEW_MATCHES = 2000;

/**
 * One page of the jobs `q` matches, newest number first, and how many match in all: the count, then the page's
 * job numbers (from the indexes alone where they can), then those jobs whole with the names of what they refer to
 * and their lines.
 */
export async function listJobs(tx: Tx, tenantId: string, { q, page }: ListRequest): Promise<ListPage<Job>> {
  const ast = parseListQuery(q);
  const where = and(eq(visible.tenantId, tenantId), listQueryToSql(ast, jobList));
  const total = await countJobs(tx, tenantId, ast, where);
  if (total <= page.offset) return { rows: [], total };
  // `number + 0` is no index's order, so the planner reads the matches and sorts them.
  const sorted = ast !== null && hasWord(ast) && total <= FEW_MATCHES;
  const numbers = (
    await tx
      .select({ number: visible.number })
      .from(visible)
      .where(where)
      .orderBy(desc(sorted ? sql`${visible.number} + 0` : visible.number))
      .limit(page.limit)
      .offset(page.offset)
  ).map((row) => row.number);
  if (numbers.length === 0) return { rows: [], total };
  return { rows: (await jobsNumbered(tx, tenantId, numbers)).map(toJob), total };
}
