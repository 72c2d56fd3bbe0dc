import {
  DEFAULT_STATEMENT_EMAIL,
  fillPlaceholders,
  type InvoiceEmailDraft,
  type StatementEmail,
  type StatementEmailFields,
  statementFileName,
} from '@fieldbook/domain';
import type { Tx } from '../../platform/db/database.ts';
import { storeMessage } from '../../platform/mail/outbox.ts';
import { readStatementSource } from '../documents/index.ts';

/**
 * The statement email's starting values: to the customer's billing email, `DEFAULT_STATEMENT_EMAIL` with the
 * customer, the organisation, the date and the total owing filled in, as the PDF shows them.
 */
export async function statementEmailDraft(
  tx: Tx,
  tenantId: string,
  customerId: string,
  asAt?: string,
): Promise<InvoiceEmailDraft> {
  const { customer, source } = await readStatementSource(tx, tenantId, customerId, asAt);
  const { organisation, statement } = source.data;
  const values = {
    customer: customer.name,
    organisation: organisation.name,
    asAt: statement?.asAt ?? '',
    total: statement?.totalDue ?? '',
  };
  return {
    to: customer.billingEmail,
    subject: fillPlaceholders(DEFAULT_STATEMENT_EMAIL.subject, values),
    message: fillPlaceholders(DEFAULT_STATEMENT_EMAIL.message, values),
  };
}

/** Stores the statement email, with its PDF, in the outbox (the mail worker sends it). */
export async function emailStatement(
  tx: Tx,
  tenantId: string,
  statement: { customerNumber: number; asAt: string; pdf: Uint8Array },
  fields: StatementEmailFields,
): Promise<StatementEmail> {
  const filename = statementFileName(statement.customerNumber, statement.asAt);
  const messageId = await storeMessage(tx, tenantId, {
    kind: 'STATEMENT',
    to: fields.to,
    subject: fields.subject,
    text: fields.message,
    attachments: [{ filename, contentType: 'application/pdf', content: Buffer.from(statement.pdf) }],
  });
  return { messageId, to: fields.to, subject: fields.subject, asAt: statement.asAt, filename };
}
