import { and, eq, lt, type SQL, sql } from 'drizzle-orm';
import type { Adapter, AdapterPayload } from 'oidc-provider';
import type { Db } from '../../platform/db/database.ts';
import { oidcPayloads } from './identity-tables.ts';

const notExpired = sql`(${oidcPayloads.expiresAt} is null or ${oidcPayloads.expiresAt} > now())`;

/**
 * The identity provider's store (sessions, interactions, grants, codes, tokens) of one model in our database,
 * so any server process can continue a sign-in another one started.
 */
export function databaseAdapter(model: string, db: Db): Adapter {
  const byId = (id: string) => and(eq(oidcPayloads.model, model), eq(oidcPayloads.id, id));
  const findWhere = async (condition: SQL): Promise<AdapterPayload | undefined> => {
    const [row] = await db
      .select({ payload: oidcPayloads.payload, consumedAt: oidcPayloads.consumedAt })
      .from(oidcPayloads)
      .where(and(eq(oidcPayloads.model, model), condition, notExpired));
    if (!row) return undefined;
    const payload = row.payload as AdapterPayload;
    return row.consumedAt ? { ...payload, consumed: Math.floor(row.consumedAt.getTime() / 1000) } : payload;
  };
  return {
    async upsert(id, payload, expiresIn) {
      const row = {
        model,
        id,
        payload,
        grantId: payload.grantId ?? null,
        userCode: payload.userCode ?? null,
        uid: payload.uid ?? null,
        expiresAt: expiresIn ? new Date(Date.now() + expiresIn * 1000) : null,
      };
      await db
        .insert(oidcPayloads)
        .values(row)
        .onConflictDoUpdate({ target: [oidcPayloads.model, oidcPayloads.id], set: row });
    },
    find: (id) => findWhere(eq(oidcPayloads.id, id)),
    findByUid: (uid) => findWhere(eq(oidcPayloads.uid, uid)),
    findByUserCode: (userCode) => findWhere(eq(oidcPayloads.userCode, userCode)),
    async consume(id) {
      await db.update(oidcPayloads).set({ consumedAt: new Date() }).where(byId(id));
    },
    async destroy(id) {
      await db.delete(oidcPayloads).where(byId(id));
    },
    async revokeByGrantId(grantId) {
      await db.delete(oidcPayloads).where(eq(oidcPayloads.grantId, grantId));
    },
  };
}

/** Deletes expired records; the provider never reads them again. */
export async function deleteExpiredPayloads(db: Db): Promise<void> {
  await db.delete(oidcPayloads).where(lt(oidcPayloads.expiresAt, new Date()));
}
