import type { FilesConfig } from '../config.ts';
import { diskStore } from './disk-store.ts';
import type { FileStore } from './file-store.ts';

/**
 * The store the config names; `close` lets go of its connections (the disk has none). The S3 client is loaded
 * only when a bucket is configured: it is tens of megabytes of code a server on the disk never runs.
 */
export async function openFileStore(config: FilesConfig): Promise<FileStore & { close(): void }> {
  if (config.store === 's3') return (await import('./s3-store.ts')).s3Store(config);
  return { ...diskStore(config.dir), close() {} };
}
