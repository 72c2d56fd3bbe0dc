import { isUuid, type JobAttachment, type JobAttachmentType, jobAttachmentMessages } from '@fieldbook/domain';
import { and, desc, eq } from 'drizzle-orm';
import { uuidv7 } from 'uuidv7';
import type { Tx } from '../../platform/db/database.ts';
import type { FileStore } from '../../platform/files/file-store.ts';
import { ApiError, notFound } from '../../platform/http/errors.ts';
import type { Member } from '../../platform/http/member-scope.ts';
import { requireVisibleJob } from '../jobs/index.ts';
import { memberName } from '../team/index.ts';
import { jobAttachments } from './job-attachment-tables.ts';
import type { Prepared } from './uploads.ts';

// Photos and PDFs on a job (docs/server.md, "Files"): whoever may see the job reads and adds them; the person who
// added one, or an Owner or Office member, deletes it. The bytes are in the file store, written before the row.

type AttachmentRow = typeof jobAttachments.$inferSelect;

/** Where a file's bytes are kept: its tenant, its id, and which of its versions. */
export const fileKey = (tenantId: string, id: string, version: 'original' | 'thumbnail') =>
  `${tenantId}/${id}/${version}`;

const toAttachment = (row: AttachmentRow, member: Member): JobAttachment => ({
  id: row.id,
  job: { id: row.jobId },
  filename: row.filename,
  contentType: row.contentType as JobAttachmentType,
  size: row.size,
  width: row.width,
  height: row.height,
  thumbnail: row.hasThumbnail,
  addedBy: { name: row.addedByName, mine: row.addedBySubject === member.subject },
  created: row.created.toISOString(),
});

/** The job's files, newest first. */
export async function listAttachments(
  tx: Tx,
  tenantId: string,
  jobId: string,
  member: Member,
): Promise<JobAttachment[]> {
  await requireVisibleJob(tx, tenantId, jobId, member);
  const rows = await tx
    .select()
    .from(jobAttachments)
    .where(and(eq(jobAttachments.tenantId, tenantId), eq(jobAttachments.jobId, jobId)))
    .orderBy(desc(jobAttachments.created), desc(jobAttachments.id));
  return rows.map((row) => toAttachment(row, member));
}

/** Writes a prepared upload's files under a new id, before its row exists (`recordAttachment`). */
export async function storeUpload(files: FileStore, tenantId: string, prepared: Prepared): Promise<string> {
  const id = uuidv7();
  await files.put(fileKey(tenantId, id, 'original'), prepared.original, prepared.contentType);
  if (prepared.thumbnail)
    await files.put(fileKey(tenantId, id, 'thumbnail'), prepared.thumbnail, 'image/webp');
  return id;
}

/**
 * The row of an upload whose files are stored (`storeUpload`), in the member's transaction: the job is checked
 * again, so a job deleted or reassigned meanwhile refuses it (its files, with no row, go to the sweep).
 */
export async function recordAttachment(
  tx: Tx,
  tenantId: string,
  jobId: string,
  upload: { id: string; filename: string; prepared: Prepared },
  member: Member,
): Promise<JobAttachment> {
  await requireVisibleJob(tx, tenantId, jobId, member);
  const { prepared } = upload;
  const [row] = await tx
    .insert(jobAttachments)
    .values({
      tenantId,
      id: upload.id,
      jobId,
      filename: upload.filename,
      contentType: prepared.contentType,
      size: prepared.original.length,
      width: prepared.width,
      height: prepared.height,
      hasThumbnail: prepared.thumbnail !== null,
      addedBySubject: member.subject,
      addedByName: await memberName(tx, tenantId, member.subject),
    })
    .returning();
  return toAttachment(row as AttachmentRow, member);
}

/** The file of this job, or 404 (another job's file is not this job's). */
export async function findAttachment(
  tx: Tx,
  tenantId: string,
  jobId: string,
  attachmentId: string,
  member: Member,
): Promise<AttachmentRow> {
  await requireVisibleJob(tx, tenantId, jobId, member);
  const [row] = isUuid(attachmentId)
    ? await tx
        .select()
        .from(jobAttachments)
        .where(
          and(
            eq(jobAttachments.tenantId, tenantId),
            eq(jobAttachments.jobId, jobId),
            eq(jobAttachments.id, attachmentId),
          ),
        )
    : [];
  if (!row) throw notFound('file');
  return row;
}

/**
 * Deletes a file's row: the person who added it, an Owner or an Office member (a Technician cannot delete another
 * person's photos). Its stored files are deleted after the commit (`deleteStored`), or by the sweep.
 */
export async function deleteAttachment(
  tx: Tx,
  tenantId: string,
  jobId: string,
  attachmentId: string,
  member: Member,
): Promise<AttachmentRow> {
  const row = await findAttachment(tx, tenantId, jobId, attachmentId, member);
  if (member.role === 'TECHNICIAN' && row.addedBySubject !== member.subject)
    throw new ApiError('FORBIDDEN', jobAttachmentMessages.notYours);
  await tx
    .delete(jobAttachments)
    .where(and(eq(jobAttachments.tenantId, tenantId), eq(jobAttachments.id, row.id)));
  return row;
}

/**
 * Deletes a file's stored versions once its row is gone (or when no row will name them: a replayed upload's); a
 * failure leaves them to the sweep.
 */
export async function deleteStored(
  files: FileStore,
  row: Pick<AttachmentRow, 'tenantId' | 'id' | 'hasThumbnail'>,
): Promise<void> {
  await files.delete(fileKey(row.tenantId, row.id, 'original'));
  if (row.hasThumbnail) await files.delete(fileKey(row.tenantId, row.id, 'thumbnail'));
}
