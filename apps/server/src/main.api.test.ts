import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { freePort } from './test-support/free-port.ts';

const main = fileURLToPath(new URL('./main.ts', import.meta.url));
const dataDir = mkdtempSync(join(tmpdir(), 'fieldbook-main-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

function start(env: Record<string, string>) {
  const child = spawn(process.execPath, [main], {
    env: { PATH: process.env.PATH ?? '', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => {
    output += chunk.toString();
  });
  child.stderr.on('data', (chunk: Buffer) => {
    output += chunk.toString();
  });
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  return { child, exited, output: () => output };
}

async function waitForReady(url: string, deadline = Date.now() + 80_000): Promise<void> {
  while (Date.now() < deadline) {
    const ok = await fetch(url).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) return;
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`${url} never became ready`);
}

describe('the server process', () => {
  it('refuses to start with a bad setting and names it', async () => {
    const server = start({ PORT: 'eighty', DATA_DIR: dataDir });
    expect(await server.exited).toBe(1);
    expect(server.output()).toContain('PORT:');
  });

  it('starts, seeds the demo, serves, and stops cleanly on SIGTERM', async () => {
    const port = await freePort();
    const server = start({ PORT: String(port), DATA_DIR: dataDir, LOG_LEVEL: 'info' });
    await waitForReady(`http://127.0.0.1:${port}/api/ready`);
    const page = await fetch(`http://127.0.0.1:${port}/oidc/.well-known/openid-configuration`);
    const discovery = (await page.json()) as { issuer: string };
    expect(discovery.issuer).toBe(`http://localhost:${port}/oidc`);

    server.child.kill('SIGTERM');
    expect(await server.exited).toBe(0);
    expect(server.output()).toContain('"msg":"stopped"');
    await expect(fetch(`http://127.0.0.1:${port}/api/health`)).rejects.toThrow();
    // A new process migrates a new database and seeds the demo: slow on a busy 2-core machine.
  }, 90_000);
});
