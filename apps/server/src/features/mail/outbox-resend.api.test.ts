import { type OutboxStatus, resendMessages } from '@fieldbook/domain';
import { eq } from 'drizzle-orm';
import { uuidv7 } from 'uuidv7';
import { beforeAll, describe, expect, it } from 'vitest';
import { outboxMessages } from '../../platform/mail/outbox-tables.ts';
import { type ApiClient, apiAs } from '../../test-support/api-client.ts';
import { newMember, type TenantWithUser } from '../../test-support/factories.ts';
import type { TestApp } from '../../test-support/test-app.ts';
import { withTwoTenants } from '../../test-support/two-tenants.ts';

// POST /outbox/{id}/resend: an Owner queues a FAILED message again (the worker's sending is in mail.api.test.ts).

let t: TestApp;
let a: TenantWithUser;
let b: TenantWithUser;
let owner: ApiClient;

withTwoTenants((env) => {
  ({ t, a, b } = env);
  owner = apiAs(t, a.token);
});

/** A message of tenant a's outbox as the worker leaves it: a FAILED one after its last retry, with the reason. */
async function messageIn(status: OutboxStatus, tenantId = a.tenant.tenantId): Promise<string> {
  const id = uuidv7();
  await t.database.db.insert(outboxMessages).values({
    tenantId,
    id,
    kind: 'INVOICE',
    recipient: 'accounts@obrien.example',
    subject: 'Invoice 1042 from Alpha Plumbing',
    body: 'Hello',
    status,
    attempts: status === 'QUEUED' ? 0 : 6,
    lastError: status === 'FAILED' ? '550 5.1.1 Mailbox unavailable' : null,
    nextAttempt: new Date(Date.now() - 3_600_000),
  });
  return id;
}

const rowOf = async (id: string) => {
  const [row] = await t.database.db.select().from(outboxMessages).where(eq(outboxMessages.id, id));
  return row;
};

const resend = (api: ApiClient, id: string) => api.post(`/api/outbox/${id}/resend`, undefined);

describe('POST /outbox/{id}/resend', () => {
  let failed: string;
  beforeAll(async () => {
    failed = await messageIn('FAILED');
  });

  it('queues a failed message again, due now, its attempts counted afresh and its error cleared', async () => {
    const before = Date.now();
    const resent = await resend(owner, failed);
    expect(resent.statusCode, resent.body).toBe(200);
    expect(resent.json()).toMatchObject({
      id: failed,
      status: 'QUEUED',
      attempts: 0,
      lastError: null,
      sent: null,
      to: 'accounts@obrien.example',
    });
    const row = await rowOf(failed);
    expect(row?.nextAttempt.getTime()).toBeGreaterThanOrEqual(before - 1000);
    expect(row?.nextAttempt.getTime()).toBeLessThanOrEqual(Date.now() + 1000);
    const listed = (await owner.get('/api/outbox?q=status:QUEUED')).json();
    expect(listed.map((message: { id: string }) => message.id)).toContain(failed);
  });

  it('refuses a message that did not fail (409), saying why, and changes nothing', async () => {
    const again = await resend(owner, failed);
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(resendMessages.notFailed('QUEUED'));
    expect(again.json().message).toBe(
      'Only a message that failed can be sent again: this one is already waiting to send. Nothing was changed.',
    );
    for (const status of ['SENDING', 'SENT', 'WITHDRAWN'] as const) {
      const id = await messageIn(status);
      const refused = await resend(owner, id);
      expect(refused.statusCode, status).toBe(409);
      expect(refused.json().message).toBe(resendMessages.notFailed(status));
      expect((await rowOf(id))?.status).toBe(status);
      expect((await rowOf(id))?.attempts).toBe(6);
    }
  });

  it("is not another organisation's to resend, nor a message that does not exist (404)", async () => {
    const theirs = await messageIn('FAILED', b.tenant.tenantId);
    const ours = await messageIn('FAILED');
    expect((await resend(owner, theirs)).statusCode).toBe(404);
    expect((await resend(apiAs(t, b.token), ours)).statusCode).toBe(404);
    expect((await resend(owner, uuidv7())).statusCode).toBe(404);
    expect((await resend(owner, 'not-a-uuid')).statusCode).toBe(404);
    for (const id of [theirs, ours]) expect((await rowOf(id))?.status).toBe('FAILED');
    expect((await resend(apiAs(t, b.token), theirs)).json()).toMatchObject({ status: 'QUEUED' });
  });

  it('is for Owners: Office and Technician members are refused (403), and nothing changes', async () => {
    const id = await messageIn('FAILED');
    for (const role of ['OFFICE', 'TECHNICIAN'] as const) {
      const member = await newMember(t, a.tenant.tenantId, role);
      const refused = await resend(apiAs(t, member.token), id);
      expect(refused.statusCode, role).toBe(403);
      expect(refused.json().message).toBe(
        `Your role in this organisation (${role === 'OFFICE' ? 'Office' : 'Technician'}) cannot do this: it needs Owner. Ask an Owner of the organisation.`,
      );
    }
    expect(await rowOf(id)).toMatchObject({ status: 'FAILED', attempts: 6 });
    expect((await resend(owner, id)).statusCode).toBe(200);
  });
});
