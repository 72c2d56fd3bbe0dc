import { execFileSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, readdirSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';

// The code of another commit beside this checkout, to run its server against the same database (BENCH_COMPARE).

const root = resolve(import.meta.dirname, '../../..');

/**
 * A checkout of `ref` (a commit, branch or tag of this repository) in a folder of its own under the system's temp
 * folder, kept for the next run; its `node_modules` are this checkout's, but for the workspace's own packages
 * (`@fieldbook/…`, linked relatively), which are the ref's. Returns the folder and the commit it holds.
 */
export function checkoutOf(ref: string): { dir: string; commit: string } {
  const git = (...args: string[]) => execFileSync('git', args, { cwd: root, encoding: 'utf8' }).trim();
  const commit = git('rev-parse', '--verify', `${ref}^{commit}`);
  const dir = join(tmpdir(), `fieldbook-compare-${commit.slice(0, 12)}`);
  if (!existsSync(join(dir, 'package.json'))) {
    git('worktree', 'prune');
    git('worktree', 'add', '--force', '--detach', dir, commit);
  }
  const modules = join(dir, 'node_modules');
  if (!existsSync(modules)) {
    mkdirSync(modules);
    for (const entry of readdirSync(join(root, 'node_modules'))) {
      const from = join(root, 'node_modules', entry);
      // The workspace's own packages are relative links: copied, they point into the ref's folders.
      if (entry === '@fieldbook')
        cpSync(from, join(modules, entry), { recursive: true, verbatimSymlinks: true });
      else symlinkSync(from, join(modules, entry));
    }
  }
  return { dir, commit };
}
