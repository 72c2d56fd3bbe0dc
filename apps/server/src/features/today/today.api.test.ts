import { randomUUID } from 'node:crypto';
import { addDays, calendarDateIn, instantAt, type JobStatus, type Today } from '@fieldbook/domain';
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { type ApiClient, apiAs } from '../../test-support/api-client.ts';
import { newMember, type TenantWithUser } from '../../test-support/factories.ts';
import type { TestApp } from '../../test-support/test-app.ts';
import { withTwoTenants } from '../../test-support/two-tenants.ts';

// A technician's day, in the organisation's time zone (Perth here: +08:00, no daylight saving, whatever the
// server's or the test machine's zone).

let t: TestApp;
let a: TenantWithUser;
let b: TenantWithUser;
withTwoTenants((env) => ({ t, a, b } = env));

const ZONE = 'Australia/Perth';
let owner: ApiClient;
let mine: { id: string; name: string };
let theirs: { id: string; name: string };
let today: string;
/** The jobs' numbers by what the test calls them. */
const numbers: Record<string, number> = {};

/** The instant of a wall-clock time `days` from today in Perth. */
const perth = (days: number, time: string) =>
  instantAt(ZONE, `${addDays(today, days)}T${time}:00`).toISOString();

async function job(
  name: string,
  assignee: string,
  start: string | null,
  status: JobStatus = 'OPEN_SCHEDULED',
) {
  const finish = start && new Date(Date.parse(start) + 3_600_000).toISOString();
  const created = await owner.post('/api/jobs', {
    customer: { id: customerId },
    location: { id: locationId },
    reference: `${name} & co`,
    assignee,
    ...(start && { status: 'OPEN_SCHEDULED', scheduledStart: start, scheduledFinish: finish }),
    items: [{ description: `Fix the ${name}`, quantity: '1', price: '100' }],
  });
  expect(created.statusCode, created.body).toBe(201);
  if (status !== 'OPEN_SCHEDULED')
    await t.database.db.execute(sql`update jobs set status = ${status} where id = ${created.json().id}`);
  numbers[name] = created.json().number;
}

let customerId: string;
let locationId: string;

beforeAll(async () => {
  owner = apiAs(t, a.token);
  const details = (await owner.get('/api/organisation')).json();
  expect((await owner.put('/api/organisation', { ...details, timeZone: ZONE })).statusCode).toBe(200);
  today = calendarDateIn(ZONE);
  const crew = (await owner.get('/api/technicians')).json() as { id: string; name: string }[];
  [mine, theirs] = crew.map(({ id, name }) => ({ id, name })) as [typeof mine, typeof theirs];
  customerId = (
    await owner.post('/api/customers', { name: "Kylie O'Brien", billingPhone: '0412 345 678' })
  ).json().id;
  locationId = (
    await owner.post('/api/locations', {
      customer: { id: customerId },
      name: 'Home',
      street1: '7 Kent Street',
      suburb: 'Fremantle',
      state: 'WA',
      postcode: '6160',
      country: 'Australia',
    })
  ).json().id;
  await job('late tap', mine.id, perth(0, '09:00'));
  await job('early drain', mine.id, perth(0, '07:30'));
  await job('night call', mine.id, perth(0, '23:30'));
  // 00:30 tomorrow in Perth is still today in UTC: it is tomorrow's.
  await job('midnight', mine.id, perth(1, '00:30'));
  await job('tomorrow', mine.id, perth(1, '08:00'));
  await job('still going', mine.id, perth(-1, '10:00'), 'OPEN_IN_PROGRESS');
  await job('finished yesterday', mine.id, perth(-1, '13:00'), 'OPEN_COMPLETED');
  await job('theirs', theirs.id, perth(0, '09:00'));
  await job('next week', mine.id, perth(5, '10:00'));
});

const numbersOf = (day: Today) => day.visits.map((visit) => visit.job.number);

describe("a technician's day", () => {
  it("is their jobs starting that day in the organisation's zone, in start order, then those still In progress", async () => {
    const response = await owner.get(`/api/today?technician=${mine.id}`);
    expect(response.statusCode, response.body).toBe(200);
    const day = response.json() as Today;
    expect(day.date).toBe(today);
    expect(day.technician).toEqual(mine);
    expect(numbersOf(day)).toEqual([
      numbers['early drain'],
      numbers['late tap'],
      numbers['night call'],
      numbers['still going'],
    ]);
    expect(day.visits[0]).toMatchObject({
      phone: '0412 345 678',
      address: '7 Kent Street, Fremantle WA 6160',
      job: { reference: 'early drain & co', customer: { name: "Kylie O'Brien" } },
    });
    expect(day.nextDate).toBeNull();
  });

  it('is another date when asked, without the jobs still going; an empty one names the next date with visits', async () => {
    const tomorrow = (await owner.get(`/api/today?technician=${mine.id}&date=${addDays(today, 1)}`)).json();
    expect(numbersOf(tomorrow)).toEqual([numbers.midnight, numbers.tomorrow]);
    const empty = (await owner.get(`/api/today?technician=${mine.id}&date=${addDays(today, 3)}`)).json();
    expect(empty).toMatchObject({ visits: [], nextDate: addDays(today, 5) });
  });

  it("is a Technician's own: theirs without asking, another's not found", async () => {
    const technician = apiAs(t, (await newMember(t, a.tenant.tenantId, 'TECHNICIAN', mine.id)).token);
    const own = (await technician.get('/api/today')).json() as Today;
    expect(own.technician).toEqual(mine);
    expect(numbersOf(own)).toContain(numbers['early drain']);
    expect((await technician.get(`/api/today?technician=${mine.id}`)).statusCode).toBe(200);
    expect((await technician.get(`/api/today?technician=${theirs.id}`)).statusCode).toBe(404);

    const unlinked = apiAs(t, (await newMember(t, a.tenant.tenantId, 'TECHNICIAN')).token);
    expect((await unlinked.get('/api/today')).json()).toEqual({
      date: today,
      technician: null,
      visits: [],
      nextDate: null,
    });
  });

  it("is anyone's for the office, and nobody's until one is chosen", async () => {
    const office = apiAs(t, (await newMember(t, a.tenant.tenantId, 'OFFICE')).token);
    expect(numbersOf((await office.get(`/api/today?technician=${theirs.id}`)).json())).toEqual([
      numbers.theirs,
    ]);
    expect((await office.get('/api/today')).json()).toMatchObject({ technician: null, visits: [] });
  });

  it("is not another organisation's, and refuses a date or id that is not one", async () => {
    const other = apiAs(t, b.token);
    expect((await other.get(`/api/today?technician=${mine.id}`)).statusCode).toBe(404);
    expect((await owner.get(`/api/today?technician=${randomUUID()}`)).statusCode).toBe(404);
    for (const [query, field] of [
      ['date=30/11/2026', 'date'],
      ['date=2026-13-45', 'date'],
      ['technician=SE01', 'technician'],
    ] as const) {
      const refused = await owner.get(`/api/today?${query}`);
      expect(refused.statusCode, query).toBe(400);
      expect(refused.json().fieldErrors[0].field, query).toBe(field);
    }
  });
});
