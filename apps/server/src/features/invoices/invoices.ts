import {
  amountDue,
  apiMessages,
  type FieldError,
  type Invoice,
  type InvoiceFields,
  type InvoiceLine,
  type InvoiceStatus,
  type InvoiceUpdate,
  invoiceMessages,
  invoiceTotals,
  isPositive,
  type PaymentMethod,
  paymentMessages,
  statusAfterPayments,
} from '@fieldbook/domain';
import { and, eq, sql } from 'drizzle-orm';
import { uuidv7 } from 'uuidv7';
import { builtOnce } from '../../platform/db/built-selects.ts';
import type { Db, Tx } from '../../platform/db/database.ts';
import { isStillReferenced } from '../../platform/db/postgres-errors.ts';
import { conflict, fieldInvalid, notFound, validationFailed } from '../../platform/http/errors.ts';
import { forTenant, type Write } from '../../platform/http/tenant-requests.ts';
import type { RecordWithLines } from '../../platform/records/lines.ts';
import { recordRead } from '../../platform/records/record-reads.ts';
import {
  currentVersion,
  findRow,
  namedStatement,
  referencedFields,
  rowOf,
  versionReads,
  wholeById,
} from '../../platform/records/record-rows.ts';
import { createWithLines, importWithLines, saveRecord } from '../../platform/records/record-with-lines.ts';
import { customers } from '../customers/index.ts';
import { jobs } from '../jobs/index.ts';
import { taxRates } from '../tax-rates/index.ts';
import {
  checkedLineRates,
  keepingSavedRates,
  lineRatesRead,
  type RateSnapshot,
  taxedLinesOf,
} from './invoice-line-rates.ts';
import { type InvoiceRow, selectInvoices, toInvoice } from './invoice-rows.ts';
import { invoiceLines, invoices, visibleInvoices } from './invoice-tables.ts';
import { checkPaidInvoice, importPayments, paymentsFirst, payRemainder } from './payments.ts';

/** What the invoice list reads its invoices with (`invoice-list.ts`). */
export { type InvoiceRow, selectInvoices, toInvoice } from './invoice-rows.ts';

const NOUN = 'invoice';

/** An invoice whole by its id (`wholeById`, a named statement). */
const invoiceById = wholeById<InvoiceRow>(selectInvoices, visibleInvoices, 'invoice_by_id', NOUN);

/** The read of the invoice whole, to send with others (404 when this tenant has no such invoice). */
export const invoiceRead = (tenantId: string, id: string) =>
  recordRead(invoiceById.with({ tenantId, id }), toInvoice, NOUN);

/** The invoice; 404 when this tenant has no such invoice. */
export async function findInvoice(tx: Tx, tenantId: string, id: string): Promise<Invoice> {
  return toInvoice(await invoiceById.find(tx, tenantId, id));
}

/**
 * What an invoice names: the customer, the job if any, and every tax rate its lines name, which must be the
 * caller's tenant's (another tenant's id is no different from a missing one). `reads` find them in one round trip
 * (or with the transaction's BEGIN: `replyCreated`); `check`, given their rows, gives the rates as they are now
 * (which the lines keep), the customer's name and the job's number, or every problem at once as field errors.
 */
export function invoiceReferences(db: Db, tenantId: string, fields: InvoiceFields) {
  // The customer's name and the job's number, which a new invoice's answer shows (`invoiceCreate`).
  const named = namedStatement(db, tenantId, {
    customer: { table: customers, id: fields.customer.id, column: customers.name },
    job: { table: jobs, id: fields.job?.id, column: jobs.number },
  });
  const check = ([namedRows = [], rateRows = []]: unknown[][]) => {
    const problems: FieldError[] = [];
    const found = named.found(namedRows);
    if (found.customer === undefined)
      problems.push({ field: 'customer.id', message: 'Choose an existing customer.' });
    if (fields.job && found.job === undefined)
      problems.push({ field: 'job.id', message: invoiceMessages.job });
    const { rates, problems: rateProblems } = checkedLineRates(fields.lineItems, rateRows);
    problems.push(...rateProblems);
    if (problems.length > 0) throw validationFailed(apiMessages.invalidRequest, problems);
    return {
      rates,
      customerName: found.customer as string,
      jobNumber: fields.job ? (found.job as number) : null,
    };
  };
  return { reads: [named.statement, lineRatesRead(tenantId, fields.lineItems)], check };
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

/** An invoice with its lines, as the commands shared by records with lines write it. */
const invoiceWithLines: RecordWithLines<typeof invoices, typeof invoiceLines> = {
  noun: NOUN,
  counter: 'invoice',
  table: invoices,
  kept: 'lineItems',
  lines: invoiceLines,
  record: 'invoiceId',
  foreignKey: 'invoice_lines_invoice_fk',
  referencesGone,
};

type InvoiceTableRow = typeof invoices.$inferSelect;

/** The invoice's own columns from its fields, but its lines and total. */
const invoiceValues = (fields: InvoiceFields) => ({
  reference: fields.reference,
  customerId: fields.customer.id,
  jobId: fields.job?.id ?? null,
  status: fields.status,
  date: fields.date,
  due: fields.due,
  amountsIncludeTax: fields.amountsEnteredIncludeTax,
});

/** The invoice's own columns and its lines as a write sends them, with its total (`invoiceTotals`) kept. */
function invoiceWrite(fields: InvoiceFields, rates: RateSnapshot) {
  const lines = taxedLinesOf(fields.lineItems, rates);
  const { total } = invoiceTotals(
    (lines.kept as InvoiceLine[]).map((line) => ({ amount: line.amount, rate: line.taxRate?.rate ?? null })),
    fields.amountsEnteredIncludeTax,
  );
  return { values: { ...invoiceValues(fields), total }, lines };
}

/**
 * The status a save gives an invoice that `paid` has been paid on, and what it pays of the rest: the money decides
 * (`statusAfterPayments`), but for a save that marks it Paid, which pays what is due as one payment (the editor
 * asks first). Refused: a total below what was paid (409, with the figures), a draft or a cancelled invoice with
 * payments (409 naming them: `paymentsFirst`), and Sent on an invoice its payments pay (a field error).
 */
async function savedStatus(
  tx: Tx,
  tenantId: string,
  id: string,
  current: { status: string; amountPaid: string },
  asked: InvoiceStatus,
  total: string,
): Promise<{ status: InvoiceStatus; remainder: string | null }> {
  const paid = current.amountPaid;
  if (amountDue(total, paid).startsWith('-')) throw conflict(paymentMessages.totalBelowPaid(total, paid));
  if (asked === 'OPEN_DRAFT' || asked === 'CLOSED_CANCELLED') {
    if (isPositive(paid)) throw await paymentsFirst(tx, tenantId, id);
    return { status: asked, remainder: null };
  }
  const due = amountDue(total, paid);
  if (asked === 'CLOSED_PAID') return { status: asked, remainder: isPositive(due) ? due : null };
  if (current.status === 'CLOSED_PAID' && isPositive(paid) && !isPositive(due))
    throw fieldInvalid('status', paymentMessages.stillPaid);
  return { status: statusAfterPayments(asked, total, paid), remainder: null };
}

/**
 * Creates an invoice with the tenant's next invoice number, as the save does (`invoiceSave`): `reads`, what the
 * invoice names and the transaction's time, to send with the transaction's BEGIN (`replyCreated`); then `create`,
 * given their rows. Its answer is the invoice as its read gives it (`toInvoice`), built
 * from what the create knows before the insert (its fields, the rates and names it read, the transaction's time),
 * so the insert goes last, with the answer's store (`store`, for its Idempotency-Key) and, by `last`
 * (`commitTogether`), the COMMIT: creates in one organisation queue for its counter only for that round trip. Its
 * number is the insert's. `keptRates`: the lines' rates as another record kept them (a quote's), instead of as
 * they are now.
 */
export function invoiceCreate(db: Db, fields: InvoiceFields, keptRates?: RateSnapshot): Write<Invoice> {
  const referencesFor = forTenant((tenantId) => invoiceReferences(db, tenantId, fields));
  return {
    reads: (tenantId) => [...referencesFor(tenantId).reads, transactionTime.with({})],
    run: async (tx, tenantId, [named = [], rates = [], time = []], { last, store, member }) => {
      const found = referencesFor(tenantId).check([named, rates]);
      const [{ now } = { now: undefined }] = time as { now: Date }[];
      if (!now) throw new Error("The transaction's time was not read");
      const id = uuidv7();
      const { values, lines } = invoiceWrite(fields, keptRates ?? found.rates);
      // A new invoice marked Paid was paid in full: one payment of its total (the editor asks first).
      const paysAll = fields.status === 'CLOSED_PAID' && isPositive(values.total);
      const amountPaid = paysAll ? values.total : '0.00';
      const invoice = toInvoice({
        id,
        number: 0,
        ...values,
        amountPaid,
        customerName: found.customerName,
        jobNumber: found.jobNumber,
        lineItems: lines.kept as InvoiceLine[],
        created: now.toISOString(),
        updated: now.toISOString(),
      });
      const stored = store?.(invoice, { table: invoices, id });
      const { number } = await createWithLines(
        tx,
        invoiceWithLines,
        tenantId,
        id,
        { values: { ...values, amountPaid }, lines },
        paysAll ? {} : { together: last, after: stored },
      );
      if (paysAll) {
        await payRemainder(tx, tenantId, id, amountPaid, member);
        await last(tx, stored ? [stored] : []);
      }
      return { ...invoice, number };
    },
  };
}

/**
 * Saves the whole invoice over the version the client read (`currentVersion`: 404, or 409), as the job save does
 * (`jobSave`, a `Write`): its reads with the transaction's BEGIN (`versionReads`), then the save. The answer is the invoice's own
 * columns as saved, with the customer's name and the job's number `reads` read. Its lines charge the rates it
 * charged before (`keepingSavedRates`), a rate it did not have as it is now.
 */
export function invoiceSave(
  db: Db,
  id: string,
  { id: _id, updated, ...fields }: InvoiceUpdate,
): Write<Invoice> {
  const referencesFor = forTenant((tenantId) => invoiceReferences(db, tenantId, fields));
  return {
    reads: (tenantId) => versionReads(invoices, { tenantId, id, updated }, referencesFor(tenantId).reads),
    run: async (tx, tenantId, [rows, ...named], { last, member }) => {
      const version = { tenantId, id, updated };
      const current = currentVersion<InvoiceTableRow>(rows, version, NOUN);
      const { rates, customerName, jobNumber } = referencesFor(tenantId).check(named);
      await checkPaidInvoice(tx, tenantId, id, current, fields);
      const { values, lines } = invoiceWrite(fields, keepingSavedRates(rates, current.lineItems));
      const { status, remainder } = await savedStatus(tx, tenantId, id, current, fields.status, values.total);
      const record = { values: { ...values, status }, lines };
      if (remainder === null) {
        const saved = await saveRecord(tx, invoiceWithLines, version, record, last);
        return toInvoice(rowOf(invoices, saved, { customerName, jobNumber }));
      }
      // Marked Paid with an amount due: the save, then the rest as one payment, then the COMMIT.
      const paid = { ...record, values: { ...record.values, amountPaid: values.total } };
      const saved = await saveRecord(tx, invoiceWithLines, version, paid);
      await payRemainder(tx, tenantId, id, remainder, member);
      await last(tx, []);
      return toInvoice(rowOf(invoices, saved, { customerName, jobNumber }));
    },
  };
}

/** An invoice to import, and its payment: a Paid one's is its whole total, a Sent one's a part (`amount`). */
export type InvoiceImport = InvoiceFields & {
  payment?: { date: string; method: PaymentMethod; amount?: string };
};

/**
 * Inserts many invoices of the tenant at once (`importWithLines`), numbered in the order given (give them by
 * date); each line's amount is `lineAmount`'s and its rate is kept as it is now, as `invoiceCreate` does. A Paid
 * invoice is paid in full by one payment (on its `payment`'s date and method; on its own date, method Other, when
 * it has none); a Sent one with a `payment` of an `amount` below its total is part paid. For trusted input only (the
 * demo seed, a benchmark): the customer, job and rates are held to the tenant by the foreign keys, but not checked
 * first. Gives the new invoices' ids, in the order given.
 */
export async function importInvoices(
  tx: Tx,
  tenantId: string,
  imports: readonly InvoiceImport[],
): Promise<string[]> {
  if (imports.length === 0) return [];
  const rates: RateSnapshot = new Map(
    (
      await tx
        .select({ id: taxRates.id, name: taxRates.name, rate: taxRates.rate })
        .from(taxRates)
        .where(eq(taxRates.tenantId, tenantId))
    ).map(({ id, ...rate }) => [id, rate]),
  );
  const writes = imports.map((fields) => {
    const write = invoiceWrite(fields, rates);
    const { total } = write.values;
    const paid =
      fields.status === 'CLOSED_PAID' && isPositive(total)
        ? { date: fields.date, method: 'OTHER' as const, ...fields.payment, amount: total }
        : fields.status === 'OPEN_SENT' && fields.payment?.amount
          ? { ...fields.payment, amount: fields.payment.amount }
          : null;
    if (paid && amountDue(total, paid.amount).startsWith('-'))
      throw new Error(`A payment of ${paid.amount} is more than the invoice's total, ${total}`);
    return { write: { ...write, values: { ...write.values, amountPaid: paid?.amount ?? '0.00' } }, paid };
  });
  const ids = await importWithLines(
    tx,
    invoiceWithLines,
    tenantId,
    writes.map(({ write }) => write),
  );
  const payments = writes.flatMap(({ paid }, index) =>
    paid ? [{ ...paid, invoiceId: ids[index] as string }] : [],
  );
  await importPayments(tx, tenantId, payments);
  return ids;
}

/** Deletes a draft and its lines; an issued invoice is kept (409: cancel it instead). */
export async function deleteInvoice(tx: Tx, tenantId: string, id: string): Promise<void> {
  const current = await findRow(tx, invoices, tenantId, id);
  if (!current) throw notFound(NOUN);
  if (current.status !== 'OPEN_DRAFT') throw conflict(invoiceMessages.onlyDraftsDeleted);
  try {
    await tx.delete(invoices).where(and(eq(invoices.tenantId, tenantId), eq(invoices.id, id)));
  } catch (error) {
    // A quote names the invoice it was made into (`quotes_invoice_fk`, RESTRICT).
    if (isStillReferenced(error)) throw conflict(invoiceMessages.madeFromQuote);
    throw error;
  }
}
