import { sql } from 'drizzle-orm';
import { deleteExpiredPayloads } from './features/identity/adapter.ts';
import { deleteExpiredPasswordResets } from './features/identity/password-resets.ts';
import { deleteForgottenAttempts } from './features/identity/sign-in-throttle.ts';
import { sweepFiles } from './features/job-attachments/index.ts';
import { sendDueReminders } from './features/mail/index.ts';
import type { Database } from './platform/db/database.ts';
import type { FileStore } from './platform/files/file-store.ts';
import type { Renderer } from './platform/renderer/renderer.ts';

/**
 * Housekeeping a PostgreSQL server's autovacuum does by itself but embedded PGlite does not: refreshing the
 * planner's statistics, so searches keep using their indexes as a tenant grows. Expired identity-provider
 * records and forgotten sign-in attempts are deleted on both, and so are stored files that no row names
 * (`sweepFiles`), when `files` is given.
 */
export async function runMaintenance(database: Database, files?: FileStore): Promise<void> {
  await deleteExpiredPayloads(database.db);
  await deleteForgottenAttempts(database.db);
  await deleteExpiredPasswordResets(database.db);
  if (files) await sweepFiles(database.db, files);
  if (database.kind === 'pglite') await database.db.execute(sql`analyze`);
}

/**
 * The automatic payment reminders due now (`sendDueReminders`), stored in the outbox, which then sends them; run
 * with the housekeeping, in every server process (each reminder goes once whatever the number of processes).
 * Answers how many were stored, and logs each one that could not be made.
 */
export async function sendReminders(
  database: Database,
  renderer: Renderer,
  log: { warn(details: object, message: string): void },
  now: Date = new Date(),
): Promise<number> {
  const { sent, failed } = await sendDueReminders(database.db, renderer, now);
  for (const { tenantId, invoiceId, error } of failed)
    log.warn({ err: error, tenantId, invoiceId }, 'an automatic payment reminder could not be made');
  return sent;
}

/**
 * On PGlite, analyses the tables changed enough since their last analysis, by autovacuum's own default rule
 * (50 rows plus 10% of the table). Without it, a table filled since the last run has no statistics and the
 * planner sorts a whole tenant to show one page. Returns the tables analysed.
 */
export async function analyseChangedTables(database: Database): Promise<string[]> {
  if (database.kind !== 'pglite') return [];
  // PGlite is the only backend: its own counts of changed rows reach pg_stat only once flushed.
  await database.db.execute(sql`select pg_stat_force_next_flush()`);
  const changed = (await database.db.execute(sql`
    select relname from pg_stat_user_tables
    where schemaname = 'public' and n_mod_since_analyze > 50 + 0.1 * greatest(n_live_tup, 0)
    order by relname`)) as { rows: { relname: string }[] };
  const tables = changed.rows.map((row) => row.relname);
  for (const table of tables) await database.db.execute(sql`analyze ${sql.identifier(table)}`);
  return tables;
}
