import { sql } from 'drizzle-orm';
import { deleteExpiredPayloads } from './features/identity/adapter.ts';
import { deleteExpiredPasswordResets } from './features/identity/password-resets.ts';
import { deleteForgottenAttempts } from './features/identity/sign-in-throttle.ts';
import { deleteQueuedFiles, sweepFiles } from './features/job-attachments/index.ts';
import { sendDueReminders } from './features/mail/index.ts';
import type { Database } from './platform/db/database.ts';
import type { FileStore } from './platform/files/file-store.ts';
import type { Renderer } from './platform/renderer/renderer.ts';
import type { ScheduledTask } from './platform/tasks/scheduled-tasks.ts';
import { customerWords, invoiceWords, jobWordPairs, jobWords } from './schema.ts';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

interface TaskNeeds {
  database: Database;
  files: FileStore;
  renderer: Renderer;
  log: { warn(details: object, message: string): void };
}

/**
 * The server's background tasks, run by the mail worker's loop (platform/tasks/scheduled-tasks.ts), in one process
 * at a time, each once at start-up and then when due:
 * - `housekeeping` every 15 minutes (`runMaintenance`);
 * - `file-sweep` once a day (`sweepFiles`): stored files no row names, which means listing the whole store;
 * - `payment-reminders` every 15 minutes (`sendReminders`): the automatic payment reminders due, in the outbox;
 * - `planner-statistics` every minute, on PGlite only (`analyseChangedTables`).
 * A lease longer than a run can take: a process that died mid-run has its task taken again when the lease ends.
 */
export function serverTasks({ database, files, renderer, log }: TaskNeeds): ScheduledTask[] {
  const tasks: ScheduledTask[] = [
    {
      name: 'housekeeping',
      everyMs: 15 * MINUTE,
      leaseMs: 10 * MINUTE,
      run: () => runMaintenance(database, files),
    },
    {
      name: 'file-sweep',
      everyMs: 24 * HOUR,
      leaseMs: 2 * HOUR,
      run: async () => {
        await sweepFiles(database.db, files);
      },
    },
    {
      name: 'payment-reminders',
      everyMs: 15 * MINUTE,
      leaseMs: 10 * MINUTE,
      run: async () => {
        await sendReminders(database, renderer, log);
      },
    },
  ];
  if (database.kind === 'pglite')
    tasks.push({
      name: 'planner-statistics',
      everyMs: MINUTE,
      leaseMs: 5 * MINUTE,
      run: async () => {
        await analyseChangedTables(database);
      },
    });
  return tasks;
}

/**
 * Housekeeping a PostgreSQL server's autovacuum does by itself but embedded PGlite does not: refreshing the
 * planner's statistics, so searches keep using their indexes as a tenant grows. On both: the kept words vacuumed,
 * expired identity-provider records and forgotten sign-in attempts deleted, and the stored files of deleted
 * attachments (`deleteQueuedFiles`), when `files` is given.
 */
export async function runMaintenance(database: Database, files?: FileStore): Promise<void> {
  await deleteExpiredPayloads(database.db);
  await deleteForgottenAttempts(database.db);
  await deleteExpiredPasswordResets(database.db);
  if (files) await deleteQueuedFiles(database.db, files);
  if (database.kind === 'pglite') await database.db.execute(sql`analyze`);
  // The kept words are read from their index alone, which skips the table only for pages a vacuum has marked all
  // visible: PGlite runs no autovacuum, and a server's may not reach them for a while (a busy tenant's words change
  // with every save). A vacuum passes over pages already marked.
  await database.db.execute(sql`vacuum ${jobWords}, ${jobWordPairs}, ${invoiceWords}, ${customerWords}`);
}

/**
 * The automatic payment reminders due now (`sendDueReminders`), stored in the outbox, which then sends them (each
 * reminder goes once whatever the number of processes running this at once). Answers how many were stored, and
 * logs each one that could not be made.
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
