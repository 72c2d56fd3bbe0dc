import { execFileSync } from 'node:child_process';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { outboxMessages } from '../../platform/mail/outbox-tables.ts';
import { apiAs } from '../../test-support/api-client.ts';
import {
  bearer,
  createTenantWithUser,
  signAccessToken,
  type TenantWithUser,
} from '../../test-support/factories.ts';
import type { TestApp } from '../../test-support/test-app.ts';
import { withTwoTenants } from '../../test-support/two-tenants.ts';

// Each organisation works in its own time zone: chosen at creation from the creator's browser zone when it is
// Australian, else Sydney's; changed in its details; carried by GET /tenant, which the web app shows every time
// in; and used by its documents and emails.

let t: TestApp;
let a: TenantWithUser;
let b: TenantWithUser;

withTwoTenants((env) => {
  ({ t, a, b } = env);
});

/** An organisation made through POST /api/tenants as a browser in `timeZone` would, and its owner's API. */
async function createdIn(timeZone: string | undefined) {
  const subject = `external|zone-${Math.random().toString(36).slice(2)}`;
  const created = await t.app.inject({
    method: 'POST',
    url: '/api/tenants',
    headers: bearer(await signAccessToken(t, { sub: subject })),
    payload: { name: 'Westside Sparkies & Co', ...(timeZone && { timeZone }) },
  });
  expect(created.statusCode, created.body).toBe(201);
  const token = await signAccessToken(t, { sub: subject, tenantId: created.json().tenantId });
  return apiAs(t, token);
}

describe("an organisation's time zone", () => {
  it("is the creator's browser zone when it is Australian, else Sydney's", async () => {
    for (const [browser, expected] of [
      ['Australia/Perth', 'Australia/Perth'],
      ['Australia/Brisbane', 'Australia/Brisbane'],
      ['Europe/London', 'Australia/Sydney'],
      ['Not/AZone', 'Australia/Sydney'],
      [undefined, 'Australia/Sydney'],
    ] as const) {
      const api = await createdIn(browser);
      expect((await api.get('/api/organisation')).json().timeZone, String(browser)).toBe(expected);
      expect((await api.get('/api/tenant')).json().timeZone, String(browser)).toBe(expected);
    }
  });

  it('is saved with the details, kept when a save leaves it out, and shown to every member through GET /tenant', async () => {
    const api = apiAs(t, (await createTenantWithUser(t, "O'Neill & Sons")).token);
    const read = (await api.get('/api/organisation')).json();
    const saved = await api.put('/api/organisation', { ...read, timeZone: 'australia/adelaide' });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().timeZone).toBe('Australia/Adelaide');
    expect((await api.get('/api/tenant')).json().timeZone).toBe('Australia/Adelaide');

    const { timeZone: _left, ...withoutZone } = saved.json();
    const again = await api.put('/api/organisation', withoutZone);
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json().timeZone).toBe('Australia/Adelaide');
  });

  it('refuses a zone that is not one, naming the field, and keeps the saved one', async () => {
    const api = apiAs(t, a.token);
    const read = (await api.get('/api/organisation')).json();
    for (const timeZone of ['Mars/Olympus', '', '+10:00', 42]) {
      const refused = await api.put('/api/organisation', { ...read, timeZone });
      expect(refused.statusCode, String(timeZone)).toBe(400);
      expect(refused.json().fieldErrors).toEqual([
        { field: 'timeZone', message: 'Choose a time zone from the list, such as Australia/Perth.' },
      ]);
    }
    expect((await api.get('/api/organisation')).json().timeZone).toBe(read.timeZone);
  });

  it("is one organisation's own: another's save does not change it", async () => {
    const before = (await apiAs(t, b.token).get('/api/tenant')).json().timeZone;
    const api = apiAs(t, a.token);
    const read = (await api.get('/api/organisation')).json();
    expect((await api.put('/api/organisation', { ...read, timeZone: 'Australia/Darwin' })).statusCode).toBe(
      200,
    );
    expect((await apiAs(t, b.token).get('/api/tenant')).json().timeZone).toBe(before);
    expect((await apiAs(t, b.token).get('/api/organisation')).json().timeZone).toBe(before);
  });

  it("gives the job sheet's times in the organisation's zone", async () => {
    const api = apiAs(t, (await createTenantWithUser(t, 'Perth & Peel Plumbing')).token);
    const read = (await api.get('/api/organisation')).json();
    expect((await api.put('/api/organisation', { ...read, timeZone: 'Australia/Perth' })).statusCode).toBe(
      200,
    );
    const customer = await api.post('/api/customers', { name: "Kylie O'Brien" });
    const job = await api.post('/api/jobs', {
      customer: { id: customer.json().id },
      status: 'OPEN_SCHEDULED',
      // 9:30 am in Perth (+08:00), 12:30 pm in Sydney and Melbourne (+11:00).
      scheduledStart: '2026-11-24T01:30:00Z',
      scheduledFinish: '2026-11-24T03:00:00Z',
      items: [{ description: 'Replace hot water unit', quantity: '1', price: '1450' }],
    });
    expect(job.statusCode, job.body).toBe(201);
    const pdf = await api.get(`/api/jobs/${job.json().id}/pdf`);
    expect(pdf.statusCode, pdf.body).toBe(200);
    const text = execFileSync('pdftotext', ['-', '-'], { input: pdf.rawPayload })
      .toString()
      .replace(/\s+/g, ' ');
    expect(text).toMatch(/24 Nov 2026, 9:30\sam/);
    expect(text).toMatch(/24 Nov 2026, 11:00\sam/);
    expect(text).not.toMatch(/12:30\spm/);
  });

  it("dates the invitation email's expiry in the organisation's zone, and the link's page gets the zone", async () => {
    const owner = await createTenantWithUser(t, 'Kiritimati & Pago Pago Plumbing');
    const api = apiAs(t, owner.token);
    const read = (await api.get('/api/organisation')).json();
    // 25 hours apart: the same instant is always on two different days in these two zones.
    expect((await api.put('/api/organisation', { ...read, timeZone: 'Pacific/Kiritimati' })).statusCode).toBe(
      200,
    );
    const email = `zone-${Math.random().toString(36).slice(2)}@example.test`;
    const invited = await api.post('/api/invitations', { email, role: 'OFFICE' });
    expect(invited.statusCode, invited.body).toBe(201);
    const [message] = await t.database.db
      .select()
      .from(outboxMessages)
      .where(and(eq(outboxMessages.tenantId, owner.tenant.tenantId), eq(outboxMessages.recipient, email)));
    const day = (timeZone: string) =>
      new Date(invited.json().expires).toLocaleDateString('en-AU', {
        weekday: 'long',
        day: 'numeric',
        month: 'long',
        year: 'numeric',
        timeZone,
      });
    expect(message?.body).toContain(`The link works once, until ${day('Pacific/Kiritimati')}.`);
    expect(message?.body).not.toContain(day('Pacific/Pago_Pago'));

    const token = /\/join\/([A-Za-z0-9_-]{43})/.exec(message?.body ?? '')?.[1] ?? '';
    const preview = await apiAs(t, b.token).post('/api/invitation-links/preview', { token });
    expect(preview.statusCode, preview.body).toBe(200);
    expect(preview.json().timeZone).toBe('Pacific/Kiritimati');
  });
});
