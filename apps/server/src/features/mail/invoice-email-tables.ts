import { INVOICE_EMAIL_KINDS } from '@fieldbook/domain';
import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, primaryKey, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { created, oneOf, tenantForeignKey, tenantId } from '../../platform/db/columns.ts';
import { outboxMessages } from '../../platform/mail/outbox-tables.ts';
import { invoices } from '../invoices/index.ts';

/**
 * Who emailed an invoice (or a payment reminder of it) to whom, when: the message itself (and its fate) is in the
 * outbox. An automatic reminder carries its step (the days past due it was sent at): the unique index makes it go
 * once per invoice and step, whatever the number of processes sending reminders.
 */
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
    kind: text('kind').notNull().default('INVOICE'),
    /** The days-past-due step of an automatic reminder; null for an invoice email or a manual reminder. */
    reminderStep: integer('reminder_step'),
    created: created(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    index('invoice_emails_invoice_idx').on(t.tenantId, t.invoiceId, t.created),
    uniqueIndex('invoice_emails_reminder_step_key')
      .on(t.tenantId, t.invoiceId, t.reminderStep)
      .where(sql`${t.reminderStep} is not null`),
    check('invoice_emails_kind_check', sql`${t.kind} in ${oneOf(INVOICE_EMAIL_KINDS)}`),
    tenantForeignKey('invoice_emails_invoice_fk', t, t.invoiceId, invoices).onDelete('cascade'),
    tenantForeignKey('invoice_emails_message_fk', t, t.messageId, outboxMessages),
  ],
);
