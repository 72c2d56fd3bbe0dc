import { execFile } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test-support/test-app.ts';

const run = promisify(execFile);
const root = fileURLToPath(new URL('../../../../../', import.meta.url));
const bin = (name: string) => join(root, 'node_modules/.bin', name);
const clientDir = fileURLToPath(new URL('../../../openapi-client/', import.meta.url));

interface Operation {
  operationId?: string;
  summary?: string;
  responses: Record<string, { headers?: Record<string, unknown>; content?: unknown }>;
  security?: unknown[];
}

let t: TestApp;
let document: { servers?: unknown[]; paths: Record<string, Record<string, Operation>> };
let specFile: string;
let scratch: string;

beforeAll(async () => {
  t = await createTestApp({ PUBLIC_URL: 'https://app.fieldbook.test' });
  const response = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
  document = response.json();
  scratch = mkdtempSync(join(tmpdir(), 'fieldbook-openapi-'));
  specFile = join(scratch, 'openapi.json');
  writeFileSync(specFile, response.body);
});
afterAll(async () => {
  await t.close();
  rmSync(scratch, { recursive: true, force: true });
});

const operations = () =>
  Object.entries(document.paths).flatMap(([path, methods]) =>
    Object.entries(methods).map(([method, operation]) => ({
      name: `${method.toUpperCase()} ${path}`,
      operation,
    })),
  );

describe('the OpenAPI document', () => {
  it('names and summarises every operation, and declares its errors with the one error schema', () => {
    const ids = new Set<string>();
    for (const { name, operation } of operations()) {
      expect([name, operation.operationId]).toEqual([name, expect.stringMatching(/^[a-z][A-Za-z]+$/)]);
      expect([name, operation.summary]).toEqual([name, expect.any(String)]);
      ids.add(operation.operationId ?? '');
      const errors = Object.entries(operation.responses).filter(([status]) => Number(status) >= 400);
      // A public page's operations (`/public/...`) need no sign-in: they say so, and cannot answer 401.
      const open = name.includes(' /api/public/');
      expect([name, errors.map(([status]) => status)]).toEqual([
        name,
        open ? expect.not.arrayContaining(['401']) : expect.arrayContaining(['401', '500']),
      ]);
      expect([name, operation.security]).toEqual([name, open ? [] : undefined]);
      for (const [, response] of errors) {
        expect(JSON.stringify(response.content)).toContain('"#/components/schemas/Error"');
      }
    }
    expect(ids.size).toBe(operations().length);
    expect(document.servers).toEqual([{ url: 'https://app.fieldbook.test', description: 'This server' }]);
  });

  it('declares Total-Count, Total-Count-Relation and Link on every list response', () => {
    const lists = operations().filter(({ operation }) => operation.operationId?.startsWith('list'));
    expect(lists.map(({ name }) => name)).toEqual([
      'GET /api/customers',
      'GET /api/locations',
      'GET /api/items',
      'GET /api/tax-rates',
      'GET /api/jobs',
      'GET /api/territories',
      'GET /api/technicians',
      'GET /api/sales/invoices',
      'GET /api/payments',
      'GET /api/sales/quotes',
      'GET /api/templates',
      'GET /api/members',
      'GET /api/invitations',
      'GET /api/outbox',
    ]);
    for (const { operation } of lists) {
      expect(Object.keys(operation.responses['200']?.headers ?? {})).toEqual([
        'Total-Count',
        'Total-Count-Relation',
        'Link',
      ]);
    }
  });

  it('declares the PDFs as application/pdf, binary, and the preview as a PDF or SVG', () => {
    const pdf = { 'application/pdf': { schema: { type: 'string', format: 'binary' } } };
    const ok = (path: string, method: string) => document.paths[path]?.[method]?.responses['200']?.content;
    expect(ok('/api/sales/invoices/{id}/pdf', 'get')).toEqual(pdf);
    expect(ok('/api/jobs/{id}/pdf', 'get')).toEqual(pdf);
    expect(ok('/api/templates/preview', 'post')).toEqual({
      ...pdf,
      'image/svg+xml': { schema: { type: 'string' } },
    });
  });

  it('declares the Xero files as text/csv, with the headers that say what they hold', () => {
    const ok = (path: string) => document.paths[path]?.get?.responses['200'];
    const csv = { 'text/csv': { schema: { type: 'string' } } };
    expect(ok('/api/exports/xero/invoices')?.content).toEqual(csv);
    expect(Object.keys(ok('/api/exports/xero/invoices')?.headers ?? {})).toEqual([
      'Xero-Amounts-Are',
      'Xero-Count',
      'Xero-Other-Count',
      'Xero-Other-Rate-Count',
    ]);
    expect(ok('/api/exports/xero/payments')?.content).toEqual(csv);
    expect(Object.keys(ok('/api/exports/xero/payments')?.headers ?? {})).toEqual(['Xero-Count']);
  });

  it('declares the receivables report’s page headers, and its CSV as text/csv', () => {
    const ok = (path: string) => document.paths[path]?.get?.responses['200'];
    expect(Object.keys(ok('/api/reports/receivables')?.content ?? {})).toEqual(['application/json']);
    expect(Object.keys(ok('/api/reports/receivables')?.headers ?? {})).toEqual(['Total-Count', 'Link']);
    expect(ok('/api/reports/receivables/csv')?.content).toEqual({
      'text/csv': { schema: { type: 'string' } },
    });
  });

  it('passes redocly lint with the recommended rules, without a warning', async () => {
    const { stdout, stderr } = await run(bin('redocly'), ['lint', specFile, '--format=summary'], {
      env: { ...process.env, REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true' },
    });
    expect(`${stdout}${stderr}`, `${stdout}${stderr}`).not.toMatch(/warning|error/i);
  });

  it('generates TypeScript types that a typed client of a list and a save compiles against', async () => {
    const generated = join(clientDir, 'generated');
    mkdirSync(generated, { recursive: true });
    await run(bin('openapi-typescript'), [specFile, '-o', join(generated, 'api.d.ts')]);
    const check = run(bin('tsc'), ['-p', join(clientDir, 'tsconfig.json')]).catch(
      (error: { stdout?: string }) => error.stdout ?? String(error),
    );
    expect(await check).toEqual({ stdout: '', stderr: '' });
  }, 60_000);
});
