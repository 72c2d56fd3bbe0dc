/**
 * After `vite build`: writes a brotli (.br) and a gzip (.gz) copy next to every text file of the build, so the
 * server sends them as they are (`preCompressed` in apps/server/src/platform/web/web-app.ts) without compressing on
 * each request. Files under 1 KiB are left alone: compressing them saves nothing worth a header.
 *
 * The gzip copies are Zopfli's (`@gfx/zopfli`): any gzip reader reads them, and they are 3-4 % smaller than zlib's
 * level 9 (the shell chunk 129.2 KB against 134.0 KB). Zopfli is slow (about 15 s for the whole build on one
 * core), so the files are shared among a worker thread per core.
 */
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { isMainThread, parentPort, Worker, workerData } from 'node:worker_threads';
import { brotliCompressSync, constants } from 'node:zlib';
import { gzipAsync } from '@gfx/zopfli';

const TEXT = /\.(js|mjs|css|html|svg|json|txt|webmanifest)$/;

interface Sizes {
  original: number;
  brotli: number;
  gzip: number;
}

function* files(dir: string): Generator<string> {
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) yield* files(path);
    else yield path;
  }
}

/** Compresses `paths` (in a worker): their sizes before and after. */
async function compress(paths: string[]): Promise<Sizes> {
  const sizes: Sizes = { original: 0, brotli: 0, gzip: 0 };
  for (const path of paths) {
    const content = readFileSync(path);
    const br = brotliCompressSync(content, {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
        [constants.BROTLI_PARAM_SIZE_HINT]: content.length,
      },
    });
    const gz = await gzipAsync(content, { numiterations: 15 });
    writeFileSync(`${path}.br`, br);
    writeFileSync(`${path}.gz`, gz);
    sizes.original += content.length;
    sizes.brotli += br.length;
    sizes.gzip += gz.length;
  }
  return sizes;
}

if (isMainThread) {
  /** The build to compress: `dist` by default, or the directory given (a build made with `--outDir`). */
  const dist = process.argv[2] ?? fileURLToPath(new URL('../dist', import.meta.url));
  const texts = [...files(dist)]
    .filter((path) => TEXT.test(path))
    .map((path) => ({ path, size: statSync(path).size }))
    .filter(({ size }) => size >= 1024)
    .sort((a, b) => b.size - a.size);
  // Largest first, each to the worker with the least so far.
  const shares = Array.from({ length: Math.min(availableParallelism(), texts.length) }, () => ({
    paths: [] as string[],
    size: 0,
  }));
  for (const text of texts) {
    const least = shares.reduce((a, b) => (b.size < a.size ? b : a));
    least.paths.push(text.path);
    least.size += text.size;
  }
  const results = await Promise.all(
    shares.map(
      ({ paths }) =>
        new Promise<Sizes>((resolve, reject) => {
          const worker = new Worker(new URL(import.meta.url), { workerData: paths });
          worker.once('message', resolve);
          worker.once('error', reject);
          worker.once('exit', (code) =>
            reject(new Error(`A compression worker stopped (exit code ${code}).`)),
          );
        }),
    ),
  );
  const total = (key: keyof Sizes) => results.reduce((sum, sizes) => sum + sizes[key], 0);
  const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KiB`;
  console.log(
    `compressed ${kb(total('original'))} of text: brotli ${kb(total('brotli'))}, gzip ${kb(total('gzip'))}`,
  );
} else {
  parentPort?.postMessage(await compress(workerData as string[]));
}
