/**
 * The fault suite: real server processes (`node apps/server/src/main.ts`) on 127.0.0.1, killed and restarted
 * while they work, and checked over HTTP and in their database. One line per scenario (trials, failures and
 * figures), then "N passed, M failed"; exits 1 if any scenario failed.
 *
 *   npm run test:faults                                   # PGlite scenarios only
 *   FAULTS_DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres npm run test:faults
 *   npm run test:faults -- --trials 3 --only PGlite       # fewer trials; scenarios whose name contains a word
 *
 * Settings: FAULT_TRIALS or --trials (10), FAULTS_DATABASE_URL or --database-url (a PostgreSQL server whose user
 * may create databases: each trial gets a new one, dropped afterwards; unset skips the PostgreSQL scenarios),
 * --only word,… , --serial (one scenario at a time; by default the PGlite and the PostgreSQL scenarios run side by
 * side). Every server is killed and every database and temporary directory removed at the end, also
 * on failure or Ctrl-C.
 */
import { parseArgs } from 'node:util';
import { acknowledgedCreates } from './acknowledged-creates.ts';
import { concurrentWrites } from './concurrent-writes.ts';
import { type DatabaseKind, dropAllDatabases } from './databases.ts';
import { killedFirstStart } from './first-start.ts';
import { reasonOf, type Scenario, type ScenarioOptions } from './scenario.ts';
import { killAllServers } from './servers.ts';
import { signInThrottle } from './sign-in-throttle.ts';
import { sigtermUnderLoad } from './sigterm-under-load.ts';
import { startingTogether } from './starting-together.ts';

const { values: flags } = parseArgs({
  options: {
    trials: { type: 'string' },
    'database-url': { type: 'string' },
    only: { type: 'string' },
    serial: { type: 'boolean' },
  },
});
const trials = Number(flags.trials ?? process.env.FAULT_TRIALS ?? 10);
if (!Number.isInteger(trials) || trials < 1 || trials > 1000) {
  console.error('--trials (FAULT_TRIALS) must be a whole number from 1 to 1000');
  process.exit(2);
}
const options: ScenarioOptions = {
  trials,
  serverUrl: flags['database-url'] ?? (process.env.FAULTS_DATABASE_URL || undefined),
};
const only = (flags.only ?? '').split(',').filter(Boolean);

const scenarios: Scenario[] = [
  acknowledgedCreates('pglite'),
  acknowledgedCreates('postgres'),
  killedFirstStart('pglite'),
  killedFirstStart('postgres'),
  startingTogether,
  sigtermUnderLoad('pglite'),
  sigtermUnderLoad('postgres'),
  concurrentWrites('pglite'),
  concurrentWrites('postgres'),
  signInThrottle('pglite'),
  signInThrottle('postgres'),
].filter((scenario) => only.length === 0 || only.some((word) => scenario.name.includes(word)));

async function cleanUp(): Promise<void> {
  killAllServers();
  await dropAllDatabases();
}

process.on('exit', killAllServers);
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    console.error(`\n${signal}: stopping the servers and removing the databases`);
    void cleanUp().finally(() => process.exit(130));
  });
}

const started = performance.now();
const seconds = (since: number) => ((performance.now() - since) / 1000).toFixed(0);
let passed = 0;
let failed = 0;

async function runScenario(scenario: Scenario): Promise<void> {
  const start = performance.now();
  const outcome = await scenario.run(options).catch((error: unknown) => ({
    trials: options.trials,
    failures: [reasonOf(error)],
    figures: '',
  }));
  const ok = outcome.failures.length === 0;
  if (ok) passed += 1;
  else failed += 1;
  const lines = [
    `${ok ? 'ok      ' : 'FAILED  '} ${scenario.name}: ${outcome.trials} trials, ${outcome.failures.length} failures; ${outcome.figures} (${seconds(start)} s)`,
    ...outcome.failures
      .slice(0, 5)
      .map((failure) => `           ${failure.slice(0, 1500).replaceAll('\n', '\n           ')}`),
    ...(outcome.failures.length > 5 ? [`           … and ${outcome.failures.length - 5} more`] : []),
  ];
  console.log(lines.join('\n'));
}

/** The scenarios of one database, one after another. */
async function lane(kind: DatabaseKind): Promise<void> {
  for (const scenario of scenarios.filter((s) => s.database === kind)) await runScenario(scenario);
}

const lanes: DatabaseKind[] = options.serverUrl ? ['pglite', 'postgres'] : ['pglite'];
const side =
  lanes.length === 1 || flags.serial ? 'one scenario at a time' : 'PGlite and PostgreSQL side by side';
console.log(`Fault suite: ${trials} trials per scenario, ${side}, Node ${process.version}`);
if (!options.serverUrl) {
  for (const scenario of scenarios.filter((s) => s.database === 'postgres')) {
    console.log(`skipped  ${scenario.name}: FAULTS_DATABASE_URL is not set`);
  }
}
try {
  // The two databases' scenarios share no server, database or port, so they run side by side: most of a trial is a
  // server process starting, which keeps one core busy.
  if (flags.serial) for (const kind of lanes) await lane(kind);
  else await Promise.all(lanes.map(lane));
} finally {
  await cleanUp();
}
console.log(`${passed} passed, ${failed} failed in ${seconds(started)} s`);
process.exit(failed > 0 ? 1 : 0);
