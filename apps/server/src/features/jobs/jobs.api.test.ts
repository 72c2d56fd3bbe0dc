import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { builtOnce } from '../../platform/db/built-selects.ts';
import { commitTogether, type Tx } from '../../platform/db/database.ts';
import { isDatabaseError, SQLSTATE } from '../../platform/db/postgres-errors.ts';
import { inTenant } from '../../platform/db/tenant-scope.ts';
import { conflict } from '../../platform/http/errors.ts';
import { keptLine } from '../../platform/records/lines.ts';
import { saveWithLines } from '../../platform/records/record-with-lines.ts';
import { apiAs, fieldsOf } from '../../test-support/api-client.ts';
import { withCustomerGoneOnInsert } from '../../test-support/customer-gone.ts';
import { createTenantWithUser, signAccessToken, type TenantWithUser } from '../../test-support/factories.ts';
import { fullJob, type JobWorld, jobWorld } from '../../test-support/job-fixtures.ts';
import { describeRecordEndpoints } from '../../test-support/record-contract.ts';
import { createCustomers, createLocations } from '../../test-support/record-factories.ts';
import type { TestApp } from '../../test-support/test-app.ts';
import { withTwoTenants } from '../../test-support/two-tenants.ts';
import { jobs } from './job-tables.ts';
import { jobWithLines } from './jobs.ts';

let t: TestApp;
let a: TenantWithUser;
let b: TenantWithUser;
let worldA: JobWorld;
let worldB: JobWorld;

withTwoTenants((env) => {
  ({ t, a, b } = env);
});

beforeAll(async () => {
  worldA = await jobWorld(t, a, 'A');
  worldB = await jobWorld(t, b, 'B');
});

const UNKNOWN = '01900000-0000-7000-8000-000000000000';

describeRecordEndpoints(() => ({ t, a, b }), {
  path: '/api/jobs',
  noun: 'job',
  valid: () => fullJob(worldA),
  change: {
    body: { reference: '  Burst pipe ', rag: 'RED', assignee: '' },
    expected: { reference: 'Burst pipe', rag: 'RED', assignee: null },
  },
  invalid: {
    body: {
      customer: { id: 'nope' },
      location: { id: UNKNOWN },
      territory: { id: UNKNOWN },
      priority: { id: UNKNOWN },
      status: 'OPEN_NEW',
      rag: 'BLUE',
    },
    fields: ['customer.id', 'rag'],
  },
});

describe('GET /api/job-priorities and /api/territories', () => {
  it('lists the priorities lowest first, and the default territory of a new organisation', async () => {
    const api = apiAs(t, a.token);
    const priorities = await api.get('/api/job-priorities');
    expect(priorities.statusCode).toBe(200);
    expect(priorities.json().map((p: { name: string }) => p.name)).toEqual([
      'Low',
      'Normal',
      'High',
      'Urgent',
    ]);
    const territories = await api.get('/api/territories?q=*&p=1&s=100');
    expect(territories.json()).toEqual([{ id: expect.any(String), name: 'Local area' }]);
    expect(territories.headers['total-count']).toBe('1');
    expect(territories.headers.link).toContain('rel="first"');
    expect((await api.get('/api/territories?q=nowhere')).json()).toEqual([]);
    expect(worldA.priorities.map((p) => p.id)).not.toEqual(worldB.priorities.map((p) => p.id));
  });

  it('is 401 without a token', async () => {
    const anonymous = apiAs(t, undefined);
    expect((await anonymous.get('/api/job-priorities')).statusCode).toBe(401);
    expect((await anonymous.get('/api/territories')).statusCode).toBe(401);
  });
});

describe('POST /api/jobs', () => {
  it('returns the whole job: number, New, nested names, lines with amounts, and totals', async () => {
    const { token, tenant } = await createTenantWithUser(t);
    const world = await jobWorld(t, { token, tenant } as TenantWithUser, 'N');
    const response = await apiAs(t, token).post('/api/jobs/', {
      ...fullJob(world),
      status: 'CLOSED_COMPLETED',
      items: [
        { code: 'LAB', description: 'Labour', quantity: '3', price: '33.3333', amount: '1.00' },
        { description: 'Tap washers', quantity: 0.1, price: 3 },
        { description: 'Copper pipe', quantity: '1.005', price: '1000' },
        { description: 'Call-out fee', amount: '85.5' },
      ],
      subtotal: '999.99',
      total: '999.99',
    });
    expect(response.statusCode).toBe(201);
    const job = response.json();
    expect(job).toEqual({
      id: expect.any(String),
      number: 1,
      reference: 'PO 4471',
      customer: world.customer,
      location: world.location,
      territory: world.territories[0],
      priority: world.priorities[1],
      status: 'OPEN_NEW',
      rag: 'GREEN',
      due: '2026-11-27T06:00:00.000Z',
      scheduledStart: null,
      scheduledFinish: null,
      actualStart: null,
      actualFinish: null,
      assignee: world.technicians[0]?.id,
      assigneeName: 'SE01',
      items: [
        { code: 'LAB', description: 'Labour', quantity: '3', price: '33.3333', amount: '100.00' },
        { code: null, description: 'Tap washers', quantity: '0.1', price: '3.00', amount: '0.30' },
        { code: null, description: 'Copper pipe', quantity: '1.005', price: '1000.00', amount: '1005.00' },
        { code: null, description: 'Call-out fee', quantity: null, price: null, amount: '85.50' },
      ],
      subtotal: '1190.80',
      tax: '0.00',
      total: '1190.80',
      created: expect.any(String),
      updated: job.created,
    });
    // The answer is the row as inserted and the names read before the insert: the job as it reads back.
    expect((await apiAs(t, token).get(`/api/jobs/${job.id}`)).json()).toEqual(job);
  });

  it('needs only the customer', async () => {
    const response = await apiAs(t, a.token).post('/api/jobs', { customer: { id: worldA.customer.id } });
    expect(response.statusCode).toBe(201);
    expect(response.json()).toMatchObject({ location: null, territory: null, priority: null, items: [] });
    const missing = await apiAs(t, a.token).post('/api/jobs', {});
    expect(missing.statusCode).toBe(400);
    expect(fieldsOf(missing)).toEqual(['customer']);
  });

  it("refuses another tenant's customer, location, territory and priority, each on its field", async () => {
    const response = await apiAs(t, a.token).post(
      '/api/jobs',
      fullJob(worldA, {
        customer: { id: worldB.customer.id },
        location: { id: worldB.location.id },
        territory: { id: worldB.territories[0]?.id },
        priority: { id: worldB.priorities[0]?.id },
      }),
    );
    expect(response.statusCode).toBe(400);
    expect(response.json().fieldErrors).toEqual([
      { field: 'customer.id', message: 'Choose an existing customer.' },
      { field: 'location.id', message: 'Choose an existing location.' },
      { field: 'territory.id', message: 'Choose an existing territory.' },
      { field: 'priority.id', message: 'Choose an existing priority.' },
    ]);
  });

  it('refuses a location of another customer', async () => {
    const response = await apiAs(t, a.token).post(
      '/api/jobs',
      fullJob(worldA, { location: { id: worldA.otherLocation.id } }),
    );
    expect(response.statusCode).toBe(400);
    expect(response.json().fieldErrors).toEqual([
      { field: 'location.id', message: "Choose one of the customer's locations." },
    ]);
  });

  it("is held by the database too: no write, however made, gives a job another customer's location", async () => {
    const created = await apiAs(t, a.token).post('/api/jobs', fullJob(worldA));
    expect(created.statusCode).toBe(201);
    const { id } = created.json() as { id: string };
    const moved = t.database.db.execute(sql`update jobs set customer_id = ${worldA.otherCustomer.id}
      where tenant_id = ${a.tenant.tenantId} and id = ${id}`);
    const error = await moved.then(
      () => undefined,
      (failed: unknown) => failed,
    );
    expect(isDatabaseError(error, [SQLSTATE.foreignKeyViolation], 'jobs_location_fk')).toBe(true);
    const [kept] = await t.database.db.select().from(jobs).where(sql`${jobs.id} = ${id}`);
    expect(kept?.customerId).toBe(worldA.customer.id);
  });

  it('takes ids in capitals as the same records (a UUID is the same in either case)', async () => {
    const upper = (id: string | undefined) => ({ id: id?.toUpperCase() });
    const response = await apiAs(t, a.token).post(
      '/api/jobs',
      fullJob(worldA, {
        customer: upper(worldA.customer.id),
        location: upper(worldA.location.id),
        territory: upper(worldA.territories[0]?.id),
        priority: upper(worldA.priorities[0]?.id),
        assignee: worldA.technicians[0]?.id.toUpperCase(),
      }),
    );
    expect(response.statusCode, response.body).toBe(201);
    expect(response.json()).toMatchObject({
      customer: { id: worldA.customer.id },
      location: { id: worldA.location.id },
      assignee: worldA.technicians[0]?.id,
    });
    expect((await apiAs(t, a.token).get(`/api/jobs/${response.json().id}`)).json()).toEqual(response.json());
  });

  it('refuses bad lines, dates and a finish before its start', async () => {
    const api = apiAs(t, a.token);
    const lines = await api.post('/api/jobs', {
      customer: { id: worldA.customer.id },
      items: [{ description: '', quantity: '1.23456', price: 'ten' }],
      due: 'tomorrow',
    });
    expect(fieldsOf(lines)).toEqual(['due', 'items.0.description', 'items.0.quantity', 'items.0.price']);
    const backwards = await api.post('/api/jobs', {
      customer: { id: worldA.customer.id },
      actualStart: '2026-11-23T10:00:00+11:00',
      actualFinish: '2026-11-23T09:59:59+11:00',
    });
    expect(backwards.json().fieldErrors).toEqual([
      { field: 'actualFinish', message: 'The finish cannot be before the start.' },
    ]);
  });

  it('gives 50 concurrent creates 50 distinct numbers', async () => {
    const { token, tenant } = await createTenantWithUser(t);
    const world = await jobWorld(t, { token, tenant } as TenantWithUser, 'C');
    const api = apiAs(t, token);
    const responses = await Promise.all(
      Array.from({ length: 50 }, () => api.post('/api/jobs', { customer: { id: world.customer.id } })),
    );
    expect(responses.map((response) => response.statusCode)).toEqual(Array(50).fill(201));
    const numbers = responses.map((response) => response.json().number).sort((x, y) => x - y);
    expect(numbers).toEqual(Array.from({ length: 50 }, (_, i) => i + 1));
  });
});

describe('PUT /api/jobs/{id}', () => {
  it('needs customer, location, territory and priority, and refuses a client total', async () => {
    const api = apiAs(t, a.token);
    const job = (await api.post('/api/jobs', { customer: { id: worldA.customer.id } })).json();
    const missing = await api.put(`/api/jobs/${job.id}`, {
      customer: job.customer,
      status: 'OPEN_NEW',
      updated: job.updated,
    });
    expect(missing.statusCode).toBe(400);
    expect(fieldsOf(missing)).toEqual(['location', 'territory', 'priority']);

    const saved = await api.put(`/api/jobs/${job.id}`, {
      ...fullJob(worldA),
      status: 'OPEN_NEW',
      updated: job.updated,
      items: [{ description: 'Labour', quantity: '3', price: '33.3333', amount: '99.99' }],
      total: '1.00',
    });
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toMatchObject({ subtotal: '100.00', total: '100.00', tax: '0.00' });
    expect(saved.json().items).toEqual([
      { code: null, description: 'Labour', quantity: '3', price: '33.3333', amount: '100.00' },
    ]);
  });

  it('is 403 for a caller who is not a member, whatever the id; 404 for a member naming no job', async () => {
    const intruder = apiAs(t, await signAccessToken(t, { sub: b.user.id, tenantId: a.tenant.tenantId }));
    const job = (await apiAs(t, a.token).post('/api/jobs', fullJob(worldA))).json();
    const save = { ...fullJob(worldA), status: 'OPEN_NEW', updated: job.updated };
    for (const id of [job.id, UNKNOWN, 'not-a-uuid']) {
      expect((await intruder.put(`/api/jobs/${id}`, save)).statusCode, id).toBe(403);
      if (id !== job.id)
        expect((await apiAs(t, a.token).put(`/api/jobs/${id}`, save)).statusCode, id).toBe(404);
    }
    expect((await apiAs(t, a.token).get(`/api/jobs/${job.id}`)).json()).toEqual(job);
  });

  it("refuses another tenant's references on a save, and leaves the job as it was", async () => {
    const api = apiAs(t, a.token);
    const job = (await api.post('/api/jobs', fullJob(worldA))).json();
    const response = await api.put(`/api/jobs/${job.id}`, {
      ...fullJob(worldA, {
        location: { id: worldB.location.id },
        territory: { id: worldB.territories[0]?.id },
        priority: { id: worldB.priorities[0]?.id },
      }),
      status: 'OPEN_NEW',
      updated: job.updated,
    });
    expect(response.statusCode).toBe(400);
    expect(fieldsOf(response)).toEqual(['location.id', 'territory.id', 'priority.id']);
    expect((await api.get(`/api/jobs/${job.id}`)).json()).toEqual(job);
  });

  // A save answers from the job's columns as saved and the names its first round trip read (`jobSave`): each
  // answer must be the job as it reads back, field for field.
  it('answers each save with the job exactly as it reads back', async () => {
    const api = apiAs(t, a.token);
    const tenantId = a.tenant.tenantId;
    const [customer] = await createCustomers(t, tenantId, [{ name: "O'Brien & Sons Plumbing Pty Ltd" }]);
    if (!customer) throw new Error('No customer');
    const [site] = await createLocations(t, tenantId, [
      { customer: { id: customer.id }, name: "Nan's place & the granny flat out the back" },
    ]);
    const created = await api.post('/api/jobs', { customer: { id: customer.id } });
    let job = created.json();
    const [first, second] = worldA.technicians;
    const upper = (id: string | undefined) => ({ id: id?.toUpperCase() });
    const saves = [
      // Ids in capitals, times with another offset and past the millisecond, lines to sum.
      {
        reference: "Tenant's PO #12 & 13",
        customer: upper(customer.id),
        location: upper(site?.id),
        territory: upper(worldA.territories[0]?.id),
        priority: upper(worldA.priorities[3]?.id),
        status: 'OPEN_READY_TO_BE_SCHEDULED',
        rag: 'AMBER',
        due: '2030-03-04T17:00:00.12345+11:00',
        assignee: first?.id.toUpperCase(),
        items: [
          { code: 'LAB', description: "Labour (o'time)", quantity: '2.5', price: '95' },
          { code: null, description: 'Pipe & fittings', quantity: '3', price: '33.3333' },
        ],
      },
      // Scheduled, by another technician, fewer lines.
      {
        status: 'OPEN_SCHEDULED',
        scheduledStart: '2030-03-04T08:00:00+11:00',
        scheduledFinish: '2030-03-04T10:30:00.5Z',
        assignee: second?.id,
        items: [{ code: 'CALL', description: 'Call-out', quantity: '1', price: '120' }],
      },
      // In progress: the server stamps the actual start.
      { status: 'OPEN_IN_PROGRESS', rag: null, reference: null },
      // Completed, with no technician and no lines.
      { status: 'OPEN_COMPLETED', assignee: null, items: [] },
    ];
    for (const change of saves) {
      const { id, number, subtotal, tax, total, created: _c, updated, assigneeName: _n, ...fields } = job;
      const saved = await api.put(`/api/jobs/${job.id}`, { ...fields, ...change, updated });
      expect(saved.statusCode, saved.body).toBe(200);
      job = saved.json();
      expect(job).toEqual((await api.get(`/api/jobs/${job.id}`)).json());
    }
    expect(job).toMatchObject({
      customer: { id: customer.id, name: "O'Brien & Sons Plumbing Pty Ltd" },
      location: { id: site?.id, name: "Nan's place & the granny flat out the back" },
      priority: { name: 'Urgent' },
      status: 'OPEN_COMPLETED',
      due: '2030-03-04T06:00:00.123Z',
      scheduledFinish: '2030-03-04T10:30:00.500Z',
      assignee: null,
      assigneeName: null,
      items: [],
    });
    expect(job.actualStart).toEqual(expect.any(String));
    expect(job.actualFinish).toEqual(expect.any(String));
  });

  it('refuses a location of another customer on a save', async () => {
    const api = apiAs(t, a.token);
    const job = (await api.post('/api/jobs', fullJob(worldA))).json();
    const response = await api.put(`/api/jobs/${job.id}`, {
      ...fullJob(worldA, { location: { id: worldA.otherLocation.id } }),
      status: 'OPEN_NEW',
      updated: job.updated,
    });
    expect(response.statusCode).toBe(400);
    expect(fieldsOf(response)).toEqual(['location.id']);
  });
});

describe('PUT /api/jobs/{id}: the lines', () => {
  const line = (description: string) => ({ code: null, description, quantity: '1', price: '10' });
  const saved = (description: string) => ({ ...line(description), price: '10.00', amount: '10.00' });

  it('replaces them whole: more, fewer, reordered, none; a stale save leaves them as they were', async () => {
    const api = apiAs(t, a.token);
    let job = (await api.post('/api/jobs', fullJob(worldA, { items: [line('Call-out')] }))).json();
    const save = async (items: unknown[], updated = job.updated) =>
      api.put(`/api/jobs/${job.id}`, { ...fullJob(worldA), status: 'OPEN_NEW', updated, items });
    for (const items of [
      ['Call-out', 'Labour', "Plumber's putty & tape"],
      ["Plumber's putty & tape", 'Call-out'],
      [],
      ['Labour'],
    ]) {
      const response = await save(items.map(line));
      expect(response.statusCode).toBe(200);
      expect(response.json().items).toEqual(items.map(saved));
      expect((await api.get(`/api/jobs/${job.id}`)).json().items).toEqual(items.map(saved));
      const previous = job.updated;
      job = response.json();
      expect(job.updated > previous).toBe(true);
    }
    const stale = await save([line('Lost'), line('Also lost')], '2026-01-01T00:00:00.000Z');
    expect(stale.statusCode).toBe(409);
    expect((await api.get(`/api/jobs/${job.id}`)).json()).toEqual(job);
  });

  it('is 404 for a job deleted after it was read, whose new lines name no job', async () => {
    const api = apiAs(t, a.token);
    const job = (await api.post('/api/jobs', fullJob(worldA))).json();
    expect((await api.delete(`/api/jobs/${job.id}`)).statusCode).toBe(204);
    const tenantId = a.tenant.tenantId;
    const write = inTenant(t.database.db, tenantId, async (tx) => {
      const { statement, guard, check } = saveWithLines(
        tx,
        jobWithLines,
        { tenantId, id: job.id, updated: job.updated },
        {},
        [{ tenantId, jobId: job.id, position: 0, description: 'Labour', amount: '10.00' }],
      );
      check(await guard(() => statement.run(tx)));
    });
    await expect(write).rejects.toMatchObject({ status: 404 });
  });
});

describe('PUT /api/jobs/{id}: the save goes with the COMMIT (commitTogether)', () => {
  const tenantId = () => a.tenant.tenantId;
  // The job's kept lines, as `jobSave` writes them with its lines' rows.
  const keptOf = (id: string, descriptions: string[]) => linesOf(id, descriptions).map(keptLine);
  const linesOf = (id: string, descriptions: string[]) =>
    descriptions.map((description, position) => ({
      tenantId: tenantId(),
      jobId: id,
      position,
      code: null,
      description,
      quantity: '1.0000',
      price: '10.0000000',
      amount: '10.00',
    }));

  it('writes nothing for a version saved by someone else since, and the transaction commits', async () => {
    const api = apiAs(t, a.token);
    const line = (description: string) => ({ code: null, description, quantity: '1', price: '10' });
    const read = (await api.post('/api/jobs', fullJob(worldA, { items: [line('Call-out')] }))).json();
    const colleague = await api.put(`/api/jobs/${read.id}`, {
      ...fullJob(worldA),
      status: 'OPEN_NEW',
      updated: read.updated,
      items: [line("Colleague's labour")],
    });
    expect(colleague.statusCode).toBe(200);
    // The save over the version first read, as it reaches PostgreSQL after its read found that version current.
    const [rows] = await inTenant(t.database.db, tenantId(), (tx) =>
      commitTogether(tx, [
        saveWithLines(
          tx,
          jobWithLines,
          { tenantId: tenantId(), id: read.id, updated: read.updated },
          { reference: 'Lost' },
          linesOf(read.id, ['Lost', 'Also lost', 'Lost too']),
        ).statement,
      ]),
    );
    // Not saved, and still there: a 409 (`check`), where a job deleted since is a 404.
    expect((rows as { saved: unknown; found: unknown }[])[0]).toMatchObject({ saved: false, found: true });
    expect((await api.get(`/api/jobs/${read.id}`)).json()).toEqual(colleague.json());
  });

  it("answers an error raised after the COMMIT went (a refused save's 409) as it is", async () => {
    const api = apiAs(t, a.token);
    const job = (await api.post('/api/jobs', fullJob(worldA))).json();
    const refused = inTenant(t.database.db, tenantId(), async (tx) => {
      const written = saveWithLines(
        tx,
        jobWithLines,
        { tenantId: tenantId(), id: job.id, updated: job.updated },
        { reference: 'Saved, then refused', items: keptOf(job.id, ['Labour']) },
        linesOf(job.id, ['Labour']),
      );
      const [saved = []] = await commitTogether(tx, [written.statement]);
      expect(Number((saved as { saved: unknown }[])[0]?.saved)).toBe(1);
      throw conflict('Refused after the commit.');
    });
    await expect(refused).rejects.toMatchObject({ status: 409 });
    expect((await api.get(`/api/jobs/${job.id}`)).json().reference).toBe('Saved, then refused');
  });

  it('commits the save with its lines, or nothing when a statement sent with it fails', async () => {
    const api = apiAs(t, a.token);
    const job = (await api.post('/api/jobs', fullJob(worldA))).json();
    const save = (tx: Tx, reference: string) =>
      saveWithLines(
        tx,
        jobWithLines,
        { tenantId: tenantId(), id: job.id, updated: job.updated },
        // The job's kept lines go with its lines, as `jobSave` sends them.
        { reference, items: keptOf(job.id, ['Labour', "Plumber's putty & tape"]) },
        linesOf(job.id, ['Labour', "Plumber's putty & tape"]),
      ).statement;
    const failing = builtOnce<unknown>((on) =>
      on.select({ x: sql<number>`1 / (count(*) - count(*))` }).from(jobs),
    );
    const failed = inTenant(t.database.db, tenantId(), (tx) =>
      commitTogether(tx, [save(tx, 'Lost'), failing.with({})]),
    );
    await expect(failed).rejects.toSatisfy((error) => isDatabaseError(error, ['22012']));
    expect((await api.get(`/api/jobs/${job.id}`)).json()).toEqual(job);

    await inTenant(t.database.db, tenantId(), (tx) => commitTogether(tx, [save(tx, 'Kept')]));
    const kept = (await api.get(`/api/jobs/${job.id}`)).json();
    expect(kept.reference).toBe('Kept');
    expect(kept.items.map((item: { description: string }) => item.description)).toEqual([
      'Labour',
      "Plumber's putty & tape",
    ]);
  });
});

describe('DELETE /api/jobs/{id}', () => {
  it('deletes one job; the customer keeps its other jobs', async () => {
    const api = apiAs(t, a.token);
    const { token, tenant } = await createTenantWithUser(t);
    const world = await jobWorld(t, { token, tenant } as TenantWithUser, 'D');
    const own = apiAs(t, token);
    const first = (await own.post('/api/jobs', { customer: { id: world.customer.id } })).json();
    await own.post('/api/jobs', { customer: { id: world.customer.id } });
    expect((await own.delete(`/api/jobs/${first.id}`)).statusCode).toBe(204);
    const left = await own.get(`/api/jobs?q=customer.id:${world.customer.id}`);
    expect(left.headers['total-count']).toBe('1');
    expect((await api.get(`/api/jobs/${first.id}`)).statusCode).toBe(404);
  });
});

describe('a record the job names, deleted between the check and the write', () => {
  it('is the field error the check gives, not a 500, and nothing is saved', async () => {
    const api = apiAs(t, a.token);
    const customer = (await api.post('/api/customers', { name: "Gone O'Brien & Co" })).json();
    const response = await withCustomerGoneOnInsert(t.database.db, 'jobs', () =>
      api.post('/api/jobs', { customer: { id: customer.id } }),
    );
    expect(response.statusCode).toBe(400);
    expect(fieldsOf(response)).toEqual(['customer.id']);
    expect(response.json().fieldErrors[0].message).toBe('Choose an existing customer.');
    const jobs = await api.get(`/api/jobs?q=${encodeURIComponent(`customer.id:${customer.id}`)}`);
    expect(jobs.headers['total-count']).toBe('0');
  });
});
