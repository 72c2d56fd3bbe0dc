import { asc, inArray, lte } from 'drizzle-orm';
import type { Db } from '../../platform/db/database.ts';
import type { FileStore } from '../../platform/files/file-store.ts';
import { fileDeletions, jobAttachments } from './job-attachment-tables.ts';
import { fileKey } from './job-attachments.ts';

/** A file younger than this may belong to an upload whose row is being written: the sweep leaves it. */
const SETTLED_MS = 60 * 60_000;
const BATCH = 500;

/** How many queued deletions one housekeeping run takes at most: the rest wait for the next (15 minutes on). */
const QUEUED_PER_RUN = 10_000;

/**
 * Deletes from the store the files of deleted attachments (a file deleted alone, or every file of a deleted job),
 * which the database queued as it deleted their rows (`fileDeletions`), then their queue rows, a batch at a time
 * (a run stopped half way leaves its batch's rows to the next, which deletes their files again). A file already
 * gone (deleted at once after its own delete) is no matter. Runs as the system (no tenant), with the server's other
 * housekeeping, at most `QUEUED_PER_RUN` a run, oldest first; a run stopped half way leaves its rows to the next.
 * Returns how many attachments' files were deleted.
 */
export async function deleteQueuedFiles(db: Db, files: FileStore, now = new Date()): Promise<number> {
  let done = 0;
  while (done < QUEUED_PER_RUN) {
    const queued = await db
      .select()
      .from(fileDeletions)
      .where(lte(fileDeletions.queued, now))
      .orderBy(asc(fileDeletions.queued))
      .limit(Math.min(BATCH, QUEUED_PER_RUN - done));
    if (queued.length === 0) break;
    for (const row of queued) {
      await files.delete(fileKey(row.tenantId, row.attachmentId, 'original'));
      if (row.hasThumbnail) await files.delete(fileKey(row.tenantId, row.attachmentId, 'thumbnail'));
    }
    // The batch's rows go in one statement once its files are gone (an attachment's id is unique on its own).
    await db.delete(fileDeletions).where(
      inArray(
        fileDeletions.attachmentId,
        queued.map((row) => row.attachmentId),
      ),
    );
    done += queued.length;
  }
  return done;
}

/**
 * Deletes the stored files that no row names, once they are an hour old: an upload's files whose row was never
 * committed (the server stopped between the two, or the job was deleted meanwhile), and any a queued deletion
 * missed (an organisation deleted whole). A row is never without its files: they are written before it. It lists
 * the whole store, so it runs once a day (`file-sweep`); deleted rows' files go sooner (`deleteQueuedFiles`).
 * Runs as the system (no tenant). Returns the keys deleted.
 */
export async function sweepFiles(db: Db, files: FileStore, now = Date.now()): Promise<string[]> {
  const deleted: string[] = [];
  let batch = new Map<string, string[]>();
  const settle = async () => {
    const ids = [...batch.keys()];
    const kept = new Set(
      ids.length === 0
        ? []
        : (
            await db
              .select({ id: jobAttachments.id })
              .from(jobAttachments)
              .where(inArray(jobAttachments.id, ids))
          ).map((row) => row.id),
    );
    for (const [id, keys] of batch) {
      if (kept.has(id)) continue;
      for (const key of keys) {
        await files.delete(key);
        deleted.push(key);
      }
    }
    batch = new Map();
  };
  for await (const file of files.list('')) {
    const id = /^[^/]+\/([0-9a-f-]{36})\/(original|thumbnail)$/.exec(file.key)?.[1];
    if (!id || now - file.written.getTime() < SETTLED_MS) continue;
    batch.set(id, [...(batch.get(id) ?? []), file.key]);
    if (batch.size >= BATCH) await settle();
  }
  await settle();
  return deleted;
}
