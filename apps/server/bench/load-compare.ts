import { mkdirSync, writeFileSync } from 'node:fs';
import { percentile } from './bench-kit.ts';
import {
  CPU_COLUMNS,
  type Cpu,
  cpuCells,
  fixed,
  type LoadResult,
  printRows,
  runScenario,
} from './load-run.ts';
import type { Scenario } from './load-scenarios.ts';

// Two servers (this checkout's and another commit's, BENCH_COMPARE) measured turn about on one database: this
// machine's speed drifts by up to a third from minute to minute, so runs one after the other compare badly.

/** A server under comparison: where it listens, and the CPU time (ms) it, PostgreSQL and the load generator have used so far. */
export interface ComparedServer {
  label: string;
  base: string;
  usage: () => Promise<Cpu>;
  /** Stops (SIGSTOP) or continues (SIGCONT) the server's process: with `ALONE`, only the server under load runs. */
  signal: (signal: 'SIGSTOP' | 'SIGCONT') => void;
}

/**
 * A scenario on both servers: a warm-up on each, then `SECONDS` of load on each in bursts of `BURST` seconds,
 * taken in turn A B B A A B…, so that a change in the machine's speed falls on both alike. Each server's result
 * sums its bursts: its requests over its seconds, the percentiles of all its answered requests' times, and its
 * CPU time (and PostgreSQL's, which serves only the server under load) per request. With `ALONE`, the other
 * server's process is stopped (SIGSTOP) while one is loaded, so that nothing of the idle one runs beside it.
 */
export async function compareScenario(
  servers: readonly [ComparedServer, ComparedServer],
  scenario: Scenario,
  {
    SECONDS,
    WARMUP,
    CONNECTIONS,
    BURST,
    ALONE,
  }: { SECONDS: number; WARMUP: number; CONNECTIONS: number; BURST: number; ALONE: boolean },
): Promise<[LoadResult, LoadResult]> {
  const only = (server: ComparedServer) => {
    if (!ALONE) return;
    server.signal('SIGCONT');
    for (const other of servers) if (other !== server) other.signal('SIGSTOP');
  };
  // What a scenario does first (reading the jobs to save) may ask either server: both run for it.
  const aloneIn = (server: ComparedServer): Scenario => {
    const { before } = scenario;
    if (!ALONE || !before) return scenario;
    return {
      ...scenario,
      before: async () => {
        for (const each of servers) each.signal('SIGCONT');
        await before();
        only(server);
      },
    };
  };
  const bursts = Math.max(1, Math.round(SECONDS / BURST));
  const sums = servers.map(() => ({
    requests: 0,
    errors: 0,
    server: 0,
    postgres: 0,
    generator: 0,
    times: [] as number[],
  }));
  const bytes: (number | undefined)[] = [];
  for (const server of servers) {
    only(server);
    if (WARMUP > 0)
      await runScenario(server.base, aloneIn(server), { SECONDS: WARMUP, WARMUP: 0, CONNECTIONS });
  }
  for (let burst = 0; burst < bursts; burst++) {
    for (const index of burst % 2 === 0 ? [0, 1] : [1, 0]) {
      const server = servers[index] as ComparedServer;
      const sum = sums[index] as (typeof sums)[number];
      only(server);
      const result = await runScenario(
        server.base,
        aloneIn(server),
        { SECONDS: BURST, WARMUP: 0, CONNECTIONS },
        { usage: server.usage, collect: sum.times },
      );
      bytes[index] = result.bytes;
      const requests = result.requests ?? 0;
      sum.requests += requests;
      sum.errors += result.errors;
      sum.server += (result.cpu?.server ?? 0) * requests;
      sum.postgres += (result.cpu?.postgres ?? 0) * requests;
      sum.generator += (result.cpu?.generator ?? 0) * requests;
    }
  }
  for (const server of servers) server.signal('SIGCONT');
  const results = sums.map((sum, index): LoadResult => {
    sum.times.sort((a, b) => a - b);
    const perRequest = (ms: number) => ms / Math.max(1, sum.requests);
    return {
      name: scenario.name,
      kind: scenario.kind,
      rps: sum.requests / (bursts * BURST),
      p50: percentile(sum.times, 50),
      p99: percentile(sum.times, 99),
      errors: sum.errors,
      requests: sum.requests,
      cpu: {
        server: perRequest(sum.server),
        postgres: perRequest(sum.postgres),
        generator: perRequest(sum.generator),
      },
      ...(bytes[index] === undefined ? {} : { bytes: bytes[index] }),
    };
  });
  return [results[0] as LoadResult, results[1] as LoadResult];
}

/**
 * Every scenario on both servers (`compareScenario`), each pair printed as it ends; then the table (`that → this`),
 * also written as JSON to bench-results/. `title`: the database and its scale.
 */
export async function compareServers(
  servers: readonly [ComparedServer, ComparedServer],
  scenarios: Scenario[],
  settings: Parameters<typeof compareScenario>[2],
  title: string,
): Promise<void> {
  const pairs: [LoadResult, LoadResult][] = [];
  for (const scenario of scenarios) {
    const pair = await compareScenario(servers, scenario, settings);
    pairs.push(pair);
    console.log(`  ${scenario.name}: ${pair.map((result) => `${result.rps.toFixed(0)} req/s`).join(' → ')}`);
  }
  const [that, here] = servers;
  const heading = `${title}, ${settings.CONNECTIONS} connections: ${that.label} → ${here.label}, in turn${settings.ALONE ? ' (each alone)' : ''}, ${settings.BURST} s bursts, ${settings.SECONDS} s each`;
  printComparison(heading, pairs);
  mkdirSync('bench-results', { recursive: true });
  const file = `bench-results/compare-${new Date().toISOString().replace(/[:.]/g, '-')}.json`;
  const compared = servers.map((server) => server.label);
  writeFileSync(
    file,
    `${JSON.stringify({ title: heading, date: new Date().toISOString(), compared, pairs }, null, 2)}\n`,
  );
  console.log(`\nWritten to ${file}`);
}

/** The comparison's table: each figure of the first server, then the second's (`a → b`). */
function printComparison(title: string, pairs: [LoadResult, LoadResult][]): void {
  const header = ['scenario', 'req/s', 'p50 ms', 'p99 ms', 'errors', 'bytes', ...CPU_COLUMNS];
  const both = (of: (result: LoadResult) => string) => (pair: [LoadResult, LoadResult]) =>
    `${of(pair[0])} → ${of(pair[1])}`;
  const columns = [
    both((r) => fixed(r.rps)),
    both((r) => fixed(r.p50, 1)),
    both((r) => fixed(r.p99, 1)),
    both((r) => String(r.errors)),
    both((r) => String(r.bytes ?? '')),
    ...CPU_COLUMNS.map((_, index) => both((r) => cpuCells(r)[index] as string)),
  ];
  const rows = pairs.map((pair) => [pair[0].name, ...columns.map((column) => column(pair))]);
  printRows(title, header, rows);
}
