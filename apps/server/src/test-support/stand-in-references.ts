import { sql } from 'drizzle-orm';
import type { TestApp } from './test-app.ts';

/**
 * A table that refers to one kind of record with ON DELETE RESTRICT, standing in for jobs and invoices
 * before they exist: `refer(tenantId, id)` adds a reference, `release()` removes them all.
 */
export async function standInReferences(t: TestApp, table: 'customers' | 'locations') {
  const name = sql.identifier(`test_${table}_references`);
  await t.database.db.execute(sql`
    create table ${name} (
      tenant_id uuid not null, id uuid not null, record_id uuid not null,
      primary key (tenant_id, id),
      foreign key (tenant_id, record_id) references ${sql.identifier(table)} (tenant_id, id) on delete restrict
    )`);
  await t.database.db.execute(sql`grant select, insert, update, delete on ${name} to fieldbook_app`);
  return {
    refer: (tenantId: string, id: string) =>
      t.database.db.execute(sql`insert into ${name} values (${tenantId}, gen_random_uuid(), ${id})`),
    release: () => t.database.db.execute(sql`delete from ${name}`),
  };
}
