/** What the benchmarks share: timing runs, and a throwaway database to seed. */
import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildApp } from '../src/app.ts';
import { loadConfig } from '../src/platform/config.ts';
import { openDatabase } from '../src/platform/db/database.ts';
import { migrate } from '../src/platform/db/migrate.ts';
import { bearer } from '../src/test-support/factories.ts';
import { onServer } from '../src/test-support/server-statement.ts';

export const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? Number.NaN;

/** Median and p95 of `runs` timed runs after 2 warm-up runs; the runs stop at `deadline` (performance.now()). */
export async function time(run: () => Promise<unknown>, runs: number, deadline: number) {
  for (let i = 0; i < 2; i++) await run();
  const samples: number[] = [];
  while (samples.length < runs && performance.now() < deadline) {
    const start = performance.now();
    await run();
    samples.push(performance.now() - start);
  }
  samples.sort((a, b) => a - b);
  return { median: percentile(samples, 50), p95: percentile(samples, 95), runs: samples.length };
}

/**
 * A throwaway database on the PostgreSQL server at `serverUrl`, or a temporary PGlite folder. With BENCH_KEEP
 * set (a name), the database (or folder) is named by it, kept afterwards and opened again by the next run, so a
 * benchmark seeds it once: `kept` says whether it already existed. Drop it (or delete the folder) by hand.
 */
export async function openThrowaway(serverUrl: string | undefined, prefix: string) {
  const keep = process.env.BENCH_KEEP?.replace(/[^a-z0-9_]/gi, '').toLowerCase();
  if (!serverUrl) {
    const kept = keep ? join(tmpdir(), `fieldbook-${prefix}-${keep}`) : undefined;
    const existed = kept !== undefined && existsSync(kept);
    const dataDir = kept ?? mkdtempSync(join(tmpdir(), `fieldbook-${prefix}-`));
    const drop = async () => {
      if (kept) console.log(`Kept the PGlite database in ${kept}`);
      else rmSync(dataDir, { recursive: true, force: true });
    };
    try {
      const database = await openDatabase({ dataDir });
      return { database, drop, kept: existed };
    } catch (error) {
      await drop();
      throw error;
    }
  }
  const name = `bench_${prefix}_${keep ?? randomBytes(6).toString('hex')}`;
  const admin = (statement: string) => onServer(serverUrl, statement);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  let existed = false;
  try {
    await admin(`create database ${name}`);
  } catch (error) {
    if (!keep) throw error;
    existed = true;
  }
  const drop = keep
    ? async () => console.log(`Kept the database ${url}`)
    : () => admin(`drop database if exists ${name} with (force)`);
  try {
    const database = await openDatabase({ url: url.toString() });
    return { database, drop, kept: existed };
  } catch (error) {
    await drop();
    throw error;
  }
}

/**
 * The real app (embedded issuer, SEED_DEMO=false, logger off, uploaded files in a temporary folder) over a migrated
 * throwaway database (see `openThrowaway`), listening on 127.0.0.1 on a free port. `close` stops it and drops the database.
 */
export async function serveThrowaway(serverUrl: string | undefined, prefix: string) {
  const { database, drop, kept } = await openThrowaway(serverUrl, prefix);
  const files = mkdtempSync(join(tmpdir(), `fieldbook-${prefix}-files-`));
  let app: Awaited<ReturnType<typeof buildApp>> | undefined;
  const close = async () => {
    await app?.close();
    await database.close();
    await drop();
    rmSync(files, { recursive: true, force: true });
  };
  try {
    await migrate(database);
    const config = loadConfig({
      PUBLIC_URL: 'http://localhost:3000',
      SEED_DEMO: 'false',
      LOG_LEVEL: 'silent',
      FILES_DIR: files,
    });
    app = await buildApp({ config, database, logger: false });
    await app.listen({ host: '127.0.0.1', port: 0 });
    const { port } = app.server.address() as AddressInfo;
    const testApp = { app, database, config, close: async () => {} };
    return { database, app, testApp, base: `http://127.0.0.1:${port}`, close, kept };
  } catch (error) {
    await close();
    throw error;
  }
}

/** Median and p95 of GET `url` with `token`, as `time` runs it; any answer but 200 stops the benchmark. */
export const timeRequest = (url: string, token: string, runs: number, deadline: number) =>
  time(
    async () => {
      const response = await fetch(url, { headers: bearer(token), signal: AbortSignal.timeout(60_000) });
      const body = await response.text();
      if (response.status !== 200) throw new Error(`${url}: ${response.status} ${body.slice(0, 500)}`);
    },
    runs,
    deadline,
  );

/** The measuring stops here even if runs remain, so a benchmark always ends. */
const MEASURE_BUDGET_MS = 10 * 60_000;

/**
 * Times each search of a list: the query alone (`query`, its page and count) and the whole GET `path?q=` request
 * to the app at `base` with `token`; prints one row per search (label, matches, median and p95 of both).
 */
export async function timeSearches(options: {
  searches: readonly [label: string, q: string][];
  query: (q: string) => Promise<{ total: number }>;
  base: string;
  path: string;
  token: string;
  runs: number;
  /** The page size asked for (`s`); the list's default when absent. */
  size?: number;
}): Promise<void> {
  const { searches, query, base, path, token, runs, size } = options;
  const deadline = performance.now() + MEASURE_BUDGET_MS;
  const ms = (value: number) => value.toFixed(1).padStart(7);
  console.log(
    'search                                          matches   query median / p95 (ms)   request median / p95 (ms)',
  );
  for (const [label, q] of searches) {
    let total = 0;
    const alone = await time(
      async () => {
        total = (await query(q)).total;
      },
      runs,
      deadline,
    );
    const url = `${base}${path}?q=${encodeURIComponent(q)}${size ? `&s=${size}` : ''}`;
    const request = await timeRequest(url, token, runs, deadline);
    console.log(
      `${`${label} (${q})`.padEnd(46).slice(0, 46)} ${String(total).padStart(9)}   ${ms(alone.median)} / ${ms(alone.p95)}         ${ms(request.median)} / ${ms(request.p95)}`,
    );
  }
}
