import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort } from '../../apps/server/src/test-support/free-port.ts';

/**
 * Runs `work` against the real server (embedded issuer, demo data in a temporary PGlite) listening on
 * 127.0.0.1 over the built web app (WEB_DIST_DIR, else apps/web/dist), then stops it and removes its data.
 */
export async function withBenchServer(work: (base: string) => Promise<void>): Promise<void> {
  const root = join(import.meta.dirname, '..', '..');
  const port = await freePort();
  const base = `http://localhost:${port}`;
  const dataDir = mkdtempSync(join(tmpdir(), 'fieldbook-bench-web-'));
  const server = spawn(process.execPath, ['apps/server/src/main.ts'], {
    cwd: root,
    stdio: ['ignore', 'ignore', 'inherit'],
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      PUBLIC_URL: base,
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
    },
  });
  // However this process ends (an uncaught error in a browser's event ends it without the `finally` below), the
  // server goes with it rather than running on, holding the port and the output pipe.
  const stopServer = () => server.kill('SIGTERM');
  process.once('exit', stopServer);
  try {
    await waitForServer(base);
    await work(base);
  } finally {
    process.off('exit', stopServer);
    server.kill('SIGTERM');
    await new Promise((resolve) => server.once('exit', resolve));
    rmSync(dataDir, { recursive: true, force: true });
  }
}

async function waitForServer(base: string): Promise<void> {
  for (let attempt = 0; attempt < 240; attempt++) {
    const ready = await fetch(`${base}/api/ready`).then(
      (response) => response.ok,
      () => false,
    );
    if (ready) return;
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  throw new Error('The server did not become ready in 120 s.');
}
