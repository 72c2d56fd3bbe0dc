import {
  fillPlaceholders,
  formatDollars,
  type Invoice,
  type InvoiceEmail,
  type InvoiceEmailDraft,
  type InvoiceEmailFields,
  type OutboxStatus,
} from '@fieldbook/domain';
import { and, desc, eq } from 'drizzle-orm';
import { uuidv7 } from 'uuidv7';
import type { Tx } from '../../platform/db/database.ts';
import { tenants } from '../../platform/db/tenant-table.ts';
import { conflict } from '../../platform/http/errors.ts';
import { emailDate, storeMessage } from '../../platform/mail/outbox.ts';
import { outboxMessages } from '../../platform/mail/outbox-tables.ts';
import { nextUpdated } from '../../platform/records/record-rows.ts';
import { findCustomer } from '../customers/index.ts';
import { findInvoice, invoices } from '../invoices/index.ts';
import { organisationDetails } from '../organisation/index.ts';
import { memberName } from '../team/index.ts';
import { invoiceEmails } from './invoice-email-tables.ts';

/** The invoice email's starting values: the customer's billing email, the organisation's texts filled in. */
export async function invoiceEmailDraft(
  tx: Tx,
  tenantId: string,
  invoiceId: string,
): Promise<InvoiceEmailDraft> {
  const invoice = await findInvoice(tx, tenantId, invoiceId);
  const customer = await findCustomer(tx, tenantId, invoice.customer.id);
  const [texts] = await tx
    .select({
      organisation: tenants.name,
      subject: organisationDetails.invoiceEmailSubject,
      message: organisationDetails.invoiceEmailMessage,
    })
    .from(organisationDetails)
    .innerJoin(tenants, eq(tenants.id, organisationDetails.tenantId))
    .where(eq(organisationDetails.tenantId, tenantId));
  const values = {
    number: String(invoice.number),
    total: formatDollars(invoice.total),
    dueDate: emailDate(new Date(`${invoice.due}T00:00:00Z`), 'UTC'),
    customer: customer.name,
    organisation: texts?.organisation ?? '',
  };
  return {
    to: customer.billingEmail,
    subject: fillPlaceholders(texts?.subject ?? '', values),
    message: fillPlaceholders(texts?.message ?? '', values),
  };
}

const sendColumns = {
  id: invoiceEmails.id,
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
  row: { created: Date; status: string } & Omit<InvoiceEmail, 'created' | 'status'>,
): InvoiceEmail => ({
  ...row,
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
 * 409: the PDF would not be the invoice.
 */
export async function emailInvoice(
  tx: Tx,
  tenantId: string,
  read: Invoice,
  pdf: Uint8Array,
  fields: InvoiceEmailFields,
  senderSubject: string,
): Promise<InvoiceEmail> {
  const current = await findInvoice(tx, tenantId, read.id);
  if (current.updated !== read.updated)
    throw conflict('The invoice was changed while its PDF was made. Nothing was sent: send it again.');
  const messageId = await storeMessage(tx, tenantId, {
    kind: 'INVOICE',
    to: fields.to,
    subject: fields.subject,
    text: fields.message,
    attachments: [
      { filename: `invoice-${read.number}.pdf`, contentType: 'application/pdf', content: Buffer.from(pdf) },
    ],
  });
  const id = uuidv7();
  await tx.insert(invoiceEmails).values({
    tenantId,
    id,
    invoiceId: read.id,
    messageId,
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
