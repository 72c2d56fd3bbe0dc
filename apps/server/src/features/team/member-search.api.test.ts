import type { Member, Role } from '@fieldbook/domain';
import { beforeAll, describe, expect, it } from 'vitest';
import { type ApiClient, apiAs, fieldsOf } from '../../test-support/api-client.ts';
import type { TenantWithUser } from '../../test-support/factories.ts';
import type { TestApp } from '../../test-support/test-app.ts';
import { withTwoTenants } from '../../test-support/two-tenants.ts';
import { memberships } from './team-tables.ts';

// GET /members takes `q`, `p` and `s` as every list does: words match the name and the email.

let t: TestApp;
let a: TenantWithUser;
let b: TenantWithUser;
let api: ApiClient;

withTwoTenants((env) => {
  ({ t, a, b } = env);
  api = apiAs(t, a.token);
});

interface Person {
  name: string | null;
  email: string;
  role: Role;
}

const PEOPLE: Person[] = [
  { name: 'Aroha Ngata', email: 'aroha@harbourview.test', role: 'OFFICE' },
  { name: 'Bill Nguyen', email: 'bill.nguyen@example.test', role: 'TECHNICIAN' },
  { name: 'Chloé Martin', email: 'chloe@example.test', role: 'TECHNICIAN' },
  { name: null, email: 'dana@harbourview.test', role: 'OFFICE' },
];

beforeAll(async () => {
  const add = (tenantId: string, person: Person, subject: string) =>
    t.database.db.insert(memberships).values({ tenantId, subject, ...person });
  for (const [index, person] of PEOPLE.entries()) await add(a.tenant.tenantId, person, `member-a-${index}`);
  await add(
    b.tenant.tenantId,
    { name: 'Bill Other', email: 'bill@other.test', role: 'TECHNICIAN' },
    'member-b-1',
  );
});

const emailsOf = async (url: string) => {
  const response = await api.get(url);
  expect(response.statusCode, response.body).toBe(200);
  return (response.json() as Member[]).map((member) => member.email);
};

describe('GET /members?q=', () => {
  it('finds members by a word of their name, or their email, in any case', async () => {
    expect(await emailsOf('/api/members?q=nguyen')).toEqual(['bill.nguyen@example.test']);
    expect(await emailsOf('/api/members?q=MARTIN')).toEqual(['chloe@example.test']);
    expect(await emailsOf(`/api/members?q=${encodeURIComponent('Chloé')}`)).toEqual(['chloe@example.test']);
    expect(await emailsOf('/api/members?q=harbourview')).toEqual([
      'aroha@harbourview.test',
      'dana@harbourview.test',
    ]);
  });

  it('takes name:, email: and role:, and only its own organisation’s members', async () => {
    expect(await emailsOf('/api/members?q=role:TECHNICIAN')).toEqual([
      'bill.nguyen@example.test',
      'chloe@example.test',
    ]);
    expect(await emailsOf(`/api/members?q=${encodeURIComponent('name:bill*')}`)).toEqual([
      'bill.nguyen@example.test',
    ]);
    expect(await emailsOf(`/api/members?q=${encodeURIComponent('email:dana* AND role:OFFICE')}`)).toEqual([
      'dana@harbourview.test',
    ]);
    expect(await emailsOf('/api/members?q=other')).toEqual([]);
  });

  it('pages what it finds with Total-Count and Link, q kept', async () => {
    const response = await api.get('/api/members?q=role:TECHNICIAN&s=1&p=2');
    expect(response.statusCode).toBe(200);
    expect(response.json().map((member: Member) => member.email)).toEqual(['chloe@example.test']);
    expect(response.headers['total-count']).toBe('2');
    const link = String(response.headers.link);
    expect(link).toContain('q=role:TECHNICIAN&p=1&s=1>; rel="first"');
    expect(link).toContain('q=role:TECHNICIAN&p=2&s=1>; rel="last"');
    const all = await api.get('/api/members');
    expect(all.headers['total-count']).toBe(String(PEOPLE.length + 1));
  });

  it.each(['role:BOSS', 'phone:123', 'name:[a TO b]', '(unclosed'])(
    'refuses q=%s with a 400 on q',
    async (q) => {
      const response = await api.get(`/api/members?q=${encodeURIComponent(q)}`);
      expect([response.statusCode, fieldsOf(response)]).toEqual([400, ['q']]);
    },
  );
});
