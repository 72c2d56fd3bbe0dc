import { takenAtMessages } from '@fieldbook/domain';
import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { SAVE_IDEMPOTENCY_REUSED } from '../../platform/http/idempotency.ts';
import { type ApiClient, apiAs } from '../../test-support/api-client.ts';
import { newMember, type TenantWithUser } from '../../test-support/factories.ts';
import { technicianJobs } from '../../test-support/job-fixtures.ts';
import type { TestApp } from '../../test-support/test-app.ts';
import { withTwoTenants } from '../../test-support/two-tenants.ts';
import { jobSignatures } from './job-signature-tables.ts';
import { signedAlready } from './job-signatures.ts';

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
    const { ownJobId: jobId } = await technicianJobs(t, a, 'The Grounds Kitchen Co');
    const signed = new Date(Date.now() - 3 * 60 * 60_000);
    const late = await technician.put(signatureOf(jobId), {
      customerNotPresent: true,
      // A name the form started with: nobody signed, so it is not kept.
      signerName: 'The Grounds Kitchen Co',
      takenAt: signed.toISOString(),
    });
    expect(late.statusCode, late.body).toBe(200);
    expect(late.json()).toMatchObject({ signedAt: signed.toISOString(), signerName: null });
    expect((await owner.get(signatureOf(jobId))).json().signedAt).toBe(signed.toISOString());
    const ahead = await technician.put(signatureOf(jobId), {
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

  describe('taken on two phones, one of them sent later', () => {
    /** A job of the technician's own, with nothing signed yet. */
    const freshJob = async () => (await technicianJobs(t, a, 'Olivia Cartwright')).ownJobId;
    const minutesAgo = (minutes: number) => new Date(Date.now() - minutes * 60_000).toISOString();
    const olivia = (takenAt: string) => ({ signerName: 'Olivia Cartwright', image: PNG, takenAt });
    const notPresent = (takenAt: string) => ({ customerNotPresent: true, takenAt });

    it('refuses a sign-off taken before the one the job has, naming when and by whom; the newer one stays', async () => {
      const jobId = await freshJob();
      const newer = await technician.put(signatureOf(jobId), olivia(minutesAgo(20)));
      expect(newer.statusCode, newer.body).toBe(200);
      const older = await technician.put(signatureOf(jobId), notPresent(minutesAgo(21)));
      expect(older.statusCode, older.body).toBe(409);
      const { timeZone } = (await owner.get('/api/organisation')).json();
      expect(older.json()).toMatchObject({
        error: 'CONFLICT',
        message: signedAlready(newer.json(), timeZone),
      });
      expect(older.json().message).toMatch(
        /^The job was already signed at \d{1,2}:\d\d [ap]m on \d{1,2} \w{3} by Olivia Cartwright; this sign-off was not saved\.$/,
      );
      expect((await owner.get(signatureOf(jobId))).json()).toEqual(newer.json());
    });

    it('replaces a sign-off taken before: the later one is kept whichever order they arrive in', async () => {
      const jobId = await freshJob();
      const answers = [];
      for (const body of [notPresent(minutesAgo(21)), olivia(minutesAgo(20))])
        answers.push((await technician.put(signatureOf(jobId), body)).statusCode);
      expect(answers).toEqual([200, 200]);
      expect((await owner.get(signatureOf(jobId))).json()).toMatchObject({
        signerName: 'Olivia Cartwright',
        customerNotPresent: false,
      });
      // One taken online (now) replaces both; the same sign-off sent twice is the same.
      const now = await technician.put(signatureOf(jobId), { customerNotPresent: true });
      expect(now.statusCode, now.body).toBe(200);
      const twice = await technician.put(signatureOf(jobId), {
        customerNotPresent: true,
        takenAt: now.json().signedAt,
      });
      expect(twice.statusCode, twice.body).toBe(200);
    });

    it('names who took a "customer not present" sign-off that a sign-off taken before it cannot replace', async () => {
      const jobId = await freshJob();
      const held = await technician.put(signatureOf(jobId), notPresent(minutesAgo(5)));
      const older = await technician.put(signatureOf(jobId), olivia(minutesAgo(6)));
      expect(older.statusCode).toBe(409);
      const { timeZone } = (await owner.get('/api/organisation')).json();
      expect(older.json().message).toBe(signedAlready(held.json(), timeZone));
      expect(older.json().message).toMatch(
        new RegExp(`^The job was already signed off at .+ by ${technicianEmail} \\(customer not present\\);`),
      );
    });

    it("is refused to another organisation as not found, whatever the job's sign-off", async () => {
      const jobId = await freshJob();
      await technician.put(signatureOf(jobId), olivia(minutesAgo(10)));
      const other = apiAs(t, b.token);
      for (const takenAt of [minutesAgo(11), minutesAgo(9)]) {
        expect((await other.put(signatureOf(jobId), notPresent(takenAt))).statusCode).toBe(404);
      }
      expect((await owner.get(signatureOf(jobId))).json().signerName).toBe('Olivia Cartwright');
    });

    it('refuses the earlier sign-off from each role', async () => {
      const office = apiAs(t, (await newMember(t, a.tenant.tenantId, 'OFFICE')).token);
      for (const [role, caller] of [
        ['Owner', owner],
        ['Office', office],
        ['Technician', technician],
      ] as const) {
        const jobId = await freshJob();
        const newer = await owner.put(signatureOf(jobId), olivia(minutesAgo(10)));
        expect(newer.statusCode, role).toBe(200);
        const older = await caller.put(signatureOf(jobId), notPresent(minutesAgo(11)));
        expect(older.statusCode, role).toBe(409);
        expect(older.json().message, role).toContain('this sign-off was not saved');
        expect((await owner.get(signatureOf(jobId))).json().signerName, role).toBe('Olivia Cartwright');
      }
    });

    it('answers a resend with the same Idempotency-Key with its first answer, even after a later sign-off', async () => {
      const jobId = await freshJob();
      const key = { 'idempotency-key': crypto.randomUUID() };
      const body = notPresent(minutesAgo(21));
      const first = await technician.put(signatureOf(jobId), body, key);
      expect(first.statusCode, first.body).toBe(200);
      // The answer was lost; meanwhile the customer signed on the technician's other phone.
      expect((await technician.put(signatureOf(jobId), olivia(minutesAgo(20)))).statusCode).toBe(200);
      const resent = await technician.put(signatureOf(jobId), body, key);
      expect(resent.statusCode, resent.body).toBe(200);
      expect(resent.headers['idempotency-replayed']).toBe('true');
      expect(resent.json()).toEqual(first.json());
      expect((await owner.get(signatureOf(jobId))).json().signerName).toBe('Olivia Cartwright');
      // The key is bound to its job and its sign-off.
      for (const [url, other] of [
        [signatureOf(jobId), notPresent(minutesAgo(19))],
        [signatureOf(await freshJob()), body],
      ] as const) {
        const reused = await technician.put(url, other, key);
        expect(reused.statusCode).toBe(409);
        expect(reused.json().message).toBe(SAVE_IDEMPOTENCY_REUSED);
      }
    });

    it('refuses the same earlier sign-off again when resent with its key: a refusal keeps nothing', async () => {
      const jobId = await freshJob();
      await technician.put(signatureOf(jobId), olivia(minutesAgo(20)));
      const key = { 'idempotency-key': crypto.randomUUID() };
      const body = notPresent(minutesAgo(21));
      const refused = await technician.put(signatureOf(jobId), body, key);
      const again = await technician.put(signatureOf(jobId), body, key);
      expect([refused.statusCode, again.statusCode]).toEqual([409, 409]);
      expect(again.json().message).toBe(refused.json().message);
      expect(again.headers['idempotency-replayed']).toBeUndefined();
    });
  });
});
