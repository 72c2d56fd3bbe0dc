import { existsSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';

/**
 * What a process killed during PGlite's start-up can leave in its data directory, each of which stops every later
 * start with "PGlite failed to initialize properly":
 *
 * - On the very first start PGlite creates the cluster in memory and then copies it into the directory, writing
 *   PG_VERSION before the configuration files. Killed in between, the directory has a PG_VERSION (so PGlite
 *   resumes instead of creating it again) but lacks a file the server needs.
 * - Every start writes postmaster.pid. Killed between creating it and writing it, the lock file is empty, and
 *   PostgreSQL refuses to start ("the remnant of a previous server startup crash").
 */

/** Written after PG_VERSION by PGlite's first start; the server cannot start without any of them. */
const CONFIG_FILES = ['postgresql.conf', 'postgresql.auto.conf', 'pg_hba.conf', 'pg_ident.conf'];
/** PostgreSQL's FirstNormalObjectId: a relation file numbered from here up under base/ belongs to a user object. */
const FIRST_USER_OBJECT = 16_384;
/** The entries a PostgreSQL cluster consists of; anything else in the directory is not ours to remove. */
const CLUSTER_ENTRY =
  /^(PG_VERSION|base|global|pg_[a-z_]+(\.conf)?|postgresql(\.auto)?\.conf|postmaster\.(pid|opts))$/;

export class DataDirectoryError extends Error {}

/**
 * Repairs what a kill during start-up left in a PGlite data directory, before it is opened: an unfinished first
 * copy of the cluster is removed (only when no user object was ever created in it, which it cannot have been,
 * since the server never started on it) so that PGlite creates it again, and an empty or unreadable
 * postmaster.pid is removed. Returns what it did, one sentence each. An unfinished cluster that holds data is
 * left as it is, with a DataDirectoryError that says what to do.
 */
export function repairPgliteDataDir(dataDir: string): string[] {
  if (!existsSync(join(dataDir, 'PG_VERSION'))) return []; // empty, or never got as far: PGlite starts afresh
  const missing = CONFIG_FILES.filter((name) => !existsSync(join(dataDir, name)));
  const version = readFileSync(join(dataDir, 'PG_VERSION'), 'utf8').trim();
  if (missing.length > 0 || version === '') {
    const unfinished = version === '' ? 'PG_VERSION is empty' : `${missing.join(', ')} missing`;
    if (holdsUserObjects(dataDir)) {
      throw new DataDirectoryError(
        `The PGlite data directory ${dataDir} is incomplete (${unfinished}) but holds data, so it was left as it is. ` +
          'Restore it from a backup, or copy the missing files from a new data directory of the same PGlite version.',
      );
    }
    for (const entry of readdirSync(dataDir)) {
      if (CLUSTER_ENTRY.test(entry)) rmSync(join(dataDir, entry), { recursive: true, force: true });
    }
    return [
      `The PGlite data directory ${dataDir} was left half-created by an interrupted first start (${unfinished}) and held no data: it is created again.`,
    ];
  }
  const lockFile = join(dataDir, 'postmaster.pid');
  // PostgreSQL refuses a lock file whose first line is not a process id; PGlite's own is always "-42".
  if (existsSync(lockFile) && !Number.parseInt(readFileSync(lockFile, 'utf8'), 10)) {
    rmSync(lockFile);
    return [`Removed the empty lock file ${lockFile} left by an interrupted start.`];
  }
  return [];
}

/** True when any database in the cluster has a relation file of a user object (a table, an index, a sequence). */
function holdsUserObjects(dataDir: string): boolean {
  const tablespaces = join(dataDir, 'pg_tblspc');
  if (existsSync(tablespaces) && readdirSync(tablespaces).length > 0) return true;
  const base = join(dataDir, 'base');
  if (!existsSync(base)) return false;
  return readdirSync(base, { withFileTypes: true }).some(
    (database) =>
      database.isDirectory() &&
      readdirSync(join(base, database.name)).some(
        (file) => Number.parseInt(file, 10) >= FIRST_USER_OBJECT, // "16384", "16384_fsm", "16384.1"
      ),
  );
}
