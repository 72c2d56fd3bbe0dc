import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { freePort } from '../../apps/server/src/test-support/free-port.ts';

const repositoryRoot = fileURLToPath(new URL('../..', import.meta.url));
/** A first start on PGlite creates the cluster (several seconds), migrates and seeds; a busy machine is slower. */
const READY_TIMEOUT_MS = 120_000;
const STOP_TIMEOUT_MS = 30_000;
const LOG_TAIL = 4_000;

/** Where a server keeps its data: the settings that say so (DATA_DIR or DATABASE_URL). */
export interface DatabaseSettings {
  kind: 'pglite' | 'postgres';
  env: Record<string, string>;
}

export interface ServerProcess {
  base: string;
  port: number;
  /** Resolves with the exit code (null when a signal ended it) once the process has gone. */
  exited: Promise<number | null>;
  /** Whether the process is still running. */
  running(): boolean;
  /** Sends the signal and waits until the process has gone: its exit code. */
  stop(signal: 'SIGKILL' | 'SIGTERM'): Promise<number | null>;
  /** The end of what it printed, for a failure's message. */
  logTail(): string;
}

/**
 * Node's compile cache, shared by every server this process starts: the first server that exits cleanly leaves
 * its modules compiled (TypeScript stripped, V8's code cache), so each later start loads them instead of
 * compiling them again. A process killed with SIGKILL writes nothing, and a changed file is compiled anew.
 * Made at the first spawn, removed when this process exits.
 */
let compileCache: string | undefined;

function compileCacheDir(): string {
  if (compileCache) return compileCache;
  const made = mkdtempSync(join(tmpdir(), 'fieldbook-faults-compile-cache-'));
  process.once('exit', () => rmSync(made, { recursive: true, force: true }));
  compileCache = made;
  return made;
}

/** Every server this run started and has not seen exit, with its database: killed whatever happens. */
const children = new Map<ChildProcess, { database: DatabaseSettings; exited: Promise<unknown> }>();

/** Kills every server still running; synchronous, so it also works in an exit handler. */
export function killAllServers(): void {
  for (const child of children.keys()) child.kill('SIGKILL');
}

/** Kills the servers still running on this database, and waits until they have gone. */
export async function killServersOn(database: DatabaseSettings): Promise<void> {
  const on = [...children].filter(([, server]) => server.database === database);
  for (const [child] of on) child.kill('SIGKILL');
  await Promise.all(on.map(([, server]) => server.exited));
}

export interface SpawnOptions {
  /** The port to listen on (a restart keeps its predecessor's, so tokens and URLs stay valid); a free one by default. */
  port?: number | undefined;
  /** Settings over the defaults (LOG_LEVEL=warn, SEED_DEMO=true). */
  env?: Record<string, string>;
  /** Called with each line the server prints to its standard output (its JSON log). */
  onLogLine?: (line: string) => void;
}

/** Spawns `node apps/server/src/main.ts` on 127.0.0.1 over the database; does not wait for it to be ready. */
export async function spawnServer(
  database: DatabaseSettings,
  options: SpawnOptions = {},
): Promise<ServerProcess> {
  const listenOn = options.port ?? (await freePort());
  const base = `http://127.0.0.1:${listenOn}`;
  const child = spawn(process.execPath, ['apps/server/src/main.ts'], {
    cwd: repositoryRoot,
    // Only these settings, so that nothing from the caller's shell (a DATABASE_URL) changes the database.
    env: {
      PATH: process.env.PATH ?? '',
      PORT: String(listenOn),
      HOST: '127.0.0.1',
      PUBLIC_URL: base,
      LOG_LEVEL: 'warn',
      SEED_DEMO: 'true',
      NODE_COMPILE_CACHE: compileCacheDir(),
      ...database.env,
      ...options.env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let log = '';
  const keep = (chunk: Buffer) => {
    log = (log + chunk.toString('utf8')).slice(-LOG_TAIL);
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  const { onLogLine } = options;
  if (onLogLine) {
    let partial = '';
    child.stdout?.on('data', (chunk: Buffer) => {
      const lines = (partial + chunk.toString('utf8')).split('\n');
      partial = lines.pop() ?? '';
      for (const line of lines) onLogLine(line);
    });
  }
  const exited = new Promise<number | null>((resolve) => {
    child.once('exit', (code) => {
      children.delete(child);
      resolve(code);
    });
  });
  children.set(child, { database, exited });
  return {
    base,
    port: listenOn,
    exited,
    running: () => children.has(child),
    async stop(signal) {
      if (!children.has(child)) return exited;
      child.kill(signal);
      const timeout = setTimeout(() => child.kill('SIGKILL'), STOP_TIMEOUT_MS);
      try {
        return await exited;
      } finally {
        clearTimeout(timeout);
      }
    },
    logTail: () => log.trim(),
  };
}

/** Resolves once GET /api/ready answers 200; rejects if the process exits first or takes too long. */
export async function waitUntilReady(server: ServerProcess, timeoutMs = READY_TIMEOUT_MS): Promise<number> {
  const started = performance.now();
  while (performance.now() - started < timeoutMs) {
    if (!server.running()) {
      throw new Error(`exited with ${await server.exited} before it was ready: ${server.logTail()}`);
    }
    try {
      const response = await fetch(`${server.base}/api/ready`, { signal: AbortSignal.timeout(2_000) });
      await response.arrayBuffer();
      if (response.status === 200) return performance.now() - started;
    } catch {
      // Not listening yet.
    }
    await sleep(100);
  }
  throw new Error(`not ready after ${timeoutMs / 1000} s: ${server.logTail()}`);
}

/** Spawns a server and waits until it is ready. */
export async function startServer(
  database: DatabaseSettings,
  options: SpawnOptions = {},
): Promise<ServerProcess> {
  const server = await spawnServer(database, options);
  try {
    await waitUntilReady(server);
  } catch (error) {
    await server.stop('SIGKILL');
    throw error;
  }
  return server;
}

export const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));
