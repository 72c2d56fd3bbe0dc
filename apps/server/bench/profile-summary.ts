/**
 * Sums up a V8 CPU profile of the server (BENCH_PROFILE=1 npm run bench:load writes one per scenario into
 * bench-results/profiles): where the busy time went, by package (drizzle-orm, pg, zod, pino, fastify…, our own
 * code, Node's internals, the garbage collector) and by function (self time). The newest profile, or the file named.
 *
 *   npm run bench:profile [-- path/to/file.cpuprofile]
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  children?: number[];
}
interface Profile {
  nodes: ProfileNode[];
  samples: number[];
  timeDeltas: number[];
}

const DIR = 'bench-results/profiles';
const newest = () => {
  const files = readdirSync(DIR)
    .filter((name) => name.endsWith('.cpuprofile'))
    .map((name) => join(DIR, name))
    .sort((a, b) => statSync(b).mtimeMs - statSync(a).mtimeMs);
  if (!files[0]) throw new Error(`No .cpuprofile in ${DIR}: run BENCH_PROFILE=1 npm run bench:load first`);
  return files[0];
};
const file = process.argv[2] ?? newest();
const profile = JSON.parse(readFileSync(file, 'utf8')) as Profile;

/** A package's name from a script's URL: node_modules/<name>, our own folders, or Node's own. */
function packageOf(url: string, functionName: string): string {
  if (!url) return functionName.startsWith('(') ? functionName : '(native)';
  const inModules = url.match(/node_modules\/((?:@[^/]+\/)?[^/]+)/);
  if (inModules?.[1]) return inModules[1];
  if (url.startsWith('node:')) return 'node:internals';
  const ours = url.match(/apps\/server\/(src|bench)\/([^/]+)/);
  if (ours) return `fieldbook ${ours[1]}/${ours[2]}`;
  if (url.includes('packages/domain')) return 'fieldbook domain';
  return url;
}

const byId = new Map(profile.nodes.map((node) => [node.id, node]));
const selfTime = new Map<number, number>();
profile.samples.forEach((id, i) => {
  selfTime.set(id, (selfTime.get(id) ?? 0) + (profile.timeDeltas[i] ?? 0));
});
const total = [...selfTime.values()].reduce((sum, time) => sum + time, 0);
const idle = [...selfTime.entries()]
  .filter(([id]) => byId.get(id)?.callFrame.functionName === '(idle)')
  .reduce((sum, [, time]) => sum + time, 0);
const busy = total - idle;

const add = (map: Map<string, number>, key: string, time: number) => map.set(key, (map.get(key) ?? 0) + time);
const packages = new Map<string, number>();
const functions = new Map<string, number>();
for (const [id, time] of selfTime) {
  const node = byId.get(id);
  if (!node || node.callFrame.functionName === '(idle)') continue;
  const { functionName, url, lineNumber } = node.callFrame;
  const pkg = packageOf(url, functionName);
  add(packages, pkg, time);
  add(functions, `${functionName || '(anonymous)'}  ${pkg}${url ? `:${lineNumber + 1}` : ''}`, time);
}

const share = (time: number) => `${((100 * time) / busy).toFixed(1).padStart(5)} %`;
const top = (map: Map<string, number>, n: number) =>
  [...map.entries()]
    .sort((a, b) => b[1] - a[1])
    .slice(0, n)
    .map(([name, time]) => `${share(time)}  ${(time / 1000).toFixed(0).padStart(7)} ms  ${name}`);

console.log(`${file}: ${(total / 1e6).toFixed(1)} s sampled, ${((100 * busy) / total).toFixed(0)} % busy`);
console.log('\nBusy time by package (self time):');
for (const line of top(packages, 20)) console.log(`  ${line}`);
console.log('\nBusy time by function (self time):');
for (const line of top(functions, 30)) console.log(`  ${line}`);
