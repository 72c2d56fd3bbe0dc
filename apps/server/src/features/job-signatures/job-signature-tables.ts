import { boolean, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { bytea, tenantForeignKey, tenantId } from '../../platform/db/columns.ts';
import { jobs } from '../jobs/index.ts';

/**
 * A finished job's sign-off, one per job: the customer's name and signature (a PNG), or that they were not there;
 * when, and who took it. Taken again, it replaces the last; deleted with the job.
 */
export const jobSignatures = pgTable(
  'job_signatures',
  {
    tenantId: tenantId(),
    jobId: uuid('job_id').notNull(),
    customerNotPresent: boolean('customer_not_present').notNull(),
    signerName: text('signer_name'),
    image: bytea('image'),
    signedAt: timestamp('signed_at', { withTimezone: true, precision: 3 }).notNull().defaultNow(),
    takenBy: text('taken_by'),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.jobId] }),
    tenantForeignKey('job_signatures_job_fk', t, t.jobId, jobs).onDelete('cascade'),
  ],
);
