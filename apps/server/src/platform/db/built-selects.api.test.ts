import { asc, eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { joinsOf } from '../../features/jobs/job-rows.ts';
import { jobPriorities, territories, visibleJobs } from '../../features/jobs/job-tables.ts';
import { selectJobs } from '../../features/jobs/jobs.ts';
import { apiAs } from '../../test-support/api-client.ts';
import type { TenantWithUser } from '../../test-support/factories.ts';
import { fullJob, type JobWorld, jobWorld } from '../../test-support/job-fixtures.ts';
import type { TestApp } from '../../test-support/test-app.ts';
import { withTwoTenants } from '../../test-support/two-tenants.ts';
import { builtByShape, builtOnce } from './built-selects.ts';
import { type Db, openDatabase } from './database.ts';
import { inTenant } from './tenant-scope.ts';

// `builtOnce` maps rows with its own mapper (`rowMapper`), built once per select: the records must be exactly
// those Drizzle's own mapping gives, left joins that found nothing (a job with no site, territory or priority)
// included.

let t: TestApp;
let a: TenantWithUser;
let world: JobWorld;

withTwoTenants((env) => {
  ({ t, a } = env);
});

beforeAll(async () => {
  world = await jobWorld(t, a, 'B');
  const api = apiAs(t, a.token);
  const bodies = [
    fullJob(world),
    fullJob(world, { location: null, territory: null, priority: null, assignee: null, items: [] }),
    fullJob(world, { customer: { id: world.otherCustomer.id }, location: { id: world.otherLocation.id } }),
    fullJob(world, { reference: "O'Brien & Sons — roof", due: null, territory: null }),
  ];
  for (const body of bodies) {
    const response = await api.post('/api/jobs', body);
    expect(response.statusCode).toBe(201);
  }
});

const jobsOfTenant = builtOnce((tx) =>
  selectJobs(tx)
    .where(eq(visibleJobs.tenantId, sql.placeholder('tenantId')))
    .orderBy(asc(visibleJobs.number)),
);

describe('builtOnce', () => {
  it('maps whole jobs as Drizzle does, joins that found nothing included', async () => {
    const tenantId = a.tenant.tenantId;
    const { drizzle, built } = await inTenant(t.database.db, tenantId, async (tx) => ({
      drizzle: await selectJobs(tx)
        .where(eq(visibleJobs.tenantId, tenantId))
        .orderBy(asc(visibleJobs.number)),
      built: await jobsOfTenant(tx, { tenantId }),
    }));
    expect(drizzle).toHaveLength(4);
    expect(built).toEqual(drizzle);
    // The same keys in the same order: the answer's JSON is written from them.
    expect(JSON.stringify(built)).toBe(JSON.stringify(drizzle));
    const bare = drizzle[1];
    expect([bare?.locationName, bare?.territoryName, bare?.priorityName, bare?.items]).toEqual([
      null,
      null,
      null,
      [],
    ]);
  });

  it('makes a left-joined object null when its table found no row, as Drizzle does', async () => {
    const tenantId = a.tenant.tenantId;
    const nested = (tx: Db) =>
      tx
        .select({
          job: { number: visibleJobs.number, reference: visibleJobs.reference },
          territory: { id: territories.id, name: territories.name },
          priority: { name: jobPriorities.name },
        })
        .from(visibleJobs)
        .leftJoin(territories, joinsOf(visibleJobs).territory)
        .leftJoin(jobPriorities, joinsOf(visibleJobs).priority);
    const builtNested = builtOnce((tx) =>
      nested(tx)
        .where(eq(visibleJobs.tenantId, sql.placeholder('tenantId')))
        .orderBy(asc(visibleJobs.number)),
    );
    const { drizzle, built } = await inTenant(t.database.db, tenantId, async (tx) => ({
      drizzle: await nested(tx).where(eq(visibleJobs.tenantId, tenantId)).orderBy(asc(visibleJobs.number)),
      built: await builtNested(tx, { tenantId }),
    }));
    expect(drizzle.map((row) => [row.territory, row.priority === null])).toEqual([
      [{ id: world.territories[0]?.id, name: world.territories[0]?.name }, false],
      [null, true],
      [{ id: world.territories[0]?.id, name: world.territories[0]?.name }, false],
      [null, false],
    ]);
    expect(built).toEqual(drizzle);
  });

  it('writes any key as it is, nested or not', async () => {
    const tenantId = a.tenant.tenantId;
    const odd = (tx: Db) =>
      tx
        .select({
          'O\'Brien "&" {no}': visibleJobs.number,
          'line\nbreak': { '`back`': visibleJobs.reference, constructor: visibleJobs.due },
        })
        .from(visibleJobs)
        .orderBy(asc(visibleJobs.number));
    const builtOdd = builtOnce((tx) => odd(tx).where(eq(visibleJobs.tenantId, sql.placeholder('tenantId'))));
    const { drizzle, built } = await inTenant(t.database.db, tenantId, async (tx) => ({
      drizzle: await odd(tx).where(eq(visibleJobs.tenantId, tenantId)),
      built: await builtOdd(tx, { tenantId }),
    }));
    expect(drizzle).toHaveLength(4);
    expect(JSON.stringify(built)).toBe(JSON.stringify(drizzle));
    expect(built[3]).toEqual({
      'O\'Brien "&" {no}': drizzle[3]?.['O\'Brien "&" {no}'],
      'line\nbreak': { '`back`': "O'Brien & Sons — roof", constructor: null },
    });
  });

  it('is ready to send on node-postgres after it ran on the test database (a process that opens both)', async () => {
    const tenantId = a.tenant.tenantId;
    const numbers = builtOnce<{ number: number }>((tx) =>
      tx
        .select({ number: visibleJobs.number })
        .from(visibleJobs)
        .where(eq(visibleJobs.tenantId, sql.placeholder('tenantId'))),
    );
    const ran = await inTenant(t.database.db, tenantId, (tx) => numbers(tx, { tenantId }));
    expect(ran).toHaveLength(4);
    // Never connected: a statement made ready is only its text, values and type parsers.
    const server = await openDatabase({ url: 'postgres://fieldbook@127.0.0.1:9/never' });
    try {
      const ready = numbers.with({ tenantId }).ready(server.db);
      expect(ready.values).toEqual([tenantId]);
      expect(ready.types.getTypeParser(1184, 'text')('2026-11-26 10:00:00+00')).toBe(
        '2026-11-26 10:00:00+00',
      );
    } finally {
      await server.close();
    }
  });
});

describe('builtByShape', () => {
  /** A statement of one shape: its text names the shape, its value comes from a placeholder. */
  const counting = () => {
    const builds: string[] = [];
    const build = (shape: string) => () => {
      builds.push(shape);
      return sql`select ${sql.placeholder('value')}::text || ${sql.raw(`'/${shape}'`)} as answer`;
    };
    return { builds, build };
  };
  const answer = (result: { rows: Record<string, unknown>[] }) => result.rows[0]?.answer;

  it('builds a shape once and runs it with the values of each run', async () => {
    const statements = builtByShape('test_shape');
    const { builds, build } = counting();
    await inTenant(t.database.db, a.tenant.tenantId, async (tx) => {
      expect(answer(await statements(tx, 'a', build('a'), { value: 'one' }))).toBe('one/a');
      expect(answer(await statements(tx, 'a', build('a'), { value: "O'Brien" }))).toBe("O'Brien/a");
      expect(answer(await statements(tx, 'b', build('b'), { value: 'two' }))).toBe('two/b');
    });
    expect(builds).toEqual(['a', 'b']);
  });

  it('keeps at most `limit` shapes: unnamed, the least recently used goes; named, new shapes are built each run', async () => {
    const unnamed = builtByShape('test_lru', { limit: 2, named: false });
    const named = builtByShape('test_named', { limit: 1 });
    const lru = counting();
    const kept = counting();
    await inTenant(t.database.db, a.tenant.tenantId, async (tx) => {
      for (const shape of ['a', 'b', 'a', 'c', 'a', 'b'])
        expect(answer(await unnamed(tx, shape, lru.build(shape), { value: 'v' }))).toBe(`v/${shape}`);
      for (const shape of ['a', 'b', 'b', 'a'])
        expect(answer(await named(tx, shape, kept.build(shape), { value: 'v' }))).toBe(`v/${shape}`);
    });
    // 'b' was the least recently used when 'c' came; 'a', used just before, stayed.
    expect(lru.builds).toEqual(['a', 'b', 'c', 'b']);
    expect(kept.builds).toEqual(['a', 'b', 'b']);
  });
});
