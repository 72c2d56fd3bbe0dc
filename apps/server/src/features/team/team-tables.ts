import { ROLES } from '@fieldbook/domain';
import { sql } from 'drizzle-orm';
import { check, index, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { oneOf, recordTimes, tenantForeignKey, tenantId } from '../../platform/db/columns.ts';
import { tenants } from '../../platform/db/tenant-table.ts';
import { outboxMessages } from '../../platform/mail/outbox-tables.ts';
import { technicians } from '../technicians/index.ts';

/**
 * Who may act in a tenant, and as what: `subject` is the token's `sub` (the issuer's user id). Read by `asMember`
 * as the connecting role before the role switch; the Users screen reads and changes it in the tenant (RLS).
 * Name and email are kept as the member joined (an external issuer's users are not in `users`).
 */
export const memberships = pgTable(
  'memberships',
  {
    tenantId: uuid('tenant_id')
      .notNull()
      .references(() => tenants.id, { onDelete: 'cascade' }),
    subject: text('subject').notNull(),
    id: uuid('id').notNull().default(sql`gen_random_uuid()`),
    role: text('role').notNull().default('OWNER'),
    technicianId: uuid('technician_id'),
    name: text('name'),
    email: text('email'),
    lastSignIn: timestamp('last_sign_in', { withTimezone: true, precision: 3 }),
    ...recordTimes(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.subject] }),
    index('memberships_subject_idx').on(t.subject),
    uniqueIndex('memberships_id_key').on(t.tenantId, t.id),
    check('memberships_role_check', sql`${t.role} in ${oneOf(ROLES)}`),
    tenantForeignKey('memberships_technician_fk', t, t.technicianId, technicians),
  ],
);

/**
 * An open invitation to join a tenant with a role. Only the hash of the link's secret is stored; accepting or
 * revoking deletes the row, so a link works once. Unique per address (canonical form) in a tenant. `message_id` is
 * the outbox message with its latest link, withdrawn when the invitation is revoked or resent before it goes.
 */
export const invitations = pgTable(
  'invitations',
  {
    tenantId: tenantId(),
    id: uuid('id').notNull(),
    email: text('email').notNull(),
    emailCanonical: text('email_canonical').notNull(),
    role: text('role').notNull(),
    technicianId: uuid('technician_id'),
    tokenHash: text('token_hash').notNull(),
    expires: timestamp('expires', { withTimezone: true, precision: 3 }).notNull(),
    invitedBy: text('invited_by'),
    sent: timestamp('sent', { withTimezone: true, precision: 3 }).notNull().defaultNow(),
    messageId: uuid('message_id'),
    ...recordTimes(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    uniqueIndex('invitations_email_key').on(t.tenantId, t.emailCanonical),
    index('invitations_token_idx').on(t.tokenHash),
    check('invitations_role_check', sql`${t.role} in ${oneOf(ROLES)}`),
    tenantForeignKey('invitations_technician_fk', t, t.technicianId, technicians),
    tenantForeignKey('invitations_message_fk', t, t.messageId, outboxMessages),
  ],
);
