import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { apiAs } from '../../test-support/api-client.ts';
import { createTenantWithUser } from '../../test-support/factories.ts';
import { createTestApp, type TestApp } from '../../test-support/test-app.ts';
import { createRenderer, type Renderer, type RenderResult } from './renderer.ts';

/** This very file, by its absolute path on the server. */
const SERVER_FILE = fileURLToPath(import.meta.url);

const NORMAL = '#let data = json(bytes(sys.inputs.data))\n= Invoice #data.invoice.number';

/**
 * Templates are untrusted code. Each of these ends with a clear 4xx, while a normal render beside it succeeds:
 * the compiler refuses it, or a limit stops its process (`ended`, as the renderer reports it). The renderer stops
 * every render at its time limit and reports that as `time`, so a render that ended otherwise ended within it.
 */
const CORPUS: {
  name: string;
  body: string;
  status: number;
  message: RegExp;
  ended: Exclude<RenderResult, { ok: true }>['kind'];
}[] = [
  {
    name: "reads the server's /etc/passwd",
    body: '#read("/etc/passwd")',
    status: 400,
    message: /^Line 1: file not found \(searched at \/etc\/passwd\)$/,
    ended: 'compile',
  },
  {
    name: "reads the server's own source by its absolute path",
    body: `#read("${SERVER_FILE}")`,
    status: 400,
    message: /^Line 1: file not found/,
    ended: 'compile',
  },
  {
    name: 'climbs out of its folder',
    body: '#read("../../package.json")',
    status: 400,
    message: /^Line 1: failed to load file \(access denied\)/,
    ended: 'compile',
  },
  {
    name: 'imports a package',
    body: '#import "@preview/cetz:0.3.1": canvas\n#canvas({})',
    status: 400,
    message: /^Line 1: Templates cannot import packages \(@preview\/cetz:0\.3\.1\)/,
    ended: 'compile',
  },
  {
    name: 'imports a package by a name it builds',
    body: '#let spec = "@pre" + "view/tablex:0.0.8"\n#import spec: tablex',
    status: 400,
    message: /^Line 2: Templates cannot import packages/,
    ended: 'compile',
  },
  {
    name: 'recurses without end',
    body: '#let f(n) = f(n + 1)\n#f(0)',
    status: 400,
    message: /maximum function call depth exceeded/,
    ended: 'compile',
  },
  {
    name: 'loops for longer than the limit',
    body: '#let n = 0\n#for i in range(30000) { for j in range(30000) { n += 1 } }\n#n',
    status: 422,
    message: /^The template took longer than 2 seconds to render, so it was stopped\.$/,
    ended: 'time',
  },
  {
    // Ten times the limit, laid out in a fraction of the time limit (10,000 pages take about as long as it).
    name: 'makes 1,000 pages',
    body: '#for i in range(1000) [Page #i #pagebreak()]',
    status: 422,
    message: /^The template makes 1,001 pages; a document may have at most 100\.$/,
    ended: 'pages',
  },
  {
    name: 'builds a huge string',
    body: '#let s = "x" * 4000000000\n#s.len()',
    status: 422,
    message: /^The template needed more memory than a document may use, so it was stopped\.$/,
    ended: 'memory',
  },
];

/** The renderer, telling `ended` how each render ended, by its template's body. */
function recording(renderer: Renderer, ended: Map<string, RenderResult>): Renderer {
  return {
    ...renderer,
    async render(job, tenantId) {
      const result = await renderer.render(job, tenantId);
      ended.set(job.body, result);
      return result;
    },
  };
}

describe('a template in the sandbox', () => {
  let t: TestApp;
  let token: string;
  const ended = new Map<string, RenderResult>();

  it.each(CORPUS)(
    'that $name ends with a clear 4xx, refused or stopped by a limit, while a normal render succeeds',
    async (attack) => {
      t ??= await createTestApp({}, { renderer: recording(createRenderer(), ended) });
      token ??= (await createTenantWithUser(t)).token;
      const api = apiAs(t, token);
      const form = (body: string) => ({ name: 'Probe', type: 'typst', document: 'invoice', body });
      const [hostile, normal] = await Promise.all([
        api.post('/api/templates/preview', form(attack.body)),
        api.post('/api/templates/preview', form(NORMAL)),
      ]);
      expect(ended.get(attack.body)).toMatchObject({ ok: false, kind: attack.ended });
      expect(hostile.statusCode, hostile.body).toBe(attack.status);
      const body = hostile.json();
      const message = attack.status === 400 ? body.fieldErrors[0].message : body.message;
      expect(message).toMatch(attack.message);
      expect(normal.statusCode).toBe(200);
      expect(normal.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    },
  );

  it('sends a package download to its proxy on loopback, never out, and fails the render', async () => {
    const asked: string[] = [];
    const proxy = createServer();
    proxy.on('connect', (request, socket) => {
      asked.push(request.url ?? '');
      socket.end('HTTP/1.1 403 Forbidden\r\n\r\n');
    });
    await new Promise<void>((resolve) => proxy.listen(0, '127.0.0.1', resolve));
    const { port } = proxy.address() as AddressInfo;
    const renderer = createRenderer({ processes: 1, packageProxy: `http://127.0.0.1:${port}` });
    try {
      const result = await renderer.render(
        {
          body: '#let spec = "@pre" + "view/cetz:0.3.1"\n#import spec: canvas',
          data: '{}',
          files: {},
          format: 'svg',
        },
        'tenant',
      );
      expect(result).toMatchObject({ ok: false, kind: 'compile' });
      expect(asked).toEqual(['packages.typst.org:443']);
    } finally {
      await renderer.close();
      proxy.close();
    }
  });

  it("uses only the fonts the product hands it, not the machine's", async () => {
    const renderer = createRenderer({ processes: 1 });
    try {
      // DejaVu and Liberation come with Chromium's Debian packages, so a compiler that read the system's fonts
      // would embed them here.
      const result = await renderer.render(
        {
          body: '#text(font: "DejaVu Serif")[a] #text(font: "Liberation Sans")[b] #text(font: "Source Sans 3")[c]',
          data: '{}',
          files: {},
          format: 'pdf',
        },
        'tenant',
      );
      if (!result.ok) throw new Error(JSON.stringify(result));
      const pdf = Buffer.from(result.output as Uint8Array).toString('latin1');
      expect(pdf).toContain('SourceSans3');
      expect(pdf).not.toMatch(/DejaVuSerif|LiberationSans/);
    } finally {
      await renderer.close();
    }
  });

  it('carries on after a render process is killed: the next render starts a new one', async () => {
    const renderer = createRenderer({ processes: 1, timeLimitMs: 300 });
    try {
      const slow = await renderer.render(
        {
          body: '#let n = 0\n#for i in range(30000) { for j in range(30000) { n += 1 } }',
          data: '{}',
          files: {},
          format: 'pdf',
        },
        'tenant',
      );
      expect(slow).toEqual({ ok: false, kind: 'time' });
      const next = await renderer.render({ body: 'Hello', data: '{}', files: {}, format: 'pdf' }, 'tenant');
      expect(next).toMatchObject({ ok: true, pages: 1 });
    } finally {
      await renderer.close();
      await t?.close();
    }
  });
});
