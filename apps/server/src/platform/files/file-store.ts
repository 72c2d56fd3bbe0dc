// Where uploaded files live (docs/server.md, "Files"): one interface, on the local disk by default
// (`disk-store.ts`) or in S3-compatible object storage (`s3-store.ts`). Keys are paths of the caller's making
// ("<tenant>/<id>/original"), of letters, digits, '-', '_', '.' and '/'. A file is written whole before its
// database row is committed; the row is deleted first and the file after (`deleteQueuedFiles`, and `sweepFiles`
// for a file whose row never came).

/** A stored file as a listing gives it: its key and when it was written. */
export interface StoredFile {
  key: string;
  written: Date;
}

export interface FileStore {
  /** What kind of store it is, for the logs and the health check. */
  readonly kind: 'disk' | 's3';
  /** Writes the file whole (a reader never sees part of it), replacing any file of that key. */
  put(key: string, body: Buffer, contentType: string): Promise<void>;
  /** The file's bytes; undefined when there is none of that key. */
  get(key: string): Promise<Buffer | undefined>;
  /** Deletes the file; nothing happens when there is none. */
  delete(key: string): Promise<void>;
  /** Every stored file whose key starts with `prefix` ('' for all), in no particular order. */
  list(prefix: string): AsyncIterable<StoredFile>;
}

const KEY = /^[A-Za-z0-9_.-]+(\/[A-Za-z0-9_.-]+)*$/;

/** Refuses a key that is not a plain relative path (no '..', no leading '/', no other characters). */
export function checkedKey(key: string): string {
  if (!KEY.test(key) || key.split('/').some((part) => part === '.' || part === '..'))
    throw new Error(`Not a file key: ${JSON.stringify(key)}`);
  return key;
}
