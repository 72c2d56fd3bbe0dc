import { beforeAll, describe, expect, it } from 'vitest';
import { inTenant } from '../../platform/db/tenant-scope.ts';
import { apiAs } from '../../test-support/api-client.ts';
import type { TenantWithUser } from '../../test-support/factories.ts';
import { fullJob, type JobWorld, jobWorld } from '../../test-support/job-fixtures.ts';
import {
  keptLinesOf,
  type LineText,
  linesFromRows,
  migrationReading,
} from '../../test-support/kept-lines.ts';
import type { TestApp } from '../../test-support/test-app.ts';
import { withTwoTenants } from '../../test-support/two-tenants.ts';
import { importJobs } from './jobs.ts';

// A job keeps its lines as the API gives them (`jobs.items`, docs/server.md "Kept lines"): what a job reads must
// be what its rows in `job_lines` say, after a create, a save, an import, and as migration 0021 wrote them.

let t: TestApp;
let a: TenantWithUser;
let world: JobWorld;

withTwoTenants((env) => {
  ({ t, a } = env);
});

beforeAll(async () => {
  world = await jobWorld(t, a, 'K');
});

/** Lines whose text PostgreSQL and the API write differently: trailing zeros, many decimals, rounding, lump sums. */
const TRICKY = [
  { code: 'LAB', description: "Labour – O'Brien & Sons", quantity: '2.50', price: '95' },
  { code: null, description: 'Copper pipe\n15 mm', quantity: '0.125', price: '33.3333' },
  { code: 'FIT', description: 'Fitting', quantity: '3', price: '12.5000' },
  { description: 'Call-out fee', amount: '88' },
  { description: 'Materials', amount: '10.5' },
  { description: 'Note only' },
  { description: 'Bulk', quantity: '150', price: '0.6666667' },
  { description: 'Nothing', quantity: '0', price: '0' },
];

describe('a job’s kept lines', () => {
  it('are its rows’ lines after a create, a save, an import and a save to no lines', async () => {
    const api = apiAs(t, a.token);
    const created = await api.post('/api/jobs', fullJob(world, { items: TRICKY }));
    expect(created.json()).toMatchObject({ number: expect.any(Number) });
    const job = created.json();
    expect(job.items.map((line: LineText) => [line.quantity, line.price, line.amount])).toEqual([
      ['2.5', '95.00', '237.50'],
      ['0.125', '33.3333', '4.17'],
      ['3', '12.50', '37.50'],
      [null, null, '88.00'],
      [null, null, '10.50'],
      [null, null, '0.00'],
      ['150', '0.6666667', '100.00'],
      ['0', '0.00', '0.00'],
    ]);
    const saved = await api.put(`/api/jobs/${job.id}`, {
      ...fullJob(world, { items: TRICKY.slice(1, 4).reverse() }),
      id: job.id,
      updated: job.updated,
      status: job.status,
    });
    expect(saved.statusCode).toBe(200);
    const emptied = (await api.post('/api/jobs', fullJob(world))).json();
    const cleared = await api.put(`/api/jobs/${emptied.id}`, {
      ...fullJob(world, { items: [] }),
      id: emptied.id,
      updated: emptied.updated,
      status: emptied.status,
    });
    expect(cleared.json().items).toEqual([]);
    await inTenant(t.database.db, a.tenant.tenantId, (tx) =>
      importJobs(tx, a.tenant.tenantId, [
        {
          fields: {
            ...fullJob(world),
            items: TRICKY,
            due: null,
            scheduledStart: null,
            scheduledFinish: null,
          },
          status: 'OPEN_NEW',
          actualStart: null,
          actualFinish: null,
        } as never,
      ]),
    );

    const fromRows = await linesFromRows(t.database.db, a.tenant.tenantId);
    expect(fromRows.size).toBe(3);
    expect(await keptLinesOf(t.database.db, a.tenant.tenantId)).toEqual(fromRows);
    // And the API reads the kept lines: the saved job, whole, as its rows say.
    expect((await api.get(`/api/jobs/${job.id}`)).json().items).toEqual(fromRows.get(job.id));
  });

  it('are what migration 0021 writes from the rows', async () => {
    // The migration's reading of the rows (drizzle/0021_job_kept_lines.sql), over the records written above.
    const migrated = await migrationReading(t.database.db, '0021_job_kept_lines.sql');
    expect(migrated.size).toBeGreaterThan(1);
    const kept = await keptLinesOf(t.database.db, a.tenant.tenantId);
    for (const [id, items] of migrated) expect(items).toEqual(kept.get(id));
  });
});
