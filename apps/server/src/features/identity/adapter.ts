import { and, eq, lt, sql } from 'drizzle-orm';
import type { Adapter, AdapterPayload } from 'oidc-provider';
import type { Db } from '../../platform/db/database.ts';
import { oidcPayloads } from './identity-tables.ts';

const notExpired = sql`(${oidcPayloads.expiresAt} is null or ${oidcPayloads.expiresAt} > now())`;

/**
 * The identity provider's store (sessions, interactions, grants, codes, tokens) in our database,
 * so any server process can continue a sign-in another one started.
 */
export class DatabaseAdapter implements Adapter {
  private readonly model: string;
  private readonly db: Db;

  constructor(model: string, db: Db) {
    this.model = model;
    this.db = db;
  }

  async upsert(id: string, payload: AdapterPayload, expiresIn: number): Promise<void> {
    const row = {
      model: this.model,
      id,
      payload,
      grantId: payload.grantId ?? null,
      userCode: payload.userCode ?? null,
      uid: payload.uid ?? null,
      expiresAt: expiresIn ? new Date(Date.now() + expiresIn * 1000) : null,
    };
    await this.db
      .insert(oidcPayloads)
      .values(row)
      .onConflictDoUpdate({ target: [oidcPayloads.model, oidcPayloads.id], set: row });
  }

  find(id: string): Promise<AdapterPayload | undefined> {
    return this.findWhere(eq(oidcPayloads.id, id));
  }

  findByUid(uid: string): Promise<AdapterPayload | undefined> {
    return this.findWhere(eq(oidcPayloads.uid, uid));
  }

  findByUserCode(userCode: string): Promise<AdapterPayload | undefined> {
    return this.findWhere(eq(oidcPayloads.userCode, userCode));
  }

  async consume(id: string): Promise<void> {
    await this.db
      .update(oidcPayloads)
      .set({ consumedAt: new Date() })
      .where(and(eq(oidcPayloads.model, this.model), eq(oidcPayloads.id, id)));
  }

  async destroy(id: string): Promise<void> {
    await this.db
      .delete(oidcPayloads)
      .where(and(eq(oidcPayloads.model, this.model), eq(oidcPayloads.id, id)));
  }

  async revokeByGrantId(grantId: string): Promise<void> {
    await this.db.delete(oidcPayloads).where(eq(oidcPayloads.grantId, grantId));
  }

  private async findWhere(condition: ReturnType<typeof eq>): Promise<AdapterPayload | undefined> {
    const [row] = await this.db
      .select({ payload: oidcPayloads.payload, consumedAt: oidcPayloads.consumedAt })
      .from(oidcPayloads)
      .where(and(eq(oidcPayloads.model, this.model), condition, notExpired));
    if (!row) return undefined;
    const payload = row.payload as AdapterPayload;
    return row.consumedAt ? { ...payload, consumed: Math.floor(row.consumedAt.getTime() / 1000) } : payload;
  }
}

/** Deletes expired records; the provider never reads them again. */
export async function deleteExpiredPayloads(db: Db): Promise<void> {
  await db.delete(oidcPayloads).where(lt(oidcPayloads.expiresAt, new Date()));
}
