import { randomUUID } from 'node:crypto';
import type { JobNote } from '@fieldbook/domain';
import { and, eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { type ApiClient, apiAs } from '../../test-support/api-client.ts';
import { newMember, type TenantWithUser } from '../../test-support/factories.ts';
import { technicianJobs } from '../../test-support/job-fixtures.ts';
import type { TestApp } from '../../test-support/test-app.ts';
import { withTwoTenants } from '../../test-support/two-tenants.ts';
import { jobNotes } from './job-note-tables.ts';

let t: TestApp;
let a: TenantWithUser;
let b: TenantWithUser;
withTwoTenants((env) => ({ t, a, b } = env));

let owner: ApiClient;
let office: ApiClient;
let technician: ApiClient;
let technicianEmail: string;
/** A job assigned to the technician's technician, and one assigned to another. */
let ownJobId: string;
let otherJobId: string;

const notesOf = (jobId: string) => `/api/jobs/${jobId}/notes`;

beforeAll(async () => {
  ({ owner, technician, technicianEmail, ownJobId, otherJobId } = await technicianJobs(
    t,
    a,
    "Siobhan O'Reilly & Co",
  ));
  office = apiAs(t, (await newMember(t, a.tenant.tenantId, 'OFFICE')).token);
});

/** Adds a note as `who`, expecting it to be saved. */
async function add(who: ApiClient, jobId: string, text: string): Promise<JobNote> {
  const added = await who.post(notesOf(jobId), { text });
  expect(added.statusCode, added.body).toBe(201);
  return added.json();
}

describe('notes on a job', () => {
  it('are added by the office and by the job’s technician, signed, and listed newest first for everyone', async () => {
    const first = await add(
      office,
      ownJobId,
      'Customer rang: the side gate code is 4417 & the dog is friendly.',
    );
    const second = await add(
      technician,
      ownJobId,
      "Replaced the washer; the tap's seat is worn, quote a new one.",
    );
    expect(second).toMatchObject({ job: { id: ownJobId }, author: { mine: true } });
    // The member's name as the organisation knows it, else their email.
    expect(second.author.name).toBe(technicianEmail);
    expect(Date.parse(second.editableUntil) - Date.parse(second.created)).toBe(15 * 60_000);

    const listed = await owner.get(notesOf(ownJobId));
    expect(listed.statusCode).toBe(200);
    const notes = listed.json() as JobNote[];
    expect(notes.map((note) => note.id)).toEqual([second.id, first.id]);
    expect(notes.map((note) => note.author.mine)).toEqual([false, false]);
    expect(notes[1]?.text).toBe('Customer rang: the side gate code is 4417 & the dog is friendly.');
  });

  it("are another technician's job's as that job is: not found for a Technician", async () => {
    await add(office, otherJobId, 'Bring the long ladder.');
    expect((await technician.get(notesOf(otherJobId))).statusCode).toBe(404);
    expect((await technician.post(notesOf(otherJobId), { text: 'Mine now' })).statusCode).toBe(404);
    const [note] = (await office.get(notesOf(otherJobId))).json() as JobNote[];
    expect(
      (await technician.put(`${notesOf(otherJobId)}/${note?.id}`, { text: 'x', updated: note?.updated }))
        .statusCode,
    ).toBe(404);
  });

  it("are another organisation's job's: not found, whatever the call", async () => {
    const note = await add(office, ownJobId, 'Only for Alpha.');
    const other = apiAs(t, b.token);
    expect((await other.get(notesOf(ownJobId))).statusCode).toBe(404);
    expect((await other.post(notesOf(ownJobId), { text: 'From Bravo' })).statusCode).toBe(404);
    expect(
      (await other.put(`${notesOf(ownJobId)}/${note.id}`, { text: 'x', updated: note.updated })).statusCode,
    ).toBe(404);
    expect((await other.delete(`${notesOf(ownJobId)}/${note.id}`)).statusCode).toBe(404);
    expect((await owner.get(notesOf(ownJobId))).json().map((n: JobNote) => n.text)).toContain(
      'Only for Alpha.',
    );
  });

  it('refuse an empty or too long note with its field, and a job or note that is not there', async () => {
    for (const text of ['', '   ', 'x'.repeat(5001)]) {
      const refused = await office.post(notesOf(ownJobId), { text });
      expect(refused.statusCode).toBe(400);
      expect(refused.json().fieldErrors[0].field).toBe('text');
    }
    expect((await office.post(notesOf(ownJobId), { text: '' })).json().fieldErrors[0].message).toBe(
      'Write the note.',
    );
    expect((await office.get(notesOf(randomUUID()))).statusCode).toBe(404);
    expect((await office.get(notesOf('not-an-id'))).statusCode).toBe(404);
    const note = await add(office, ownJobId, 'On the first job.');
    // A note is found only under its own job.
    expect(
      (await office.put(`${notesOf(otherJobId)}/${note.id}`, { text: 'x', updated: note.updated }))
        .statusCode,
    ).toBe(404);
  });

  it('are changed only by their author, over the version read, within 15 minutes', async () => {
    const note = await add(technician, ownJobId, 'Hot water unt leaking at the valve.');
    const url = `${notesOf(ownJobId)}/${note.id}`;
    const changed = await technician.put(url, {
      text: 'Hot water unit leaking at the relief valve.',
      updated: note.updated,
    });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json()).toMatchObject({
      text: 'Hot water unit leaking at the relief valve.',
      author: { mine: true },
    });

    expect((await technician.put(url, { text: 'Stale', updated: note.updated })).statusCode).toBe(409);
    const byOwner = await owner.put(url, { text: 'Not mine', updated: changed.json().updated });
    expect(byOwner.statusCode).toBe(403);
    expect(byOwner.json().message).toBe('Only the person who wrote a note can change it.');

    // Written 16 minutes ago: its author can no longer change it.
    await t.database.db
      .update(jobNotes)
      .set({ created: sql`now() - interval '16 minutes'` })
      .where(and(eq(jobNotes.tenantId, a.tenant.tenantId), eq(jobNotes.id, note.id)));
    const late = await technician.put(url, { text: 'Too late', updated: changed.json().updated });
    expect(late.statusCode).toBe(403);
    expect(late.json().message).toBe('A note can be changed only in the 15 minutes after it was written.');
    const [kept] = (await owner.get(notesOf(ownJobId))).json().filter((n: JobNote) => n.id === note.id);
    expect(kept.text).toBe('Hot water unit leaking at the relief valve.');
  });

  it('are deleted by an Owner only', async () => {
    const note = await add(technician, ownJobId, 'Delete me.');
    const url = `${notesOf(ownJobId)}/${note.id}`;
    expect((await technician.delete(url)).statusCode).toBe(403);
    expect((await office.delete(url)).statusCode).toBe(403);
    expect((await owner.delete(url)).statusCode).toBe(204);
    expect((await owner.delete(url)).statusCode).toBe(404);
    expect((await owner.get(notesOf(ownJobId))).json().map((n: JobNote) => n.id)).not.toContain(note.id);
  });

  it('are added once for one Idempotency-Key, and go with their job when it is deleted', async () => {
    const customer = await owner.post('/api/customers', { name: 'Short-lived Pty Ltd' });
    const job = (await owner.post('/api/jobs', { customer: { id: customer.json().id } })).json();
    const key = { 'idempotency-key': `note-${job.id}` };
    const once = await office.post(notesOf(job.id), { text: 'Sent twice on a bad connection.' }, key);
    const twice = await office.post(notesOf(job.id), { text: 'Sent twice on a bad connection.' }, key);
    expect([once.statusCode, twice.statusCode]).toEqual([201, 201]);
    expect(twice.json().id).toBe(once.json().id);
    expect((await office.get(notesOf(job.id))).json()).toHaveLength(1);

    expect((await owner.delete(`/api/jobs/${job.id}`)).statusCode).toBe(204);
    const left = await t.database.db
      .select({ id: jobNotes.id })
      .from(jobNotes)
      .where(and(eq(jobNotes.tenantId, a.tenant.tenantId), eq(jobNotes.jobId, job.id)));
    expect(left).toEqual([]);
  });
});
