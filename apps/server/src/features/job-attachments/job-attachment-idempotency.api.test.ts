import type { LightMyRequestResponse } from 'fastify';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { IDEMPOTENCY_REUSED } from '../../platform/http/idempotency.ts';
import type { ApiClient } from '../../test-support/api-client.ts';
import type { TenantWithUser } from '../../test-support/factories.ts';
import { technicianJobs } from '../../test-support/job-fixtures.ts';
import type { TestApp } from '../../test-support/test-app.ts';
import { withTwoTenants } from '../../test-support/two-tenants.ts';

// A technician's phone queues its uploads while offline and sends them again when the network returns: an upload
// resent with its Idempotency-Key after a lost answer adds the photo once.

let t: TestApp;
let a: TenantWithUser;
let b: TenantWithUser;
withTwoTenants((env) => ({ t, a, b } = env));

let owner: ApiClient;
let technician: ApiClient;
let ownJobId: string;
let otherJobId: string;
let otherOrganisation: ApiClient;
let theirJobId: string;
let photo: Buffer;
let otherPhoto: Buffer;

const filesOf = (jobId: string) => `/api/jobs/${jobId}/attachments`;
const upload = (
  as: ApiClient,
  jobId: string,
  body: Buffer,
  filename: string,
  headers: Record<string, string> = {},
) =>
  as.post(`${filesOf(jobId)}?filename=${encodeURIComponent(filename)}`, body, {
    'content-type': 'image/png',
    ...headers,
  });
const keyOf = (name: string) => ({ 'idempotency-key': `${name}-${Math.random()}` });

/** A small PNG of one colour, as a phone's photo stands in here. */
const png = (background: string) =>
  sharp({ create: { width: 24, height: 16, channels: 3, background } })
    .png()
    .toBuffer();

/** The stored files' ids of a tenant (each upload's original and, for a photo, its thumbnail). */
async function storedIds(tenant: TenantWithUser): Promise<Set<string>> {
  const ids = new Set<string>();
  for await (const file of t.app.files.list(`${tenant.tenant.tenantId}/`)) {
    ids.add(file.key.split('/')[1] ?? '');
  }
  return ids;
}

const idsOf = async (as: ApiClient, jobId: string) =>
  ((await as.get(filesOf(jobId))).json() as { id: string }[]).map((file) => file.id);

beforeAll(async () => {
  ({ owner, technician, ownJobId, otherJobId } = await technicianJobs(t, a, 'Resent Photos Pty Ltd'));
  ({ owner: otherOrganisation, ownJobId: theirJobId } = await technicianJobs(t, b, 'Bravo’s Customer'));
  [photo, otherPhoto] = await Promise.all([png('#e02020'), png('#2060c0')]);
});

describe('POST /api/jobs/:id/attachments with an Idempotency-Key', () => {
  it('adds the photo once when the phone sends it again, and answers the retry with the first answer', async () => {
    const before = await idsOf(owner, ownJobId);
    const stored = await storedIds(a);
    const key = keyOf('photo');
    const first = await upload(technician, ownJobId, photo, 'IMG_0001.PNG', key);
    expect(first.statusCode, first.body).toBe(201);
    expect(first.headers['idempotency-replayed']).toBeUndefined();
    const retry = await upload(technician, ownJobId, photo, 'IMG_0001.PNG', key);
    expect(retry.statusCode, retry.body).toBe(201);
    expect(retry.headers['idempotency-replayed']).toBe('true');
    expect(retry.json().id).toBe(first.json().id);
    expect(retry.json()).toEqual(first.json());

    const after = await idsOf(technician, ownJobId);
    expect(after).toHaveLength(before.length + 1);
    expect(after.filter((id) => id === first.json().id)).toHaveLength(1);
    // The retry stored no second file: the only new files are the first upload's.
    const added = [...(await storedIds(a))].filter((id) => !stored.has(id));
    expect(added).toEqual([first.json().id]);
    const original = await technician.get(`${filesOf(ownJobId)}/${first.json().id}`);
    expect(original.statusCode).toBe(200);
  });

  it('refuses the same key with another photo, another name or another job (409), adding nothing', async () => {
    const key = keyOf('conflict');
    const first = await upload(owner, otherJobId, photo, 'meter.png', key);
    expect(first.statusCode, first.body).toBe(201);
    const stored = await storedIds(a);
    const before = await idsOf(owner, otherJobId);
    for (const [jobId, body, filename] of [
      [otherJobId, otherPhoto, 'meter.png'],
      [otherJobId, photo, 'meter (1).png'],
      [ownJobId, photo, 'meter.png'],
    ] as const) {
      const refused = await upload(owner, jobId, body, filename, key);
      expect(refused.statusCode, refused.body).toBe(409);
      expect(refused.json().message).toBe(IDEMPOTENCY_REUSED);
      expect(refused.headers['idempotency-replayed']).toBeUndefined();
    }
    expect(await idsOf(owner, otherJobId)).toEqual(before);
    expect(await storedIds(a)).toEqual(stored);
    // The first answer is still the key's.
    const retry = await upload(owner, otherJobId, photo, 'meter.png', key);
    expect([retry.statusCode, retry.headers['idempotency-replayed'], retry.json().id]).toEqual([
      201,
      'true',
      first.json().id,
    ]);
  });

  it("is refused for another member of the organisation using the first one's key", async () => {
    const key = keyOf('someone-else');
    expect((await upload(owner, ownJobId, photo, 'shared.png', key)).statusCode).toBe(201);
    const before = await idsOf(owner, ownJobId);
    const refused = await upload(technician, ownJobId, photo, 'shared.png', key);
    expect(refused.statusCode).toBe(409);
    expect(await idsOf(owner, ownJobId)).toEqual(before);
  });

  it("is another organisation's own: the same key string on its job adds its photo", async () => {
    const key = keyOf('both-organisations');
    const ours = await upload(technician, ownJobId, photo, 'IMG_0002.PNG', key);
    expect(ours.statusCode, ours.body).toBe(201);
    const theirs = await upload(otherOrganisation, theirJobId, photo, 'IMG_0002.PNG', key);
    expect(theirs.statusCode, theirs.body).toBe(201);
    expect(theirs.headers['idempotency-replayed']).toBeUndefined();
    expect(theirs.json().id).not.toBe(ours.json().id);
    expect(theirs.json().job).toEqual({ id: theirJobId });
    expect(await idsOf(otherOrganisation, theirJobId)).toEqual([theirs.json().id]);
    // And each organisation's retry replays its own answer.
    const ourRetry = await upload(technician, ownJobId, photo, 'IMG_0002.PNG', key);
    const theirRetry = await upload(otherOrganisation, theirJobId, photo, 'IMG_0002.PNG', key);
    expect([ourRetry.json().id, theirRetry.json().id]).toEqual([ours.json().id, theirs.json().id]);
    expect([ourRetry.headers['idempotency-replayed'], theirRetry.headers['idempotency-replayed']]).toEqual([
      'true',
      'true',
    ]);
  });

  it('adds the photo twice without a key, as before', async () => {
    const before = await idsOf(owner, otherJobId);
    const once = await upload(owner, otherJobId, photo, 'twice.png');
    const twice = await upload(owner, otherJobId, photo, 'twice.png');
    expect([once.statusCode, twice.statusCode]).toEqual([201, 201]);
    expect(twice.headers['idempotency-replayed']).toBeUndefined();
    expect(twice.json().id).not.toBe(once.json().id);
    expect(await idsOf(owner, otherJobId)).toHaveLength(before.length + 2);
  });

  it('makes one row of the same upload sent twice at once, and keeps no file of the other', async () => {
    const key = keyOf('at-once');
    const before = await idsOf(owner, ownJobId);
    const stored = await storedIds(a);
    const answers: LightMyRequestResponse[] = await Promise.all([
      upload(technician, ownJobId, photo, 'IMG_0003.PNG', key),
      upload(technician, ownJobId, photo, 'IMG_0003.PNG', key),
    ]);
    expect(answers.map((answer) => answer.statusCode)).toEqual([201, 201]);
    const [one, other] = answers.map((answer) => answer.json().id);
    expect(other).toBe(one);
    expect(answers.map((answer) => answer.headers['idempotency-replayed']).sort()).toEqual([
      'true',
      undefined,
    ]);
    expect(await idsOf(owner, ownJobId)).toHaveLength(before.length + 1);
    const added = [...(await storedIds(a))].filter((id) => !stored.has(id));
    expect(added).toEqual([one]);
  });

  it('refuses a malformed key before any work (400)', async () => {
    const before = await idsOf(owner, ownJobId);
    const refused = await upload(owner, ownJobId, photo, 'bad-key.png', { 'idempotency-key': 'has space' });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().fieldErrors[0].field).toBe('Idempotency-Key');
    expect(await idsOf(owner, ownJobId)).toEqual(before);
  });
});
