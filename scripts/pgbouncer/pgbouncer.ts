import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { chownSync, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir, userInfo } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { freePort } from '../../apps/server/src/test-support/free-port.ts';

/** Clients at once: two test workers' pools (4 each), two server processes (10 each), migrations racing (4 × 2). */
export const MAX_CLIENT_CONNECTIONS = 200;
/** Server connections per database and user; the tests' most on one database is the two servers' 20. */
export const POOL_SIZE = 20;

export interface PgBouncer {
  /** The same server, database `postgres`, reached through PgBouncer. */
  url: string;
  /** Transactions and statements PgBouncer passed to the server, all databases together. */
  totals(): Promise<{ transactions: number; queries: number }>;
  logTail(): string;
  stop(): Promise<void>;
}

/**
 * Starts a PgBouncer 1.18+ in transaction mode on a free loopback port in front of the PostgreSQL server `serverUrl`
 * (any database name is passed through to it), in a directory of its own, removed by `stop`. As root it runs as
 * the user `postgres` (PgBouncer refuses to run as root).
 */
export async function startPgBouncer(serverUrl: string): Promise<PgBouncer> {
  const server = new URL(serverUrl);
  const user = decodeURIComponent(server.username) || userInfo().username;
  const port = await freePort();
  const dir = mkdtempSync(join(tmpdir(), 'fieldbook-pgbouncer-'));
  const log = join(dir, 'pgbouncer.log');
  writeFileSync(join(dir, 'userlist.txt'), `"${user}" "${decodeURIComponent(server.password)}"\n`);
  writeFileSync(
    join(dir, 'pgbouncer.ini'),
    `[databases]
* = host=${server.hostname} port=${server.port || 5432}

[pgbouncer]
listen_addr = 127.0.0.1
listen_port = ${port}
unix_socket_dir =
auth_type = trust
auth_file = ${join(dir, 'userlist.txt')}
admin_users = ${user}
pool_mode = transaction
max_client_conn = ${MAX_CLIENT_CONNECTIONS}
default_pool_size = ${POOL_SIZE}
logfile = ${log}
pidfile = ${join(dir, 'pgbouncer.pid')}
`,
  );
  const asRoot = process.getuid?.() === 0;
  if (asRoot) chownSync(dir, postgresId('-u'), postgresId('-g'));
  const child = spawn(
    pgBouncerBinary(),
    [...(asRoot ? ['-u', 'postgres'] : []), join(dir, 'pgbouncer.ini')],
    {
      stdio: 'ignore',
    },
  );
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const url = new URL(serverUrl);
  url.host = `127.0.0.1:${port}`;
  url.pathname = '/postgres';
  const logTail = () => (existsSync(log) ? readFileSync(log, 'utf8').split('\n').slice(-30).join('\n') : '');
  const stop = async () => {
    if (child.exitCode === null) child.kill('SIGTERM');
    await exited;
    rmSync(dir, { recursive: true, force: true });
  };
  try {
    await untilAnswering(url.toString(), child);
  } catch (error) {
    console.error(logTail());
    await stop();
    throw error;
  }
  const admin = new URL(url);
  admin.pathname = '/pgbouncer';
  return { url: url.toString(), totals: () => readTotals(admin.toString()), logTail, stop };
}

function pgBouncerBinary(): string {
  return ['/usr/sbin/pgbouncer', '/usr/local/bin/pgbouncer'].find((path) => existsSync(path)) ?? 'pgbouncer';
}

/** The user (`-u`) or group (`-g`) id of `postgres`, which PgBouncer runs as when started by root. */
const postgresId = (which: '-u' | '-g') =>
  Number(execFileSync('id', [which, 'postgres'], { encoding: 'utf8' }));

async function untilAnswering(url: string, child: ChildProcess): Promise<void> {
  for (let attempt = 0; attempt < 100; attempt++) {
    if (child.exitCode !== null) throw new Error(`pgbouncer exited with ${child.exitCode}`);
    const client = new pg.Client({ connectionString: url });
    try {
      await client.connect();
      await client.query('select 1');
      return;
    } catch {
      await new Promise((resolve) => setTimeout(resolve, 100));
    } finally {
      await client.end().catch(() => undefined);
    }
  }
  throw new Error('pgbouncer did not answer within 10 s');
}

/** PgBouncer's admin console (`SHOW STATS`, simple protocol only): its totals since it started. */
async function readTotals(adminUrl: string): Promise<{ transactions: number; queries: number }> {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    const stats = await client.query<{ total_xact_count: string; total_query_count: string }>('show stats');
    return {
      transactions: stats.rows.reduce((sum, row) => sum + Number(row.total_xact_count), 0),
      queries: stats.rows.reduce((sum, row) => sum + Number(row.total_query_count), 0),
    };
  } finally {
    await client.end();
  }
}
