import { index, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { tenantForeignKey, tenantId } from '../../platform/db/columns.ts';
import { outboxMessages } from '../../platform/mail/outbox-tables.ts';
import { jobs } from '../jobs/index.ts';

const instant = (name: string) => timestamp(name, { withTimezone: true, precision: 3 }).notNull();

/**
 * A technician's "On my way" to a job: when, the arrival window the customer was given, who tapped it, and the
 * email it put in the outbox (none when not asked for or the customer has no email address). Deleted with the job.
 */
export const jobDepartures = pgTable(
  'job_departures',
  {
    tenantId: tenantId(),
    id: uuid('id').notNull(),
    jobId: uuid('job_id').notNull(),
    departed: instant('departed').defaultNow(),
    arrivalFrom: instant('arrival_from'),
    arrivalTo: instant('arrival_to'),
    technicianName: text('technician_name'),
    byName: text('by_name'),
    recipient: text('recipient'),
    messageId: uuid('message_id'),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    index('job_departures_job_idx').on(t.tenantId, t.jobId, t.departed),
    tenantForeignKey('job_departures_job_fk', t, t.jobId, jobs).onDelete('cascade'),
    tenantForeignKey('job_departures_message_fk', t, t.messageId, outboxMessages),
  ],
);
