import {
  type Member,
  type MemberUpdate,
  PAGE_SIZES,
  ROLE_NAMES,
  ROLES,
  type Role,
  teamMessages,
} from '@fieldbook/domain';
import { and, eq, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../platform/db/database.ts';
import { SQLSTATE } from '../../platform/db/postgres-errors.ts';
import { conflict, fieldInvalid, notFound } from '../../platform/http/errors.ts';
import type { ListResource } from '../../platform/lists/list-query.ts';
import { ascending } from '../../platform/lists/paged-list.ts';
import type { SortedList } from '../../platform/lists/sorted-pages.ts';
import { recordWhere, refusedAs, saveVersion } from '../../platform/records/record-rows.ts';
import { technicians } from '../technicians/index.ts';
import { type invitations, memberships } from './team-tables.ts';

const NOUN = 'member';

const memberColumns = {
  id: memberships.id,
  subject: memberships.subject,
  name: memberships.name,
  email: memberships.email,
  role: memberships.role,
  technicianId: memberships.technicianId,
  technicianName: technicians.name,
  lastSignIn: memberships.lastSignIn,
  created: memberships.created,
  updated: memberships.updated,
};

/** The join to the technician a member or an invitation is linked to, for its name. */
export const linkedTechnician = (table: typeof memberships | typeof invitations) =>
  and(eq(technicians.tenantId, table.tenantId), eq(technicians.id, table.technicianId));

/** The technician link as the API gives it, `{ id, name }`, or null. */
export const technicianOf = (row: { technicianId: string | null; technicianName: string | null }) =>
  row.technicianId && row.technicianName ? { id: row.technicianId, name: row.technicianName } : null;

const selectMembers = (db: Db) =>
  db.select(memberColumns).from(memberships).leftJoin(technicians, linkedTechnician(memberships));

type MemberRow = Awaited<ReturnType<typeof selectMembers>>[number];

const toMember = (row: MemberRow): Member => ({
  id: row.id,
  subject: row.subject,
  name: row.name,
  email: row.email,
  role: row.role as Role,
  technician: technicianOf(row),
  lastSignIn: row.lastSignIn?.toISOString() ?? null,
  created: row.created.toISOString(),
  updated: row.updated.toISOString(),
});

/** What `q` may search on the member list (a handful of rows: no search view). */
const memberSearch: ListResource = {
  fields: {
    id: { kind: 'exact', column: memberships.id, uuid: true },
    name: { kind: 'text', column: memberships.name },
    email: { kind: 'text', column: memberships.email },
    role: { kind: 'exact', column: memberships.role, values: ROLES, names: ROLE_NAMES },
  },
  searchable: [memberships.name, memberships.email],
};

/** The members as `readList` reads them: Owners first, then by name. */
export const memberList: SortedList<Member> = {
  pageSize: PAGE_SIZES.members,
  resource: memberSearch,
  source: memberships,
  select: (db, total) =>
    db
      .select({ ...memberColumns, total })
      .from(memberships)
      .leftJoin(technicians, linkedTechnician(memberships)),
  keys: [
    ascending(sql`array_position(array['OWNER', 'OFFICE', 'TECHNICIAN'], ${memberships.role})`),
    ascending(sql`lower(coalesce(${memberships.name}, ${memberships.email}, ''))`),
    ascending(memberships.id),
  ],
  toRecord: toMember,
};

export async function findMember(tx: Tx, tenantId: string, id: string): Promise<Member> {
  const where = recordWhere(memberships, tenantId, id);
  const [row] = where ? await selectMembers(tx).where(where) : [];
  if (!row) throw notFound(NOUN);
  return toMember(row);
}

/** The caller's own membership (GET /tenant). */
export async function findOwnMembership(tx: Tx, tenantId: string, subject: string): Promise<Member> {
  const [row] = await selectMembers(tx).where(
    and(eq(memberships.tenantId, tenantId), eq(memberships.subject, subject)),
  );
  if (!row) throw notFound(NOUN);
  return toMember(row);
}

/** How a member is named on what they did (an invitation, an invoice email): their name, else their email. */
export async function memberName(tx: Tx, tenantId: string, subject: string): Promise<string | null> {
  const { name, email } = await memberIdentity(tx, tenantId, subject);
  return name ?? email;
}

/** The member's own name and email as the organisation knows them (each null when it has none). */
export async function memberIdentity(
  tx: Tx,
  tenantId: string,
  subject: string,
): Promise<{ name: string | null; email: string | null }> {
  const [row] = await tx
    .select({ name: memberships.name, email: memberships.email })
    .from(memberships)
    .where(and(eq(memberships.tenantId, tenantId), eq(memberships.subject, subject)));
  return row ?? { name: null, email: null };
}

/**
 * Locks the tenant's Owners (so two Owners cannot demote or remove each other at once) and says whether the
 * member is the only one left.
 */
async function isLastOwner(tx: Tx, tenantId: string, memberId: string): Promise<boolean> {
  const owners = (await tx.execute(sql`
    select id from ${memberships} where tenant_id = ${tenantId} and role = 'OWNER' order by id for update`)) as {
    rows: { id: string }[];
  };
  return owners.rows.length === 1 && owners.rows[0]?.id === memberId;
}

/** A technician link: only for the Technician role, and to a technician of the tenant. */
export function technicianLinkOf(role: Role, technician: { id: string } | null): string | null {
  if (technician && role !== 'TECHNICIAN')
    throw fieldInvalid('technician', teamMessages.technicianOnlyForTechnicians);
  return technician?.id ?? null;
}

/** Turns a link to no technician of the tenant (its foreign key) into a field error. */
export const checkedTechnician = refusedAs([SQLSTATE.foreignKeyViolation], () =>
  fieldInvalid('technician.id', teamMessages.technician),
);

/** Changes a member's role and technician link; the last Owner cannot stop being one. */
export async function updateMember(
  tx: Tx,
  tenantId: string,
  id: string,
  { updated, role, technician }: MemberUpdate,
): Promise<Member> {
  const current = await findMember(tx, tenantId, id);
  const technicianId = technicianLinkOf(role, technician);
  if (current.role === 'OWNER' && role !== 'OWNER' && (await isLastOwner(tx, tenantId, id)))
    throw fieldInvalid('role', teamMessages.lastOwner);
  await checkedTechnician(() =>
    saveVersion(tx, memberships, { tenantId, id, updated }, NOUN, { role, technicianId }),
  );
  return findMember(tx, tenantId, id);
}

/** Removes a member: they can no longer act in the organisation; what they made stays. Never the last Owner. */
export async function removeMember(tx: Tx, tenantId: string, id: string): Promise<void> {
  const current = await findMember(tx, tenantId, id);
  if (current.role === 'OWNER' && (await isLastOwner(tx, tenantId, id)))
    throw conflict(teamMessages.lastOwner);
  await tx.delete(memberships).where(and(eq(memberships.tenantId, tenantId), eq(memberships.id, id)));
}
