import { seededDatabase } from './clean-start.ts';
import { trySignIn } from './client.ts';
import type { DatabaseKind } from './databases.ts';
import { databaseName, onDatabase, type Scenario } from './scenario.ts';
import { type ServerProcess, startServer } from './servers.ts';

/** What the sign-in page says with each answer. */
const PAGE_TEXT = { 401: 'Incorrect email or password.', 429: 'Too many failed sign-in attempts.' };
/** Failed sign-ins for one account from one address that answer 401; the next is refused (429) for 30 s. */
const FREE_ATTEMPTS = 5;
const MAX_TRIALS = 3;

/**
 * The sign-in throttle counts in the database, shared by every process and kept over a restart. Per trial, for
 * one account from one address: 3 wrong passwords on process A and 2 on process B (on PGlite, whose directory
 * one process opens, all 5 on the one process) answer 401; the next attempt on A and on B answers 429; both are
 * killed with SIGKILL and started again, and the next attempt on each still answers 429 while the wait its
 * Retry-After named lasts. (A restart slower than that wait, on a very busy machine, leaves nothing to check: the
 * trial says so, and the scenario fails if no trial could check.) Each trial uses an account of its own (an
 * unknown email is throttled like an account), and there are few trials, since every attempt also counts
 * towards the address's own limit (50).
 */
export function signInThrottle(database: DatabaseKind): Scenario {
  const processes = database === 'postgres' ? 2 : 1;
  return {
    name: `sign-in throttle across ${processes === 2 ? 'two processes' : 'one process'} and a restart (${databaseName(database)})`,
    database,
    async run({ trials: asked, serverUrl }) {
      const trials = Math.min(asked, MAX_TRIALS);
      const failures: string[] = [];
      const unchecked: string[] = [];
      await onDatabase(seededDatabase(database, serverUrl), failures, async (db) => {
        // The processes start at once (and start again at once after each kill), as a deployment's would.
        let servers: ServerProcess[] = await Promise.all(
          Array.from({ length: processes }, () => startServer(db)),
        );
        for (let trial = 1; trial <= trials; trial++) {
          const email = trial === 1 ? 'demo@fieldbook.example' : `nobody-${trial}@example.test`;
          const credentials = { email, password: `wrong-password-${trial}` };
          /** Until when the last 429 asked to wait (ms, performance.now()). */
          let waitEnds = Number.POSITIVE_INFINITY;
          /** A on the first server, B on the last (the same one on PGlite). */
          const attempt = async (on: 'A' | 'B', what: string, expected: 401 | 429) => {
            const server = servers[on === 'A' ? 0 : servers.length - 1] as ServerProcess;
            const sent = performance.now();
            const { status, page, retryAfter } = await trySignIn(server.base, credentials);
            if (status === 429) waitEnds = Math.min(waitEnds, sent + retryAfter * 1000);
            if (status !== expected || !page.includes(PAGE_TEXT[expected])) {
              failures.push(`trial ${trial}: ${what} on ${on} answered ${status}, not ${expected}`);
            }
          };
          for (let i = 1; i <= FREE_ATTEMPTS; i++)
            await attempt(i <= 3 ? 'A' : 'B', `wrong password ${i}`, 401);
          await attempt('A', 'the next attempt', 429);
          await attempt('B', 'the next attempt', 429);

          await Promise.all(servers.map((server) => server.stop('SIGKILL')));
          servers = await Promise.all(servers.map((server) => startServer(db, { port: server.port })));
          // A second of margin for the sign-in's own round trips before the password is counted.
          if (performance.now() > waitEnds - 1_000) {
            unchecked.push(`trial ${trial}: the restart outlasted the wait`);
            continue;
          }
          await attempt('A', 'after a restart, an attempt', 429);
          await attempt('B', 'after a restart, an attempt', 429);
        }
      });
      if (unchecked.length === trials)
        failures.push(`no trial could check after a restart: ${unchecked.join('; ')}`);
      const capped =
        trials < asked ? ` (at most ${MAX_TRIALS} trials: each counts towards the address's limit)` : '';
      const skipped =
        unchecked.length > 0 ? `; ${unchecked.length} not checked after the restart (too slow)` : '';
      return {
        trials,
        failures,
        figures: `${FREE_ATTEMPTS} wrong passwords answered 401, then 429 on every process, also after a restart${skipped}${capped}`,
      };
    },
  };
}
