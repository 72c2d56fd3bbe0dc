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
 * --only word,… , FAULT_PARALLEL or --parallel (how many scenarios run at once, 2; each starts as soon as one
 * ends, the longest first), --serial (one at a time). Every server is killed and every database and temporary
 * directory removed at the end, also on failure or Ctrl-C.
 */
import { parseArgs } from 'node:util';
import { acknowledgedCreates } from './acknowledged-creates.ts';
import { concurrentWrites } from './concurrent-writes.ts';
import { dropAllDatabases } from './databases.ts';
import { killedFirstStart } from './first-start.ts';
import { killedReminders } from './killed-reminders.ts';
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
    parallel: { type: 'string' },
    serial: { type: 'boolean' },
  },
});
const trials = Number(flags.trials ?? process.env.FAULT_TRIALS ?? 10);
if (!Number.isInteger(trials) || trials < 1 || trials > 1000) {
  console.error('--trials (FAULT_TRIALS) must be a whole number from 1 to 1000');
  process.exit(2);
}
const parallel = flags.serial ? 1 : Number(flags.parallel ?? process.env.FAULT_PARALLEL ?? 2);
if (!Number.isInteger(parallel) || parallel < 1 || parallel > 8) {
  console.error('--parallel (FAULT_PARALLEL) must be a whole number from 1 to 8');
  process.exit(2);
}
const options: ScenarioOptions = {
  trials,
  serverUrl: flags['database-url'] ?? (process.env.FAULTS_DATABASE_URL || undefined),
};
const only = (flags.only ?? '').split(',').filter(Boolean);

/** The longest first (as they took on a 2-core machine), so that the last to start is a short one. */
const scenarios: Scenario[] = [
  killedFirstStart('pglite'),
  acknowledgedCreates('pglite'),
  acknowledgedCreates('postgres'),
  sigtermUnderLoad('pglite'),
  killedFirstStart('postgres'),
  startingTogether,
  signInThrottle('postgres'),
  sigtermUnderLoad('postgres'),
  signInThrottle('pglite'),
  killedReminders('postgres'),
  concurrentWrites('pglite'),
  concurrentWrites('postgres'),
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

const runnable = scenarios.filter((s) => options.serverUrl || s.database === 'pglite');
const atOnce = parallel === 1 ? 'one scenario at a time' : `${parallel} scenarios at a time`;
console.log(`Fault suite: ${trials} trials per scenario, ${atOnce}, Node ${process.version}`);
if (!options.serverUrl) {
  for (const scenario of scenarios.filter((s) => s.database === 'postgres')) {
    console.log(`skipped  ${scenario.name}: FAULTS_DATABASE_URL is not set`);
  }
}
try {
  // Scenarios share no server, database or port (each has a database of its own), so several run at once: much of a
  // trial is waiting (for a server to start, for the moment to kill it, for requests), and a start keeps one core
  // busy at most.
  const queue = [...runnable];
  const slot = async () => {
    for (let scenario = queue.shift(); scenario; scenario = queue.shift()) await runScenario(scenario);
  };
  await Promise.all(Array.from({ length: Math.min(parallel, queue.length) }, slot));
} finally {
  await cleanUp();
}
console.log(`${passed} passed, ${failed} failed in ${seconds(started)} s`);
process.exit(failed > 0 ? 1 : 0);
