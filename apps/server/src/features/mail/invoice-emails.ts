import {
  calendarDateIn,
  fillPlaceholders,
  type Invoice,
  type InvoiceEmail,
  type InvoiceEmailDraft,
  type InvoiceEmailFields,
  type InvoiceEmailKind,
  isOverdue,
  type OutboxStatus,
} from '@fieldbook/domain';
import { and, desc, eq } from 'drizzle-orm';
import { uuidv7 } from 'uuidv7';
import type { Tx } from '../../platform/db/database.ts';
import { tenants } from '../../platform/db/tenant-table.ts';
import { conflict } from '../../platform/http/errors.ts';
import { storeMessage } from '../../platform/mail/outbox.ts';
import { outboxMessages } from '../../platform/mail/outbox-tables.ts';
import { nextUpdated } from '../../platform/records/record-rows.ts';
import { findCustomer } from '../customers/index.ts';
import { findInvoice, invoices } from '../invoices/index.ts';
import { organisationDetails } from '../organisation/index.ts';
import { memberName } from '../team/index.ts';
import { invoiceEmails } from './invoice-email-tables.ts';
import { invoicePdf, invoicePlaceholders } from './invoice-placeholders.ts';

/** The texts an invoice's emails start from, and what fills them: the organisation's name and "today". */
async function readEmailTexts(tx: Tx, tenantId: string) {
  const [texts] = await tx
    .select({
      organisation: tenants.name,
      timeZone: organisationDetails.timeZone,
      invoiceSubject: organisationDetails.invoiceEmailSubject,
      invoiceMessage: organisationDetails.invoiceEmailMessage,
      reminderSubject: organisationDetails.reminderSubject,
      reminderMessage: organisationDetails.reminderMessage,
    })
    .from(organisationDetails)
    .innerJoin(tenants, eq(tenants.id, organisationDetails.tenantId))
    .where(eq(organisationDetails.tenantId, tenantId));
  if (!texts) throw new Error('The organisation has no details');
  return texts;
}

/** A reminder is only for an overdue invoice: issued, past its due date (in the organisation's zone), owing. */
function requireOverdue(invoice: Invoice, today: string): void {
  if (!isOverdue(invoice, today))
    throw conflict(
      `Invoice ${invoice.number} is not overdue, so no reminder can be sent: only a Sent invoice past its due date with an amount still due is.`,
    );
}

/**
 * The invoice email's (or a payment reminder's) starting values: the customer's billing email, the organisation's
 * texts filled in. A reminder of an invoice that is not overdue is a 409.
 */
export async function invoiceEmailDraft(
  tx: Tx,
  tenantId: string,
  invoiceId: string,
  kind: InvoiceEmailKind = 'INVOICE',
  now: Date = new Date(),
): Promise<InvoiceEmailDraft> {
  const invoice = await findInvoice(tx, tenantId, invoiceId);
  const texts = await readEmailTexts(tx, tenantId);
  const today = calendarDateIn(texts.timeZone, now);
  if (kind === 'REMINDER') requireOverdue(invoice, today);
  const customer = await findCustomer(tx, tenantId, invoice.customer.id);
  const values = invoicePlaceholders(invoice, customer.name, texts.organisation, today);
  const [subject, message] =
    kind === 'REMINDER'
      ? [texts.reminderSubject, texts.reminderMessage]
      : [texts.invoiceSubject, texts.invoiceMessage];
  return {
    to: customer.billingEmail,
    subject: fillPlaceholders(subject, values),
    message: fillPlaceholders(message, values),
  };
}

const sendColumns = {
  id: invoiceEmails.id,
  kind: invoiceEmails.kind,
  reminderStep: invoiceEmails.reminderStep,
  to: invoiceEmails.recipient,
  subject: invoiceEmails.subject,
  sentBy: invoiceEmails.sentBy,
  created: invoiceEmails.created,
  status: outboxMessages.status,
  lastError: outboxMessages.lastError,
  messageId: invoiceEmails.messageId,
};

const selectSends = (tx: Tx) =>
  tx
    .select(sendColumns)
    .from(invoiceEmails)
    .innerJoin(
      outboxMessages,
      and(
        eq(outboxMessages.tenantId, invoiceEmails.tenantId),
        eq(outboxMessages.id, invoiceEmails.messageId),
      ),
    );

const toSend = (
  row: { created: Date; status: string; kind: string } & Omit<InvoiceEmail, 'created' | 'status' | 'kind'>,
): InvoiceEmail => ({
  ...row,
  kind: row.kind as InvoiceEmailKind,
  status: row.status as OutboxStatus,
  created: row.created.toISOString(),
});

/** Who emailed the invoice, to whom and when, and what became of each message; newest first. */
export async function listInvoiceEmails(
  tx: Tx,
  tenantId: string,
  invoiceId: string,
): Promise<InvoiceEmail[]> {
  await findInvoice(tx, tenantId, invoiceId);
  const rows = await selectSends(tx)
    .where(and(eq(invoiceEmails.tenantId, tenantId), eq(invoiceEmails.invoiceId, invoiceId)))
    .orderBy(desc(invoiceEmails.created), desc(invoiceEmails.id));
  return rows.map(toSend);
}

/**
 * Emails the invoice: stores the message with the PDF made from the invoice as it was read (`read`), records the
 * send, and moves a Draft invoice to Sent, all in one transaction. An invoice saved since its PDF was made is a
 * 409: the PDF would not be the invoice. A reminder (`kind` REMINDER) is refused (409) unless the invoice is
 * overdue today in the organisation's zone.
 */
export async function emailInvoice(
  tx: Tx,
  tenantId: string,
  read: Invoice,
  pdf: Uint8Array,
  fields: InvoiceEmailFields,
  senderSubject: string,
  now: Date = new Date(),
): Promise<InvoiceEmail> {
  const current = await findInvoice(tx, tenantId, read.id);
  if (current.updated !== read.updated)
    throw conflict('The invoice was changed while its PDF was made. Nothing was sent: send it again.');
  if (fields.kind === 'REMINDER') {
    const { timeZone } = await readEmailTexts(tx, tenantId);
    requireOverdue(current, calendarDateIn(timeZone, now));
  }
  const messageId = await storeMessage(tx, tenantId, {
    kind: fields.kind,
    to: fields.to,
    subject: fields.subject,
    text: fields.message,
    attachments: [invoicePdf(read, pdf)],
  });
  const id = uuidv7();
  await tx.insert(invoiceEmails).values({
    tenantId,
    id,
    invoiceId: read.id,
    messageId,
    kind: fields.kind,
    recipient: fields.to,
    subject: fields.subject,
    sentBy: await memberName(tx, tenantId, senderSubject),
  });
  await tx
    .update(invoices)
    .set({ status: 'OPEN_SENT', updated: nextUpdated(invoices.updated) })
    .where(and(eq(invoices.tenantId, tenantId), eq(invoices.id, read.id), eq(invoices.status, 'OPEN_DRAFT')));
  const [row] = await selectSends(tx).where(
    and(eq(invoiceEmails.tenantId, tenantId), eq(invoiceEmails.id, id)),
  );
  if (!row) throw new Error('The invoice email was not recorded');
  return toSend(row);
}
