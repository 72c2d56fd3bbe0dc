import {
  apiMessages,
  type FieldError,
  type Invoice,
  type InvoiceFields,
  type InvoiceLine,
  type InvoiceStatus,
  type InvoiceUpdate,
  invoiceMessages,
  invoiceTotals,
  isUuid,
  rateText,
} from '@fieldbook/domain';
import { and, eq, sql } from 'drizzle-orm';
import { uuidv7 } from 'uuidv7';
import { builtOnce } from '../../platform/db/built-selects.ts';
import { type Db, runTogether, type Tx } from '../../platform/db/database.ts';
import { apiTime, isoTime } from '../../platform/db/timestamps.ts';
import { conflict, notFound, validationFailed } from '../../platform/http/errors.ts';
import type { AnswerStore } from '../../platform/http/idempotency.ts';
import { keptLine, lineValues } from '../../platform/records/lines.ts';
import {
  findRow,
  namedStatement,
  referencedFields,
  rowStatement,
  saveWithLines,
} from '../../platform/records/record-rows.ts';
import { numberedInsert } from '../../platform/records/tenant-counters.ts';
import { customers, visibleCustomers } from '../customers/index.ts';
import { jobs } from '../jobs/index.ts';
import { taxRates } from '../tax-rates/index.ts';
import { invoiceLines, invoices, visibleInvoices as visible } from './invoice-tables.ts';

const NOUN = 'invoice';

/** The number of the job the invoice was made from (null for none). */
const jobNumberOf = sql<number | null>`(
  select ${jobs.number} from ${jobs} where ${jobs.tenantId} = ${visible.tenantId} and ${jobs.id} = ${visible.jobId})`;

/** Invoices with their customer's name and their lines, in one statement. */
export function selectInvoices(tx: Db) {
  return tx
    .select({
      id: visible.id,
      number: visible.number,
      reference: visible.reference,
      customerId: visible.customerId,
      customerName: visibleCustomers.name,
      jobId: visible.jobId,
      jobNumber: jobNumberOf,
      status: visible.status,
      date: visible.date,
      due: visible.due,
      amountsIncludeTax: visible.amountsIncludeTax,
      lineItems: visible.lineItems,
      created: apiTime(visible.created),
      updated: apiTime(visible.updated),
    })
    .from(visible)
    .innerJoin(
      visibleCustomers,
      and(eq(visibleCustomers.tenantId, visible.tenantId), eq(visibleCustomers.id, visible.customerId)),
    );
}

export type InvoiceRow = Awaited<ReturnType<ReturnType<typeof selectInvoices>['execute']>>[number];

/** An invoice's own columns, by `InvoiceRow`'s keys, as a save returns them (`saveWithLines`' `returned`). */
const invoiceOwnColumns = {
  number: invoices.number,
  reference: invoices.reference,
  customerId: invoices.customerId,
  jobId: invoices.jobId,
  status: invoices.status,
  date: invoices.date,
  due: invoices.due,
  amountsIncludeTax: invoices.amountsIncludeTax,
  lineItems: invoices.lineItems,
  created: invoices.created,
  updated: invoices.updated,
};

/**
 * An invoice's row from its own columns as the driver gave them (`invoiceOwnColumns`, its times as PostgreSQL's
 * text) and what it names: what the invoice's read gives, without reading it.
 */
function invoiceRowOf(
  own: Record<string, unknown>,
  names: Pick<InvoiceRow, 'customerName' | 'jobNumber'>,
): InvoiceRow {
  const row = own as Omit<InvoiceRow, 'customerName' | 'jobNumber'>;
  return { ...row, ...names, created: isoTime(row.created), updated: isoTime(row.updated) };
}

/** An invoice as the API returns it, its totals computed from its lines by the domain's one function. */
export function toInvoice(row: InvoiceRow): Invoice {
  const { lineItems } = row;
  const totals = invoiceTotals(
    lineItems.map((line) => ({ amount: line.amount, rate: line.taxRate?.rate ?? null })),
    row.amountsIncludeTax,
  );
  return {
    id: row.id,
    number: row.number,
    reference: row.reference,
    status: row.status as InvoiceStatus,
    customer: { id: row.customerId, name: row.customerName },
    job: row.jobId === null || row.jobNumber === null ? null : { id: row.jobId, number: row.jobNumber },
    date: row.date,
    due: row.due,
    lineItems,
    amountsEnteredIncludeTax: row.amountsIncludeTax,
    ...totals,
    created: row.created,
    updated: row.updated,
  };
}

/** The invoice; 404 when this tenant has no such invoice. */
/**
 * An invoice whole by its id: its text built once (`builtOnce`), and a named statement, planned once per
 * connection. A lookup by primary key, so the plan PostgreSQL keeps for any tenant and id is right for all.
 */
const invoiceById = builtOnce<InvoiceRow>(
  (tx) =>
    selectInvoices(tx).where(
      and(eq(visible.tenantId, sql.placeholder('tenantId')), eq(visible.id, sql.placeholder('id'))),
    ),
  'invoice_by_id',
);

export async function findInvoice(tx: Tx, tenantId: string, id: string): Promise<Invoice> {
  const [row] = isUuid(id) ? await invoiceById(tx, { tenantId, id }) : [];
  if (!row) throw notFound(NOUN);
  return toInvoice(row);
}

/** The tenant's rates by id as they are now, which saved lines keep. */
export type RateSnapshot = Map<string, { name: string; rate: string }>;

/** The tenant's tax rates of these ids: a named statement, built once. */
const ratesOfIds = builtOnce<{ id: string; name: string; rate: string }>(
  (db) =>
    db
      .select({ id: taxRates.id, name: taxRates.name, rate: taxRates.rate })
      .from(taxRates)
      .where(
        and(
          eq(taxRates.tenantId, sql.placeholder('tenantId')),
          sql`${taxRates.id} = any(${sql.placeholder('ids')}::uuid[])`,
        ),
      ),
  'tax_rates_of_ids',
);

/**
 * What an invoice names: the customer, the job if any, and every tax rate its lines name, which must be the
 * caller's tenant's (another tenant's id is no different from a missing one). `reads` find them in one round trip
 * (or with the transaction's BEGIN: `replyCreated`); `check`, given their rows, gives the rates as they are now,
 * which the lines keep, or every problem at once as field errors.
 */
export function invoiceReferences(db: Db, tenantId: string, fields: InvoiceFields) {
  // The customer's name and the job's number, which a new invoice's answer shows (`invoiceCreate`).
  const named = namedStatement(db, tenantId, {
    customer: { table: customers, id: fields.customer.id, column: customers.name },
    job: { table: jobs, id: fields.job?.id, column: jobs.number },
  });
  const ids = [...new Set(fields.lineItems.flatMap((line) => (line.taxRate ? [line.taxRate.id] : [])))];
  const check = ([namedRows = [], rates = []]: unknown[][]): References => {
    const problems: FieldError[] = [];
    const found = named.found(namedRows);
    if (found.customer === undefined)
      problems.push({ field: 'customer.id', message: 'Choose an existing customer.' });
    if (fields.job && found.job === undefined)
      problems.push({ field: 'job.id', message: invoiceMessages.job });
    const snapshot: RateSnapshot = new Map();
    for (const row of rates as { id: string; name: string; rate: string }[])
      snapshot.set(row.id, { name: row.name, rate: row.rate });
    fields.lineItems.forEach((line, index) => {
      if (line.taxRate && !snapshot.has(line.taxRate.id))
        problems.push({ field: `lineItems.${index}.taxRate.id`, message: 'Choose an existing tax rate.' });
    });
    if (problems.length > 0) throw validationFailed(apiMessages.invalidRequest, problems);
    return {
      rates: snapshot,
      customerName: found.customer as string,
      jobNumber: fields.job ? (found.job as number) : null,
    };
  };
  return { reads: [named.statement, ratesOfIds.with({ tenantId, ids: ids.filter(isUuid) })], check };
}

/** What an invoice names, as its check found it: the tax rates its lines keep, its customer's name, its job's number. */
interface References {
  rates: RateSnapshot;
  customerName: string;
  jobNumber: number | null;
}

/**
 * The transaction's time as `created` and `updated` keep it (to the millisecond; `now()`, which their default
 * gives, is the time the transaction began): a named statement, built once.
 */
const transactionTime = builtOnce<{ now: Date }>(
  (db) =>
    db
      .select({ now: sql<Date>`now()::timestamptz(3)`.mapWith(invoices.created) })
      .from(sql`(values (1)) as one`),
  'transaction_time',
);

/**
 * A record the invoice names, deleted between the check and the write: the field error the check gives (a tax
 * rate on the lines, without knowing which line: the failed statement says only which key).
 */
const referencesGone = referencedFields({
  invoices_customer_fk: { field: 'customer.id', message: 'Choose an existing customer.' },
  invoices_job_fk: { field: 'job.id', message: invoiceMessages.job },
  invoice_lines_tax_rate_fk: { field: 'lineItems', message: 'Choose an existing tax rate.' },
});

/** The invoice's own columns from its fields. */
export const invoiceValues = (fields: InvoiceFields) => ({
  reference: fields.reference,
  customerId: fields.customer.id,
  jobId: fields.job?.id ?? null,
  status: fields.status,
  date: fields.date,
  due: fields.due,
  amountsIncludeTax: fields.amountsEnteredIncludeTax,
});

/** The invoice's lines as the API gives them, from their rows (`keptLine`, with the rate as it was kept). */
export const keptInvoiceLines = (rows: ReturnType<typeof lineRows>): InvoiceLine[] =>
  rows.map((row) => ({
    ...keptLine(row),
    taxRate:
      row.taxRateId === null || row.taxName === null || row.taxRate === null
        ? null
        : { id: row.taxRateId, name: row.taxName, rate: rateText(row.taxRate) },
  }));

/** The rows of an invoice's lines, each amount computed here and each with its rate as it is now. */
export function lineRows(
  tenantId: string,
  invoiceId: string,
  lines: InvoiceFields['lineItems'],
  rates: RateSnapshot,
) {
  return lines.map((line, position) => {
    const rate = line.taxRate ? rates.get(line.taxRate.id) : undefined;
    return {
      tenantId,
      invoiceId,
      ...lineValues(line, position),
      taxRateId: rate ? (line.taxRate?.id ?? null) : null,
      taxName: rate?.name ?? null,
      taxRate: rate?.rate ?? null,
    };
  });
}

/**
 * Creates an invoice with the tenant's next invoice number, as the save does (`invoiceSave`): `reads`, what the
 * invoice names and the transaction's time, to send with the transaction's BEGIN (`replyCreated`); then `create`,
 * given their rows (or reading them itself). Its answer is the invoice as its read gives it (`toInvoice`), built
 * from what the create knows before the insert (its fields, the rates and names it read, the transaction's time),
 * so the insert goes last, with the answer's store (`store`, for its Idempotency-Key) and, by `together`
 * (`commitTogether`), the COMMIT: creates in one organisation queue for its counter only for that round trip. Its
 * number is the insert's.
 */
export function invoiceCreate(db: Db, tenantId: string, fields: InvoiceFields) {
  const references = invoiceReferences(db, tenantId, fields);
  const reads = [...references.reads, transactionTime.with({})];
  const create = async (
    tx: Tx,
    read?: unknown[][],
    { together = runTogether, store }: { together?: typeof runTogether; store?: AnswerStore } = {},
  ): Promise<Invoice> => {
    const [named = [], rates = [], time = []] = read ?? (await runTogether(tx, reads));
    const found = references.check([named, rates]);
    const [{ now } = { now: undefined }] = time as { now: Date }[];
    if (!now) throw new Error("The transaction's time was not read");
    const id = uuidv7();
    const lines = lineRows(tenantId, id, fields.lineItems, found.rates);
    const lineItems = keptInvoiceLines(lines);
    const invoice = toInvoice({
      id,
      number: 0,
      ...invoiceValues(fields),
      customerName: found.customerName,
      jobNumber: found.jobNumber,
      lineItems,
      created: now.toISOString(),
      updated: now.toISOString(),
    });
    const insert = numberedInsert(
      tx,
      tenantId,
      'invoice',
      { table: invoices, values: { tenantId, id, ...invoiceValues(fields), lineItems } },
      { table: invoiceLines, rows: lines },
    );
    const stored = store?.(invoice, { table: invoices, id });
    const [inserted = []] = await referencesGone(() => together(tx, stored ? [insert, stored] : [insert]));
    const [row] = inserted as { number: number }[];
    if (!row) throw new Error('The new invoice was given no number');
    return { ...invoice, number: row.number };
  };
  return { reads, create };
}

/**
 * Saves the whole invoice over the version the client read (404, or 409 when someone saved it since), as the job
 * save does (`jobSave`): `reads`, the invoice's row and what it names, to send with the transaction's BEGIN
 * (`asMemberWith`); then `save`, given their rows: the checks, then the save (`together`: with the COMMIT,
 * `commitTogether`, as the save writes nothing when it is refused), which returns the invoice's own columns as
 * saved. The answer is those, with the customer's name and the job's number the first round trip read: the
 * invoice is not read back.
 */
export function invoiceSave(
  db: Db,
  tenantId: string,
  id: string,
  { id: _id, updated, ...fields }: InvoiceUpdate,
) {
  const references = invoiceReferences(db, tenantId, fields);
  const found = isUuid(id);
  const save = async (
    tx: Tx,
    [rows = [], ...named]: unknown[][],
    together: typeof runTogether = runTogether,
  ): Promise<Invoice> => {
    const current = rows[0] as typeof invoices.$inferSelect | undefined;
    if (!found || !current) throw notFound(NOUN);
    if (current.updated.getTime() !== Date.parse(updated)) throw conflict(apiMessages.staleSave(NOUN));
    const { rates, customerName, jobNumber } = references.check(named);
    const lines = lineRows(tenantId, id, fields.lineItems, rates);
    const values = { ...invoiceValues(fields), lineItems: keptInvoiceLines(lines) };
    const written = saveWithLines(
      tx,
      invoices,
      { tenantId, id, updated },
      NOUN,
      values,
      {
        table: invoiceLines,
        record: invoiceLines.invoiceId,
        foreignKey: 'invoice_lines_invoice_fk',
        rows: lines,
      },
      invoiceOwnColumns,
    );
    const saved = await written.withReturned(together, referencesGone);
    return toInvoice(invoiceRowOf(saved, { customerName, jobNumber }));
  };
  return { reads: found ? [rowStatement(invoices, tenantId, id), ...references.reads] : [], save };
}

/** Deletes a draft and its lines; an issued invoice is kept (409: cancel it instead). */
export async function deleteInvoice(tx: Tx, tenantId: string, id: string): Promise<void> {
  const current = await findRow(tx, invoices, tenantId, id);
  if (!current) throw notFound(NOUN);
  if (current.status !== 'OPEN_DRAFT') throw conflict(invoiceMessages.onlyDraftsDeleted);
  await tx.delete(invoices).where(and(eq(invoices.tenantId, tenantId), eq(invoices.id, id)));
}
