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

/** The CPU ticks each process of the PostgreSQL server at `url` has used so far, by its pid. */
async function postgresTicks(url: string): Promise<Map<string, number>> {
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
  const ticks = new Map<string, number>();
  for (const pid of pids) {
    try {
      const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
      const close = stat.lastIndexOf(')');
      if (stat.slice(stat.indexOf('(') + 1, close) !== 'postgres') continue;
      const fields = stat.slice(close + 2).split(' ');
      // utime and stime are fields 14 and 15 of the line, 12 and 13 after the name.
      ticks.set(pid, Number(fields[11]) + Number(fields[12]));
    } catch {
      // The process ended meanwhile.
    }
  }
  return ticks;
}

/**
 * The CPU time (ms) the PostgreSQL server at `url` has used since the first reading (its backends and background
 * workers, from pg_stat_activity), when it runs on this machine; 0 where /proc is not Linux's. Each reading adds
 * what each process used since the last, or since it started: a process that ended meanwhile takes none of its
 * time away (a pooled connection closed while idle took all its time since it opened, and a scenario's CPU came
 * out below zero).
 */
export function postgresCpu(url: string): () => Promise<number> {
  let last = new Map<string, number>();
  let total = 0;
  return async () => {
    const now = await postgresTicks(url);
    for (const [pid, ticks] of now) total += ticks - (last.get(pid) ?? 0);
    last = now;
    return (total * 1000) / TICKS;
  };
}
