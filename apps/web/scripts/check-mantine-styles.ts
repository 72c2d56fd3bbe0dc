/**
 * The app imports Mantine's styles per component (src/app/mantine-styles.css). This check, run after the build,
 * fails when the built JavaScript uses a Mantine class whose styles are not in the built CSS, and names the
 * file of @mantine/core/styles to add, so a new component is never shown unstyled.
 *
 *   node scripts/check-mantine-styles.ts [build directory, default dist]
 */
import { readdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';

const dist = process.argv[2] ?? join(import.meta.dirname, '..', 'dist');
const stylesDir = join(dirname(createRequire(import.meta.url).resolve('@mantine/core/styles.css')), 'styles');
const mantineClass = /\bm_[0-9a-f]{6,8}\b/g;

const built = (extension: string) =>
  readdirSync(join(dist, 'assets'))
    .filter((file) => file.endsWith(extension))
    .map((file) => readFileSync(join(dist, 'assets', file), 'utf8'))
    .join('\n');

const usedByCode = new Set(built('.js').match(mantineClass));
const styled = new Set(built('.css').match(mantineClass));
const styleFiles = readdirSync(stylesDir).filter(
  (file) => file.endsWith('.css') && !file.endsWith('.layer.css'),
);
const classesOf = (file: string) => readFileSync(join(stylesDir, file), 'utf8').match(mantineClass) ?? [];
const missing = styleFiles.filter((file) =>
  classesOf(file).some((name) => usedByCode.has(name) && !styled.has(name)),
);
// The first screen writes some of Mantine's classes itself (PlainButton, ErrorAlert, …): one that no stylesheet of
// this Mantine version has any more (renamed in an upgrade) would leave its element unstyled.
const known = new Set(styleFiles.flatMap(classesOf));
const unknown = [...usedByCode].filter((name) => !known.has(name));
if (unknown.length > 0) {
  console.error(
    `The app uses Mantine classes that no stylesheet of @mantine/core defines: ${unknown.join(', ')}`,
  );
  process.exit(1);
}

if (missing.length > 0) {
  console.error(
    `The app uses Mantine components whose styles are not imported. Add to src/app/mantine-styles.css, in the ` +
      `order of @mantine/core/styles.css: ${missing.map((file) => `@mantine/core/styles/${file}`).join(', ')}`,
  );
  process.exit(1);
}
console.log(`Mantine styles: all ${usedByCode.size} classes the code uses are styled.`);
