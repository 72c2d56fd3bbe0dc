import { percentile } from './bench-kit.ts';
import type { Scenario } from './load-scenarios.ts';

// Runs a scenario with autocannon and prints the benchmark's table.

/** The parts of autocannon's result this benchmark reads (autocannon ships no types). */
interface AutocannonResult {
  requests: { average: number; total: number };
  non2xx: number;
  errors: number;
  timeouts: number;
  statusCodeStats: Record<string, { count: number }>;
}
/** A run: its result, and each response as it comes (its time in ms, with fractions). */
type AutocannonRun = PromiseLike<AutocannonResult> & {
  on(event: 'response', listener: (client: unknown, status: number, bytes: number, ms: number) => void): void;
};
type Autocannon = (options: {
  url: string;
  connections: number;
  duration: number;
  timeout: number;
  requests: Scenario['requests'];
}) => AutocannonRun;

/** A request that takes longer than this counts as a timeout (autocannon's own default). */
const TIMEOUT_SECONDS = 10;

/** CPU time (ms): the server's, PostgreSQL's and the load generator's (autocannon, in the benchmark's process). */
export interface Cpu {
  server: number;
  postgres: number;
  generator: number;
}

export interface LoadResult {
  name: string;
  kind: Scenario['kind'];
  rps: number;
  p50: number;
  p99: number;
  /** Answers other than 2xx, connection errors and timeouts. */
  errors: number;
  /** How many of each status, when any was not 2xx. */
  statuses?: Record<string, number>;
  /**
   * CPU time per request (ms) of the server process, of PostgreSQL's processes and of the load generator: a busy
   * machine does not inflate it.
   */
  cpu?: Cpu;
  /** The database's own time for a read's statements (EXPLAIN ANALYZE, median, ms). */
  sql?: { statements: number; execution: number; planning: number } | undefined;
  /** The requests answered in the measured run. */
  requests?: number;
  /** The size of the checked first answer's body (a GET's), in bytes: two servers' answers compared by size. */
  bytes?: number;
  /** With BENCH_ROUNDS > 1: each round's result, in order; the figures above are their medians. */
  rounds?: LoadResult[];
}

/** One scenario: a warm-up, then `SECONDS` of load; the first request is checked first, with its body. */
export async function runScenario(
  base: string,
  scenario: Scenario,
  { SECONDS, WARMUP, CONNECTIONS }: { SECONDS: number; WARMUP: number; CONNECTIONS: number },
  {
    profile,
    usage,
    collect,
  }: {
    /** Profiles the measured run, when given. */
    profile?: { start(): Promise<void>; stop(): Promise<void> } | undefined;
    /** The CPU time (ms) used so far by the server and by PostgreSQL. */
    usage?: () => Promise<Cpu>;
    /** Where the measured run's answered requests' times (ms) are added too, for runs measured together. */
    collect?: number[];
  } = {},
): Promise<LoadResult> {
  const { default: autocannon } = (await import('autocannon' as string)) as { default: Autocannon };
  const [first] = scenario.requests;
  let bytes: number | undefined;
  if (first && first.method === 'GET') {
    const check = await fetch(base + first.path, {
      headers: first.headers ?? {},
      signal: AbortSignal.timeout(60_000),
    });
    const body = await check.text();
    if (check.status !== 200) throw new Error(`${first.path}: ${check.status} ${body.slice(0, 500)}`);
    bytes = Buffer.byteLength(body);
  }
  // autocannon's own percentiles are whole milliseconds: the answered requests' times are kept here instead.
  const times: number[] = [];
  const run = (duration: number) => {
    times.length = 0;
    const running = autocannon({
      url: base,
      connections: CONNECTIONS,
      duration,
      timeout: TIMEOUT_SECONDS,
      requests: scenario.requests,
    });
    running.on('response', (_client, status, _bytes, ms) => {
      if (status < 400) times.push(ms);
    });
    return running;
  };
  if (WARMUP > 0) {
    await scenario.before?.();
    await run(WARMUP);
  }
  await scenario.before?.();
  await profile?.start();
  const before = await usage?.();
  const result = await run(SECONDS);
  const after = await usage?.();
  await profile?.stop();
  const perRequest = (ms: number) => ms / Math.max(1, result.requests.total);
  const cpu =
    before && after
      ? {
          server: perRequest(after.server - before.server),
          postgres: perRequest(after.postgres - before.postgres),
          generator: perRequest(after.generator - before.generator),
        }
      : undefined;
  collect?.push(...times);
  times.sort((a, b) => a - b);
  const errors = result.non2xx + result.errors + result.timeouts;
  const statuses =
    result.non2xx > 0
      ? Object.fromEntries(Object.entries(result.statusCodeStats).map(([code, stat]) => [code, stat.count]))
      : undefined;
  return {
    name: scenario.name,
    kind: scenario.kind,
    rps: result.requests.average,
    p50: percentile(times, 50),
    p99: percentile(times, 99),
    errors,
    requests: result.requests.total,
    ...(cpu ? { cpu } : {}),
    ...(statuses ? { statuses } : {}),
    ...(bytes === undefined ? {} : { bytes }),
  };
}

/** The median of some figures (the mean of the middle two of an even count), undefined if none. */
function medianOf(values: (number | undefined)[]): number | undefined {
  const known = values.filter((value): value is number => value !== undefined).sort((a, b) => a - b);
  if (known.length === 0) return undefined;
  const middle = Math.floor(known.length / 2);
  return known.length % 2 === 1
    ? (known[middle] as number)
    : ((known[middle - 1] as number) + (known[middle] as number)) / 2;
}

/**
 * One result per scenario from several rounds of the whole list (BENCH_ROUNDS): each figure the median of its
 * rounds', taken figure by figure; the errors, their statuses and the requests added up. This machine's speed
 * drifts by a third from minute to minute, and a scenario measured once, in one 10-second window, may land in a
 * slow one.
 */
export function mergeRounds(rounds: LoadResult[][]): LoadResult[] {
  const [first = []] = rounds;
  if (rounds.length < 2) return first;
  return first.map((result, index) => {
    const all = rounds.map((round) => round[index] as LoadResult);
    const median = (figure: (result: LoadResult) => number | undefined) =>
      medianOf(all.map(figure)) as number;
    const cpu = (part: keyof Cpu) => median((result) => result.cpu?.[part]);
    const statuses: Record<string, number> = {};
    for (const round of all)
      for (const [code, count] of Object.entries(round.statuses ?? {}))
        statuses[code] = (statuses[code] ?? 0) + count;
    return {
      ...result,
      statuses: Object.keys(statuses).length > 0 ? statuses : undefined,
      rps: median((result) => result.rps),
      p50: median((result) => result.p50),
      p99: median((result) => result.p99),
      errors: all.reduce((sum, result) => sum + result.errors, 0),
      requests: all.reduce((sum, result) => sum + (result.requests ?? 0), 0),
      ...(result.cpu
        ? { cpu: { server: cpu('server'), postgres: cpu('postgres'), generator: cpu('generator') } }
        : {}),
      rounds: all,
    };
  });
}

export const fixed = (value: number | undefined, digits = 0) =>
  value === undefined ? '' : value.toFixed(digits);

/** A Markdown table under its title: the first column to the left, the figures to the right. */
export function printRows(title: string, header: string[], rows: string[][]): void {
  const widths = header.map((name, i) => Math.max(name.length, ...rows.map((row) => row[i]?.length ?? 0)));
  const line = (cells: string[]) =>
    `| ${cells.map((cell, i) => (i === 0 ? cell.padEnd(widths[i] ?? 0) : cell.padStart(widths[i] ?? 0))).join(' | ')} |`;
  console.log(`\n${title}`);
  console.log(line(header));
  console.log(
    `|${widths.map((width, i) => (i === 0 ? '-'.repeat(width + 2) : `${'-'.repeat(width + 1)}:`)).join('|')}|`,
  );
  for (const row of rows) console.log(line(row));
}

/** The CPU columns of a table, and their cells for one result: the server's, PostgreSQL's, the load generator's. */
export const CPU_COLUMNS = ['CPU ms: server', 'PostgreSQL', 'load generator'];
export const cpuCells = (result: LoadResult) => [
  fixed(result.cpu?.server, 3),
  fixed(result.cpu?.postgres, 3),
  fixed(result.cpu?.generator, 3),
];

/** The table: one row per scenario, throughput against the constant route, the request's time over its SQL. */
export function printTable(title: string, results: LoadResult[]): void {
  const ceiling = results[0]?.rps ?? Number.NaN;
  // One statement on a pooled connection (`/api/ready`): what a signed-in read is measured against.
  const ready = results.find((result) => result.name.startsWith('GET /api/ready'))?.rps ?? Number.NaN;
  const header = [
    'scenario',
    'req/s',
    'p50 ms',
    'p99 ms',
    'errors',
    '% of constant',
    '% of ready',
    'SQL ms',
    'p50 − SQL',
    ...CPU_COLUMNS,
  ];
  const rounds = results.some((result) => result.rounds);
  if (rounds) header.splice(4, 0, 'p99 range');
  const range = (result: LoadResult) => {
    const p99s = (result.rounds ?? [result]).map((round) => round.p99);
    return `${fixed(Math.min(...p99s), 1)}–${fixed(Math.max(...p99s), 1)}`;
  };
  const rows = results.map((result) => [
    result.name,
    fixed(result.rps),
    fixed(result.p50, 1),
    fixed(result.p99, 1),
    ...(rounds ? [range(result)] : []),
    String(result.errors),
    `${fixed((100 * result.rps) / ceiling, 1)} %`,
    `${fixed((100 * result.rps) / ready, 1)} %`,
    fixed(result.sql?.execution, 2),
    result.sql ? fixed(result.p50 - result.sql.execution, 2) : '',
    ...cpuCells(result),
  ]);
  printRows(title, header, rows);
  for (const result of results)
    if (result.statuses) console.log(`${result.name}: statuses ${JSON.stringify(result.statuses)}`);
  if (rounds)
    console.log(
      `Each figure is the median of ${results[0]?.rounds?.length} rounds'; p99 range: the lowest and highest round's.`,
    );
  console.log(
    'SQL ms: the summed execution time of the request’s statements under EXPLAIN ANALYZE, each prepared and executed with the plan the server’s had (median of 15 runs, planning left out).\nCPU ms: CPU time per request of the server process, of all PostgreSQL processes (PGlite runs in the server) and of the load generator (autocannon, on the same cores).',
  );
}
