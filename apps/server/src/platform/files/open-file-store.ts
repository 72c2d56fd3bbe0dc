import type { FilesConfig } from '../config.ts';
import { diskStore } from './disk-store.ts';
import type { FileStore } from './file-store.ts';
import { s3Store } from './s3-store.ts';

/** The store the config names; `close` lets go of its connections (the disk has none). */
export function openFileStore(config: FilesConfig): FileStore & { close(): void } {
  if (config.store === 's3') return s3Store(config);
  return { ...diskStore(config.dir), close() {} };
}
