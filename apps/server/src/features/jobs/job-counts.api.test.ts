import {
  type Customer,
  JOB_STATUSES,
  type Job,
  type JobStatus,
  jobFields,
  searchWords,
} from '@fieldbook/domain';
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { inTenant } from '../../platform/db/tenant-scope.ts';
import { type ApiClient, apiAs } from '../../test-support/api-client.ts';
import { renameWrite, sendAllAtOnce, type Write } from '../../test-support/concurrent-writes.ts';
import { createTenantWithUser, type TenantWithUser } from '../../test-support/factories.ts';
import { fullJob, type JobWorld, jobWorld } from '../../test-support/job-fixtures.ts';
import { blocksCounted, expectPagesOfTheWhole } from '../../test-support/list-pages.ts';
import { createCustomers, createJobs, createLocations } from '../../test-support/record-factories.ts';
import type { TestApp } from '../../test-support/test-app.ts';
import { withTwoTenants } from '../../test-support/two-tenants.ts';
import { importJobs } from './jobs.ts';

// The job list counts `*`, a status and a lone word from counts and words kept by triggers (migrations 0010 and
// 0043, docs/server.md "Fast lists"). These tests hold the kept counts and words to the jobs themselves through every
// kind of write, and the counts the list gives to the ones it counts row by row.

let t: TestApp;
let a: TenantWithUser;
let b: TenantWithUser;
let world: JobWorld;
let api: ApiClient;

withTwoTenants((env) => {
  ({ t, a, b } = env);
});

beforeAll(async () => {
  world = await jobWorld(t, a, 'K');
  api = apiAs(t, a.token);
});

type Rows = Record<string, unknown>[];
const rowsOf = async (query: ReturnType<typeof sql>) =>
  ((await t.database.db.execute(query)) as unknown as { rows: Rows }).rows;

/** The kept counts of a tenant (A's unless told; zeros left out) and the same counted from its jobs: equal. */
async function keptAndCounted(tenantId = a.tenant.tenantId) {
  const nil = '00000000-0000-0000-0000-000000000000';
  return {
    kept: {
      statuses: await rowsOf(sql`select status, count::int from job_counts
        where tenant_id = ${tenantId} and count <> 0 order by 1`),
      sites: await rowsOf(sql`select customer_id, location_id, count::int from job_site_counts
        where tenant_id = ${tenantId} and count <> 0 order by 1, 2`),
      blocks: await rowsOf(sql`select status, block, count::int from job_number_blocks
        where tenant_id = ${tenantId} and count <> 0 order by 1, 2`),
      hours: await rowsOf(sql`select hour, count::int from job_schedule_counts
        where tenant_id = ${tenantId} and count <> 0 order by 1`),
      words: await rowsOf(
        sql`select word, number, status from job_words where tenant_id = ${tenantId} order by 1, 2`,
      ),
      pairs: await rowsOf(sql`select word, other, number from job_word_pairs where tenant_id = ${tenantId}
        order by 1, 2, 3`),
    },
    counted: {
      statuses: await rowsOf(sql`select status, count(*)::int as count from jobs
        where tenant_id = ${tenantId} group by 1 order by 1`),
      sites: await rowsOf(sql`select customer_id, coalesce(location_id, ${nil}::uuid) as location_id,
        count(*)::int as count from jobs where tenant_id = ${tenantId} group by 1, 2 order by 1, 2`),
      blocks: await rowsOf(blocksCounted('jobs', tenantId)),
      hours: await rowsOf(sql`select floor(extract(epoch from scheduled_start) / 3600)::int as hour,
        count(*)::int as count from jobs where tenant_id = ${tenantId} and scheduled_start is not null
        group by 1 order by 1`),
      // Each job's words, made here from the texts themselves (not the words kept beside them).
      words: await rowsOf(sql`select distinct word collate "C" as word, jobs.number, jobs.status from jobs
        join customers on customers.tenant_id = jobs.tenant_id and customers.id = jobs.customer_id
        left join locations on locations.tenant_id = jobs.tenant_id and locations.id = jobs.location_id,
        string_to_table(concat(search_words(jobs.reference), search_words(customers.name),
          search_words(locations.name)), ' ') as word
        where jobs.tenant_id = ${tenantId} and word <> '' order by 1, 2`),
      // Each job's pairs of distinct words, the first before the second byte by byte, from the texts too.
      pairs: await rowsOf(sql`with words as (select distinct word collate "C" as word, jobs.number from jobs
          join customers on customers.tenant_id = jobs.tenant_id and customers.id = jobs.customer_id
          left join locations on locations.tenant_id = jobs.tenant_id and locations.id = jobs.location_id,
          string_to_table(concat(search_words(jobs.reference), search_words(customers.name),
            search_words(locations.name)), ' ') as word
          where jobs.tenant_id = ${tenantId} and word <> '')
        select words.word, others.word as other, words.number from words
        join words as others on others.number = words.number and others.word > words.word
        order by 1, 2, 3`),
    },
  };
}

const expectCountsKept = async (tenantId = a.tenant.tenantId) => {
  const { kept, counted } = await keptAndCounted(tenantId);
  expect(kept).toEqual(counted);
  // Each hour's top number is at least the highest number of its jobs (where a range's walk starts).
  const overTop = await rowsOf(sql`select scheduled.hour, max(number) as highest, max(kept.top_number) as top
    from (select floor(extract(epoch from scheduled_start) / 3600)::int as hour, number from jobs
          where tenant_id = ${tenantId} and scheduled_start is not null) as scheduled
    left join job_schedule_counts as kept on kept.tenant_id = ${tenantId} and kept.hour = scheduled.hour
    group by scheduled.hour having max(number) > coalesce(max(kept.top_number), 0)`);
  expect(overTop).toEqual([]);
};

const totalOf = async (q: string) => {
  const response = await api.get(`/api/jobs?q=${encodeURIComponent(q)}&s=1`);
  expect(response.statusCode, JSON.stringify(response.json())).toBe(200);
  return Number(response.headers['total-count']);
};

describe('the kept job counts', () => {
  it('follow creates, status changes, moves to another customer or site, deletes and imports', async () => {
    await expectCountsKept();
    const created: Job[] = [];
    for (const body of [
      fullJob(world),
      fullJob(world, { location: null }),
      { customer: { id: world.otherCustomer.id }, location: { id: world.otherLocation.id } },
    ]) {
      const response = await api.post('/api/jobs', body);
      expect(response.statusCode, JSON.stringify(response.json())).toBe(201);
      created.push(response.json());
    }
    await expectCountsKept();

    const [first, second, third] = created as [Job, Job, Job];
    const booked = await api.put(`/api/jobs/${first.id}`, {
      ...fullJob(world, {
        scheduledStart: '2026-11-24T09:30:00+10:30',
        scheduledFinish: '2026-11-24T11:00:00+10:30',
      }),
      status: 'OPEN_BOOKING_REQUIRED',
      updated: first.updated,
    });
    expect(booked.statusCode, JSON.stringify(booked.json())).toBe(200);
    await expectCountsKept();
    // Moved to another hour, and then off the schedule.
    for (const scheduledStart of ['2026-11-25T14:00:00Z', null]) {
      const current = (await api.get(`/api/jobs/${first.id}`)).json() as Job;
      const moved = await api.put(`/api/jobs/${first.id}`, {
        ...fullJob(world, { scheduledStart, scheduledFinish: scheduledStart && '2026-11-25T15:00:00Z' }),
        status: 'OPEN_BOOKING_REQUIRED',
        updated: current.updated,
      });
      expect(moved.statusCode, JSON.stringify(moved.json())).toBe(200);
      await expectCountsKept();
    }

    // To the other customer's site, and from no site to one.
    const moved = await api.put(`/api/jobs/${second.id}`, {
      ...fullJob(world, {
        customer: { id: world.otherCustomer.id },
        location: { id: world.otherLocation.id },
      }),
      status: 'OPEN_NEW',
      updated: second.updated,
    });
    expect(moved.statusCode, JSON.stringify(moved.json())).toBe(200);
    await expectCountsKept();

    expect((await api.delete(`/api/jobs/${third.id}`)).statusCode).toBe(204);
    await expectCountsKept();

    // A customer's and a location's rename: their jobs' words follow.
    const rename = async (path: string, name: string) => {
      const current = (await api.get(path)).json() as Record<string, unknown>;
      const saved = await api.put(path, { ...current, name });
      expect(saved.statusCode, saved.body).toBe(200);
    };
    await rename(`/api/customers/${world.otherCustomer.id}`, "Bakery O'Brien & Sons");
    await rename(`/api/locations/${world.otherLocation.id}`, 'Bakehouse Rear Dock');
    await expectCountsKept();
    await rename(`/api/customers/${world.otherCustomer.id}`, world.otherCustomer.name);
    await expectCountsKept();

    const tenantId = a.tenant.tenantId;
    await inTenant(t.database.db, tenantId, (tx) =>
      importJobs(
        tx,
        tenantId,
        Array.from({ length: 25 }, (_, index) => ({
          fields: jobFields.parse(fullJob(world, { reference: `Imported ${index}` })),
          status: index % 2 === 0 ? 'CLOSED_COMPLETED' : 'OPEN_SCHEDULED',
          actualStart: null,
          actualFinish: null,
        })),
      ),
    );
    await expectCountsKept();

    // As the owner, one statement moves a job to another tenant (and a customer there): both tenants' counts and
    // words follow, the old number's words gone from the first.
    const [theirs] = await createCustomers(t, b.tenant.tenantId, [{ name: 'Moved Here Pty Ltd' }]);
    const [leaving] = await createJobs(t, tenantId, [
      { customer: world.customer, reference: 'Leaving soon' },
    ]);
    await t.database.db.execute(sql`update jobs set tenant_id = ${b.tenant.tenantId}, customer_id = ${theirs?.id},
      location_id = null, number = 900001 where tenant_id = ${tenantId} and id = ${leaving?.id}`);
    await expectCountsKept();
    await expectCountsKept(b.tenant.tenantId);
  });

  it("are the caller's tenant's only: another tenant's jobs change none of them", async () => {
    const before = await keptAndCounted();
    const other = await jobWorld(t, b, 'KB');
    const response = await apiAs(t, b.token).post('/api/jobs', fullJob(other));
    expect(response.statusCode).toBe(201);
    expect(await keptAndCounted()).toEqual(before);
  });

  it('give the list the totals it would count row by row', async () => {
    // A word in a job's reference and in its customer's or site's name too counts the job once; so does a word in
    // the names of a customer and of its site, and a site's name counts the jobs there when its customer's does not.
    const bakery = { id: world.otherCustomer.id };
    const [sideDoor, kiosk] = await createLocations(t, a.tenant.tenantId, [
      { customer: { id: world.customer.id }, name: 'Harbour side door' },
      { customer: bakery, name: 'Harbour kiosk' },
    ]);
    for (const body of [
      { customer: bakery, location: { id: world.otherLocation.id }, reference: 'Bakery callback' },
      { customer: bakery, reference: 'Bakehouse oven, no site given' },
      fullJob(world, { reference: 'Bakery quote for Harbour & Kirribilli' }),
      fullJob(world, { location: { id: sideDoor?.id } }),
      { customer: bakery, location: { id: kiosk?.id } },
      { customer: bakery, location: { id: kiosk?.id }, reference: 'Harbour kiosk oven' },
    ]) {
      expect((await api.post('/api/jobs', body)).statusCode).toBe(201);
    }
    // Parentheses make the same search one the kept counts do not answer, so the list counts it from the jobs.
    for (const q of [
      '*',
      'status:OPEN_NEW',
      'status:CLOSED_COMPLETED',
      'bakery',
      'bakehouse',
      'harbour',
      'kirribilli',
      'imported',
      '"PO 4471"',
    ]) {
      const counted = q === '*' ? await totalOf('(status:* OR NOT status:*)') : await totalOf(`(${q})`);
      expect(await totalOf(q), q).toBe(counted);
    }
    expect(await totalOf('*')).toBeGreaterThan(25);
  });
});

describe('a range of scheduled starts', () => {
  it('is counted from the kept hours, and its first and last hours job by job, as the jobs count it', async () => {
    const tenant = await createTenantWithUser(t);
    const tenantId = tenant.tenant.tenantId;
    const [customer] = await createCustomers(t, tenantId, [{ name: 'Hourly & Co' }]);
    // 3,000 jobs, one every 7 minutes from 20 November 00:00 UTC, every tenth unscheduled.
    await t.database.db.execute(sql`insert into jobs
        (tenant_id, id, number, customer_id, status, scheduled_start, scheduled_finish)
      select ${tenantId}, gen_random_uuid(), n, ${customer?.id}, 'OPEN_SCHEDULED', start, start + interval '1 hour'
      from generate_series(1, 3000) as n, lateral (select case when n % 10 <> 0
        then timestamptz '2026-11-20T00:00:00Z' + n * interval '7 minutes' end as start) as scheduled`);
    await expectCountsKept(tenantId);
    const client = apiAs(t, tenant.token);
    const total = async (q: string) => {
      const response = await client.get(`/api/jobs?q=${encodeURIComponent(q)}&s=1`);
      expect(response.statusCode, JSON.stringify(response.json())).toBe(200);
      return Number(response.headers['total-count']);
    };
    // 10:09 UTC on the 20th and 10:04 on the 21st are jobs 87 and 292 starting: [ ] takes them in, { } leaves them out.
    const ranges = {
      'a week of bare dates': 'scheduledStart:[2026-11-23 TO 2026-11-29]',
      'a week in Sydney':
        'scheduledStart:>="2026-11-23T00:00:00+11:00" AND scheduledStart:<"2026-11-30T00:00+11:00"',
      'half hours, Adelaide': 'scheduledStart:["2026-11-21T08:30:00+10:30" TO "2026-11-22T17:30:00+10:30"}',
      'inclusive at a start': 'scheduledStart:["2026-11-20T10:09:00Z" TO "2026-11-21T10:04:00Z"]',
      'exclusive at a start': 'scheduledStart:{"2026-11-20T10:09:00Z" TO "2026-11-21T10:04:00Z"}',
      'exclusive, then inclusive': 'scheduledStart:{"2026-11-20T10:09:00Z" TO "2026-11-21T10:04:00Z"]',
      'within one hour': 'scheduledStart:["2026-11-21T05:10:00Z" TO "2026-11-21T05:50:00Z"]',
      'over one hour boundary': 'scheduledStart:["2026-11-21T05:10:00Z" TO "2026-11-21T06:20:00Z"]',
      'upper bound first': 'scheduledStart:<=2026-11-22 AND scheduledStart:>2026-11-20',
      backwards: 'scheduledStart:[2026-11-25 TO 2026-11-21]',
      'after every job': 'scheduledStart:[2027-01-01 TO 2027-01-31]',
    };
    const totals: Record<string, number> = {};
    for (const [name, q] of Object.entries(ranges)) {
      totals[name] = await total(q);
      // With a condition every job meets, the same range is counted job by job.
      expect(totals[name], name).toBe(await total(`(${q}) AND number:>0`));
    }
    expect(totals['inclusive at a start']).toBe((totals['exclusive at a start'] ?? 0) + 2);
    expect(totals['exclusive, then inclusive']).toBe((totals['exclusive at a start'] ?? 0) + 1);
    expect(totals['a week of bare dates']).toBeGreaterThan(800);
    expect(totals.backwards).toBe(0);
    expect(totals['after every job']).toBe(0);
    // Its pages hold what its count says.
    await expectPagesOfTheWhole(client, '/api/jobs', ranges['over one hour boundary'], [3, 10]);
    await expectPagesOfTheWhole(client, '/api/jobs', ranges['inclusive at a start'], [50]);
  });
});

describe('a word on the job list', () => {
  it('finds a number whole, or by its first digits with *, besides the references with a word starting so', async () => {
    const found = async (q: string) =>
      ((await api.get(`/api/jobs?q=${encodeURIComponent(q)}&s=100`)).json() as Job[]).map(
        (job) => job.number,
      );
    const all = (await api.get('/api/jobs?s=100')).json() as Job[];
    const expected = (number: (n: number) => boolean, start: string) =>
      all
        .filter(
          (job) =>
            number(job.number) || searchWords(job.reference ?? '').some((word) => word.startsWith(start)),
        )
        .map((job) => job.number);
    expect(await found('2')).toEqual(expected((n) => n === 2, '2'));
    expect(await found('1*')).toEqual(expected((n) => String(n).startsWith('1'), '1'));
    expect(await found('000002')).toEqual(expected((n) => n === 2, '000002'));
    expect(await found('99999999999')).toEqual([]);
    // 12 has a 2 in it, but a number is found whole.
    expect(all.some((job) => job.number === 12 && !/2/.test(job.reference ?? ''))).toBe(true);
    expect(await found('2')).not.toContain(12);
  });

  it('reads the right page of a few matches and of many', async () => {
    const page = async (q: string, p: number) =>
      ((await api.get(`/api/jobs?q=${encodeURIComponent(q)}&s=5&p=${p}`)).json() as Job[]).map(
        (job) => job.number,
      );
    const every = ((await api.get('/api/jobs?q=imported&s=100')).json() as Job[]).map((job) => job.number);
    expect(every).toHaveLength(25);
    expect([...(await page('imported', 1)), ...(await page('imported', 2))]).toEqual(every.slice(0, 10));
    expect(await page('imported', 6)).toEqual([]);
  });
});

describe('a lone word from the kept words', () => {
  /** A tenant of 42 jobs whose texts start 40 different words with "zo", and its searches' numbers and totals. */
  async function zoJobs() {
    const tenant = await createTenantWithUser(t);
    const tenantId = tenant.tenant.tenantId;
    const client = apiAs(t, tenant.token);
    // 40 customers whose names start 40 different words with "zo", one of them also a site's name.
    const letters = 'abcdefghijklmnopqrstuvwxyzabcdefghijklmn';
    const made = await createCustomers(
      t,
      tenantId,
      Array.from({ length: 40 }, (_, index) => ({
        name: `Zo${letters[index]}${index < 26 ? '' : 'x'}ey O'Hara & Sons`,
      })),
    );
    const [zoa, zob] = made as [Customer, Customer];
    const [site] = await createLocations(t, tenantId, [{ customer: { id: zob.id }, name: 'Zoaey Annexe' }]);
    await createJobs(t, tenantId, [
      ...made.map((customer, index) => ({ customer: { id: customer.id }, reference: `Call ${index}` })),
      { customer: { id: zob.id }, location: { id: site?.id }, reference: 'Zoo enclosure gate' },
      { customer: { id: zoa.id }, reference: 'Zoaey again' },
    ]);
    const numbers = async (q: string, query = '') => {
      const response = await client.get(`/api/jobs?q=${encodeURIComponent(q)}${query}`);
      expect(response.statusCode, response.body).toBe(200);
      return {
        total: Number(response.headers['total-count']),
        numbers: (response.json() as Job[]).map((job) => job.number),
      };
    };
    /** `q` finds what it finds read row by row (parentheses make it a search the list reads so), on every page. */
    const expectRowByRow = async (q: string) => {
      const rowByRow = await numbers(`(${q})`, '&s=100');
      expect(rowByRow.total, q).toBeGreaterThan(0);
      expect(await numbers(q, '&s=100'), q).toEqual(rowByRow);
      const pages = [];
      for (let p = 1; p <= Math.ceil(rowByRow.total / 7); p++)
        pages.push(...(await numbers(q, `&s=7&p=${p}`)).numbers);
      expect(pages, q).toEqual(rowByRow.numbers);
    };
    return { tenantId, client, numbers, expectRowByRow };
  }

  it('finds what the names find, alone or with others, whether it starts few words or more than 32', async () => {
    const { tenantId, numbers, expectRowByRow } = await zoJobs();
    const searches = [
      ...['zo', 'zo*', 'zoa', 'zoaey', '"zoaey"', 'zoo', 'zob*', 'ohara', "o'hara", 'hara', 'sons'],
      // Bare words together: each must match, in any of the job's texts.
      ...['zoaey ohara', 'zob* sons', 'zoaey annexe', 'zoo AND zoaey', 'sons hara', 'zo ohara'],
      // Two words that start the same kept word: a job with that word has both.
      ...['zoaey zoa', 'annexe annexe', 'zob* zobey', 'zoaey "zoaey"', 'gate zoo'],
    ];
    for (const q of searches) await expectRowByRow(q);
    expect((await numbers('zo')).total).toBe(42);
    expect((await numbers('"zoaey"')).numbers).toHaveLength(3);
    expect((await numbers('zoaey')).total).toBe(3);
    expect((await numbers('zoaey annexe')).total).toBe(1);
    expect((await numbers('zoaey zzz')).total).toBe(0);

    // The words are read from job_words: a job whose words are taken away behind the triggers' back is not found by
    // a word that starts few (below), and is by one that starts more than 32 (the names' way), until they are back.
    const [annexe] = (await numbers('zoo')).numbers;
    await t.database.db.execute(
      sql`delete from job_words where tenant_id = ${tenantId} and number = ${annexe}`,
    );
    expect((await numbers('zoo')).numbers).not.toContain(annexe);
    expect((await numbers('zoo annexe')).numbers).not.toContain(annexe);
    expect((await numbers('zo annexe')).numbers).toContain(annexe);
    expect((await numbers('zo', '&s=100')).numbers).toContain(annexe);
    await t.database.db.execute(
      sql`select rewrite_job_words(array[${tenantId}::uuid], array[${annexe}::int])`,
    );
    expect((await numbers('zoo')).numbers).toContain(annexe);
    // Two words are read from job_word_pairs: a job whose pairs are taken away is found by each word, not by both.
    await t.database.db.execute(
      sql`delete from job_word_pairs where tenant_id = ${tenantId} and number = ${annexe}`,
    );
    expect((await numbers('zoaey annexe')).total).toBe(0);
    expect((await numbers('annexe')).numbers).toEqual([annexe]);
    expect((await numbers('annexe annexe')).numbers).toEqual([annexe]);
    await t.database.db.execute(
      sql`select rewrite_job_words(array[${tenantId}::uuid], array[${annexe}::int])`,
    );
    expect((await numbers('zoaey annexe')).numbers).toEqual([annexe]);
    await expectCountsKept(tenantId);
  });
  it('finds bare words with one status from the words of the jobs in it, as it finds them row by row', async () => {
    const { tenantId, numbers, expectRowByRow } = await zoJobs();
    const ready = 'status:OPEN_READY_TO_BE_SCHEDULED';
    // Two jobs in three ready to be scheduled (the triggers give their words the status), then one of them back.
    await t.database.db.execute(sql`update jobs set status = 'OPEN_READY_TO_BE_SCHEDULED'
      where tenant_id = ${tenantId} and number % 3 <> 1`);
    const searches = ['zo', 'zo*', 'zoaey', '"zoaey"', 'ohara', 'zob* sons', 'zoaey ohara', 'zo ohara'];
    for (const q of searches) {
      await expectRowByRow(`${ready} AND ${q}`);
      await expectRowByRow(`${q} AND ${ready}`);
    }
    expect((await numbers(`${ready} AND zo`)).total).toBeLessThan((await numbers('zo')).total);
    expect((await numbers(`${ready} AND zoaey zzz`)).total).toBe(0);
    expect((await numbers('status:OPEN_SCHEDULED AND zo')).total).toBe(0);
    const [moved] = (await numbers(`${ready} AND ohara`)).numbers;
    await t.database.db.execute(
      sql`update jobs set status = 'OPEN_SCHEDULED' where tenant_id = ${tenantId} and number = ${moved}`,
    );
    expect((await numbers(`${ready} AND ohara`, '&s=100')).numbers).not.toContain(moved);
    expect((await numbers('status:OPEN_SCHEDULED AND ohara')).numbers).toEqual([moved]);
    await expectCountsKept(tenantId);

    // Read from the status index of job_words: words taken away behind the triggers' back are not found.
    const [first] = (await numbers(`${ready} AND zoo*`)).numbers;
    await t.database.db.execute(
      sql`delete from job_words where tenant_id = ${tenantId} and number = ${first}`,
    );
    expect((await numbers(`${ready} AND zoo*`)).numbers).not.toContain(first);
    expect((await numbers(`(${ready} AND zoo*)`)).numbers).toContain(first);
  });

  it('takes a status as the screens name it, in any case: the jobs and count of its code, alone and with words', async () => {
    const { tenantId, client, numbers } = await zoJobs();
    await t.database.db.execute(sql`update jobs set status = 'OPEN_IN_PROGRESS'
      where tenant_id = ${tenantId} and number % 2 = 0`);
    const alone = await numbers('status:OPEN_IN_PROGRESS');
    const withWords = await numbers('status:OPEN_IN_PROGRESS AND zo');
    expect(alone.total).toBeGreaterThan(0);
    expect(withWords.total).toBeGreaterThan(0);
    for (const status of [
      '"In progress"',
      '"in progress"',
      'in_progress',
      'open_in_progress',
      'In-Progress',
    ]) {
      expect(await numbers(`status:${status}`), status).toEqual(alone);
      expect(await numbers(`status:${status} AND zo`), status).toEqual(withWords);
      expect(await numbers(`(status:${status} AND zo)`), status).toEqual(withWords);
    }
    // The only status whose name starts so; 'completed' is Completed itself, not Completed (Closed).
    expect((await numbers('status:cancelled')).total).toBe(0);
    expect((await numbers('status:ready')).total).toBe(
      (await numbers('status:OPEN_READY_TO_BE_SCHEDULED')).total,
    );
    expect((await numbers('status:completed')).total).toBe((await numbers('status:OPEN_COMPLETED')).total);

    // A name that is none of them, or starts several, says what the statuses are called.
    for (const status of ['finished', 'c']) {
      const refused = await client.get(`/api/jobs?q=${encodeURIComponent(`status:${status}`)}`);
      expect(refused.statusCode).toBe(400);
      expect(refused.body).toContain('In progress (OPEN_IN_PROGRESS)');
    }
  });
});

describe('the kept job counts under concurrent writes', () => {
  // On PostgreSQL (TEST_DATABASE_URL) the requests' transactions truly overlap, on as many connections as the
  // pool has; on PGlite they take turns. Each round sends, all at once, creates at a site no count row names yet
  // and moves of other jobs to it (whichever commits first makes the row, the others must add to it), status
  // changes (in the first round into statuses no job had yet), and deletes.
  const next: Partial<Record<JobStatus, JobStatus>> = {
    OPEN_NEW: 'OPEN_BOOKING_REQUIRED',
    OPEN_BOOKING_REQUIRED: 'OPEN_READY_TO_BE_SCHEDULED',
    OPEN_READY_TO_BE_SCHEDULED: 'CLOSED_CANCELLED',
  };

  it('stay equal to the jobs through creates, status changes, moves, deletes and renames sent all at once', async () => {
    const tenant = await createTenantWithUser(t);
    const tenantId = tenant.tenant.tenantId;
    const own = await jobWorld(t, tenant, 'R');
    const client = apiAs(t, tenant.token);
    let expectedJobs = 12;
    await createJobs(
      t,
      tenantId,
      Array.from({ length: 12 }, (_, index) => fullJob(own, index % 3 === 0 ? { location: null } : {})),
    );
    for (let round = 0; round < 3; round++) {
      const [customer] = await createCustomers(t, tenantId, [{ name: `Round ${round} Dental Group` }]);
      const [location] = await createLocations(t, tenantId, [
        { customer: { id: customer?.id ?? '' }, name: `Round ${round} Surgery` },
      ]);
      const site = { customer: { id: customer?.id }, location: { id: location?.id } };
      const jobs = (await client.get('/api/jobs?s=1000')).json() as Job[];
      const writes: Write[] = [];
      for (let index = 0; index < 12; index++)
        writes.push([
          201,
          () => client.post('/api/jobs', index % 2 === 0 ? site : { customer: site.customer }),
        ]);
      jobs.forEach((job, index) => {
        if (index % 3 === 2) writes.push([204, () => client.delete(`/api/jobs/${job.id}`)]);
        else
          writes.push([
            200,
            () =>
              client.put(`/api/jobs/${job.id}`, {
                ...fullJob(own, {
                  ...(index % 2 === 0 ? site : {}),
                  // Rescheduled into a few hours all the writes share, or left unscheduled.
                  ...(index % 4 === 3
                    ? {}
                    : {
                        scheduledStart: `2026-12-0${1 + (index % 3)}T0${index % 2}:15:00Z`,
                        scheduledFinish: '2026-12-04T00:00:00Z',
                      }),
                }),
                status: next[job.status] ?? job.status,
                updated: job.updated,
              }),
          ]);
      });
      // The new site's customer and location renamed while jobs are made and moved there.
      const renames = [
        renameWrite(client, 'customers', customer, `Round ${round} Dental Clinic`),
        renameWrite(client, 'locations', location, `Round ${round} Orthodontics`),
      ];
      writes.splice(6, 0, renames[0] as Write);
      writes.splice(18, 0, renames[1] as Write);
      expectedJobs += writes.filter(([expected]) => expected === 201).length;
      expectedJobs -= writes.filter(([expected]) => expected === 204).length;
      await sendAllAtOnce(writes);
      await expectCountsKept(tenantId);
    }

    const counted = await rowsOf(sql`select status, count(*)::int as count from jobs
      where tenant_id = ${tenantId} group by 1`);
    const total = async (q: string) =>
      Number((await client.get(`/api/jobs?q=${encodeURIComponent(q)}&s=1`)).headers['total-count']);
    expect(counted.reduce((sum, row) => sum + Number(row.count), 0)).toBe(expectedJobs);
    expect(await total('*')).toBe(expectedJobs);
    for (const status of JOB_STATUSES)
      expect(await total(`status:${status}`), status).toBe(
        Number(counted.find((row) => row.status === status)?.count ?? 0),
      );
    expect(await total('dental')).toBe(await total('(dental)'));
  });
});
