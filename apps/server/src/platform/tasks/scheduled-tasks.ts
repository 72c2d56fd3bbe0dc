import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/database.ts';
import { scheduledTasks } from './task-tables.ts';

/** A piece of background work run every so often, in one server process at a time. */
export interface ScheduledTask {
  /** Its row in `scheduled_tasks`. */
  name: string;
  /** How long after a run ends (or fails) the next is due. */
  everyMs: number;
  /** How long a run may take before another process takes the task again, its runner taken to have died. */
  leaseMs: number;
  run(): Promise<void>;
}

export interface TaskRunner {
  /** Adds the rows of tasks new to the database, due now; the others stay due when they were. */
  schedule(): Promise<void>;
  /** Runs one due task, if any is and no other process runs it: true when it ran one (even if it failed). */
  runDue(): Promise<boolean>;
}

/**
 * The background tasks of a server process (housekeeping, automatic payment reminders), run by the outbox's worker
 * between the messages it sends (`prepare` in mail-worker.ts): no timer of their own. When each is due is kept in
 * `scheduled_tasks`, so several processes share the work and a restart keeps the times: a process takes a due task
 * by moving its lease forward in one statement (`for update skip locked`), runs it, then sets when it is next due.
 * A process that dies mid-run leaves the lease, and the task is taken again once it ends. Tasks must be safe to run
 * again after a run cut short: each decides for itself, in its transactions, what is already done.
 */
export function createTaskRunner(
  db: Db,
  tasks: readonly ScheduledTask[],
  log: Pick<FastifyBaseLogger, 'warn'>,
): TaskRunner {
  const byName = new Map(tasks.map((task) => [task.name, task]));
  const names = `{${tasks.map((task) => task.name).join(',')}}`;
  const leases = JSON.stringify(Object.fromEntries(tasks.map((task) => [task.name, task.leaseMs])));

  /** Takes a due task no other process holds: the task, and when this run started (its lease's mark). */
  async function claim(): Promise<{ task: ScheduledTask; started: string } | undefined> {
    if (tasks.length === 0) return undefined;
    const claimed = (await db.execute(sql`
      update ${scheduledTasks} set last_started = now(),
        lease_until = now() + ((${leases}::jsonb ->> name) || ' milliseconds')::interval
      where name = (
        select name from ${scheduledTasks}
        where name = any(${names}::text[]) and next_run <= now() and (lease_until is null or lease_until <= now())
        order by next_run limit 1 for update skip locked)
      returning name, last_started::text as started`)) as { rows: { name: string; started: string }[] };
    const [row] = claimed.rows;
    const task = row && byName.get(row.name);
    return task && { task, started: row.started };
  }

  return {
    async schedule() {
      for (const task of tasks)
        await db
          .insert(scheduledTasks)
          .values({ name: task.name })
          .onConflictDoNothing({ target: scheduledTasks.name });
    },
    async runDue() {
      const claimed = await claim();
      if (!claimed) return false;
      const { task, started } = claimed;
      let failure: string | null = null;
      try {
        await task.run();
      } catch (error) {
        log.warn({ err: error, task: task.name }, 'a background task failed');
        failure = (error instanceof Error ? error.message : String(error)).slice(0, 1000);
      }
      // Unless the lease ran out and another process took the task since: its run will say when it is due.
      await db.execute(sql`
        update ${scheduledTasks} set lease_until = null, last_finished = now(), last_error = ${failure},
          next_run = now() + ${`${task.everyMs} milliseconds`}::interval
        where name = ${task.name} and last_started::text = ${started}`);
      return true;
    },
  };
}
