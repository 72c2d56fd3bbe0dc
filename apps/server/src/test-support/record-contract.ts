import { apiMessages } from '@fieldbook/domain';
import { describe, expect, it } from 'vitest';
import { IDEMPOTENCY_REUSED, SAVE_IDEMPOTENCY_REUSED } from '../platform/http/idempotency.ts';
import { apiAs, fieldsOf } from './api-client.ts';
import type { TwoTenants } from './two-tenants.ts';

/** What the shared endpoint tests need to know about one kind of record. */
export interface RecordContract {
  /** The collection path, e.g. `/api/customers`. */
  path: string;
  /** The record in messages: "customer". */
  noun: string;
  /** A new valid body each call (unique where the kind needs it). */
  valid(): Record<string, unknown>;
  /** Fields a save changes, and how they read back. */
  change: { body: Record<string, unknown>; expected: Record<string, unknown> };
  /** A body with errors, and the fields the errors name, in order. */
  invalid: { body: Record<string, unknown>; fields: string[] };
}

const UNKNOWN_ID = '01900000-0000-7000-8000-000000000000';

/** The 409 for an Idempotency-Key sent again with other values. */
const keyReused = (message: string) => ({
  error: 'CONFLICT',
  message,
  reason: 'IDEMPOTENCY_REUSED',
  fieldErrors: [],
});

/**
 * The behaviour every record endpoint shares: create, read, save with `updated`, delete, 401 without a
 * token, 404 for another tenant's records, and Idempotency-Key on create and save.
 */
export function describeRecordEndpoints(tenants: () => TwoTenants, contract: RecordContract): void {
  const { path, noun } = contract;
  const notFound = { error: 'NOT_FOUND', message: apiMessages.notFound(noun), fieldErrors: [] };
  const setup = async () => {
    const { t, a, b } = tenants();
    const api = apiAs(t, a.token);
    const created = await api.post(`${path}/`, contract.valid());
    expect(created.statusCode).toBe(201);
    return { t, api, other: apiAs(t, b.token), record: created.json() as { id: string; updated: string } };
  };

  describe(`${path} endpoints`, () => {
    it('creates, with or without a trailing slash, and reads the record back', async () => {
      const { api, record } = await setup();
      const again = await api.post(path, contract.valid());
      expect(again.statusCode).toBe(201);
      expect(again.json().id).not.toBe(record.id);
      const read = await api.get(`${path}/${record.id}`);
      expect(read.statusCode).toBe(200);
      expect(read.json()).toEqual(record);
    });

    it('refuses an invalid body with a field error for each problem', async () => {
      const { api } = await setup();
      const response = await api.post(path, contract.invalid.body);
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({
        error: 'VALIDATION_FAILED',
        message: 'Some of what was entered needs a change.',
      });
      expect(fieldsOf(response)).toEqual(contract.invalid.fields);
    });

    it('is 401 without a token on every endpoint', async () => {
      const { t, record } = await setup();
      const anonymous = apiAs(t, undefined);
      const responses = await Promise.all([
        anonymous.post(path, contract.valid()),
        anonymous.post(path, {}),
        anonymous.get(path),
        anonymous.get(`${path}/${record.id}`),
        anonymous.put(`${path}/${record.id}`, { ...contract.change.body, updated: record.updated }),
        anonymous.delete(`${path}/${record.id}`),
      ]);
      for (const response of responses) {
        expect(response.statusCode).toBe(401);
        expect(response.json().error).toBe('UNAUTHENTICATED');
      }
    });

    it("treats another tenant's record exactly like a missing one, and leaves it alone", async () => {
      const { api, other, record } = await setup();
      const save = { ...record, ...contract.change.body };
      for (const response of [
        await other.get(`${path}/${record.id}`),
        await other.put(`${path}/${record.id}`, save),
        await other.delete(`${path}/${record.id}`),
      ]) {
        expect(response.statusCode).toBe(404);
        expect(response.json()).toEqual(notFound);
      }
      expect((await other.get(`${path}?q=id:${record.id}`)).json()).toEqual([]);
      expect((await api.get(`${path}/${record.id}`)).json()).toEqual(record);
    });

    it('answers a malformed or unknown id with 404, not 500', async () => {
      const { api, record } = await setup();
      for (const id of ['not-a-uuid', UNKNOWN_ID, "1' or '1'='1"]) {
        const url = `${path}/${encodeURIComponent(id)}`;
        expect((await api.get(url)).statusCode).toBe(404);
        expect((await api.put(url, { ...record, ...contract.change.body, id: undefined })).statusCode).toBe(
          404,
        );
        expect((await api.delete(url)).statusCode).toBe(404);
      }
    });

    it('saves over the version it read, moving updated on; a stale updated is 409', async () => {
      const { api, record } = await setup();
      const url = `${path}/${record.id}`;
      const body = { ...record, ...contract.change.body };
      const key = { 'idempotency-key': `save-${Math.random()}` };
      const saved = await api.put(url, body, key);
      expect(saved.statusCode).toBe(200);
      expect(saved.json()).toMatchObject({ ...contract.change.expected, id: record.id });
      expect(saved.json().updated > record.updated).toBe(true);
      expect(saved.headers['idempotency-replayed']).toBeUndefined();
      expect((await api.get(url)).json()).toEqual(saved.json());

      // Without its key, the same save again is over a version someone (here, itself) has saved since.
      const stale = await api.put(url, body);
      expect(stale.statusCode).toBe(409);
      expect(stale.json()).toEqual({
        error: 'CONFLICT',
        message: apiMessages.staleSave(noun),
        reason: 'STALE_SAVE',
        fieldErrors: [],
      });
      expect((await api.get(url)).json()).toEqual(saved.json());
    });

    it('saves once per Idempotency-Key: the same save again (its answer lost) gets that answer, not a 409', async () => {
      const { api, record } = await setup();
      const url = `${path}/${record.id}`;
      const key = { 'idempotency-key': `save-${Math.random()}` };
      const first = await api.put(url, record, key);
      expect(first.statusCode).toBe(200);
      const retry = await api.put(url, record, key);
      expect(retry.statusCode).toBe(200);
      expect(retry.body).toBe(first.body);
      expect(retry.headers['idempotency-replayed']).toBe('true');
      expect((await api.get(url)).json()).toEqual(first.json());

      // The same key with other values (typed after the lost answer): the first save stays, and the answer says so.
      const changed = await api.put(url, { ...record, ...contract.change.body }, key);
      expect(changed.statusCode).toBe(409);
      expect(changed.json()).toEqual(keyReused(SAVE_IDEMPOTENCY_REUSED));
      expect((await api.get(url)).json()).toEqual(first.json());
    });

    it('needs the updated it read, and an id in the body that matches the path', async () => {
      const { api, record } = await setup();
      const { updated: _updated, ...withoutUpdated } = record;
      const missing = await api.put(`${path}/${record.id}`, withoutUpdated);
      expect(missing.statusCode).toBe(400);
      expect(fieldsOf(missing)).toEqual(['updated']);
      const mismatch = await api.put(`${path}/${record.id}`, { ...record, id: UNKNOWN_ID });
      expect(mismatch.statusCode).toBe(400);
      expect(fieldsOf(mismatch)).toEqual(['id']);
      const invalid = await api.put(`${path}/${record.id}`, {
        ...contract.invalid.body,
        updated: record.updated,
      });
      expect(fieldsOf(invalid)).toEqual(contract.invalid.fields);
    });

    it('deletes: 204, then the record is gone', async () => {
      const { api, record } = await setup();
      const deleted = await api.delete(`${path}/${record.id}`);
      expect(deleted.statusCode).toBe(204);
      expect(deleted.body).toBe('');
      expect((await api.get(`${path}/${record.id}`)).json()).toEqual(notFound);
      expect((await api.delete(`${path}/${record.id}`)).statusCode).toBe(404);
    });

    it('creates once per Idempotency-Key: a retry gets the same record back', async () => {
      const { api } = await setup();
      const body = contract.valid();
      const key = { 'idempotency-key': `key-${Math.random()}` };
      const first = await api.post(path, body, key);
      const retry = await api.post(path, body, key);
      expect(first.statusCode).toBe(201);
      expect(retry.statusCode).toBe(201);
      expect(retry.body).toBe(first.body);
      expect(retry.headers['idempotency-replayed']).toBe('true');
      expect(first.headers['idempotency-replayed']).toBeUndefined();
      const found = await api.get(`${path}?q=id:${first.json().id}`);
      expect(found.headers['total-count']).toBe('1');

      const reused = await api.post(path, { ...body, ...contract.change.body }, key);
      expect(reused.statusCode).toBe(409);
      expect(reused.json()).toEqual(keyReused(IDEMPOTENCY_REUSED));
    });
  });
}
