import type { MessageKind, OutboxMessage, OutboxStatus } from '@fieldbook/domain';
import { uuidv7 } from 'uuidv7';
import { beforeAll, describe, expect, it } from 'vitest';
import { outboxMessages } from '../../platform/mail/outbox-tables.ts';
import { type ApiClient, apiAs, fieldsOf } from '../../test-support/api-client.ts';
import type { TenantWithUser } from '../../test-support/factories.ts';
import type { TestApp } from '../../test-support/test-app.ts';
import { withTwoTenants } from '../../test-support/two-tenants.ts';

// GET /outbox takes `q`, `p` and `s` as every list does: words match the recipient and the subject.

let t: TestApp;
let a: TenantWithUser;
let b: TenantWithUser;
let api: ApiClient;

withTwoTenants((env) => {
  ({ t, a, b } = env);
  api = apiAs(t, a.token);
});

interface Message {
  kind: MessageKind;
  to: string;
  subject: string;
  status: OutboxStatus;
}

/** Oldest first, as they were stored: the outbox lists them newest first. */
const MESSAGES: Message[] = [
  {
    kind: 'INVITATION',
    to: 'aroha@harbourview.test',
    subject: 'Kim invited you to join Harbour View Strata on Fieldbook',
    status: 'SENT',
  },
  {
    kind: 'INVOICE',
    to: 'accounts@glebebakery.test',
    subject: 'Invoice 1042 from Harbour View Strata',
    status: 'QUEUED',
  },
  {
    kind: 'INVOICE',
    to: 'accounts@kirribilli.test',
    subject: 'Invoice 1043 from Harbour View Strata',
    status: 'FAILED',
  },
  {
    kind: 'INVOICE',
    to: 'Accounts@GlebeBakery.test',
    subject: 'Invoice 1044 from Harbour View Strata',
    status: 'SENT',
  },
];

const OTHER: Message = {
  kind: 'INVOICE',
  to: 'accounts@glebebakery.test',
  subject: 'Invoice 1042 from Other Plumbing',
  status: 'QUEUED',
};

/** Each message's id, by subject. */
const ids = new Map<string, string>();

beforeAll(async () => {
  const start = Date.parse('2026-11-20T09:00:00Z');
  const add = async (tenantId: string, { to, ...message }: Message, minute: number) => {
    const id = uuidv7();
    ids.set(message.subject, id);
    await t.database.db.insert(outboxMessages).values({
      tenantId,
      id,
      ...message,
      recipient: to,
      body: `Hello,\n\n${message.subject}.`,
      created: new Date(start + minute * 60_000),
    });
  };
  for (const [minute, message] of MESSAGES.entries()) await add(a.tenant.tenantId, message, minute);
  await add(b.tenant.tenantId, OTHER, 10);
});

const subjectsOf = async (url: string) => {
  const response = await api.get(url);
  expect(response.statusCode, response.body).toBe(200);
  return (response.json() as OutboxMessage[]).map((message) => message.subject);
};

const withQ = (q: string) => `/api/outbox?q=${encodeURIComponent(q)}`;

const INVITATION = 'Kim invited you to join Harbour View Strata on Fieldbook';
const I1042 = 'Invoice 1042 from Harbour View Strata';
const I1043 = 'Invoice 1043 from Harbour View Strata';
const I1044 = 'Invoice 1044 from Harbour View Strata';

describe('GET /outbox?q=', () => {
  it('finds messages by a word of their recipient or subject, in any case, newest first', async () => {
    expect(await subjectsOf('/api/outbox?q=glebebakery')).toEqual([I1044, I1042]);
    expect(await subjectsOf('/api/outbox?q=KIRRIBILLI')).toEqual([I1043]);
    expect(await subjectsOf('/api/outbox?q=1043')).toEqual([I1043]);
    expect(await subjectsOf('/api/outbox?q=invited')).toEqual([INVITATION]);
    expect(await subjectsOf(withQ('"harbour view"'))).toEqual([I1044, I1043, I1042, INVITATION]);
    expect(await subjectsOf(withQ('invoice glebe'))).toEqual([I1044, I1042]);
    expect(await subjectsOf('/api/outbox?q=hello')).toEqual([]);
  });

  it('takes to:, subject:, kind:, status: and id:', async () => {
    expect(await subjectsOf('/api/outbox?q=kind:INVITATION')).toEqual([INVITATION]);
    expect(await subjectsOf('/api/outbox?q=status:SENT')).toEqual([I1044, INVITATION]);
    expect(await subjectsOf(withQ('to:glebebakery'))).toEqual([I1044, I1042]);
    expect(await subjectsOf(withQ('to:aroha*'))).toEqual([INVITATION]);
    expect(await subjectsOf(withQ('subject:invoice AND NOT status:SENT'))).toEqual([I1043, I1042]);
    expect(await subjectsOf(withQ('subject:harbourview'))).toEqual([]);
    expect(await subjectsOf(withQ('status:FAILED OR kind:INVITATION'))).toEqual([I1043, INVITATION]);
    expect(await subjectsOf(withQ(`id:${ids.get(I1042)}`))).toEqual([I1042]);
  });

  it('finds only its own organisation’s messages', async () => {
    expect(await subjectsOf('/api/outbox?q=plumbing')).toEqual([]);
    expect(await subjectsOf(withQ(`id:${ids.get(OTHER.subject)}`))).toEqual([]);
    const asB = await apiAs(t, b.token).get('/api/outbox?q=glebebakery');
    expect(asB.json().map((message: OutboxMessage) => message.subject)).toEqual([OTHER.subject]);
  });

  it('pages what it finds with Total-Count and Link, q kept', async () => {
    const response = await api.get('/api/outbox?q=kind:INVOICE&s=2&p=2');
    expect(response.statusCode).toBe(200);
    expect(response.json().map((message: OutboxMessage) => message.subject)).toEqual([I1042]);
    expect(response.headers['total-count']).toBe('3');
    const link = String(response.headers.link);
    expect(link).toContain('q=kind:INVOICE&p=1&s=2>; rel="first"');
    expect(link).toContain('q=kind:INVOICE&p=1&s=2>; rel="prev"');
    expect(link).toContain('q=kind:INVOICE&p=2&s=2>; rel="last"');
    expect(link).not.toContain('rel="next"');
    const all = await api.get('/api/outbox?q=*');
    expect(all.headers['total-count']).toBe(String(MESSAGES.length));
    expect((await api.get('/api/outbox')).json()).toEqual(all.json());
  });

  it.each(['status:LOST', 'kind:NEWSLETTER', 'recipient:aroha', 'body:hello', 'id:123', '(unclosed'])(
    'refuses q=%s with a 400 on q',
    async (q) => {
      const response = await api.get(withQ(q));
      expect([response.statusCode, fieldsOf(response)]).toEqual([400, ['q']]);
    },
  );
});
