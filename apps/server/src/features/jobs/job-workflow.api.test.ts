import { JOB_STATUS_NAMES, JOB_STATUSES, type JobStatus, jobTransitions } from '@fieldbook/domain';
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { type ApiClient, apiAs, fieldsOf } from '../../test-support/api-client.ts';
import type { TenantWithUser } from '../../test-support/factories.ts';
import { fullJob, type JobWorld, jobWorld } from '../../test-support/job-fixtures.ts';
import type { TestApp } from '../../test-support/test-app.ts';
import { withTwoTenants } from '../../test-support/two-tenants.ts';

let t: TestApp;
let a: TenantWithUser;
let world: JobWorld;
let api: ApiClient;

withTwoTenants((env) => {
  ({ t, a } = env);
});

beforeAll(async () => {
  world = await jobWorld(t, a, 'W');
  api = apiAs(t, a.token);
});

const schedule = {
  scheduledStart: '2026-11-24T08:00:00+11:00',
  scheduledFinish: '2026-11-24T10:00:00+11:00',
};

/** A job put straight into a status (the workflow's path to it is tested on its own). */
async function jobIn(status: JobStatus) {
  const job = (await api.post('/api/jobs', fullJob(world, schedule))).json();
  await t.database.db.execute(sql`update jobs set status = ${status} where id = ${job.id}`);
  return (await api.get(`/api/jobs/${job.id}`)).json();
}

const move = (job: { id: string; updated: string }, status: JobStatus, more: Record<string, unknown> = {}) =>
  api.put(`/api/jobs/${job.id}`, { ...fullJob(world, schedule), status, updated: job.updated, ...more });

const allowed = JOB_STATUSES.flatMap((from) => jobTransitions[from].map((to) => [from, to] as const));
const refused = JOB_STATUSES.flatMap((from) =>
  JOB_STATUSES.filter((to) => to !== from && !jobTransitions[from].includes(to)).map(
    (to) => [from, to] as const,
  ),
);

describe('the job workflow', () => {
  it.each(allowed)('moves a job from %s to %s', async (from, to) => {
    const job = await jobIn(from);
    const response = await move(job, to);
    expect(response.statusCode).toBe(200);
    expect(response.json().status).toBe(to);
  });

  it.each(JOB_STATUSES)('keeps a job in %s (no change is always allowed)', async (status) => {
    const job = await jobIn(status);
    expect((await move(job, status)).statusCode).toBe(200);
  });

  // A sample of the refused moves: every fifth, which covers each status as a start.
  it.each(refused.filter((_, index) => index % 5 === 0))(
    'refuses %s → %s with 409 naming both',
    async (from, to) => {
      const job = await jobIn(from);
      const response = await move(job, to);
      expect(response.statusCode).toBe(409);
      expect(response.json()).toEqual({
        error: 'CONFLICT',
        message: `A job that is ${JOB_STATUS_NAMES[from]} cannot be moved to ${JOB_STATUS_NAMES[to]}.`,
        fieldErrors: [],
      });
      expect((await api.get(`/api/jobs/${job.id}`)).json().status).toBe(from);
    },
  );

  it('walks New → Booking required → Ready to be scheduled → Scheduled → In progress → Completed → Closed', async () => {
    let job = (await api.post('/api/jobs', fullJob(world))).json();
    for (const status of [
      'OPEN_BOOKING_REQUIRED',
      'OPEN_READY_TO_BE_SCHEDULED',
      'OPEN_SCHEDULED',
      'OPEN_IN_PROGRESS',
      'OPEN_COMPLETED',
      'CLOSED_COMPLETED',
    ] as const) {
      // As the viewer's buttons do: the job as it was read, with the new status (and times to schedule).
      const response = await api.put(`/api/jobs/${job.id}`, { ...job, ...schedule, status });
      expect(response.statusCode, status).toBe(200);
      job = response.json();
    }
    expect(job.actualStart).toEqual(expect.any(String));
    expect(job.actualFinish).toEqual(expect.any(String));
    expect(job.actualFinish >= job.actualStart).toBe(true);
  });

  it('needs a scheduled start and finish to schedule', async () => {
    const job = await jobIn('OPEN_READY_TO_BE_SCHEDULED');
    const response = await move(job, 'OPEN_SCHEDULED', { scheduledStart: null, scheduledFinish: undefined });
    expect(response.statusCode).toBe(400);
    expect(response.json().error).toBe('VALIDATION_FAILED');
    expect(fieldsOf(response)).toEqual(['scheduledStart', 'scheduledFinish']);
    const backwards = await move(job, 'OPEN_SCHEDULED', {
      scheduledStart: '2026-11-24T10:00:00+11:00',
      scheduledFinish: '2026-11-24T08:00:00+11:00',
    });
    expect(fieldsOf(backwards)).toEqual(['scheduledFinish']);
  });

  it('reschedules a Scheduled job by saving it Scheduled with new times', async () => {
    const job = await jobIn('OPEN_SCHEDULED');
    const moved = { scheduledStart: '2026-11-25T13:00:00Z', scheduledFinish: '2026-11-25T14:00:00Z' };
    const response = await move(job, 'OPEN_SCHEDULED', moved);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      scheduledStart: '2026-11-25T13:00:00.000Z',
      scheduledFinish: '2026-11-25T14:00:00.000Z',
    });
  });

  it('keeps an actual start or finish already recorded', async () => {
    const started = '2026-11-24T07:45:00.000Z';
    const job = await jobIn('OPEN_SCHEDULED');
    const response = await move(job, 'OPEN_IN_PROGRESS', { actualStart: started });
    expect(response.json().actualStart).toBe(started);
    const finished = await move(response.json(), 'OPEN_COMPLETED', {
      actualStart: started,
      actualFinish: '2026-11-24T11:00:00.000Z',
    });
    expect(finished.json()).toMatchObject({ actualStart: started, actualFinish: '2026-11-24T11:00:00.000Z' });
  });

  it('refuses a stale save with 409 asking to reload, before judging its status', async () => {
    const job = await jobIn('OPEN_NEW');
    expect((await move(job, 'OPEN_BOOKING_REQUIRED')).statusCode).toBe(200);
    for (const status of ['OPEN_BOOKING_REQUIRED', 'CLOSED_COMPLETED'] as const) {
      const stale = await move(job, status);
      expect(stale.statusCode).toBe(409);
      expect(stale.json().message).toBe(
        'Someone else changed this job. Reload it to see their changes, then save again.',
      );
    }
  });
});
