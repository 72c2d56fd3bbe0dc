import {
  amountDue,
  INVOICE_STATUS_NAMES,
  type InvoiceStatus,
  isPositive,
  isUuid,
  type Payment,
  type PaymentFields,
  type PaymentMethod,
  type PaymentUpdate,
  paymentMessages,
  statusAfterPayments,
  sumOfAmounts,
} from '@fieldbook/domain';
import { and, asc, eq, sql } from 'drizzle-orm';
import { uuidv7 } from 'uuidv7';
import type { Tx } from '../../platform/db/database.ts';
import { isDatabaseError, SQLSTATE } from '../../platform/db/postgres-errors.ts';
import { apiTime } from '../../platform/db/timestamps.ts';
import { conflict, fieldInvalid, notFound, staleSave } from '../../platform/http/errors.ts';
import type { Member } from '../../platform/http/member-scope.ts';
import { nextUpdated } from '../../platform/records/record-rows.ts';
import { customers } from '../customers/index.ts';
import { organisationDetails } from '../organisation/index.ts';
import { memberName } from '../team/index.ts';
import { invoices } from './invoice-tables.ts';
import { type PaidInvoice, type PaymentRow, toPayment } from './payment-reads.ts';
import { invoicePayments } from './payment-tables.ts';

// Payments against an invoice (docs/invoices.md, "Payments"): each write locks the invoice's row, checks the payment
// against what is due as the lock leaves it, writes the payment and moves the invoice's `amount_paid`, status and
// `updated` on, in one transaction. Payments on one invoice are so written one after another, and the database's
// `invoices_paid_check` holds what is paid to at most the total whoever writes.

const NOUN = 'payment';
/** Who records a payment no member recorded (an import, a save outside a request). */
const SYSTEM = 'fieldbook';

/** Today's date in the organisation's zone, as PostgreSQL's clock has it. */
const organisationToday = (tenantId: string) =>
  sql<string>`(now() at time zone (select ${organisationDetails.timeZone} from ${organisationDetails}
    where ${organisationDetails.tenantId} = ${tenantId}))::date`;

/** The invoice as a payment's write finds it, and today in the organisation's zone (no payment is dated later). */
type LockedInvoice = PaidInvoice & { today: string };

/** The invoice's row, locked for the payment's write (`for update`): 404 when this tenant has no such invoice. */
async function lockInvoice(tx: Tx, tenantId: string, invoiceId: string): Promise<LockedInvoice> {
  const [row] = isUuid(invoiceId)
    ? await tx
        .select({
          id: invoices.id,
          number: invoices.number,
          status: invoices.status,
          date: invoices.date,
          total: invoices.total,
          amountPaid: invoices.amountPaid,
          customerId: invoices.customerId,
          customerName: customers.name,
          updated: apiTime(invoices.updated),
          today: sql<string>`${organisationToday(tenantId)}::text`,
        })
        .from(invoices)
        .innerJoin(
          customers,
          and(eq(customers.tenantId, invoices.tenantId), eq(customers.id, invoices.customerId)),
        )
        .where(and(eq(invoices.tenantId, tenantId), eq(invoices.id, invoiceId)))
        .for('update', { of: invoices })
    : [];
  if (!row) throw notFound('invoice');
  return { ...row, status: row.status as InvoiceStatus };
}

/** The invoice's payments, by date and then as recorded. */
const paymentsOf = (tx: Tx, tenantId: string, invoiceId: string) =>
  tx
    .select()
    .from(invoicePayments)
    .where(and(eq(invoicePayments.tenantId, tenantId), eq(invoicePayments.invoiceId, invoiceId)))
    .orderBy(asc(invoicePayments.date), asc(invoicePayments.created), asc(invoicePayments.id));

/** The payments of the invoice, by date and then as recorded; 404 when this tenant has no such invoice. */
export async function listPayments(tx: Tx, tenantId: string, invoiceId: string): Promise<Payment[]> {
  const invoice = await lockInvoice(tx, tenantId, invoiceId);
  const rows = await paymentsOf(tx, tenantId, invoiceId);
  return rows.map((row) => toPayment(row, invoice));
}

/**
 * Refuses a payment that the invoice cannot take: on an invoice not issued (a draft, a cancelled one), dated
 * before the invoice or after today in the organisation's zone, or more than is due once `replaced` (the
 * payment's amount before a change) is given back.
 */
function checkPayment(invoice: LockedInvoice, fields: PaymentFields, replaced = '0.00'): string {
  if (invoice.status !== 'OPEN_SENT' && invoice.status !== 'CLOSED_PAID')
    throw fieldInvalid('amount', paymentMessages.notIssued(INVOICE_STATUS_NAMES[invoice.status]));
  if (fields.date < invoice.date) throw fieldInvalid('date', paymentMessages.beforeInvoice(invoice.date));
  if (fields.date > invoice.today) throw fieldInvalid('date', paymentMessages.future(invoice.today));
  const due = amountDue(invoice.total, sumOfAmounts([invoice.amountPaid, `-${replaced}`]));
  if (amountDue(due, fields.amount).startsWith('-'))
    throw fieldInvalid('amount', paymentMessages.tooMuch(due));
  return sumOfAmounts([invoice.amountPaid, `-${replaced}`, fields.amount]);
}

/** The payment's columns from its fields. */
const paymentValues = (fields: PaymentFields) => ({
  date: fields.date,
  amount: fields.amount,
  method: fields.method,
  reference: fields.reference,
  note: fields.note,
});

/**
 * Moves the invoice's paid amount to `paid` and its status where the money takes it (`statusAfterPayments`):
 * gives the invoice as it now is. The database refuses a paid amount over the total (`invoices_paid_check`), which
 * the lock and the check before it make a bug, not a race.
 */
async function settle(tx: Tx, tenantId: string, invoice: PaidInvoice, paid: string): Promise<PaidInvoice> {
  const status = statusAfterPayments(invoice.status, invoice.total, paid);
  const [row] = await tx
    .update(invoices)
    .set({ amountPaid: paid, status, updated: nextUpdated(invoices.updated) })
    .where(and(eq(invoices.tenantId, tenantId), eq(invoices.id, invoice.id)))
    .returning({ updated: apiTime(invoices.updated) });
  if (!row) throw notFound('invoice');
  return { ...invoice, amountPaid: paid, status, updated: row.updated };
}

/** Records a payment against the invoice, signed with the member's name; the invoice is Paid once it is paid. */
export async function recordPayment(
  tx: Tx,
  tenantId: string,
  invoiceId: string,
  fields: PaymentFields,
  member: Member,
): Promise<Payment> {
  const invoice = await lockInvoice(tx, tenantId, invoiceId);
  const paid = checkPayment(invoice, fields);
  const [row] = await tx
    .insert(invoicePayments)
    .values({
      tenantId,
      id: uuidv7(),
      invoiceId,
      ...paymentValues(fields),
      recordedBySubject: member.subject,
      recordedByName: await memberName(tx, tenantId, member.subject),
    })
    .returning();
  return toPayment(row as PaymentRow, await settle(tx, tenantId, invoice, paid));
}

/** The invoice's payment, or 404 (another invoice's payment is not this invoice's). */
async function paymentOf(
  tx: Tx,
  tenantId: string,
  invoiceId: string,
  paymentId: string,
): Promise<PaymentRow> {
  const [row] = isUuid(paymentId)
    ? await tx
        .select()
        .from(invoicePayments)
        .where(
          and(
            eq(invoicePayments.tenantId, tenantId),
            eq(invoicePayments.id, paymentId),
            eq(invoicePayments.invoiceId, invoiceId),
          ),
        )
    : [];
  if (!row) throw notFound(NOUN);
  return row;
}

/** Changes a payment over the version the client read (409 when changed since); the invoice's money follows. */
export async function savePayment(
  tx: Tx,
  tenantId: string,
  invoiceId: string,
  paymentId: string,
  { updated, ...fields }: PaymentUpdate,
): Promise<Payment> {
  const invoice = await lockInvoice(tx, tenantId, invoiceId);
  const current = await paymentOf(tx, tenantId, invoiceId, paymentId);
  if (current.updated.getTime() !== Date.parse(updated)) throw staleSave(NOUN);
  const paid = checkPayment(invoice, fields, current.amount);
  const [row] = await tx
    .update(invoicePayments)
    .set({ ...paymentValues(fields), updated: nextUpdated(invoicePayments.updated) })
    .where(and(eq(invoicePayments.tenantId, tenantId), eq(invoicePayments.id, paymentId)))
    .returning();
  return toPayment(row as PaymentRow, await settle(tx, tenantId, invoice, paid));
}

/** Deletes a payment; a Paid invoice it leaves with an amount due is Sent again. */
export async function deletePayment(
  tx: Tx,
  tenantId: string,
  invoiceId: string,
  paymentId: string,
): Promise<void> {
  const invoice = await lockInvoice(tx, tenantId, invoiceId);
  const current = await paymentOf(tx, tenantId, invoiceId, paymentId);
  await tx
    .delete(invoicePayments)
    .where(and(eq(invoicePayments.tenantId, tenantId), eq(invoicePayments.id, paymentId)));
  await settle(tx, tenantId, invoice, sumOfAmounts([invoice.amountPaid, `-${current.amount}`]));
}

/** The 409 that names the invoice's payments, for a change that needs none (cancelling it, back to a draft). */
/**
 * What a save may not change on an invoice with payments: its customer (who paid), and its date to after its
 * first payment (a payment is never dated before its invoice). Field errors; nothing to check when nothing is paid.
 */
export async function checkPaidInvoice(
  tx: Tx,
  tenantId: string,
  id: string,
  current: { customerId: string; amountPaid: string },
  fields: { customer: { id: string }; date: string },
): Promise<void> {
  if (!isPositive(current.amountPaid)) return;
  if (fields.customer.id.toLowerCase() !== current.customerId.toLowerCase())
    throw fieldInvalid('customer.id', paymentMessages.customerPaid);
  const [first] = await paymentsOf(tx, tenantId, id).limit(1);
  if (first && fields.date > first.date)
    throw fieldInvalid('date', paymentMessages.dateAfterPayment(first.date));
}

export async function paymentsFirst(tx: Tx, tenantId: string, invoiceId: string) {
  const rows = await paymentsOf(tx, tenantId, invoiceId);
  return conflict(paymentMessages.paymentsFirst(rows));
}

const CHUNK = 1000;

/**
 * Inserts the payments of invoices just imported (`importInvoices`, which wrote their paid amounts), in statements
 * of a thousand rows, as recorded by no member.
 */
export async function importPayments(
  tx: Tx,
  tenantId: string,
  payments: readonly { invoiceId: string; date: string; method: PaymentMethod; amount: string }[],
): Promise<void> {
  for (let start = 0; start < payments.length; start += CHUNK)
    await tx.insert(invoicePayments).values(
      payments.slice(start, start + CHUNK).map((payment) => ({
        tenantId,
        id: uuidv7(),
        ...payment,
        recordedBySubject: SYSTEM,
      })),
    );
}

/**
 * Records what is still due on an invoice that a save marks Paid, as one payment dated today in the organisation's
 * zone (method Other), and moves its paid amount to its total. Runs after the invoice's save, in its transaction.
 */
export async function payRemainder(
  tx: Tx,
  tenantId: string,
  invoiceId: string,
  remainder: string,
  member: Member | undefined,
): Promise<void> {
  const today = organisationToday(tenantId);
  try {
    await tx.insert(invoicePayments).values({
      tenantId,
      id: uuidv7(),
      invoiceId,
      date: sql`greatest(${today}, (select ${invoices.date} from ${invoices}
        where ${invoices.tenantId} = ${tenantId} and ${invoices.id} = ${invoiceId}))`,
      amount: remainder,
      method: 'OTHER',
      note: 'The rest of the invoice, recorded when it was marked Paid.',
      recordedBySubject: member?.subject ?? SYSTEM,
      recordedByName: member ? await memberName(tx, tenantId, member.subject) : null,
    });
  } catch (error) {
    if (isDatabaseError(error, [SQLSTATE.foreignKeyViolation])) throw notFound('invoice');
    throw error;
  }
}
