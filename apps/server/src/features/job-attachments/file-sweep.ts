import { inArray } from 'drizzle-orm';
import type { Db } from '../../platform/db/database.ts';
import type { FileStore } from '../../platform/files/file-store.ts';
import { jobAttachments } from './job-attachment-tables.ts';

/** A file younger than this may belong to an upload whose row is being written: the sweep leaves it. */
const SETTLED_MS = 60 * 60_000;
const BATCH = 500;

/**
 * Deletes the stored files that no row names, once they are an hour old: an upload's files whose row was never
 * committed (the server stopped between the two, or the job was deleted meanwhile), and the files of rows deleted
 * since (a deleted file, or every file of a deleted job). A row is never without its files: they are written
 * before it. Runs as the system (no tenant), with the server's other housekeeping. Returns the keys deleted.
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
