import { beforeAll, describe, expect, it } from 'vitest';
import { type ApiClient, apiAs } from '../../test-support/api-client.ts';
import type { TenantWithUser } from '../../test-support/factories.ts';
import { createCustomers, createLocations } from '../../test-support/record-factories.ts';
import type { TestApp } from '../../test-support/test-app.ts';
import { withTwoTenants } from '../../test-support/two-tenants.ts';

// Dates and times outside years 1900–2999 (in UTC, once the offset is applied) are refused on their field, on
// every date field of every endpoint, instead of reaching the database (which has no year 0) as a 500.

let t: TestApp;
let a: TenantWithUser;
let api: ApiClient;
let customer: { id: string };
let fullJob: Record<string, unknown>;

withTwoTenants((env) => {
  ({ t, a } = env);
  api = apiAs(t, a.token);
});

beforeAll(async () => {
  const [made] = await createCustomers(t, a.tenant.tenantId, [{ name: 'Harbour View Strata' }]);
  if (!made) throw new Error('No customer');
  customer = { id: made.id };
  const [location] = await createLocations(t, a.tenant.tenantId, [{ customer, name: 'Kirribilli Towers' }]);
  const [priority] = (await api.get('/api/job-priorities')).json();
  const [territory] = (await api.get('/api/territories')).json();
  fullJob = {
    customer,
    location: { id: location?.id },
    territory: { id: territory.id },
    priority: { id: priority.id },
    status: 'OPEN_NEW',
    due: '2026-11-27T17:00:00+11:00',
  };
});

const OUT_OF_RANGE = 'Enter a date between 1900 and 2999.';

/** The answer as a client reads it: the status, the code and the field errors. */
const refusal = (response: { statusCode: number; json: () => unknown }) => {
  const body = response.json() as { error: string; fieldErrors: { field: string; message: string }[] };
  return [response.statusCode, body.error, body.fieldErrors];
};
const refusedOn = (field: string) => [400, 'VALIDATION_FAILED', [{ field, message: OUT_OF_RANGE }]];

const invoiceBody = (more: Record<string, unknown> = {}) => ({
  customer,
  date: '2026-11-23',
  due: '2026-12-07',
  lineItems: [{ description: 'Call-out fee', amount: '120' }],
  ...more,
});

describe('invoice dates', () => {
  it.each([
    ['date', { date: '0000-01-01' }],
    ['date', { date: '1899-12-31' }],
    ['due', { due: '0000-01-01' }],
    ['due', { due: '3000-01-01' }],
  ])('a create with %s out of range is a 400 on it: %j', async (field, dates) => {
    expect(refusal(await api.post('/api/sales/invoices', invoiceBody(dates)))).toEqual(refusedOn(field));
  });

  it('a save with a date out of range is a 400 on it, and changes nothing', async () => {
    const created = await api.post('/api/sales/invoices', invoiceBody());
    expect(created.statusCode).toBe(201);
    const { id, updated } = created.json();
    const save = (dates: Record<string, string>) =>
      api.put(`/api/sales/invoices/${id}`, invoiceBody({ updated, ...dates }));
    expect(refusal(await save({ date: '0000-01-01', due: '0000-01-01' }))).toEqual([
      400,
      'VALIDATION_FAILED',
      [
        { field: 'date', message: OUT_OF_RANGE },
        { field: 'due', message: OUT_OF_RANGE },
      ],
    ]);
    expect(refusal(await save({ due: '9999-12-31' }))).toEqual(refusedOn('due'));
    expect((await api.get(`/api/sales/invoices/${id}`)).json()).toMatchObject({
      date: '2026-11-23',
      updated,
    });
  });

  it('takes the first and the last day of the range', async () => {
    const created = await api.post(
      '/api/sales/invoices',
      invoiceBody({ date: '1900-01-01', due: '2999-12-31' }),
    );
    expect([created.statusCode, created.json().date, created.json().due]).toEqual([
      201,
      '1900-01-01',
      '2999-12-31',
    ]);
  });
});

describe('job times', () => {
  const FIELDS = ['due', 'scheduledStart', 'scheduledFinish', 'actualStart', 'actualFinish'];

  it.each([
    ['due', '0000-01-01T00:00:00Z'],
    ['due', '9999-12-31T23:59:59-14:00'],
    ['due', '1900-01-01T00:00:00+01:00'],
    ['scheduledStart', '0000-06-01T00:00:00Z'],
    ['scheduledFinish', '2999-12-31T23:59:59-00:01'],
    ['actualStart', '1899-12-31T23:59:59Z'],
    ['actualFinish', '3000-01-01T00:00:00Z'],
  ])('a create with %s %s is a 400 on it', async (field, value) => {
    const response = await api.post('/api/jobs', { customer, [field]: value });
    expect(refusal(response)).toEqual(refusedOn(field));
  });

  it.each(FIELDS)(
    'a save with %s 0000-06-01T00:00:00Z is a 400 on it, and changes nothing',
    async (field) => {
      const created = await api.post('/api/jobs', fullJob);
      expect(created.statusCode).toBe(201);
      const { id, updated, due } = created.json();
      const response = await api.put(`/api/jobs/${id}`, {
        ...fullJob,
        updated,
        [field]: '0000-06-01T00:00:00Z',
      });
      expect(refusal(response)).toEqual(refusedOn(field));
      expect((await api.get(`/api/jobs/${id}`)).json()).toMatchObject({ due, updated });
    },
  );

  it('takes the first and the last instant of the range, whatever the offset', async () => {
    const response = await api.post('/api/jobs', {
      customer,
      due: '2999-12-31T23:59:59Z',
      actualStart: '1900-01-01T10:00:00+10:00',
      actualFinish: '2999-12-31T23:59:59.999-00:00',
    });
    expect(response.statusCode, response.body).toBe(201);
    expect(response.json()).toMatchObject({
      due: '2999-12-31T23:59:59.000Z',
      actualStart: '1900-01-01T00:00:00.000Z',
      actualFinish: '2999-12-31T23:59:59.999Z',
    });
  });
});

describe('dates in list searches', () => {
  it.each([
    ['/api/jobs', 'due:[0000-01-01 TO 9999-12-31]'],
    ['/api/jobs', 'scheduledStart:[0001-01-01 TO 9999-12-31]'],
    ['/api/jobs', 'scheduledStart:>="9999-12-31T23:59:59-14:00"'],
    ['/api/jobs', 'actualFinish:<"0001-01-01T00:00:00+14:00"'],
    ['/api/sales/invoices', 'date:[0000-01-01 TO 9999-12-31]'],
    ['/api/sales/invoices', 'due:[0001-01-01 TO 9999-12-31]'],
    ['/api/sales/invoices', 'date:9999-12-31'],
  ])('%s?q=%s is a 400 on q, not a 500', async (list, q) => {
    const response = await api.get(`${list}?q=${encodeURIComponent(q)}`);
    const body = response.json();
    expect([
      response.statusCode,
      body.error,
      body.fieldErrors?.map((error: { field: string }) => error.field),
    ]).toEqual([400, 'VALIDATION_FAILED', ['q']]);
    expect(body.fieldErrors[0].message).toContain('between 1900 and 2999');
  });

  it.each([
    ['/api/jobs', 'due:[1900-01-01 TO 2999-12-31]'],
    ['/api/jobs', 'scheduledStart:>="2999-12-31T23:59:59Z"'],
    ['/api/jobs', 'scheduledStart:[1900-01-01T10:00:00+10:00 TO "3000-01-01T09:59:59+10:00"]'],
    ['/api/sales/invoices', 'date:[1900-01-01 TO 2999-12-31]'],
  ])('%s?q=%s, at the ends of the range, is answered', async (list, q) => {
    const response = await api.get(`${list}?q=${encodeURIComponent(q)}`);
    expect(response.statusCode, response.body).toBe(200);
  });
});
