import { existsSync } from 'node:fs';
import { join } from 'node:path';
import {
  DEMO_SEED_ROWS,
  NO_SEED_ROWS,
  type SeedRowCounts,
} from '../../apps/server/src/test-support/demo-counts.ts';
import { type DatabaseKind, type FreshDatabase, freshDatabase } from './databases.ts';
import { sleep, spawnServer, waitUntilReady } from './servers.ts';

const same = (a: SeedRowCounts, b: SeedRowCounts) => JSON.stringify(a) === JSON.stringify(b);

/** What a first start left: no tables yet, tables but no demo data, the whole demo data, or neither. */
export function stateOf(rows: SeedRowCounts | undefined): string {
  if (!rows) return 'not migrated';
  if (same(rows, NO_SEED_ROWS)) return 'migrated, not seeded';
  if (same(rows, DEMO_SEED_ROWS)) return 'seeded';
  return `half-seeded ${JSON.stringify(rows)}`;
}

/** A clean first start: how long it took to be ready, and when the database itself began (ms after spawning). */
export interface FirstStart {
  ready: number;
  databaseFrom: number;
  /** The database it left, seeded: copied for the scenarios whose subject is not the first start. */
  seeded: FreshDatabase;
}

/** One clean first start a database kind and run: every scenario of that kind shares it. */
const firstStarts = new Map<DatabaseKind, Promise<FirstStart>>();

/**
 * A first start on a new database, left alone: it must seed the whole demo data. How long it took, when its
 * database began, and the database, kept as it left it until the run removes every database.
 */
export function cleanFirstStart(kind: DatabaseKind, serverUrl: string | undefined): Promise<FirstStart> {
  let started = firstStarts.get(kind);
  if (!started) {
    started = freshDatabase(kind, serverUrl).then(firstStartOn);
    firstStarts.set(kind, started);
  }
  return started;
}

async function firstStartOn(db: FreshDatabase): Promise<FirstStart> {
  const started = performance.now();
  const server = await spawnServer(db);
  let databaseFrom = 0;
  const cluster = db.env.DATA_DIR ? join(db.env.DATA_DIR, 'PG_VERSION') : undefined;
  const watch = (async () => {
    while (cluster && server.running() && !existsSync(cluster)) await sleep(5);
    databaseFrom = performance.now() - started;
  })();
  let ready = 0;
  try {
    await waitUntilReady(server);
    ready = performance.now() - started;
  } finally {
    await server.stop('SIGTERM');
    await watch;
  }
  const state = stateOf(await db.seedRows());
  if (state !== 'seeded') throw new Error(`a clean first start left the database ${state}`);
  return { ready, databaseFrom, seeded: db };
}

/**
 * A database already migrated and seeded, for a scenario whose subject is not the first start: a copy of what
 * the clean first start left (a first start on PGlite creates the cluster, several seconds of CPU). If that start
 * failed (the first-start scenario says why), a new database, which the scenario's own first start seeds.
 */
export async function seededDatabase(
  kind: DatabaseKind,
  serverUrl: string | undefined,
): Promise<FreshDatabase> {
  const seeded = await cleanFirstStart(kind, serverUrl).then(
    (start) => start.seeded,
    () => undefined,
  );
  return seeded ? seeded.copy() : freshDatabase(kind, serverUrl);
}
