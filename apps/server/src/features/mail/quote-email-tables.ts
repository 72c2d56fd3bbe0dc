import { index, pgTable, primaryKey, text, uuid } from 'drizzle-orm/pg-core';
import { created, tenantForeignKey, tenantId } from '../../platform/db/columns.ts';
import { outboxMessages } from '../../platform/mail/outbox-tables.ts';
import { quotes } from '../quotes/index.ts';

/** Who emailed a quote to whom, when: the message itself (and its fate) is in the outbox. */
export const quoteEmails = pgTable(
  'quote_emails',
  {
    tenantId: tenantId(),
    id: uuid('id').notNull(),
    quoteId: uuid('quote_id').notNull(),
    messageId: uuid('message_id').notNull(),
    recipient: text('recipient').notNull(),
    subject: text('subject').notNull(),
    sentBy: text('sent_by'),
    created: created(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    index('quote_emails_quote_idx').on(t.tenantId, t.quoteId, t.created),
    tenantForeignKey('quote_emails_quote_fk', t, t.quoteId, quotes).onDelete('cascade'),
    tenantForeignKey('quote_emails_message_fk', t, t.messageId, outboxMessages),
  ],
);
