import type { Invitation, Role } from '@fieldbook/domain';
import { uuidv7 } from 'uuidv7';
import { beforeAll, describe, expect, it } from 'vitest';
import { type ApiClient, apiAs, fieldsOf } from '../../test-support/api-client.ts';
import type { TenantWithUser } from '../../test-support/factories.ts';
import type { TestApp } from '../../test-support/test-app.ts';
import { withTwoTenants } from '../../test-support/two-tenants.ts';
import { canonicalEmail } from '../identity/emails.ts';
import { invitations } from './team-tables.ts';

// GET /invitations takes `q`, `p` and `s` as every list does: words match the email.

let t: TestApp;
let a: TenantWithUser;
let b: TenantWithUser;
let api: ApiClient;

withTwoTenants((env) => {
  ({ t, a, b } = env);
  api = apiAs(t, a.token);
});

interface Invited {
  email: string;
  role: Role;
  expired?: boolean;
}

const INVITED: Invited[] = [
  { email: 'aroha@harbourview.test', role: 'OFFICE' },
  { email: 'bill.nguyen@example.test', role: 'TECHNICIAN' },
  { email: 'chloe@example.test', role: 'TECHNICIAN', expired: true },
  { email: 'Dana@Harbourview.test', role: 'OFFICE' },
];

/** Each invitation's id, by email. */
const ids = new Map<string, string>();

beforeAll(async () => {
  const add = async (tenantId: string, { email, role, expired }: Invited) => {
    const id = uuidv7();
    ids.set(email, id);
    await t.database.db.insert(invitations).values({
      tenantId,
      id,
      email,
      emailCanonical: canonicalEmail(email),
      role,
      tokenHash: `hash-${id}`,
      expires: new Date(Date.now() + (expired ? -1 : 7) * 86_400_000),
    });
  };
  for (const invited of INVITED) await add(a.tenant.tenantId, invited);
  await add(b.tenant.tenantId, { email: 'bill@other.test', role: 'TECHNICIAN' });
});

const emailsOf = async (url: string) => {
  const response = await api.get(url);
  expect(response.statusCode, response.body).toBe(200);
  return (response.json() as Invitation[]).map((invitation) => invitation.email);
};

const withQ = (q: string) => `/api/invitations?q=${encodeURIComponent(q)}`;

describe('GET /invitations?q=', () => {
  it('finds invitations by a word of their email, in any case', async () => {
    expect(await emailsOf('/api/invitations?q=nguyen')).toEqual(['bill.nguyen@example.test']);
    expect(await emailsOf('/api/invitations?q=HARBOURVIEW')).toEqual([
      'aroha@harbourview.test',
      'Dana@Harbourview.test',
    ]);
    expect(await emailsOf(withQ('example.test'))).toEqual(['bill.nguyen@example.test', 'chloe@example.test']);
    expect(await emailsOf('/api/invitations?q=nobody')).toEqual([]);
  });

  it('takes email:, role: and id:, expired invitations included', async () => {
    expect(await emailsOf('/api/invitations?q=role:TECHNICIAN')).toEqual([
      'bill.nguyen@example.test',
      'chloe@example.test',
    ]);
    expect(await emailsOf(withQ('email:dana*'))).toEqual(['Dana@Harbourview.test']);
    expect(await emailsOf(withQ('email:harbourview AND NOT role:TECHNICIAN'))).toEqual([
      'aroha@harbourview.test',
      'Dana@Harbourview.test',
    ]);
    expect(await emailsOf(withQ(`id:${ids.get('chloe@example.test')}`))).toEqual(['chloe@example.test']);
  });

  it('finds only its own organisation’s invitations', async () => {
    expect(await emailsOf('/api/invitations?q=other')).toEqual([]);
    expect(await emailsOf(withQ('bill*'))).toEqual(['bill.nguyen@example.test']);
    expect(await emailsOf(withQ(`id:${ids.get('bill@other.test')}`))).toEqual([]);
    const asB = await apiAs(t, b.token).get('/api/invitations?q=bill');
    expect(asB.json().map((invitation: Invitation) => invitation.email)).toEqual(['bill@other.test']);
  });

  it('pages what it finds with Total-Count and Link, q kept', async () => {
    const response = await api.get('/api/invitations?q=role:TECHNICIAN&s=1&p=2');
    expect(response.statusCode).toBe(200);
    expect(response.json().map((invitation: Invitation) => invitation.email)).toEqual(['chloe@example.test']);
    expect(response.headers['total-count']).toBe('2');
    const link = String(response.headers.link);
    expect(link).toContain('q=role:TECHNICIAN&p=1&s=1>; rel="first"');
    expect(link).toContain('q=role:TECHNICIAN&p=1&s=1>; rel="prev"');
    expect(link).toContain('q=role:TECHNICIAN&p=2&s=1>; rel="last"');
    const all = await api.get('/api/invitations?q=*');
    expect(all.headers['total-count']).toBe(String(INVITED.length));
    expect((await api.get('/api/invitations')).json()).toEqual(all.json());
  });

  // No `status:`: an invitation's status is not stored, it follows from its expiry.
  it.each(['role:BOSS', 'status:PENDING', 'name:dana', 'id:123', 'email:[a TO b]', '(unclosed'])(
    'refuses q=%s with a 400 on q',
    async (q) => {
      const response = await api.get(withQ(q));
      expect([response.statusCode, fieldsOf(response)]).toEqual([400, ['q']]);
    },
  );
});
