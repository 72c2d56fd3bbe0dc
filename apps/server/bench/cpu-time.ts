import type { ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import pg from 'pg';

// CPU time, which a busy machine does not inflate as it does latency: the server process's own, and that of every
// process of the PostgreSQL server under test (its backends, WAL writer…), read from /proc.

/** The CPU time (ms) the server process has used so far. */
export function serverCpu(child: ChildProcess): Promise<number> {
  return new Promise((resolve) => {
    const listen = (message: { usage?: NodeJS.CpuUsage }) => {
      if (!message.usage) return;
      child.off('message', listen);
      resolve((message.usage.user + message.usage.system) / 1000);
    };
    child.on('message', listen);
    child.send({ usage: true });
  });
}

/** The CPU time (ms) this process has used so far: the load generator's, as autocannon runs in it. */
export function ownCpu(): number {
  const usage = process.cpuUsage();
  return (usage.user + usage.system) / 1000;
}

/** Clock ticks per second of /proc/<pid>/stat's times (USER_HZ: 100 on Linux). */
const TICKS = 100;

/**
 * The CPU time (ms) used so far by the PostgreSQL server at `url` (the processes it lists in pg_stat_activity:
 * its backends and background workers), when it runs on this machine; 0 where /proc is not Linux's.
 */
export async function postgresCpu(url: string): Promise<number> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  let pids: string[];
  try {
    const { rows } = await client.query<{ pid: number }>(
      'select pid from pg_stat_activity where pid <> pg_backend_pid()',
    );
    pids = rows.map((row) => String(row.pid));
  } finally {
    await client.end();
  }
  let ticks = 0;
  for (const pid of pids) {
    try {
      const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
      const close = stat.lastIndexOf(')');
      if (stat.slice(stat.indexOf('(') + 1, close) !== 'postgres') continue;
      const fields = stat.slice(close + 2).split(' ');
      // utime and stime are fields 14 and 15 of the line, 12 and 13 after the name.
      ticks += Number(fields[11]) + Number(fields[12]);
    } catch {
      // The process ended meanwhile.
    }
  }
  return (ticks * 1000) / TICKS;
}
