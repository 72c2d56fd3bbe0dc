/**
 * After `vite build`: writes a brotli (.br) and a gzip (.gz) copy next to every text file of the build, so the
 * server sends them as they are (`preCompressed` in apps/server/src/platform/web/web-app.ts) without compressing on
 * each request. Files under 1 KiB are left alone: compressing them saves nothing worth a header.
 */
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

/** The build to compress: `dist` by default, or the directory given (a build made with `--outDir`). */
const dist = process.argv[2] ?? fileURLToPath(new URL('../dist', import.meta.url));
const TEXT = /\.(js|mjs|css|html|svg|json|txt|webmanifest)$/;

function* files(dir: string): Generator<string> {
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) yield* files(path);
    else yield path;
  }
}

let original = 0;
let brotli = 0;
let gzip = 0;
for (const path of files(dist)) {
  if (!TEXT.test(path)) continue;
  const content = readFileSync(path);
  if (content.length < 1024) continue;
  const br = brotliCompressSync(content, {
    params: {
      [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
      [constants.BROTLI_PARAM_SIZE_HINT]: content.length,
    },
  });
  const gz = gzipSync(content, { level: 9 });
  writeFileSync(`${path}.br`, br);
  writeFileSync(`${path}.gz`, gz);
  original += content.length;
  brotli += br.length;
  gzip += gz.length;
}
const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KiB`;
console.log(`compressed ${kb(original)} of text: brotli ${kb(brotli)}, gzip ${kb(gzip)}`);
