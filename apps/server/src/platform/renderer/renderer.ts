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
/** Renders one organisation may have waiting, per process; past them its next render is refused. */
const WAITING_PER_PROCESS = 4;

/**
 * Why a render was stopped: it broke the time or the memory limit, or its process died otherwise; or it was
 * refused without waiting, as its organisation has as many renders waiting as it may, or the server does.
 */
export type RenderStop =
  | { ok: false; kind: 'time' | 'memory' | 'crashed' }
  | { ok: false; kind: 'busy'; whose: 'organisation' | 'server'; retryAfterSeconds: number };
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
  /** Renders that may wait in all (default 64), and per organisation (default 4 per process). */
  maxWaiting?: number;
  maxWaitingPerOrganisation?: number;
}

export interface Renderer {
  /**
   * Renders `job` for the organisation `tenantId`. Each organisation's renders wait in its own queue, and a free
   * process takes the next render of the organisation with the fewest running (among equals, the one served
   * longest ago): however many renders one organisation has waiting, another's waits for one process to free.
   * An organisation whose last render was stopped (it broke a limit) runs on all processes but one.
   */
  render(job: RenderJob, tenantId: string): Promise<RenderResult>;
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

type SandboxOptions = Required<Pick<RendererOptions, 'timeLimitMs' | 'memoryLimitKb' | 'packageProxy'>>;

/** One render process: started on demand, one render at a time, replaced when it is stopped or dies. */
class Sandbox {
  private child: ChildProcess | undefined;
  private ready: Promise<void> | undefined;
  private current:
    | { id: number; resolve: (result: RenderResult) => void; timer: NodeJS.Timeout; child?: ChildProcess }
    | undefined;
  private nextId = 0;

  private readonly options: SandboxOptions;
  private readonly onIdle: () => void;

  constructor(options: SandboxOptions, onIdle: () => void) {
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

/** One organisation's renders: how many are running, which render last started, and those waiting in turn. */
interface OrganisationRenders {
  tenantId: string;
  running: number;
  /** The number of the last of its renders to start (of all renders started), -1 for none yet. */
  lastStarted: number;
  waiting: { job: RenderJob; resolve: (result: RenderResult) => void }[];
}

/**
 * Renders documents in a few child processes, off the request path: each render has its own time limit, and a
 * process that breaks a limit is killed and replaced while the others carry on. Renders wait in their
 * organisation's queue (see `Renderer.render`); a render past the bounds is refused at once.
 */
export function createRenderer(options: RendererOptions = {}): Renderer {
  const settings = {
    timeLimitMs: options.timeLimitMs ?? RENDER_TIME_LIMIT_MS,
    memoryLimitKb: options.memoryLimitKb ?? RENDER_MEMORY_LIMIT_KB,
    packageProxy: options.packageProxy ?? 'http://127.0.0.1:9',
  };
  const count = options.processes ?? Math.min(4, availableParallelism());
  const maxWaiting = options.maxWaiting ?? MAX_WAITING;
  const maxWaitingPerOrganisation = options.maxWaitingPerOrganisation ?? WAITING_PER_PROCESS * count;
  // A process frees within one render's limit (and its replacement's start): when to ask again.
  const retryAfterSeconds = Math.ceil(settings.timeLimitMs / 1000);
  /** The organisations with renders running or waiting, in the order they came. */
  const organisations = new Map<string, OrganisationRenders>();
  /** The organisations whose last render was stopped (it broke a limit, or its process died), idle ones too. */
  const stopped = new Set<string>();
  let waitingInAll = 0;
  let started = 0;

  /**
   * The organisation whose render starts next: the one with the fewest running, then the one whose last render
   * started longest ago (one with none yet first), then the one that came first. One whose last render was
   * stopped runs on all processes but one, which stays free for the others.
   */
  const nextOrganisation = () => {
    let next: OrganisationRenders | undefined;
    for (const renders of organisations.values()) {
      if (renders.waiting.length === 0) continue;
      if (stopped.has(renders.tenantId) && count > 1 && renders.running >= count - 1) continue;
      if (
        !next ||
        renders.running < next.running ||
        (renders.running === next.running && renders.lastStarted < next.lastStarted)
      )
        next = renders;
    }
    return next;
  };

  const dispatch = () => {
    for (const sandbox of sandboxes) {
      if (sandbox.busy) continue;
      const renders = nextOrganisation();
      const next = renders?.waiting.shift();
      if (!renders || !next) return;
      waitingInAll -= 1;
      renders.running += 1;
      renders.lastStarted = started++;
      void sandbox.run(next.job, (result) => {
        renders.running -= 1;
        if (!result.ok && ['time', 'memory', 'crashed'].includes(result.kind)) stopped.add(renders.tenantId);
        else stopped.delete(renders.tenantId);
        if (renders.running === 0 && renders.waiting.length === 0) organisations.delete(renders.tenantId);
        next.resolve(result);
      });
    }
  };
  const sandboxes = Array.from({ length: count }, () => new Sandbox(settings, dispatch));
  let closed = false;

  const refused = (whose: 'organisation' | 'server'): RenderStop => ({
    ok: false,
    kind: 'busy',
    whose,
    retryAfterSeconds,
  });

  return {
    render(job, tenantId) {
      const imported = findPackageImport(job.body);
      if (imported) return Promise.resolve({ ok: false, kind: 'compile', problems: [imported] });
      if (closed || waitingInAll >= maxWaiting) return Promise.resolve(refused('server'));
      const renders = organisations.get(tenantId) ?? { tenantId, running: 0, lastStarted: -1, waiting: [] };
      if (renders.waiting.length >= maxWaitingPerOrganisation)
        return Promise.resolve(refused('organisation'));
      organisations.set(tenantId, renders);
      return new Promise<RenderResult>((resolve) => {
        renders.waiting.push({ job, resolve });
        waitingInAll += 1;
        dispatch();
      });
    },
    async warm() {
      await Promise.all(sandboxes.map((sandbox) => sandbox.start()));
    },
    async close() {
      closed = true;
      for (const renders of organisations.values())
        for (const waiting of renders.waiting.splice(0)) waiting.resolve(refused('server'));
      waitingInAll = 0;
      await Promise.all(sandboxes.map((sandbox) => sandbox.stop()));
    },
  };
}
