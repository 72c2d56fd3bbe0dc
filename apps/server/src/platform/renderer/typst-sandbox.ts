// The child process that renders documents (started by renderer.ts, never imported). Templates are untrusted
// code: this process runs one render at a time, under the parent's time limit and an address-space limit
// (`ulimit -v`), with an environment that holds no secret and routes any package download to a closed port
// on loopback. Its workspace is an empty folder, so a template reads nothing but the images handed to it (shadow
// files, in memory) and the fonts below.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { NodeCompiler, type NodeError } from '@myriaddreamin/typst-ts-node-compiler';
import type { RenderJob, RenderOutcome, TemplateProblem } from './render-protocol.ts';
import { MAX_PAGES, MAX_PROBLEMS, packageImportProblem } from './render-protocol.ts';
import { woffToSfnt } from './woff-fonts.ts';

const workspace = process.argv[2];
if (!workspace || !process.send) throw new Error('typst-sandbox runs as a child of renderer.ts');

/** The fonts documents use (Source Sans 3, OFL), shipped as the `source-sans` package. */
const FONT_FILES = ['Regular', 'It', 'Semibold', 'SemiboldIt', 'Bold', 'BoldIt'].map((style) =>
  readFileSync(new URL(import.meta.resolve(`source-sans/TTF/SourceSans3-${style}.ttf`))),
);

/**
 * Emoji in a customer's name or a line ("Call-out 🚐"), in black and white (Noto Emoji, OFL): the compiler falls
 * back to it for what Source Sans 3 lacks. Published as web fonts only (`@fontsource/noto-emoji`, one file per range
 * of characters), so each is written back out as the OpenType font the compiler reads.
 */
const EMOJI_DIR = new URL(
  './',
  import.meta.resolve('@fontsource/noto-emoji/files/noto-emoji-emoji-400-normal.woff'),
);
const EMOJI_FILES = readdirSync(EMOJI_DIR)
  .filter((name) => name.endsWith('-400-normal.woff'))
  .map((name) => woffToSfnt(readFileSync(new URL(name, EMOJI_DIR))));

const compiler = NodeCompiler.create({
  workspace,
  fontArgs: [{ fontBlobs: [...FONT_FILES, ...EMOJI_FILES] }],
});
const mainFile = join(workspace, 'template.typ');

interface Diagnostic {
  message: string;
  severity: number;
  range: { start: { line: number } } | null;
  hints?: string[];
}

/** The compiler's errors, each with its line in the template (1-based), packages named plainly. */
function problemsOf(error: NodeError): TemplateProblem[] {
  const diagnostics = compiler.fetchDiagnostics(error) as Diagnostic[];
  return diagnostics
    .filter((diagnostic) => diagnostic.severity === 1)
    .slice(0, MAX_PROBLEMS)
    .map((diagnostic) => {
      const line = diagnostic.range ? diagnostic.range.start.line + 1 : null;
      const blocked = /package/.test(diagnostic.message) ? packageImportProblem(null).message : null;
      // Paths are the template's own ("/etc/passwd"), not where the empty workspace happens to be.
      return { line, message: blocked ?? diagnostic.message.replaceAll(workspace as string, '') };
    });
}

function render({ body, data, files, format }: RenderJob): RenderOutcome {
  compiler.resetShadow();
  compiler.mapShadow(mainFile, Buffer.from(body));
  for (const [path, bytes] of Object.entries(files))
    compiler.mapShadow(join(workspace as string, path), Buffer.from(bytes));
  const result = compiler.compile({ mainFilePath: mainFile, inputs: { data } });
  const document = result.result;
  if (result.hasError() || !document) {
    const error = result.takeError();
    return {
      ok: false,
      kind: 'compile',
      problems: error ? problemsOf(error) : [{ line: null, message: 'The template did not compile.' }],
    };
  }
  const pages = document.numOfPages;
  if (pages > MAX_PAGES) return { ok: false, kind: 'pages', pages };
  const output = format === 'svg' ? compiler.svg(document) : new Uint8Array(compiler.pdf(document));
  return { ok: true, output, pages };
}

process.on('message', (job: RenderJob & { id: number }) => {
  let outcome: RenderOutcome;
  try {
    outcome = render(job);
  } catch (error) {
    outcome = {
      ok: false,
      kind: 'compile',
      problems: [{ line: null, message: error instanceof Error ? error.message : String(error) }],
    };
  }
  // The compiler's cache keeps what the last 50 renders used (about 190 MB after 1,500 different invoices). It is
  // trimmed once the answer has gone, so no render waits for it (a millisecond or two).
  process.send?.({ id: job.id, ...outcome }, () => compiler.evictCache(50));
});
process.send({ ready: true });
