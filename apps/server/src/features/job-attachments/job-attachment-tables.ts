import { boolean, index, integer, pgTable, primaryKey, text, uuid } from 'drizzle-orm/pg-core';
import { created, tenantForeignKey, tenantId } from '../../platform/db/columns.ts';
import { jobs } from '../jobs/index.ts';

/**
 * Photos and PDFs on a job: the row says what was added, by whom; the bytes are in the file store under
 * `<tenant>/<id>/original` (and `/thumbnail` for a photo). Deleted with the job; the store's files of a row that is
 * gone are removed by the sweep (`sweepFiles`).
 */
export const jobAttachments = pgTable(
  'job_attachments',
  {
    tenantId: tenantId(),
    id: uuid('id').notNull(),
    jobId: uuid('job_id').notNull(),
    filename: text('filename').notNull(),
    contentType: text('content_type').notNull(),
    size: integer('size').notNull(),
    width: integer('width'),
    height: integer('height'),
    hasThumbnail: boolean('has_thumbnail').notNull(),
    addedBySubject: text('added_by_subject').notNull(),
    addedByName: text('added_by_name'),
    created: created(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    index('job_attachments_job_idx').on(t.tenantId, t.jobId, t.created),
    tenantForeignKey('job_attachments_job_fk', t, t.jobId, jobs).onDelete('cascade'),
  ],
);
