import type { Job, JobStatus } from '@fieldbook/domain';
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { type ApiClient, apiAs, fieldsOf } from '../../test-support/api-client.ts';
import type { TenantWithUser } from '../../test-support/factories.ts';
import { fullJob, type JobWorld, jobWorld } from '../../test-support/job-fixtures.ts';
import type { TestApp } from '../../test-support/test-app.ts';
import { withTwoTenants } from '../../test-support/two-tenants.ts';

// The calls the scheduler's board makes (issue 14): its loads, a drop, a move, and their refusals.

let t: TestApp;
let a: TenantWithUser;
let b: TenantWithUser;
let world: JobWorld;
let api: ApiClient;

withTwoTenants((env) => {
  ({ t, a, b } = env);
});

beforeAll(async () => {
  world = await jobWorld(t, a, 'S');
  api = apiAs(t, a.token);
});

/** A job of the world put straight into a status (the workflow's path to it has its own tests). */
async function jobIn(status: JobStatus, more: Record<string, unknown> = {}): Promise<Job> {
  const job = (await api.post('/api/jobs', fullJob(world, { assignee: null, ...more }))).json();
  await t.database.db.execute(sql`update jobs set status = ${status} where id = ${job.id}`);
  return (await api.get(`/api/jobs/${job.id}`)).json();
}

/** What the board saves: the job as reloaded, Scheduled, at the slot, on the row's technician, over `updated`. */
const scheduleOnto = (job: Job, slot: { start: string; finish: string; technician: string | null }) =>
  api.put(`/api/jobs/${job.id}`, {
    ...job,
    status: 'OPEN_SCHEDULED',
    scheduledStart: slot.start,
    scheduledFinish: slot.finish,
    assignee: slot.technician,
  });

const technician = (index: number) => world.technicians[index]?.id ?? '';

describe("the scheduler's loads", () => {
  it('read one range of scheduled starts, up to 1000 a page, and the ready jobs', async () => {
    const inDay = await jobIn('OPEN_SCHEDULED', {
      scheduledStart: '2030-03-04T10:00:00+11:00',
      scheduledFinish: '2030-03-04T11:00:00+11:00',
    });
    const dayAfter = await jobIn('OPEN_SCHEDULED', {
      scheduledStart: '2030-03-05T00:00:00+11:00',
      scheduledFinish: '2030-03-05T01:00:00+11:00',
    });
    const ready = await jobIn('OPEN_READY_TO_BE_SCHEDULED');
    // The board asks for its day in the organisation's time zone, as instants, the end left out.
    const day = 'scheduledStart:[2030-03-03T13:00:00.000Z TO 2030-03-04T13:00:00.000Z}';
    const response = await api.get(`/api/jobs?q=${encodeURIComponent(day)}&p=1&s=1000`);
    expect(response.statusCode, response.body).toBe(200);
    expect((response.json() as Job[]).map((job) => job.id)).toEqual([inDay.id]);
    expect(response.headers['total-count']).toBe('1');
    const week = 'scheduledStart:[2030-03-03T13:00:00.000Z TO 2030-03-10T13:00:00.000Z}';
    const weekIds = (await api.get(`/api/jobs?q=${encodeURIComponent(week)}&s=1000`)).json() as Job[];
    expect(weekIds.map((job) => job.id)).toEqual([dayAfter.id, inDay.id]);

    const readyList = await api.get('/api/jobs?q=status:OPEN_READY_TO_BE_SCHEDULED&p=1&s=1000');
    expect((readyList.json() as Job[]).map((job) => job.id)).toContain(ready.id);
    expect((readyList.json() as Job[]).every((job) => job.status === 'OPEN_READY_TO_BE_SCHEDULED')).toBe(
      true,
    );
  });

  it('refuse a page larger than the scheduler limit of 1000', async () => {
    const response = await api.get('/api/jobs?q=*&s=1001');
    expect(response.statusCode).toBe(400);
    expect(response.json().error).toBe('VALIDATION_FAILED');
  });
});

describe('scheduling on the board', () => {
  it('schedules a ready job onto a technician for an hour', async () => {
    const job = await jobIn('OPEN_READY_TO_BE_SCHEDULED');
    const response = await scheduleOnto(job, {
      start: '2030-03-04T10:00:00+11:00',
      finish: '2030-03-04T11:00:00+11:00',
      technician: technician(1),
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({
      status: 'OPEN_SCHEDULED',
      scheduledStart: '2030-03-03T23:00:00.000Z',
      scheduledFinish: '2030-03-04T00:00:00.000Z',
      assignee: technician(1),
      assigneeName: 'SE02',
    });
  });

  it('moves a scheduled job to another technician and time, and to no technician', async () => {
    const job = await jobIn('OPEN_SCHEDULED', {
      scheduledStart: '2030-03-04T10:00:00+11:00',
      scheduledFinish: '2030-03-04T11:00:00+11:00',
      assignee: technician(1),
    });
    const moved = await scheduleOnto(job, {
      start: '2030-03-04T13:00:00+11:00',
      finish: '2030-03-04T14:30:00+11:00',
      technician: technician(2),
    });
    expect(moved.statusCode, moved.body).toBe(200);
    expect(moved.json()).toMatchObject({
      scheduledStart: '2030-03-04T02:00:00.000Z',
      scheduledFinish: '2030-03-04T03:30:00.000Z',
      assignee: technician(2),
      assigneeName: 'SE03',
    });
    const unassigned = await scheduleOnto(moved.json(), {
      start: '2030-03-04T13:00:00+11:00',
      finish: '2030-03-04T14:30:00+11:00',
      technician: null,
    });
    expect(unassigned.json()).toMatchObject({ status: 'OPEN_SCHEDULED', assignee: null, assigneeName: null });
  });

  it('refuses a drop over a job someone changed since the board read it (409), and keeps their change', async () => {
    const read = await jobIn('OPEN_READY_TO_BE_SCHEDULED');
    const theirs = await api.put(`/api/jobs/${read.id}`, { ...read, reference: "O'Neill & Co: changed" });
    expect(theirs.statusCode).toBe(200);
    const stale = await scheduleOnto(read, {
      start: '2030-03-04T10:00:00+11:00',
      finish: '2030-03-04T11:00:00+11:00',
      technician: technician(1),
    });
    expect(stale.statusCode).toBe(409);
    expect(stale.json()).toEqual({
      error: 'CONFLICT',
      message: 'Someone else changed this job. Reload it to see their changes, then save again.',
      fieldErrors: [],
      reason: 'STALE_SAVE',
    });
    expect((await api.get(`/api/jobs/${read.id}`)).json()).toMatchObject({
      status: 'OPEN_READY_TO_BE_SCHEDULED',
      reference: "O'Neill & Co: changed",
      scheduledStart: null,
    });
  });

  it.each([
    ['OPEN_NEW', 'New'],
    ['OPEN_IN_PROGRESS', 'In progress'],
    ['CLOSED_COMPLETED', 'Completed (Closed)'],
  ] as const)('refuses to schedule a job that is %s (409 naming both statuses)', async (status, name) => {
    const job = await jobIn(status);
    const response = await scheduleOnto(job, {
      start: '2030-03-04T10:00:00+11:00',
      finish: '2030-03-04T11:00:00+11:00',
      technician: technician(0),
    });
    expect(response.statusCode).toBe(409);
    expect(response.json().message).toBe(`A job that is ${name} cannot be moved to Scheduled.`);
    expect((await api.get(`/api/jobs/${job.id}`)).json().status).toBe(status);
  });

  it("refuses another organisation's technician on a drop, and leaves the job ready", async () => {
    const job = await jobIn('OPEN_READY_TO_BE_SCHEDULED');
    const [theirs] = (await apiAs(t, b.token).get('/api/technicians')).json() as { id: string }[];
    const response = await scheduleOnto(job, {
      start: '2030-03-04T10:00:00+11:00',
      finish: '2030-03-04T11:00:00+11:00',
      technician: theirs?.id ?? '',
    });
    expect(response.statusCode).toBe(400);
    expect(fieldsOf(response)).toEqual(['assignee']);
    expect((await api.get(`/api/jobs/${job.id}`)).json()).toMatchObject({
      status: 'OPEN_READY_TO_BE_SCHEDULED',
      assignee: null,
    });
  });
});
