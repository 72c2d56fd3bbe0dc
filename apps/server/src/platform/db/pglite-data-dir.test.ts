import { mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { DataDirectoryError, repairPgliteDataDir } from './pglite-data-dir.ts';

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'fieldbook-data-dir-'));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

/** Files as a path → content map, written under the data directory. */
function write(files: Record<string, string>): void {
  for (const [path, content] of Object.entries(files)) {
    mkdirSync(join(dir, path, '..'), { recursive: true });
    writeFileSync(join(dir, path), content);
  }
}

const catalogue = { 'base/5/1259': 'x', 'base/5/PG_VERSION': '17', 'global/1262': 'x', 'pg_wal/0001': 'x' };
const configuration = {
  'postgresql.conf': '#',
  'postgresql.auto.conf': '#',
  'pg_hba.conf': '#',
  'pg_ident.conf': '#',
};

describe('repairPgliteDataDir', () => {
  it('leaves an empty directory, and one whose first copy never reached PG_VERSION, to PGlite', () => {
    expect(repairPgliteDataDir(dir)).toEqual([]);
    write(catalogue);
    expect(repairPgliteDataDir(dir)).toEqual([]);
    expect(readdirSync(dir).sort()).toEqual(['base', 'global', 'pg_wal']);
  });

  it('removes a half-created cluster that holds no data, and nothing else in the directory', () => {
    write({ ...catalogue, PG_VERSION: '17', 'postgresql.conf': '#', 'notes.txt': 'mine' });
    expect(repairPgliteDataDir(dir)).toEqual([
      expect.stringContaining('(postgresql.auto.conf, pg_hba.conf, pg_ident.conf missing) and held no data'),
    ]);
    expect(readdirSync(dir)).toEqual(['notes.txt']);
  });

  it('treats an empty PG_VERSION as half-created', () => {
    write({ ...catalogue, ...configuration, PG_VERSION: '' });
    expect(repairPgliteDataDir(dir)).toEqual([expect.stringContaining('PG_VERSION is empty')]);
    expect(readdirSync(dir)).toEqual([]);
  });

  it('refuses, and removes nothing, when an incomplete cluster holds a user object', () => {
    write({ ...catalogue, PG_VERSION: '17', 'base/5/16384_fsm': 'rows' });
    expect(() => repairPgliteDataDir(dir)).toThrow(DataDirectoryError);
    expect(() => repairPgliteDataDir(dir)).toThrow(/incomplete \(postgresql\.conf, .*\) but holds data/);
    expect(readdirSync(dir).sort()).toEqual(['PG_VERSION', 'base', 'global', 'pg_wal']);
  });

  it('removes an empty lock file, and keeps one that names a process', () => {
    write({ ...catalogue, ...configuration, PG_VERSION: '17', 'postmaster.pid': '' });
    expect(repairPgliteDataDir(dir)).toEqual([expect.stringContaining('Removed the empty lock file')]);
    expect(readdirSync(dir)).not.toContain('postmaster.pid');

    write({ 'postmaster.pid': '-42\n/pglite/data\n' });
    expect(repairPgliteDataDir(dir)).toEqual([]);
    expect(readdirSync(dir)).toContain('postmaster.pid');
  });
});
