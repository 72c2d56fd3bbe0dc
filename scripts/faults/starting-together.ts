import { DEMO_SEED_ROWS } from '../../apps/server/src/test-support/demo-counts.ts';
import { freshDatabase } from './databases.ts';
import { onDatabase, reasonOf, type Scenario, secondsRange } from './scenario.ts';
import { spawnServer, waitUntilReady } from './servers.ts';

const PROCESSES = 3;

/**
 * Several server processes started at the same moment on one empty PostgreSQL database (a deployment's first
 * roll-out): every one must come up ready, and the database must hold the demo data exactly once.
 */
export const startingTogether: Scenario = {
  name: `${PROCESSES} processes starting together on an empty database (PostgreSQL)`,
  database: 'postgres',
  async run({ trials, serverUrl }) {
    const failures: string[] = [];
    const readyIn: number[] = [];
    for (let trial = 1; trial <= trials; trial++) {
      await onDatabase(freshDatabase('postgres', serverUrl), failures, async (db) => {
        const servers = await Promise.all(Array.from({ length: PROCESSES }, () => spawnServer(db)));
        const ready = await Promise.allSettled(servers.map((server) => waitUntilReady(server)));
        for (const [i, result] of ready.entries()) {
          if (result.status === 'fulfilled') readyIn.push(result.value);
          else failures.push(`trial ${trial}, process ${i + 1}: ${reasonOf(result.reason)}`);
        }
        await Promise.all(servers.map((server) => server.stop('SIGTERM')));
        const rows = await db.seedRows();
        if (JSON.stringify(rows) !== JSON.stringify(DEMO_SEED_ROWS)) {
          failures.push(`trial ${trial}: the demo data is not there exactly once: ${JSON.stringify(rows)}`);
        }
      });
    }
    return { trials, failures, figures: `ready in ${secondsRange(readyIn)}` };
  },
};
