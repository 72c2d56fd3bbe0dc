import { randomUUID } from 'node:crypto';
import { mkdir, readdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import { dirname, join, relative, sep } from 'node:path';
import { checkedKey, type FileStore, type StoredFile } from './file-store.ts';

/** A temporary file's name ends with this: a listing skips it, and a sweep removes it once it is old. */
const PARTIAL = '.partial';

/**
 * Files on the local disk under `root`, one file a key. A write goes to a temporary file beside it and is renamed
 * into place, so a reader (or a crash) never leaves half a file under the key.
 */
export function diskStore(root: string): FileStore {
  const pathOf = (key: string) => join(root, ...checkedKey(key).split('/'));
  return {
    kind: 'disk',
    async put(key, body) {
      const path = pathOf(key);
      await mkdir(dirname(path), { recursive: true });
      const partial = `${path}.${randomUUID()}${PARTIAL}`;
      try {
        await writeFile(partial, body);
        await rename(partial, path);
      } catch (error) {
        await rm(partial, { force: true });
        throw error;
      }
    },
    async get(key) {
      try {
        return await readFile(pathOf(key));
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
        throw error;
      }
    },
    async delete(key) {
      await rm(pathOf(key), { force: true });
    },
    async *list(prefix) {
      for await (const file of walk(root)) {
        const key = relative(root, file.path).split(sep).join('/');
        if (key.startsWith(prefix)) yield { key, written: file.written };
      }
    },
  };
}

/** Every file under `folder` (none when it does not exist); a temporary file left by a crash is removed when old. */
async function* walk(folder: string): AsyncGenerator<{ path: string; written: Date }> {
  let entries: import('node:fs').Dirent[];
  try {
    entries = await readdir(folder, { withFileTypes: true });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return;
    throw error;
  }
  for (const entry of entries) {
    const path = join(folder, entry.name);
    if (entry.isDirectory()) yield* walk(path);
    else if (entry.isFile()) {
      const written = (await stat(path)).mtime;
      if (!entry.name.endsWith(PARTIAL)) yield { path, written };
      else if (Date.now() - written.getTime() > 3_600_000) await rm(path, { force: true });
    }
  }
}

export type { StoredFile };
