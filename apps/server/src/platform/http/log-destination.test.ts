import { closeSync, mkdtempSync, openSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { logDestination } from './log-destination.ts';

describe('logDestination', () => {
  const folders: string[] = [];
  afterEach(() => {
    for (const folder of folders.splice(0)) rmSync(folder, { recursive: true, force: true });
  });

  function logFile() {
    const folder = mkdtempSync(join(tmpdir(), 'fieldbook-log-'));
    folders.push(folder);
    const path = join(folder, 'server.log');
    return { path, fd: openSync(path, 'a') };
  }

  it('writes every line whole and in order, by bytes, across many writes', async () => {
    const { path, fd } = logFile();
    const destination = logDestination(fd);
    // Lines of several bytes a character (and a four-byte one), more than SonicBoom's 16 KiB a write, written while
    // earlier writes are still out.
    const lines = Array.from(
      { length: 3000 },
      (_, index) =>
        `${JSON.stringify({ msg: `O’Brien & Sons — job ${index} 🔧`, note: 'é'.repeat(index % 50) })}\n`,
    );
    for (const line of lines.slice(0, 1500)) destination.write(line);
    await new Promise((resolve) => setTimeout(resolve, 20));
    for (const line of lines.slice(1500)) destination.write(line);
    // Written out as they come, not by a flushSync here: SonicBoom's flushSync writes what waits while a write of
    // its own may still be out (the first line after the pause), which then lands among the later lines.
    const all = lines.join('');
    await expect.poll(() => readFileSync(path, 'utf8').length, { timeout: 5000 }).toBe(all.length);
    expect(readFileSync(path, 'utf8')).toBe(all);
    destination.flushSync();
    closeSync(fd);
  });

  it('writes a line out without being asked to flush', async () => {
    const { path, fd } = logFile();
    const destination = logDestination(fd);
    destination.write('{"msg":"Smith’s Plumbing saved"}\n');
    await expect
      .poll(() => readFileSync(path, 'utf8'), { timeout: 5000 })
      .toBe('{"msg":"Smith’s Plumbing saved"}\n');
    destination.flushSync();
    closeSync(fd);
  });
});
