import type { Technician } from '@fieldbook/domain';
import { describe, expect, it } from 'vitest';
import { apiAs, fieldsOf } from '../../test-support/api-client.ts';
import { createTenantWithUser, type TenantWithUser } from '../../test-support/factories.ts';
import { fullJob, jobWorld } from '../../test-support/job-fixtures.ts';
import type { TestApp } from '../../test-support/test-app.ts';
import { withTwoTenants } from '../../test-support/two-tenants.ts';

let t: TestApp;
let a: TenantWithUser;
let b: TenantWithUser;

withTwoTenants((env) => {
  ({ t, a, b } = env);
});

const names = (list: Technician[]) => list.map((technician) => technician.name);

describe('technicians', () => {
  it('start as SE01 to SE05 in a new organisation, listed by name', async () => {
    const fresh = await createTenantWithUser(t);
    const response = await apiAs(t, fresh.token).get('/api/technicians');
    expect(response.statusCode).toBe(200);
    expect(response.headers['total-count']).toBe('5');
    expect(names(response.json())).toEqual(['SE01', 'SE02', 'SE03', 'SE04', 'SE05']);
    expect((response.json() as Technician[]).every((technician) => !technician.retired)).toBe(true);
  });

  it('are added, renamed and retired; a retired one is left out of those who take jobs', async () => {
    const fresh = await createTenantWithUser(t);
    const api = apiAs(t, fresh.token);
    const response = await api.post('/api/technicians', { name: " SE06 O'Connor St " });
    expect(response.statusCode, response.body).toBe(201);
    const created = response.json() as Technician;
    expect(created).toMatchObject({ name: "SE06 O'Connor St", retired: false });
    const renamed = await api.put(`/api/technicians/${created.id}`, {
      ...created,
      name: 'SE06 Richmond',
      retired: true,
    });
    expect(renamed.statusCode).toBe(200);
    expect(renamed.json()).toMatchObject({ name: 'SE06 Richmond', retired: true });
    const stale = await api.put(`/api/technicians/${created.id}`, { ...created, name: 'Stale' });
    expect(stale.statusCode).toBe(409);
    const working = await api.get('/api/technicians?q=retired:false');
    expect(names(working.json())).toEqual(['SE01', 'SE02', 'SE03', 'SE04', 'SE05']);
    expect(names((await api.get('/api/technicians?q=retired:true')).json())).toEqual(['SE06 Richmond']);
  });

  it('refuse a blank name, and a name the organisation already has in any case', async () => {
    const api = apiAs(t, a.token);
    expect(fieldsOf(await api.post('/api/technicians', { name: ' ' }))).toEqual(['name']);
    const taken = await api.post('/api/technicians', { name: 'se01' });
    expect(taken.statusCode).toBe(400);
    expect(taken.json().fieldErrors).toEqual([
      { field: 'name', message: 'A technician with this name already exists.' },
    ]);
  });

  it("treat another organisation's technician as missing", async () => {
    const theirs = (await apiAs(t, b.token).get('/api/technicians')).json()[0] as Technician;
    const api = apiAs(t, a.token);
    expect((await api.get(`/api/technicians/${theirs.id}`)).statusCode).toBe(404);
    expect((await api.put(`/api/technicians/${theirs.id}`, { ...theirs, name: 'Mine now' })).statusCode).toBe(
      404,
    );
    expect((await apiAs(t, b.token).get(`/api/technicians/${theirs.id}`)).json().name).toBe(theirs.name);
  });
});

describe('a job assigned to a technician', () => {
  it('names the technician by id and shows their name', async () => {
    const world = await jobWorld(t, a, 'T1');
    const [se01] = world.technicians;
    const response = await apiAs(t, a.token).post('/api/jobs', fullJob(world, { assignee: se01?.id }));
    expect(response.statusCode, response.body).toBe(201);
    expect(response.json()).toMatchObject({ assignee: se01?.id, assigneeName: 'SE01' });
  });

  it("refuses another organisation's technician, and an id that is no technician", async () => {
    const world = await jobWorld(t, a, 'T2');
    const theirs = (await apiAs(t, b.token).get('/api/technicians')).json()[0] as Technician;
    for (const assignee of [theirs.id, '01900000-0000-7000-8000-000000000000', 'SE01']) {
      const response = await apiAs(t, a.token).post('/api/jobs', fullJob(world, { assignee }));
      expect(response.statusCode).toBe(400);
      expect(response.json().fieldErrors).toEqual([
        { field: 'assignee', message: 'Choose a technician of this organisation.' },
      ]);
    }
  });

  it('gives a retired technician no new job, and lets the jobs they had be saved', async () => {
    const fresh = await createTenantWithUser(t);
    const api = apiAs(t, fresh.token);
    const world = await jobWorld(t, fresh, 'T3');
    const [se01, se02] = world.technicians;
    const job = (await api.post('/api/jobs', fullJob(world, { assignee: se01?.id }))).json();
    const technician = (await api.get(`/api/technicians/${se01?.id}`)).json();
    await api.put(`/api/technicians/${se01?.id}`, { ...technician, retired: true });

    const kept = await api.put(`/api/jobs/${job.id}`, { ...job, reference: 'Still theirs' });
    expect(kept.statusCode, kept.body).toBe(200);
    expect(kept.json()).toMatchObject({ assignee: se01?.id, assigneeName: 'SE01' });
    const inCapitals = await api.put(`/api/jobs/${job.id}`, {
      ...(kept.json() as Record<string, unknown>),
      assignee: se01?.id.toUpperCase(),
    });
    expect(inCapitals.statusCode, inCapitals.body).toBe(200);

    const refused = await api.post('/api/jobs', fullJob(world, { assignee: se01?.id }));
    expect(refused.json().fieldErrors).toEqual([
      {
        field: 'assignee',
        message: 'This technician is retired and takes no new jobs. Choose another technician.',
      },
    ]);
    const other = (await api.post('/api/jobs', fullJob(world, { assignee: se02?.id }))).json();
    const moved = await api.put(`/api/jobs/${other.id}`, { ...other, assignee: se01?.id });
    expect(fieldsOf(moved)).toEqual(['assignee']);
  });
});
