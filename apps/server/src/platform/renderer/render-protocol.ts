// What the server and its render processes (typst-sandbox.ts) say to each other, and the limits of a render.

/** The longest a render may take before its process is stopped (the issue's 2 s). */
export const RENDER_TIME_LIMIT_MS = 2_000;
/**
 * The address space a render process may use (`ulimit -v`). Node and the compiler reserve about 1 GB of it
 * before rendering anything (VmSize, measured), so 2 GiB leaves a render about 1 GB.
 */
export const RENDER_MEMORY_LIMIT_KB = 2 * 1024 * 1024;
/** More pages than any invoice or job sheet needs; a template that makes more is refused. */
export const MAX_PAGES = 100;
/**
 * Compiler errors reported for one template: the first. The ones after it are mostly its knock-on effects (one
 * missing bracket gives "unclosed delimiter" and then four "expected comma"), which only hide the cause.
 */
export const MAX_PROBLEMS = 1;

export interface RenderJob {
  /** Typst markup: the template's body. */
  body: string;
  /** `sys.inputs.data`: the record and the organisation as JSON (document-data.ts). */
  data: string;
  /**
   * The images the data names, by their path in the template's workspace ("/logo.png", "/photos/1.jpg"): the
   * organisation's logo, a job's photos and signature. They are the only files a template can read.
   */
  files: Record<string, Uint8Array>;
  format: 'pdf' | 'svg';
}

/** One compiler error: its message and its line in the template (1-based; null when it has none). */
export interface TemplateProblem {
  line: number | null;
  message: string;
}

export type RenderOutcome =
  | { ok: true; output: Uint8Array | string; pages: number }
  | { ok: false; kind: 'compile'; problems: TemplateProblem[] }
  | { ok: false; kind: 'pages'; pages: number };

/** `#import "@preview/cetz:0.3.1"` and the like: a package, which a template may not load. */
const PACKAGE_IMPORT = /\b(?:import|include)\s+"(@[a-z0-9-]+\/[^"\s]+)"/i;

/** The problem of a template that imports a package (named when known). */
export function packageImportProblem(spec: string | null, line: number | null = null): TemplateProblem {
  return {
    line,
    message:
      `Templates cannot import packages${spec ? ` (${spec})` : ''}: ` +
      'a template has only Typst itself, the record, its images and the built-in fonts.',
  };
}

/** A package named in the template as text, found before any render: the common case, said plainly. */
export function findPackageImport(body: string): TemplateProblem | null {
  const lines = body.split('\n');
  for (const [index, text] of lines.entries()) {
    const spec = PACKAGE_IMPORT.exec(text)?.[1];
    if (spec) return packageImportProblem(spec, index + 1);
  }
  return null;
}
