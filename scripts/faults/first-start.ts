import { existsSync } from 'node:fs';
import { join } from 'node:path';
import pg from 'pg';
import { MIGRATION_LOCK } from '../../apps/server/src/platform/db/migrate.ts';
import { SEED_LOCK } from '../../apps/server/src/seed/demo.ts';
import { cleanFirstStart, type FirstStart, stateOf } from './clean-start.ts';
import { type DatabaseKind, type FreshDatabase, freshDatabase } from './databases.ts';
import {
  databaseName,
  onDatabase,
  randomBetween,
  reasonOf,
  type Scenario,
  secondsRange,
} from './scenario.ts';
import { type ServerProcess, sleep, spawnServer, waitUntilReady } from './servers.ts';

interface Starting {
  db: FreshDatabase;
  server: ServerProcess;
  clean: FirstStart;
}

/**
 * When a trial kills the first start. Most of a start is loading the server's code, so besides a random moment
 * the trials aim at the database's own steps, watched from outside: on PGlite, once the new cluster is in the
 * directory (then opening it, migrations, the seed); on PostgreSQL, while the migrations run and while the seed
 * runs (each holds its advisory lock).
 */
interface Moment {
  name: string;
  /** Resolves at the moment to kill; false when the start never reached the step it waits for. */
  reached(starting: Starting): Promise<boolean>;
}

const atRandom: Moment = {
  name: 'at a random moment',
  async reached({ clean }) {
    await sleep(randomBetween(0, clean.ready));
    return true;
  },
};

const MOMENTS: Record<DatabaseKind, Moment[]> = {
  pglite: [
    atRandom,
    {
      name: 'once the cluster was created',
      async reached({ db, server, clean }) {
        const created = await until(server, async () =>
          existsSync(join(db.env.DATA_DIR ?? '', 'PG_VERSION')),
        );
        await sleep(randomBetween(0, Math.max(500, clean.ready - clean.databaseFrom)));
        return created;
      },
    },
  ],
  postgres: [
    atRandom,
    { name: 'while migrating', reached: (starting) => whileQuery(starting, lockHeld(MIGRATION_LOCK), 50) },
    { name: 'while seeding', reached: (starting) => whileQuery(starting, lockHeld(SEED_LOCK), 150) },
  ],
};

/** Whether some session holds this advisory lock: a bigint key shows in pg_locks as its high and low 32 bits. */
const lockHeld = (key: number) =>
  `select exists (select from pg_locks where locktype = 'advisory' and granted
     and classid = ${Number(BigInt(key) >> 32n)} and objid = ${Number(BigInt(key) & 0xffffffffn)}) as yes`;

/** Polls `check` until it holds (true) or the server is ready or gone (false). */
async function until(server: ServerProcess, check: () => Promise<boolean>): Promise<boolean> {
  for (let polls = 0; polls < 60_000 && server.running(); polls++) {
    if (await check()) return true;
    if (await isReady(server)) return false;
    await sleep(5);
  }
  return false;
}

async function isReady(server: ServerProcess): Promise<boolean> {
  try {
    const response = await fetch(`${server.base}/api/ready`, { signal: AbortSignal.timeout(1_000) });
    await response.arrayBuffer();
    return response.status === 200;
  } catch {
    return false;
  }
}

/** Waits until the query on the server's own database answers yes, then up to `withinMs` more. */
async function whileQuery({ db, server }: Starting, query: string, withinMs: number): Promise<boolean> {
  const client = new pg.Client({ connectionString: db.env.DATABASE_URL });
  await client.connect();
  try {
    const seen = await until(server, async () => {
      const result = await client.query<{ yes: boolean }>(query);
      return result.rows[0]?.yes === true;
    });
    await sleep(randomBetween(0, withinMs));
    return seen;
  } finally {
    await client.end();
  }
}

/**
 * A server's very first start on a new database (PGlite: creating the cluster, then migrations, then the demo
 * seed) is killed with SIGKILL at one of the moments above, in turn. The database must then be seeded wholly or
 * not at all, and the next start must come up ready with the whole demo data.
 */
export function killedFirstStart(database: DatabaseKind): Scenario {
  return {
    name: `kill -9 during the first start (${databaseName(database)})`,
    database,
    async run({ trials, serverUrl }) {
      const failures: string[] = [];
      const left = new Map<string, number>();
      const restarts: number[] = [];
      const clean = await cleanFirstStart(database, serverUrl);
      const moments = MOMENTS[database];
      // Every moment at least once, however few the trials asked.
      const runs = Math.max(trials, moments.length);
      for (let trial = 1; trial <= runs; trial++) {
        const moment = moments[(trial - 1) % moments.length] ?? atRandom;
        await onDatabase(freshDatabase(database, serverUrl), failures, async (db) => {
          const server = await spawnServer(db);
          const reached = await moment.reached({ db, server, clean }).finally(() => server.stop('SIGKILL'));
          const state = stateOf(await db.seedRows());
          const key = `${moment.name}${reached ? '' : ' (too late: it was ready)'}: ${state}`;
          left.set(key, (left.get(key) ?? 0) + 1);
          if (state.startsWith('half-seeded'))
            failures.push(`trial ${trial}, killed ${moment.name}: ${state}`);

          const restarted = await spawnServer(db);
          try {
            restarts.push(await waitUntilReady(restarted));
          } catch (error) {
            failures.push(`trial ${trial} (killed ${moment.name}, ${state}): the restart ${reasonOf(error)}`);
            return;
          }
          await restarted.stop('SIGTERM');
          const after = stateOf(await db.seedRows());
          if (after !== 'seeded') failures.push(`trial ${trial}: after the restart ${after}`);
        });
      }
      const states = [...left].map(([key, count]) => `${count} × killed ${key}`).join('; ');
      return {
        trials: runs,
        failures,
        figures: `a clean first start is ready in ${secondsRange([clean.ready])}; ${states}; restarts ready in ${secondsRange(restarts)}`,
      };
    },
  };
}
