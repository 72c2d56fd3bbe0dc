import { foreignKey, index, pgTable, primaryKey, text, uuid } from 'drizzle-orm/pg-core';
import { created, tenantId, updated } from '../../platform/db/columns.ts';
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
    created: created(),
    updated: updated(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    index('job_notes_job_idx').on(t.tenantId, t.jobId, t.created),
    foreignKey({
      name: 'job_notes_job_fk',
      columns: [t.tenantId, t.jobId],
      foreignColumns: [jobs.tenantId, jobs.id],
    }).onDelete('cascade'),
  ],
);
