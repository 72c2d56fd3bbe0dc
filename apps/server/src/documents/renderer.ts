import { type ChildProcess, spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { availableParallelism, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  findPackageImport,
  RENDER_MEMORY_LIMIT_KB,
  RENDER_TIME_LIMIT_MS,
  type RenderJob,
  type RenderOutcome,
} from './render-protocol.ts';

const SANDBOX = fileURLToPath(new URL('./typst-sandbox.ts', import.meta.url));
/** Renders waiting for a process beyond this many are refused (the server is busy), not queued forever. */
const MAX_WAITING = 64;

/** Why a render was stopped: it broke the time or the memory limit, or its process died otherwise. */
export type RenderStop = { ok: false; kind: 'time' | 'memory' | 'crashed' | 'busy' };
export type RenderResult = RenderOutcome | RenderStop;

export interface RendererOptions {
  /** Render processes (default: one per core, at most 4). */
  processes?: number;
  timeLimitMs?: number;
  memoryLimitKb?: number;
  /**
   * Where the compiler's package downloads are sent (as its HTTP(S) proxy): by default a closed port on loopback,
   * so no connection leaves the machine and none succeeds. Tests point it at a server of their own to see it.
   */
  packageProxy?: string;
}

export interface Renderer {
  render(job: RenderJob): Promise<RenderResult>;
  /** Starts the processes now, so the first render after start-up does not wait for one. */
  warm(): Promise<void>;
  close(): Promise<void>;
}

/**
 * Nothing of the server: a package download goes to a closed port on loopback (no connection leaves the machine,
 * and none succeeds), and HOME and the caches are the empty workspace.
 */
function sandboxEnvironment(sandbox: string, workspace: string, nowhere: string): NodeJS.ProcessEnv {
  return {
    PATH: process.env.PATH ?? '/usr/bin:/bin',
    // The compiler would also load the system's fonts (through fontconfig's files): a font configuration of one
    // empty folder keeps it to the fonts the product hands it, so every machine renders the same PDF.
    FONTCONFIG_FILE: join(sandbox, 'fonts.conf'),
    HOME: workspace,
    XDG_CACHE_HOME: workspace,
    XDG_DATA_HOME: workspace,
    HTTPS_PROXY: nowhere,
    HTTP_PROXY: nowhere,
    ALL_PROXY: nowhere,
    https_proxy: nowhere,
    http_proxy: nowhere,
    all_proxy: nowhere,
    NO_PROXY: '',
    no_proxy: '',
  };
}

/** How long a render process may take to get ready. */
const PROCESS_START_LIMIT_MS = 20_000;

interface Pending {
  job: RenderJob;
  resolve: (result: RenderResult) => void;
}

/** One render process: started on demand, one render at a time, replaced when it is stopped or dies. */
class Sandbox {
  private child: ChildProcess | undefined;
  private ready: Promise<void> | undefined;
  private current:
    | { id: number; resolve: (result: RenderResult) => void; timer: NodeJS.Timeout; child?: ChildProcess }
    | undefined;
  private nextId = 0;

  private readonly options: Required<Omit<RendererOptions, 'processes'>>;
  private readonly onIdle: () => void;

  constructor(options: Required<Omit<RendererOptions, 'processes'>>, onIdle: () => void) {
    this.options = options;
    this.onIdle = onIdle;
  }

  get busy(): boolean {
    return this.current !== undefined;
  }

  start(): Promise<void> {
    if (this.ready) return this.ready;
    // The sandbox folder holds the font configuration and the workspace, the template's empty root folder.
    const sandbox = mkdtempSync(join(tmpdir(), 'fieldbook-typst-'));
    const workspace = join(sandbox, 'workspace');
    mkdirSync(workspace);
    writeFileSync(
      join(sandbox, 'fonts.conf'),
      `<?xml version="1.0"?>\n<fontconfig><dir>${join(sandbox, 'no-fonts')}</dir></fontconfig>\n`,
    );
    // `ulimit -v` bounds the whole process, the compiler's native memory included (a worker thread's limits
    // would bound only JavaScript's heap); exec keeps the one process, so killing it stops the render.
    const child = spawn(
      '/bin/sh',
      [
        '-c',
        `ulimit -v ${this.options.memoryLimitKb} && exec "$0" "$@"`,
        process.execPath,
        SANDBOX,
        workspace,
      ],
      {
        stdio: ['ignore', 'ignore', 'pipe', 'ipc'],
        serialization: 'advanced',
        env: sandboxEnvironment(sandbox, workspace, this.options.packageProxy),
      },
    );
    let stderr = '';
    child.stderr?.on('data', (chunk: Buffer) => {
      stderr = (stderr + chunk.toString()).slice(-2_000);
    });
    const ready = new Promise<void>((resolve, reject) => {
      child.on('message', (message: { ready?: boolean; id?: number } & RenderOutcome) => {
        if (message.ready) resolve();
        else if (this.current?.child === child && message.id === this.current.id) {
          const { id: _id, ready: _ready, ...outcome } = message;
          this.finish(outcome);
        }
      });
      child.once('exit', (_code, signal) => {
        rmSync(sandbox, { recursive: true, force: true });
        this.drop(child);
        reject(new Error(`The render process stopped: ${stderr.trim()}`));
        // Out of address space, the compiler aborts (SIGABRT).
        if (this.current?.child === child)
          this.finish({ ok: false, kind: signal === 'SIGABRT' ? 'memory' : 'crashed' });
      });
    });
    ready.catch(() => undefined);
    this.child = child;
    this.ready = ready;
    return ready;
  }

  async run(job: RenderJob, resolve: (result: RenderResult) => void): Promise<void> {
    const id = ++this.nextId;
    // A process that does not get ready is broken: the render stops as crashed, and the next starts another.
    const timer = setTimeout(() => this.stopCurrent(this.child, 'crashed'), PROCESS_START_LIMIT_MS);
    const current: NonNullable<Sandbox['current']> = { id, resolve, timer };
    this.current = current;
    try {
      await this.start();
      if (this.current !== current) return;
      // The render's time starts once its process is ready: starting one (after a render was stopped) is not the
      // template's time, and under load takes longer than a render may.
      clearTimeout(current.timer);
      current.timer = setTimeout(() => this.stopCurrent(current.child, 'time'), this.options.timeLimitMs);
      current.child = this.child;
      this.child?.send({ id, ...job });
    } catch {
      if (this.current === current) this.finish({ ok: false, kind: 'crashed' });
    }
  }

  /** Kills the current render's process (the next render starts another) and ends the render. */
  private stopCurrent(child: ChildProcess | undefined, kind: 'time' | 'crashed'): void {
    if (child) {
      this.drop(child);
      child.kill('SIGKILL');
    }
    this.finish({ ok: false, kind });
  }

  /** Forgets a process that is stopping, so the next render starts a new one. */
  private drop(child: ChildProcess): void {
    if (this.child !== child) return;
    this.child = undefined;
    this.ready = undefined;
  }

  private finish(result: RenderResult): void {
    const current = this.current;
    if (!current) return;
    this.current = undefined;
    clearTimeout(current.timer);
    current.resolve(result);
    this.onIdle();
  }

  async stop(): Promise<void> {
    const child = this.child;
    if (!child || child.exitCode !== null || child.signalCode !== null) return;
    const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
    child.kill('SIGKILL');
    await exited;
  }
}

/**
 * Renders documents in a few child processes, off the request path: each render has its own time limit, and a
 * process that breaks a limit is killed and replaced while the others carry on.
 */
export function createRenderer(options: RendererOptions = {}): Renderer {
  const settings = {
    timeLimitMs: options.timeLimitMs ?? RENDER_TIME_LIMIT_MS,
    memoryLimitKb: options.memoryLimitKb ?? RENDER_MEMORY_LIMIT_KB,
    packageProxy: options.packageProxy ?? 'http://127.0.0.1:9',
  };
  const count = options.processes ?? Math.min(4, availableParallelism());
  const waiting: Pending[] = [];
  const dispatch = () => {
    for (const sandbox of sandboxes) {
      if (sandbox.busy) continue;
      const next = waiting.shift();
      if (!next) return;
      void sandbox.run(next.job, next.resolve);
    }
  };
  const sandboxes = Array.from({ length: count }, () => new Sandbox(settings, dispatch));
  let closed = false;

  return {
    render(job) {
      const imported = findPackageImport(job.body);
      if (imported) return Promise.resolve({ ok: false, kind: 'compile', problems: [imported] });
      if (closed || waiting.length >= MAX_WAITING) return Promise.resolve({ ok: false, kind: 'busy' });
      return new Promise<RenderResult>((resolve) => {
        waiting.push({ job, resolve });
        dispatch();
      });
    },
    async warm() {
      await Promise.all(sandboxes.map((sandbox) => sandbox.start()));
    },
    async close() {
      closed = true;
      for (const pending of waiting.splice(0)) pending.resolve({ ok: false, kind: 'busy' });
      await Promise.all(sandboxes.map((sandbox) => sandbox.stop()));
    },
  };
}
