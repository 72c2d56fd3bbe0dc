import { pgTable, text, timestamp } from 'drizzle-orm/pg-core';

const moment = (name: string) => timestamp(name, { withTimezone: true, precision: 3 });

/**
 * The server's background tasks (tasks/scheduled-tasks.ts): one row a task, shared by every server process and kept
 * across restarts, so a task runs in one process at a time and when it is due, whoever is up.
 */
export const scheduledTasks = pgTable('scheduled_tasks', {
  name: text('name').primaryKey(),
  /** When it is due next. */
  nextRun: moment('next_run').notNull().defaultNow(),
  /** Set while a process runs it: until then no other takes it; past it, the process is taken to have died. */
  leaseUntil: moment('lease_until'),
  lastStarted: moment('last_started'),
  lastFinished: moment('last_finished'),
  /** Why its last run failed; null when it succeeded. */
  lastError: text('last_error'),
});
