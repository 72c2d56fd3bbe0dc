import { index, pgTable, primaryKey, text, uuid } from 'drizzle-orm/pg-core';
import { recordTimes, tenantForeignKey, tenantId } from '../../platform/db/columns.ts';
import { jobs } from '../jobs/index.ts';

/**
 * Notes on a job, newest first: what was done or found. Written by a member (`author_subject`, the token's
 * subject, with their name as it was then); deleted with the job.
 */
export const jobNotes = pgTable(
  'job_notes',
  {
    tenantId: tenantId(),
    id: uuid('id').notNull(),
    jobId: uuid('job_id').notNull(),
    text: text('text').notNull(),
    authorSubject: text('author_subject').notNull(),
    authorName: text('author_name'),
    ...recordTimes(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    index('job_notes_job_idx').on(t.tenantId, t.jobId, t.created),
    tenantForeignKey('job_notes_job_fk', t, t.jobId, jobs).onDelete('cascade'),
  ],
);
