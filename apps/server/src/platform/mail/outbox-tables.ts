import { MESSAGE_KINDS, OUTBOX_STATUSES } from '@fieldbook/domain';
import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { bytea, oneOf, recordTimes, tenantForeignKey, tenantId } from '../db/columns.ts';

const moment = (name: string) => timestamp(name, { withTimezone: true, precision: 3 });

/** The columns of a message waiting in an outbox, and what became of it (see mail/outbox.ts). */
const messageColumns = () => ({
  id: uuid('id').notNull(),
  kind: text('kind').notNull(),
  recipient: text('recipient').notNull(),
  subject: text('subject').notNull(),
  body: text('body').notNull(),
  status: text('status').notNull().default('QUEUED'),
  attempts: integer('attempts').notNull().default(0),
  /** When the worker may (re)try it: a retry waits here; a SENDING message past it was abandoned by a crash. */
  nextAttempt: moment('next_attempt').notNull().defaultNow(),
  lastError: text('last_error'),
  sent: moment('sent'),
  ...recordTimes(),
});

/**
 * The tenant's outgoing mail (invitations, invoices), stored in the transaction of the action that causes it.
 * Tenant code inserts and reads it (RLS), and changes a message's status only to withdraw a waiting one or queue a
 * failed one again (`withdrawMessage`, `resendMessage`: its grant names those columns); the worker (the connecting
 * role) does the rest.
 */
export const outboxMessages = pgTable(
  'outbox_messages',
  { tenantId: tenantId(), ...messageColumns() },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    index('outbox_messages_due_idx').on(t.nextAttempt).where(sql`${t.status} in ('QUEUED', 'SENDING')`),
    index('outbox_messages_created_idx').on(t.tenantId, t.created),
    check('outbox_messages_status_check', sql`${t.status} in ${oneOf(OUTBOX_STATUSES)}`),
    check('outbox_messages_kind_check', sql`${t.kind} in ${oneOf(MESSAGE_KINDS)}`),
  ],
);

/** A message's attachments (an invoice's PDF as it was when the message was stored). */
export const outboxAttachments = pgTable(
  'outbox_attachments',
  {
    tenantId: tenantId(),
    messageId: uuid('message_id').notNull(),
    position: integer('position').notNull(),
    filename: text('filename').notNull(),
    contentType: text('content_type').notNull(),
    content: bytea('content').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.messageId, t.position] }),
    tenantForeignKey('outbox_attachments_message_fk', t, t.messageId, outboxMessages).onDelete('cascade'),
  ],
);

/** The identity layer's mail (password reset links): global, like the users it goes to. */
export const identityMessages = pgTable('identity_messages', { ...messageColumns() }, (t) => [
  primaryKey({ columns: [t.id] }),
  index('identity_messages_due_idx').on(t.nextAttempt).where(sql`${t.status} in ('QUEUED', 'SENDING')`),
  check('identity_messages_status_check', sql`${t.status} in ${oneOf(OUTBOX_STATUSES)}`),
]);
