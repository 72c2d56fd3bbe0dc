import { takenAtMessages } from '@fieldbook/domain';
import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { type ApiClient, apiAs } from '../../test-support/api-client.ts';
import { newMember, type TenantWithUser } from '../../test-support/factories.ts';
import { technicianJobs } from '../../test-support/job-fixtures.ts';
import type { TestApp } from '../../test-support/test-app.ts';
import { withTwoTenants } from '../../test-support/two-tenants.ts';
import { jobSignatures } from './job-signature-tables.ts';

let t: TestApp;
let a: TenantWithUser;
let b: TenantWithUser;
withTwoTenants((env) => ({ t, a, b } = env));

/** A 1×1 PNG, as a finger's signature would be sent (only bigger). */
const PNG =
  'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==';

let owner: ApiClient;
let technician: ApiClient;
let technicianEmail: string;
let ownJobId: string;
let otherJobId: string;
const signatureOf = (jobId: string) => `/api/jobs/${jobId}/signature`;

beforeAll(async () => {
  ({ owner, technician, technicianEmail, ownJobId, otherJobId } = await technicianJobs(
    t,
    a,
    'Róisín Ní Bhriain',
  ));
});

describe("a job's sign-off", () => {
  it('is taken on the job’s technician’s phone: the name, the signature and when, then read by the office', async () => {
    const none = await owner.get(signatureOf(ownJobId));
    expect(none.statusCode).toBe(200);
    expect(none.json()).toBeNull();
    const taken = await technician.put(signatureOf(ownJobId), {
      signerName: 'Róisín Ní Bhriain',
      image: PNG,
    });
    expect(taken.statusCode, taken.body).toBe(200);
    expect(taken.json()).toMatchObject({
      job: { id: ownJobId },
      customerNotPresent: false,
      signerName: 'Róisín Ní Bhriain',
      image: PNG,
      takenBy: technicianEmail,
    });
    expect(Math.abs(Date.parse(taken.json().signedAt) - Date.now())).toBeLessThan(60_000);
    expect((await owner.get(signatureOf(ownJobId))).json()).toEqual(taken.json());
  });

  it('says the customer was not there, replacing what was taken before', async () => {
    const absent = await technician.put(signatureOf(ownJobId), { customerNotPresent: true });
    expect(absent.statusCode, absent.body).toBe(200);
    expect(absent.json()).toMatchObject({ customerNotPresent: true, signerName: null, image: null });
    const rows = await t.database.db
      .select()
      .from(jobSignatures)
      .where(and(eq(jobSignatures.tenantId, a.tenant.tenantId), eq(jobSignatures.jobId, ownJobId)));
    expect(rows).toHaveLength(1);
  });

  it('refuses a sign-off without a name or a signature, an image that is not a PNG, and both at once', async () => {
    const jpeg =
      'data:image/png;base64,/9j/4AAQSkZJRgABAQAAAQABAAD/2wBDAAgGBgcGBQgHBwcJCQgKDBQNDAsLDBkSEw8UHRofHh0aHBwgJC4nICIsIxwcKDcpLDAxNDQ0Hyc5PTgyPC4zNDL/';
    for (const [body, field, message] of [
      [{ image: PNG }, 'signerName', 'Enter the name of the person signing.'],
      [{ signerName: 'Kylie' }, 'image', 'Ask the customer to sign, or say that they were not there.'],
      [
        { signerName: 'Kylie', image: jpeg },
        'image',
        'Send the signature as a PNG data URL ("data:image/png;base64,…").',
      ],
      [
        { signerName: 'Kylie', image: '<svg onload=alert(1)>' },
        'image',
        'Send the signature as a PNG data URL ("data:image/png;base64,…").',
      ],
      [
        { customerNotPresent: true, image: PNG },
        'image',
        'A signature and "customer not present" cannot go together.',
      ],
    ] as const) {
      const refused = await owner.put(signatureOf(otherJobId), body);
      expect(refused.statusCode, JSON.stringify(body)).toBe(400);
      expect(refused.json().fieldErrors).toContainEqual({ field, message });
    }
    const none = await owner.get(signatureOf(otherJobId));
    expect(none.statusCode).toBe(200);
    expect(none.json()).toBeNull();
  });

  it('taken on a phone without signal and sent later, is stamped when it was taken', async () => {
    const signed = new Date(Date.now() - 3 * 60 * 60_000);
    const late = await technician.put(signatureOf(ownJobId), {
      customerNotPresent: true,
      // A name the form started with: nobody signed, so it is not kept.
      signerName: 'The Grounds Kitchen Co',
      takenAt: signed.toISOString(),
    });
    expect(late.statusCode, late.body).toBe(200);
    expect(late.json()).toMatchObject({ signedAt: signed.toISOString(), signerName: null });
    expect((await owner.get(signatureOf(ownJobId))).json().signedAt).toBe(signed.toISOString());
    const ahead = await technician.put(signatureOf(ownJobId), {
      customerNotPresent: true,
      takenAt: new Date(Date.now() + 60 * 60_000).toISOString(),
    });
    expect(ahead.statusCode).toBe(400);
    expect(ahead.json().fieldErrors).toContainEqual({ field: 'takenAt', message: takenAtMessages.range });
  });

  it('is taken and read by an Office member on any job', async () => {
    const office = apiAs(t, (await newMember(t, a.tenant.tenantId, 'OFFICE')).token);
    const taken = await office.put(signatureOf(otherJobId), {
      signerName: "Mary-Kate O'Sullivan",
      image: PNG,
    });
    expect(taken.statusCode, taken.body).toBe(200);
    expect((await office.get(signatureOf(otherJobId))).json()).toMatchObject({
      signerName: "Mary-Kate O'Sullivan",
      image: PNG,
    });
  });

  it("is not another technician's or another organisation's to take or read", async () => {
    expect((await technician.put(signatureOf(otherJobId), { customerNotPresent: true })).statusCode).toBe(
      404,
    );
    expect((await technician.get(signatureOf(otherJobId))).statusCode).toBe(404);
    const other = apiAs(t, b.token);
    expect((await other.get(signatureOf(ownJobId))).statusCode).toBe(404);
    expect((await other.put(signatureOf(ownJobId), { customerNotPresent: true })).statusCode).toBe(404);
    expect((await owner.get(signatureOf(ownJobId))).json().customerNotPresent).toBe(true);
  });
});
