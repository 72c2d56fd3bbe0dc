import { seededDatabase } from './clean-start.ts';
import { type Api, apiAs, missingCustomers, signIn } from './client.ts';
import type { DatabaseKind, FreshDatabase } from './databases.ts';
import {
  databaseName,
  onDatabase,
  randomBetween,
  reasonOf,
  type Scenario,
  secondsRange,
} from './scenario.ts';
import { type ServerProcess, sleep, startServer } from './servers.ts';

/** Clients at once: within the load limit of either database, so that no request is turned away as too many. */
const CLIENTS = 16;
const MAX_REQUESTS_PER_CLIENT = 5_000;
const SHUTTING_DOWN = 'shutting down: finishing requests in flight';

/**
 * Clients create customers at full speed, and keep on sending while the server gets SIGTERM. Which requests the
 * server had taken on before the signal is read from its own log (at info level, each request carries an
 * X-Request-Id of ours, logged as "incoming request"; then comes the shutdown line): every one of them must be
 * answered 201. Requests that reach it later may be refused (503, or a closed connection). The process must exit
 * 0, and after a restart every acknowledged customer must be there.
 */
export function sigtermUnderLoad(database: DatabaseKind): Scenario {
  return {
    name: `SIGTERM under load (${databaseName(database)})`,
    database,
    async run({ trials, serverUrl }) {
      const failures: string[] = [];
      const inFlight: number[] = [];
      const shutdowns: number[] = [];
      const acknowledged: string[] = [];
      await onDatabase(seededDatabase(database, serverUrl), failures, async (db) => {
        let server = await startLogged(db);
        for (let trial = 1; trial <= trials; trial++) {
          const api = apiAs(server.base, await signIn(server.base));
          const load = loadUntilRefused(api, trial);
          await sleep(randomBetween(300, 1000));
          const signalled = performance.now();
          const exit = await server.stop('SIGTERM');
          shutdowns.push(performance.now() - signalled);
          const requests = await load.stop();
          const problems = exit === 0 ? [] : [`the server exited with ${exit}`];
          if (!server.shuttingDown()) problems.push('the server never logged that it was shutting down');
          const takenOn = requests.filter((request) => server.tookOn(request.id));
          inFlight.push(takenOn.filter((request) => request.answeredAt > signalled).length);
          const unanswered = takenOn.filter((request) => request.answer !== 201);
          if (unanswered.length > 0) {
            const answers = unanswered.map((request) => request.answer).join(', ');
            problems.push(
              `${unanswered.length} requests taken on before SIGTERM not answered 201: ${answers}`,
            );
          }
          for (const request of requests) if (request.customerId) acknowledged.push(request.customerId);

          server = await startLogged(db);
          const lost = await missingCustomers(server.base, acknowledged);
          if (lost > 0) problems.push(`${lost} acknowledged customers missing after a restart`);
          for (const problem of problems) failures.push(`trial ${trial}: ${problem}`);
        }
      });
      return {
        trials,
        failures,
        figures: `${CLIENTS} clients; requests taken on and still in flight at SIGTERM: ${Math.min(...inFlight)}–${Math.max(...inFlight)} a trial; exit in ${secondsRange(shutdowns)}`,
      };
    },
  };
}

type LoggedServer = ServerProcess & {
  /** Whether the server logged this request id as an incoming request before it logged its shutdown. */
  tookOn(requestId: string): boolean;
  shuttingDown(): boolean;
};

/** A server logging at info level (unlike the other scenarios' warn), read for requests and its shutdown. */
async function startLogged(db: FreshDatabase): Promise<LoggedServer> {
  const takenOn = new Set<string>();
  let shuttingDown = false;
  const server = await startServer(db, {
    env: { LOG_LEVEL: 'info' },
    onLogLine(line) {
      if (shuttingDown || !line.startsWith('{')) return;
      const entry = JSON.parse(line) as { msg?: string; reqId?: string };
      if (entry.msg === SHUTTING_DOWN) shuttingDown = true;
      else if (entry.msg === 'incoming request' && entry.reqId) takenOn.add(entry.reqId);
    },
  });
  return { ...server, tookOn: (id) => takenOn.has(id), shuttingDown: () => shuttingDown };
}

interface SentRequest {
  id: string;
  /** The status, or the error's code when no answer came (ECONNRESET, ECONNREFUSED). */
  answer: number | string;
  answeredAt: number;
  customerId?: string;
}

/** Clients creating customers until each is refused or fails, or until told to stop. */
function loadUntilRefused(api: Api, trial: number) {
  let stopped = false;
  const requests: SentRequest[] = [];
  const client = async (c: number) => {
    for (let i = 0; i < MAX_REQUESTS_PER_CLIENT && !stopped; i++) {
      const id = `fault-${trial}-${c}-${i}`;
      try {
        const answer = await api.createCustomer(`Load ${id}`, { 'x-request-id': id });
        const created = answer.status === 201 ? { customerId: answer.body.id } : {};
        requests.push({ id, answer: answer.status, answeredAt: performance.now(), ...created });
        if (answer.status !== 201) return;
      } catch (error) {
        const code = (error as { cause?: { code?: string } }).cause?.code;
        requests.push({ id, answer: code ?? reasonOf(error), answeredAt: performance.now() });
        return;
      }
    }
  };
  const clients = Promise.all(Array.from({ length: CLIENTS }, (_, c) => client(c)));
  return {
    async stop() {
      stopped = true;
      await clients;
      return requests;
    },
  };
}
