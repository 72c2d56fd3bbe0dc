import { boolean, index, integer, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { created, tenantForeignKey, tenantId } from '../../platform/db/columns.ts';
import { jobs } from '../jobs/index.ts';

/**
 * Photos and PDFs on a job: the row says what was added, by whom; the bytes are in the file store under
 * `<tenant>/<id>/original` (and `/thumbnail` for a photo). Deleted with the job; a deleted row's files are
 * queued (`fileDeletions`) and deleted from the store by the housekeeping (`deleteQueuedFiles`).
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

/**
 * The stored files of deleted attachments, still to delete from the file store: written only by the trigger on a
 * deleted `job_attachments` row (migration 0047, in the deleting transaction, so a job's delete and its files'
 * queueing commit together), read and emptied by the housekeeping (`deleteQueuedFiles`), which runs as the system.
 * The app role may not read it.
 */
export const fileDeletions = pgTable(
  'file_deletions',
  {
    tenantId: tenantId(),
    attachmentId: uuid('attachment_id').notNull(),
    hasThumbnail: boolean('has_thumbnail').notNull(),
    queued: timestamp('queued', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.tenantId, t.attachmentId] })],
);
