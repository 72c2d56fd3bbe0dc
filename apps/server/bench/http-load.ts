/**
 * The whole server under load (issue 16). Seeds, once, a realistic data set into a kept database (1,000 small
 * organisations and one large one: 100,000 customers, 200,000 locations, 1,000,000 jobs and 300,000 invoices with
 * their lines; a tenth of the large one on PGlite), starts the real server in a process of its own (its logger at
 * BENCH_LOG_LEVEL), and drives it over HTTP with autocannon at 16 connections with the tokens of four users of
 * the large organisation. Prints one table (requests per second, p50, p99, errors, throughput against a constant
 * route, and for each read the database's own execution time of its SQL by EXPLAIN ANALYZE) and writes it as
 * JSON to bench-results/.
 *
 *   npm run bench:load                                                  # PGlite (bench-data/load-tenth)
 *   DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres npm run bench:load   # database fieldbook_bench_load
 *
 * Settings: BENCH_SECONDS per scenario (10), BENCH_WARMUP seconds before each (2), BENCH_CONNECTIONS (16),
 * BENCH_SCALE (full, tenth or hundredth: the large organisation's size), BENCH_LOG_LEVEL, the server's LOG_LEVEL
 * (info, as in production), BENCH_ONLY=word,… to run only the scenarios
 * whose name contains one of the words (the constant route always runs), BENCH_RESEED=1 to seed afresh,
 * BENCH_PGBOUNCER=1 (with DATABASE_URL) to put the server behind a PgBouncer in transaction mode that it starts,
 * BENCH_ROUNDS=n to run the whole list n times over and give each figure's median (each round's in the JSON),
 * BENCH_PLANS=1 to print each read's statements and plans, BENCH_PROFILE=1 to write a CPU profile of the server during each scenario's measured run to bench-results/profiles
 * (`npm run bench:profile -- <file>` sums one up).
 * Any other setting of the server (DATABASE_POOLER, DATABASE_POOL_SIZE…) is passed to it.
 *
 * BENCH_COMPARE=<commit> compares that commit's server with this checkout's on the same database: both run, and
 * each scenario loads them in turn, in bursts of BENCH_BURST seconds (2), for BENCH_SECONDS each
 * (`load-compare.ts`); the table gives each figure as `that → this`, and each answer's size. No SQL timing, no
 * profile. BENCH_ALONE=1 stops the idle server's process (SIGSTOP) while the other is under load.
 */
import { type ChildProcess, fork } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Job } from '@fieldbook/domain';
import { sql } from 'drizzle-orm';
import { type PgBouncer, startPgBouncer } from '../../../scripts/pgbouncer/pgbouncer.ts';
import { buildApp } from '../src/app.ts';
import { loadConfig } from '../src/platform/config.ts';
import { signAccessToken } from '../src/test-support/factories.ts';
import { onServer } from '../src/test-support/server-statement.ts';
import { checkoutOf } from './compare-tree.ts';
import { ownCpu, postgresCpu, serverCpu } from './cpu-time.ts';
import { compareServers } from './load-compare.ts';
import { loadCounts, seededLoad, seedLoad } from './load-data.ts';
import { openLoadDatabase } from './load-database.ts';
import { printPlans, sqlTime, statementRecorder } from './load-explain.ts';
import { type LoadResult, mergeRounds, printTable, runScenario } from './load-run.ts';
import { findTargets, loadScenarios, type Scenario } from './load-scenarios.ts';

/**
 * The saves and creates of every run leave dead rows on the same few jobs (a million jobs wait for 200,000 dead
 * ones before autovacuum comes, and PGlite has no autovacuum), and each run's saves walked more of them than the
 * last: the tables they write are vacuumed before the run and, on PostgreSQL, before each write scenario, so
 * every run starts from the same tables. The kept counts too: every create updates the same few rows of them (on
 * PGlite, invoice creates went 136 → 113 → 112 req/s in three runs on one copy before; 135–137 after). The kept
 * words too: every job save makes its words again, and a migration that makes them all again leaves none of their
 * pages marked all-visible, so a search read the table beside the index until a vacuum.
 */
const VACUUM_WRITTEN = `vacuum (analyze) jobs, job_lines, invoices, invoice_lines, idempotency_keys, tenant_counters,
  job_counts, job_site_counts, job_number_blocks, job_schedule_counts,
  invoice_counts, invoice_customer_counts, invoice_number_blocks, job_words, job_word_pairs, invoice_words, customer_words`;

async function vacuumWritten(url: string | undefined): Promise<void> {
  if (url) await onServer(url, VACUUM_WRITTEN);
}

const setting = (name: string, fallback: number) => {
  const value = Number(process.env[name] ?? fallback);
  if (!Number.isFinite(value) || value < 0) throw new Error(`${name} must be a number ≥ 0`);
  return value;
};
const SECONDS = Math.max(1, setting('BENCH_SECONDS', 10));
const WARMUP = setting('BENCH_WARMUP', 2);
const CONNECTIONS = Math.max(1, Math.floor(setting('BENCH_CONNECTIONS', 16)));
const LOG_LEVEL = process.env.BENCH_LOG_LEVEL ?? 'info';
const ONLY = (process.env.BENCH_ONLY ?? '').split(',').filter(Boolean);
const PROFILE = process.env.BENCH_PROFILE === '1';
const PROFILES = 'bench-results/profiles';
const BOUNCER = process.env.BENCH_PGBOUNCER === '1';
const COMPARE = process.env.BENCH_COMPARE ?? '';
const BURST = Math.max(1, setting('BENCH_BURST', 2));
const ALONE = process.env.BENCH_ALONE === '1';
const ROUNDS = Math.max(1, Math.floor(setting('BENCH_ROUNDS', 1)));
const PUBLIC_URL = 'http://localhost:3000';
const serverSettings = { PUBLIC_URL, SEED_DEMO: 'false' };
/** The server's connections to PostgreSQL (`DATABASE_POOL_SIZE`, passed on), as it reads the setting. */
const POOL_SIZE = loadConfig(process.env).databasePoolSize;

/**
 * The server, in a process of its own, over the seeded database; resolves with its base URL once it listens. `dir`:
 * the checkout whose server it is (another commit's, BENCH_COMPARE), this one's by default.
 */
function startServer(
  env: Record<string, string>,
  dir?: string,
): Promise<{ base: string; child: ChildProcess }> {
  const script = dir
    ? join(dir, 'apps/server/bench/load-server.ts')
    : new URL('./load-server.ts', import.meta.url);
  const child = fork(script, {
    env: { ...process.env, ...serverSettings, ...env, LOG_LEVEL },
    // The server's log lines go nowhere, but each is still made and written, as in production.
    stdio: ['ignore', 'ignore', 'inherit', 'ipc'],
  });
  return new Promise((resolve, reject) => {
    child.once('message', (message: { port: number }) =>
      resolve({ base: `http://127.0.0.1:${message.port}`, child }),
    );
    child.once('exit', (code) => reject(new Error(`The server exited (${code}) before it listened`)));
  });
}

/** The server's settings to reach the benchmark's database through PgBouncer, which passes any database name on. */
function throughBouncer(bouncerUrl: string, databaseUrl: string | undefined): Record<string, string> {
  const url = new URL(bouncerUrl);
  url.pathname = new URL(databaseUrl ?? '').pathname;
  return { DATABASE_URL: url.toString(), DATABASE_POOLER: 'transaction' };
}

/**
 * The CPU time (ms) used so far by a server process, by the PostgreSQL at `databaseUrl`, if any (since this
 * reader's first reading), and by this process, the load generator, which shares the machine's cores with them.
 */
const cpuUsage = (databaseUrl: string | undefined) => (child: ChildProcess) => {
  const postgres = databaseUrl ? postgresCpu(databaseUrl) : async () => 0;
  return async () => ({ server: await serverCpu(child), postgres: await postgres(), generator: ownCpu() });
};

/** Sends a signal to a server's process (BENCH_ALONE: SIGSTOP while the other server is loaded, SIGCONT after). */
const signalOf = (child: ChildProcess) => (signal: NodeJS.Signals) => {
  child.kill(signal);
};

/** Starts and stops the server's CPU profiler around a run (the server writes the file). */
function profiler(child: ChildProcess, name: string) {
  mkdirSync(PROFILES, { recursive: true });
  const file = `${PROFILES}/${name.replace(/[^a-z0-9]+/gi, '-').replace(/-$/, '')}.cpuprofile`;
  const ask = (message: object) =>
    new Promise<void>((resolve) => {
      child.once('message', () => resolve());
      child.send(message);
    });
  return { start: () => ask({ profile: 'start' }), stop: () => ask({ profile: 'stop', file }) };
}

/** The database time of each read's SQL, from an app in this process whose statements are recorded. */
async function explainReads(
  opened: Awaited<ReturnType<typeof openLoadDatabase>>,
  scenarios: Scenario[],
  token: string,
) {
  const app = await buildApp({
    config: loadConfig({ ...serverSettings, LOG_LEVEL: 'silent' }),
    database: opened.database,
    logger: false,
  });
  const times = new Map<string, Awaited<ReturnType<typeof sqlTime>>>();
  try {
    for (const scenario of scenarios) {
      if (!scenario.path) continue;
      const path = scenario.path;
      const inject = () =>
        app.inject({ method: 'GET', url: path, headers: { authorization: `Bearer ${token}` } });
      await inject();
      const statements = await opened.recorder.record(inject);
      times.set(scenario.name, await sqlTime(opened.database, statements));
      if (process.env.BENCH_PLANS === '1') await printPlans(opened.database, scenario.name, statements);
    }
  } finally {
    await app.close();
  }
  return times;
}

async function main(): Promise<void> {
  if (COMPARE && !process.env.DATABASE_URL) {
    throw new Error('BENCH_COMPARE needs DATABASE_URL: a PGlite database is open in one process at a time.');
  }
  const recorder = statementRecorder();
  const opened = await openLoadDatabase(process.env.DATABASE_URL || undefined, recorder);
  const { database } = opened;
  const { scale } = opened;
  const children: ChildProcess[] = [];
  let bouncer: PgBouncer | undefined;
  try {
    const seeded = (await seededLoad(database)) ?? (await seedLoad(database, scale));
    const counts = await loadCounts(database, seeded.tenantId);
    console.log(
      `${database.kind === 'postgres' ? 'PostgreSQL' : 'PGlite'} at ${scale.name} scale: ${counts.smallTenants} small organisations; the large one has ${Object.entries(
        counts.large,
      )
        .map(([name, n]) => `${n.toLocaleString('en-AU')} ${name}`)
        .join(', ')}.`,
    );
    const testApp = { database, config: loadConfig(serverSettings) };
    const tokens = await Promise.all(
      seeded.users.map((sub) =>
        signAccessToken(testApp as Parameters<typeof signAccessToken>[0], {
          sub,
          tenantId: seeded.tenantId,
          expiresIn: '3h',
        }),
      ),
    );
    const targets = await findTargets(database, seeded.tenantId, tokens);
    const latest = new Map<string, Job>();
    let base = '';
    // The jobs to save, as they are now (after a moment: the last run's saves may still be answering).
    const reload = async () => {
      await new Promise((resolve) => setTimeout(resolve, 500));
      await vacuumWritten(opened.serverEnv.DATABASE_URL);
      for (const id of targets.savableJobIds.slice(0, Math.max(CONNECTIONS, 16))) {
        const response = await fetch(`${base}/api/jobs/${id}`, {
          headers: { authorization: `Bearer ${tokens[0]}` },
        });
        if (response.status !== 200) throw new Error(`GET /api/jobs/${id}: ${response.status}`);
        latest.set(id, (await response.json()) as Job);
      }
    };
    const scenarios = loadScenarios(targets, latest, reload).filter(
      (scenario, i) => i === 0 || ONLY.length === 0 || ONLY.some((word) => scenario.name.includes(word)),
    );
    await opened.database.db.execute(sql.raw(VACUUM_WRITTEN));
    if (!COMPARE) console.log('Timing each read’s SQL with EXPLAIN ANALYZE…');
    const sqlTimes = COMPARE ? new Map() : await explainReads(opened, scenarios, tokens[0] as string);
    await opened.release();

    bouncer =
      BOUNCER && opened.serverEnv.DATABASE_URL
        ? await startPgBouncer(opened.serverEnv.DATABASE_URL)
        : undefined;
    const server = await startServer(
      bouncer ? throughBouncer(bouncer.url, opened.serverEnv.DATABASE_URL) : opened.serverEnv,
    );
    children.push(server.child);
    base = server.base;
    console.log(
      `${CONNECTIONS} connections, ${SECONDS} s per scenario after ${WARMUP} s warm-up; server log level ${LOG_LEVEL}; Node ${process.version}\n`,
    );
    const usageOf = cpuUsage(opened.serverEnv.DATABASE_URL);
    if (COMPARE) {
      const { dir, commit } = checkoutOf(COMPARE);
      const other = await startServer(opened.serverEnv, dir);
      children.push(other.child);
      await compareServers(
        [
          {
            label: commit.slice(0, 7),
            base: other.base,
            usage: usageOf(other.child),
            signal: signalOf(other.child),
          },
          {
            label: 'this checkout',
            base: server.base,
            usage: usageOf(server.child),
            signal: signalOf(server.child),
          },
        ],
        scenarios,
        { SECONDS, WARMUP, CONNECTIONS, BURST, ALONE },
        `${database.kind}, ${scale.name} scale`,
      );
      return;
    }
    const rounds: LoadResult[][] = [];
    for (let round = 1; round <= ROUNDS; round++) {
      if (ROUNDS > 1) console.log(`Round ${round} of ${ROUNDS}`);
      const results: LoadResult[] = [];
      for (const scenario of scenarios) {
        const profile = PROFILE ? profiler(server.child, scenario.name) : undefined;
        const usage = usageOf(server.child);
        const result = await runScenario(
          server.base,
          scenario,
          { SECONDS, WARMUP, CONNECTIONS },
          { profile, usage },
        );
        results.push({ ...result, sql: sqlTimes.get(scenario.name) });
        console.log(
          `  ${scenario.name}: ${result.rps.toFixed(0)} req/s, p50 ${result.p50.toFixed(1)} ms, p99 ${result.p99.toFixed(1)} ms`,
        );
      }
      rounds.push(results);
    }
    const results = mergeRounds(rounds);
    const title = `${database.kind}${bouncer ? ' through PgBouncer (transaction pooling)' : ''}, ${scale.name} scale, ${CONNECTIONS} connections, ${ROUNDS > 1 ? `the median of ${ROUNDS} rounds, ` : ''}${database.kind === 'postgres' ? `a pool of ${POOL_SIZE} a server, ` : ''}log level ${LOG_LEVEL}`;
    printTable(title, results);
    mkdirSync('bench-results', { recursive: true });
    const file = `bench-results/load-${database.kind}-${new Date().toISOString().replace(/[:.]/g, '-')}.json`;
    writeFileSync(
      file,
      `${JSON.stringify({ title, date: new Date().toISOString(), counts, settings: { SECONDS, WARMUP, CONNECTIONS, LOG_LEVEL, ROUNDS }, results }, null, 2)}\n`,
    );
    console.log(`\nWritten to ${file}`);
  } finally {
    for (const child of children) {
      if (child.exitCode !== null) continue;
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      await exited;
    }
    await opened.release();
    await bouncer?.stop();
  }
}

await main();
