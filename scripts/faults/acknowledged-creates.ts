import { seededDatabase } from './clean-start.ts';
import { type Api, apiAs, missingCustomers, signIn } from './client.ts';
import type { DatabaseKind } from './databases.ts';
import { databaseName, onDatabase, randomBetween, type Scenario, secondsRange } from './scenario.ts';
import { sleep, spawnServer, startServer, waitUntilReady } from './servers.ts';

/** Clients creating customers at once, each one request after another. */
const WRITERS = 4;
/** No writer sends more than this many requests in one trial. */
const MAX_CREATES_PER_WRITER = 5_000;

/**
 * Writers create customers as fast as the server acknowledges them (201); the server is killed with SIGKILL at a
 * random moment and started again on the same database. Every acknowledged customer must be there after the
 * restart, and every restart must come up ready.
 */
export function acknowledgedCreates(database: DatabaseKind): Scenario {
  return {
    name: `kill -9 during acknowledged creates (${databaseName(database)})`,
    database,
    async run({ trials, serverUrl }) {
      const failures: string[] = [];
      const acknowledged = new Set<string>();
      const restarts: number[] = [];
      await onDatabase(seededDatabase(database, serverUrl), failures, async (db) => {
        let server = await startServer(db);
        for (let trial = 1; trial <= trials; trial++) {
          const api = apiAs(server.base, await signIn(server.base));
          const writing = writeUntilStopped(api, trial, acknowledged);
          await sleep(randomBetween(300, 1500));
          await server.stop('SIGKILL');
          await writing.stop();

          server = await spawnServer(db, { port: server.port });
          restarts.push(await waitUntilReady(server));
          const lost = await missingCustomers(server.base, acknowledged);
          if (lost > 0) failures.push(`trial ${trial}: ${lost} acknowledged customers missing`);
        }
      });
      return {
        trials,
        failures,
        figures: `${acknowledged.size} creates acknowledged, restarts ready in ${secondsRange(restarts)}`,
      };
    },
  };
}

/** Writers that keep creating until the server stops answering; acknowledged ids go into `acknowledged`. */
function writeUntilStopped(api: Api, trial: number, acknowledged: Set<string>) {
  let stopped = false;
  const writer = async (w: number) => {
    for (let i = 0; i < MAX_CREATES_PER_WRITER && !stopped; i++) {
      try {
        const answer = await api.createCustomer(`Fault ${trial}.${w}.${i}`);
        if (answer.status === 201) acknowledged.add(answer.body.id);
      } catch {
        return; // the server is gone
      }
    }
  };
  const writers = Promise.all(Array.from({ length: WRITERS }, (_, w) => writer(w)));
  return {
    async stop() {
      stopped = true;
      await writers;
    },
  };
}
