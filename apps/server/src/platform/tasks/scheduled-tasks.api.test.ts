import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { openTestDatabase } from '../../test-support/test-database.ts';
import { createTaskRunner, type ScheduledTask } from './scheduled-tasks.ts';
import { scheduledTasks } from './task-tables.ts';

let database: Awaited<ReturnType<typeof openTestDatabase>>;
beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(() => database.drop());
beforeEach(async () => {
  await database.db.delete(scheduledTasks);
});

const quiet = { warn: () => {} };

/** A task that counts its runs, and can be made to wait or fail. */
function countingTask(name: string, behaviour: { wait?: Promise<void>; fail?: string } = {}) {
  const task = {
    name,
    everyMs: 15 * 60_000,
    leaseMs: 60_000,
    runs: 0,
    async run() {
      task.runs += 1;
      await behaviour.wait;
      if (behaviour.fail) throw new Error(behaviour.fail);
    },
  } satisfies ScheduledTask & { runs: number };
  return task;
}

const rowOf = async (name: string) => {
  const [row] = await database.db.select().from(scheduledTasks).where(eq(scheduledTasks.name, name));
  return row;
};

describe('background tasks', () => {
  it('run once when due, then not until their time comes again, which a restart keeps', async () => {
    const task = countingTask('count');
    const runner = createTaskRunner(database.db, [task], quiet);
    await runner.schedule();
    expect(await runner.runDue()).toBe(true);
    expect(await runner.runDue()).toBe(false);
    expect(task.runs).toBe(1);
    const row = await rowOf('count');
    expect(row?.leaseUntil).toBeNull();
    expect(row?.lastError).toBeNull();
    const waited = (row?.nextRun.getTime() ?? 0) - (row?.lastFinished?.getTime() ?? 0);
    expect(waited).toBe(15 * 60_000);

    // A process started again finds it not due: it waits for its time.
    const restarted = createTaskRunner(database.db, [task], quiet);
    await restarted.schedule();
    expect(await restarted.runDue()).toBe(false);
    await database.db.update(scheduledTasks).set({ nextRun: sql`now()` });
    expect(await restarted.runDue()).toBe(true);
    expect(task.runs).toBe(2);
  });

  it('run in one process at a time: another takes a task only once its lease has ended', async () => {
    let release = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    const slow = countingTask('shared', { wait: held });
    const other = countingTask('shared');
    const first = createTaskRunner(database.db, [slow], quiet);
    const second = createTaskRunner(database.db, [other], quiet);
    await first.schedule();
    await second.schedule();
    const running = first.runDue();
    await expect.poll(async () => (await rowOf('shared'))?.leaseUntil).not.toBeNull();
    // Five processes look at once while it runs: none takes it.
    expect(await Promise.all([1, 2, 3, 4, 5].map(() => second.runDue()))).toEqual([
      false,
      false,
      false,
      false,
      false,
    ]);

    // The first process is taken to have died: its lease ends, and the second takes the task.
    await database.db.update(scheduledTasks).set({ leaseUntil: sql`now() - interval '1 second'` });
    expect(await second.runDue()).toBe(true);
    expect(other.runs).toBe(1);
    const after = await rowOf('shared');
    // The first run, ending late, leaves the second's times as they are.
    release();
    expect(await running).toBe(true);
    expect(await rowOf('shared')).toEqual(after);
    expect(slow.runs).toBe(1);
  });

  it('many processes at once run a due task once', async () => {
    const tasks = Array.from({ length: 6 }, () => countingTask('once'));
    const runners = tasks.map((task) => createTaskRunner(database.db, [task], quiet));
    await Promise.all(runners.map((runner) => runner.schedule()));
    const ran = await Promise.all(runners.map((runner) => runner.runDue()));
    expect(ran.filter(Boolean)).toHaveLength(1);
    expect(tasks.reduce((sum, task) => sum + task.runs, 0)).toBe(1);
  });

  it('keep why a run failed, and are due again at their next time', async () => {
    const logged: object[] = [];
    const failing = countingTask('failing', { fail: 'The mail server is down.' });
    const runner = createTaskRunner(database.db, [failing], {
      warn: (details: object) => logged.push(details),
    });
    await runner.schedule();
    expect(await runner.runDue()).toBe(true);
    const row = await rowOf('failing');
    expect(row?.lastError).toBe('The mail server is down.');
    expect(row?.leaseUntil).toBeNull();
    expect(row?.nextRun.getTime()).toBeGreaterThan(Date.now() + 14 * 60_000);
    expect(logged).toEqual([expect.objectContaining({ task: 'failing' })]);
    expect(await runner.runDue()).toBe(false);
  });

  it('take the one that has waited longest first, and leave the tasks of other processes alone', async () => {
    const early = countingTask('early');
    const late = countingTask('late');
    const foreign = countingTask('foreign');
    await database.db.insert(scheduledTasks).values([
      { name: 'late', nextRun: new Date(Date.now() - 1_000) },
      { name: 'early', nextRun: new Date(Date.now() - 60_000) },
      { name: 'foreign', nextRun: new Date(Date.now() - 120_000) },
    ]);
    const runner = createTaskRunner(database.db, [late, early], quiet);
    expect(await runner.runDue()).toBe(true);
    expect([early.runs, late.runs]).toEqual([1, 0]);
    expect(await runner.runDue()).toBe(true);
    expect(await runner.runDue()).toBe(false);
    expect([early.runs, late.runs, foreign.runs]).toEqual([1, 1, 0]);
  });
});
