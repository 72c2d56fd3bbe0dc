import { randomBytes } from 'node:crypto';
import { AREAS, operationArea, ROLES, type Role, roleMayUse } from '@fieldbook/domain';
import { uuidv7 } from 'uuidv7';
import { beforeAll, describe, expect, it } from 'vitest';
import { bearer, signAccessToken, type TenantWithUser } from '../../test-support/factories.ts';
import type { TestApp } from '../../test-support/test-app.ts';
import { withTwoTenants } from '../../test-support/two-tenants.ts';
import { createUser } from '../identity/accounts.ts';
import { memberships } from './team-tables.ts';

// Every operation of the OpenAPI document, for each role, against the one table of who may do what (`AREAS` in
// packages/domain): an operation the table does not name fails here, so a new endpoint cannot go without its
// line. Records are named by ids that do not exist, so a role the table allows gets past the role check to a 404
// (nothing is changed), and one it does not gets 403; request bodies are valid, so neither is a 400.

let t: TestApp;
let a: TenantWithUser;
withTwoTenants((env) => ({ t, a } = env));

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
const unique = () => randomBytes(4).toString('hex');
const TEMPLATE = {
  type: 'typst',
  document: 'invoice',
  body: '= Invoice #json(bytes(sys.inputs.data)).invoice.number',
};

const PAYMENT = { date: '2026-11-20', amount: '12.50', method: 'CARD', reference: "O'Brien & Sons" };

/** The query string of each operation that needs one to answer (its required parameters). */
const QUERIES: Record<string, string> = {
  'GET /addresses/suggest': '?q=richmond',
  'POST /jobs/{id}/attachments': '?filename=walk.pdf',
  'GET /exports/xero/invoices': '?from=2026-11-01&to=2026-11-30',
  'GET /exports/xero/payments': '?from=2026-11-01&to=2026-11-30',
  'GET /customers/{id}/statement': '?asAt=2026-11-30',
};

const tokens = {} as Record<Role, string>;
let operations: { method: Method; path: string }[] = [];
let customerId = '';
/** A saved record of each collection, as the Owner reads it: the body of a save over another id. */
const saved: Record<string, Record<string, unknown>> = {};

const call = (token: string, method: Method, url: string, payload?: unknown) =>
  t.app.inject({
    method,
    url,
    headers: bearer(token),
    ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
  });

async function memberWith(role: Role, technicianId: string | null): Promise<string> {
  const user = await createUser(t.database.db, {
    email: `walk-${unique()}@example.test`,
    name: `Walk ${role}`,
    password: `pw-${unique()}-secret`,
  });
  await t.database.db
    .insert(memberships)
    .values({ tenantId: a.tenant.tenantId, subject: user.id, role, technicianId, email: user.email });
  return signAccessToken(t, { sub: user.id, tenantId: a.tenant.tenantId });
}

/** A valid body for each operation that takes one (a save is a record read back, under another id). */
function bodyOf(method: Method, path: string, id: string): unknown {
  if (method === 'PUT' && path === '/jobs/{id}/notes/{noteId}')
    return { text: 'Walked', updated: new Date().toISOString() };
  if (method === 'PUT' && path === '/jobs/{id}/signature') return { customerNotPresent: true };
  if (method === 'PUT' && path === '/sales/invoices/{id}/payments/{paymentId}')
    return { ...PAYMENT, updated: new Date().toISOString() };
  if (method === 'PUT') {
    const collection = path.replace(/\/\{id\}$/, '');
    const record = saved[collection];
    if (!record) throw new Error(`The walk has no saved record for ${method} ${path}: add it to beforeAll`);
    return collection === '/organisation' ? record : { ...record, id };
  }
  if (method !== 'POST') return undefined;
  const bodies: Record<string, unknown> = {
    '/tenants': { name: `Walk ${unique()}` },
    '/invitation-links/preview': { token: unique() },
    '/invitation-links/accept': { token: unique() },
    '/customers': { name: `O'Brien & Sons ${unique()}` },
    '/locations': { customer: { id: customerId }, name: 'Unit 4', country: 'Australia' },
    '/items': { code: unique(), description: 'Washer', price: '1.50' },
    '/tax-rates': { name: `Tax ${unique()}`, rate: '5' },
    '/jobs': { customer: { id: customerId } },
    '/jobs/{id}/notes': { text: 'Gate code 4417 & the dog is friendly.' },
    '/jobs/{id}/departures': { arrivalMinutes: 30, notify: false },
    '/jobs/{id}/attachments': {},
    '/sales/invoices/{id}/payments': PAYMENT,
    '/technicians': { name: `Tech ${unique()}` },
    '/sales/invoices': {
      customer: { id: customerId },
      date: '2026-11-25',
      due: '2026-12-09',
      lineItems: [{ description: 'Call-out', quantity: '1', price: '120' }],
    },
    '/sales/quotes': {
      customer: { id: customerId },
      date: '2026-11-25',
      title: 'Replace the hot water system',
      lineItems: [{ description: 'Heat pump', quantity: '1', price: '3200', option: 'Option A: heat pump' }],
    },
    // Made from an Accepted quote: no body (the walk's random id is a 404 once past the role check).
    '/sales/quotes/{id}/job': undefined,
    '/sales/quotes/{id}/invoice': undefined,
    // Queues a failed message again: no body (the walk's random id is a 404 once past the role check).
    '/outbox/{id}/resend': undefined,
    '/sales/quotes/{id}/emails': { to: 'accounts@example.test', subject: 'Quote', message: 'Attached.' },
    // A quote's public page: the walk's random token is a 404 for everyone, signed in or not.
    '/public/quotes/{token}/accept': { name: "Siobhan O'Reilly", acceptTerms: true },
    '/public/quotes/{token}/decline': { reason: 'Too dear & too late' },
    '/sales/invoices/{id}/emails': { to: 'accounts@example.test', subject: 'Invoice', message: 'Attached.' },
    '/customers/{id}/statement/emails': {
      to: 'accounts@example.test',
      subject: 'Statement',
      message: 'Attached.',
      asAt: '2026-11-30',
    },
    '/templates': { name: `Walk ${unique()}`, ...TEMPLATE },
    '/templates/preview': { name: 'Preview', ...TEMPLATE },
    '/invitations': { email: `invited-${unique()}@example.test`, role: 'OFFICE' },
  };
  if (!(path in bodies)) throw new Error(`The walk has no request body for POST ${path}: add one`);
  return bodies[path];
}

beforeAll(async () => {
  const document = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json() as {
    paths: Record<string, Record<string, unknown>>;
  };
  operations = Object.entries(document.paths).flatMap(([path, methods]) =>
    Object.keys(methods).map((method) => ({
      method: method.toUpperCase() as Method,
      path: path.replace(/^\/api/, ''),
    })),
  );
  const technicians = (await call(a.token, 'GET', '/api/technicians')).json() as { id: string }[];
  tokens.OWNER = a.token;
  tokens.OFFICE = await memberWith('OFFICE', null);
  tokens.TECHNICIAN = await memberWith('TECHNICIAN', technicians[0]?.id ?? null);

  customerId = (await call(a.token, 'POST', '/api/customers', bodyOf('POST', '/customers', ''))).json().id;
  for (const path of ['/items', '/sales/invoices', '/sales/quotes', '/invitations'])
    expect((await call(a.token, 'POST', `/api${path}`, bodyOf('POST', path, ''))).statusCode).toBe(201);
  // A job as a save needs it: with a site, a territory and a priority.
  const location = (await call(a.token, 'POST', '/api/locations', bodyOf('POST', '/locations', ''))).json();
  const [priority] = (await call(a.token, 'GET', '/api/job-priorities')).json();
  const [territory] = (await call(a.token, 'GET', '/api/territories')).json();
  const job = await call(a.token, 'POST', '/api/jobs', {
    customer: { id: customerId },
    location: { id: location.id },
    priority: { id: priority.id },
    territory: { id: territory.id },
  });
  expect(job.statusCode, job.body).toBe(201);
  for (const path of [
    '/customers',
    '/locations',
    '/items',
    '/tax-rates',
    '/jobs',
    '/technicians',
    '/sales/invoices',
    '/sales/quotes',
    '/templates',
    '/members',
    '/invitations',
  ]) {
    const [{ id }] = (await call(a.token, 'GET', `/api${path}`)).json();
    saved[path] = (await call(a.token, 'GET', `/api${path}/${id}`)).json();
  }
  saved['/organisation'] = (await call(a.token, 'GET', '/api/organisation')).json();
});

describe('the role table', () => {
  it('names every operation of the API in exactly one area', () => {
    expect(operations.length).toBeGreaterThan(60);
    const unnamed = operations
      .map(({ method, path }) => `${method} ${path}`)
      .filter((operation) => operationArea(operation) === undefined);
    expect(unnamed, 'operations with no line in AREAS (packages/domain/src/permissions.ts)').toEqual([]);
    const named = Object.values(AREAS).flatMap((area) => [...area.operations]);
    expect(new Set(named).size, 'an operation named by two areas').toBe(named.length);
    const served = new Set(operations.map(({ method, path }) => `${method} ${path}`));
    expect(named.filter((operation) => !served.has(operation))).toEqual([]);
  });

  it('walks every operation for each role: allowed gets past the role check, refused is 403', async () => {
    const wrong: string[] = [];
    for (const { method, path } of operations) {
      const area = operationArea(`${method} ${path}`);
      if (area === undefined) continue;
      for (const role of ROLES) {
        const id = uuidv7();
        const query = QUERIES[`${method} ${path}`] ?? '';
        const filled = path
          .replace('{id}', id)
          .replace('{index}', '0')
          .replace('{noteId}', uuidv7())
          .replace('{attachmentId}', uuidv7())
          .replace('{token}', 'A'.repeat(32));
        const url = `/api${filled}${query}`;
        const response = await call(tokens[role], method, url, bodyOf(method, path, id));
        const what = `${role} ${method} ${path}: ${response.statusCode} ${response.body.slice(0, 200)}`;
        if (!roleMayUse(role, area)) {
          if (response.statusCode !== 403) wrong.push(`refused, but ${what}`);
          continue;
        }
        // Past the role check: a record by an id that does not exist is not found, anything else answers.
        const { statusCode } = response;
        const passed =
          AREAS[area].access === 'signedIn'
            ? statusCode !== 403 && statusCode < 500
            : path.includes('{id}') || path.includes('{token}')
              ? statusCode === 404
              : statusCode < 300;
        if (!passed) wrong.push(`allowed, but ${what}`);
      }
    }
    expect(wrong).toEqual([]);
  });

  it('refuses a Technician every job delete, their own jobs included, and keeps the job', async () => {
    const [technician] = (await call(a.token, 'GET', '/api/technicians')).json() as { id: string }[];
    for (const assignee of [technician?.id, null]) {
      const job = await call(a.token, 'POST', '/api/jobs', { customer: { id: customerId }, assignee });
      expect(job.statusCode, job.body).toBe(201);
      const removed = await call(tokens.TECHNICIAN, 'DELETE', `/api/jobs/${job.json().id}`);
      expect(removed.statusCode, removed.body).toBe(403);
      expect(removed.json()).toMatchObject({ error: 'FORBIDDEN' });
      expect((await call(a.token, 'GET', `/api/jobs/${job.json().id}`)).statusCode).toBe(200);
    }
  });
});
