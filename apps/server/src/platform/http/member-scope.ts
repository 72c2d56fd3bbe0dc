import type { Role } from '@fieldbook/domain';
import pg from 'pg';
import type { Statement } from '../db/built-selects.ts';
import { type Db, openTransaction, pipelineOf, type Tx } from '../db/database.ts';
import type { ReadyStatement } from '../db/statement-pipeline.ts';
import { ApiError } from './errors.ts';
import { requireAccess, type TenantAccess } from './permissions.ts';

// A request's transaction in its caller's tenant: the membership and the role read by the statement that scopes
// it (`inTenant`, in db/tenant-scope.ts, is the same for system work, with no caller).

/** A caller acting in a tenant: the token's subject, the tenant it names, and what the route needs of their role. */
export interface TenantCaller {
  subject: string;
  tenantId: string;
  access: TenantAccess;
}

/** The caller's membership, as the request's first statement read it. */
export interface Member {
  subject: string;
  role: Role;
  /** The technician a Technician member works as (their jobs), if linked. */
  technicianId: string | null;
}

const notAMember = () => new ApiError('FORBIDDEN', 'You are not a member of this organisation.');

/** What a member's transaction sends besides its scope: reads with its BEGIN, a last statement with its COMMIT. */
export interface MemberTransaction<T> {
  /**
   * Statements that do not depend on one another's answers (a save's record and the records it names), sent with
   * the BEGIN and the member's scope in one round trip: fn gets their rows.
   */
  reads?: Statement[];
  /** A last statement, given fn's result, sent with the COMMIT (a create's idempotency answer). */
  closing?: (result: T) => string | undefined;
}

/**
 * `inTenant` for a request: one transaction whose first statement reads the caller's membership and role and scopes
 * the transaction (`memberScope`), sent with its BEGIN and `reads` in one round trip. The scope always switches the
 * role, so the reads run under row-level security whatever it finds. Not a member, or a role the route's access
 * does not allow: 403, nothing of fn runs, and the transaction rolls back.
 */
export function asMember<T>(
  db: Db,
  caller: TenantCaller,
  fn: (tx: Tx, member: Member, results: unknown[][]) => Promise<T>,
  { reads = [], closing }: MemberTransaction<T> = {},
): Promise<T> {
  return openTransaction(
    db,
    [memberScope(caller), ...reads.map((statement) => statement.ready(db))],
    (tx, [scope = [], ...results]) => fn(tx, memberIn(caller, scope), results),
    closing,
  );
}

/**
 * The scope of a read sent with it in one round trip (`readAsMember`): the caller's membership, read as the
 * connecting role, and the tenant set only when there is one; the role switched to fieldbook_app always, so the
 * statement after it runs under row-level security whatever this finds (for a non-member, seeing no tenant).
 * `genericPlans`: the named statements after it run their generic plan from the first (`plan_cache_mode`, for
 * this transaction only), as a named statement is meant to, planned once per connection for every tenant and
 * page; left to choose, PostgreSQL planned a later page of a list at every run, as its generic plan's unknown
 * LIMIT and OFFSET cost more on paper. Not with an unnamed statement (a
 * search), which must be planned for its values. Behind a transaction pooler, which sends every statement
 * unnamed, the statements built named get the same generic plans.
 */
export const memberScope = (
  caller: TenantCaller,
  { genericPlans = false }: { genericPlans?: boolean } = {},
): ReadyStatement<{ role: Role | null; technicianId: string | null }> => ({
  name: genericPlans ? 'member_scope_generic' : 'member_scope',
  text: `
    select set_config('app.tenant_id', coalesce(m.tenant_id::text, ''), true),
      set_config('role', 'fieldbook_app', true), m.role, m.technician_id${
        genericPlans ? `, set_config('plan_cache_mode', 'force_generic_plan', true)` : ''
      }
    from (values (1)) as one left join memberships m on m.tenant_id = $1 and m.subject = $2`,
  values: [caller.tenantId, caller.subject],
  types: pg.types,
  map: (rows) => rows.map((row) => ({ role: row[2] as Role | null, technicianId: row[3] as string | null })),
});

/**
 * Statements (`builtOnce(…).with(values)`) read in the caller's tenant, as `asMember` would run them, in one round
 * trip: the scope and the statements go to PostgreSQL together (`pipelineOf`) and run in one implicit transaction,
 * with no BEGIN or COMMIT; generic plans when every statement is named (`memberScope`). Not a member (the
 * statements then saw no rows), or a role the route's access does not allow: 403, and the rows are not used.
 * Gives each statement's rows.
 */
export async function readAsMember(
  db: Db,
  caller: TenantCaller,
  reads: Statement[],
): Promise<{ member: Member; results: unknown[][] }> {
  const ready = reads.map((read) => read.ready(db));
  const [scope = [], ...results] = await pipelineOf(db)([
    memberScope(caller, { genericPlans: ready.every((statement) => statement.name) }),
    ...ready,
  ]);
  return { member: memberIn(caller, scope), results };
}

/** The member `memberScope` found, or 403: not a member, or a role the route's access does not allow. */
function memberIn(caller: TenantCaller, scope: unknown[]): Member {
  const [row] = scope as { role: Role | null; technicianId: string | null }[];
  if (!row?.role) throw notAMember();
  requireAccess(row.role, caller.access);
  return { subject: caller.subject, role: row.role, technicianId: row.technicianId };
}
