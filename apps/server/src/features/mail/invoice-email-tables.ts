import { index, pgTable, primaryKey, text, uuid } from 'drizzle-orm/pg-core';
import { created, tenantForeignKey, tenantId } from '../../platform/db/columns.ts';
import { outboxMessages } from '../../platform/mail/outbox-tables.ts';
import { invoices } from '../invoices/index.ts';

/** Who emailed an invoice to whom, when: the message itself (and its fate) is in the outbox. */
export const invoiceEmails = pgTable(
  'invoice_emails',
  {
    tenantId: tenantId(),
    id: uuid('id').notNull(),
    invoiceId: uuid('invoice_id').notNull(),
    messageId: uuid('message_id').notNull(),
    recipient: text('recipient').notNull(),
    subject: text('subject').notNull(),
    sentBy: text('sent_by'),
    created: created(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    index('invoice_emails_invoice_idx').on(t.tenantId, t.invoiceId, t.created),
    tenantForeignKey('invoice_emails_invoice_fk', t, t.invoiceId, invoices).onDelete('cascade'),
    tenantForeignKey('invoice_emails_message_fk', t, t.messageId, outboxMessages),
  ],
);
