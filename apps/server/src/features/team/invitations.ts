import { createHash, randomBytes } from 'node:crypto';
import {
  DEFAULT_TIME_ZONE,
  INVITATION_DAYS,
  type Invitation,
  type InvitationFields,
  type InvitationPreview,
  type InvitationUpdate,
  PAGE_SIZES,
  ROLE_ABOUT,
  ROLE_NAMES,
  ROLES,
  type Role,
  teamMessages,
} from '@fieldbook/domain';
import { and, eq, sql } from 'drizzle-orm';
import { uuidv7 } from 'uuidv7';
import type { Db, Tx } from '../../platform/db/database.ts';
import { tenants } from '../../platform/db/tenant-table.ts';
import { ApiError, conflict, fieldInvalid, notFound } from '../../platform/http/errors.ts';
import type { ListResource } from '../../platform/lists/list-query.ts';
import { ascending } from '../../platform/lists/paged-list.ts';
import type { SortedList } from '../../platform/lists/sorted-pages.ts';
import { emailDate, storeMessage, withdrawMessage } from '../../platform/mail/outbox.ts';
import { recordWhere, saveVersion, uniqueField } from '../../platform/records/record-rows.ts';
import type { TenantEntry } from '../identity/index.ts';
import { canonicalEmail } from '../identity/index.ts';
import { organisationDetails } from '../organisation/index.ts';
import { technicians } from '../technicians/index.ts';
import {
  checkedTechnician,
  linkedTechnician,
  memberName,
  technicianLinkOf,
  technicianOf,
} from './members.ts';
import { invitations, memberships } from './team-tables.ts';

const NOUN = 'invitation';
/** When a link made now stops working. */
const expiresFromNow = () => new Date(Date.now() + INVITATION_DAYS * 86_400_000);

const hashOf = (token: string) => createHash('sha256').update(token).digest('hex');
const newToken = () => randomBytes(32).toString('base64url');
const TOKEN = /^[A-Za-z0-9_-]{43}$/;

/** Where an invitation link points: the web app's invitation page. */
export const invitationLink = (publicUrl: string, token: string) => `${publicUrl}/join/${token}`;

const invitationColumns = {
  id: invitations.id,
  email: invitations.email,
  role: invitations.role,
  technicianId: invitations.technicianId,
  technicianName: technicians.name,
  expires: invitations.expires,
  invitedBy: invitations.invitedBy,
  sent: invitations.sent,
  created: invitations.created,
  updated: invitations.updated,
  expired: sql<boolean>`${invitations.expires} <= now()`,
};

const selectInvitations = (db: Db) =>
  db.select(invitationColumns).from(invitations).leftJoin(technicians, linkedTechnician(invitations));

type InvitationRow = Awaited<ReturnType<typeof selectInvitations>>[number];

const toInvitation = (row: InvitationRow): Invitation => ({
  id: row.id,
  email: row.email,
  role: row.role as Role,
  technician: technicianOf(row),
  status: row.expired ? 'EXPIRED' : 'PENDING',
  expires: row.expires.toISOString(),
  invitedBy: row.invitedBy,
  sent: row.sent.toISOString(),
  created: row.created.toISOString(),
  updated: row.updated.toISOString(),
});

/**
 * What `q` may search on the invitation list (a handful of rows: no search view). No `status`: it is not stored but
 * follows from `expires` and the time of the request.
 */
const invitationSearch: ListResource = {
  fields: {
    id: { kind: 'exact', column: invitations.id, uuid: true },
    email: { kind: 'text', column: invitations.email },
    role: { kind: 'exact', column: invitations.role, values: ROLES, names: ROLE_NAMES },
  },
  searchable: [invitations.email],
};

/** The open invitations as `readList` reads them, by email. */
export const invitationList: SortedList<Invitation> = {
  pageSize: PAGE_SIZES.members,
  resource: invitationSearch,
  source: invitations,
  select: (db, total) =>
    db
      .select({ ...invitationColumns, total })
      .from(invitations)
      .leftJoin(technicians, linkedTechnician(invitations)),
  keys: [ascending(invitations.emailCanonical), ascending(invitations.id)],
  toRecord: toInvitation,
};

export async function findInvitation(tx: Tx, tenantId: string, id: string): Promise<Invitation> {
  const where = recordWhere(invitations, tenantId, id);
  const [row] = where ? await selectInvitations(tx).where(where) : [];
  if (!row) throw notFound(NOUN);
  return toInvitation(row);
}

/** Who is inviting, and from where: for the invitation's email. */
export interface Inviter {
  subject: string;
  publicUrl: string;
}

/** The organisation's name and time zone, as its invitation email gives them. */
async function organisationOf(tx: Tx, tenantId: string): Promise<{ name: string; timeZone: string }> {
  const [row] = await tx
    .select({ name: tenants.name, timeZone: organisationDetails.timeZone })
    .from(tenants)
    .innerJoin(organisationDetails, eq(organisationDetails.tenantId, tenants.id))
    .where(eq(tenants.id, tenantId));
  return row ?? { name: 'Fieldbook', timeZone: DEFAULT_TIME_ZONE };
}

/**
 * Stores the invitation's email in the outbox, with its link, as the invitation's message: the one before it, if it
 * is still waiting to be sent, is withdrawn (its link no longer works).
 */
async function sendInvitation(
  tx: Tx,
  tenantId: string,
  invitation: Invitation,
  token: string,
  inviter: Inviter,
): Promise<void> {
  const { name: organisation, timeZone } = await organisationOf(tx, tenantId);
  const by = invitation.invitedBy ?? 'Someone';
  const role = invitation.role;
  const messageId = await storeMessage(tx, tenantId, {
    kind: 'INVITATION',
    to: invitation.email,
    subject: `${by} invited you to join ${organisation} on Fieldbook`,
    text: [
      'Hello,',
      '',
      `${by} invited you to join ${organisation} on Fieldbook as ${ROLE_NAMES[role]}. ${ROLE_ABOUT[role]}`,
      '',
      'Open this link to sign in, or to create your account, and join:',
      invitationLink(inviter.publicUrl, token),
      '',
      `The link works once, until ${emailDate(new Date(invitation.expires), timeZone)}.`,
      'If you were not expecting this, you can ignore this email: nothing happens until the link is used.',
    ].join('\n'),
  });
  const where = and(eq(invitations.tenantId, tenantId), eq(invitations.id, invitation.id));
  const [before] = await tx.select({ messageId: invitations.messageId }).from(invitations).where(where);
  if (before?.messageId) await withdrawMessage(tx, tenantId, before.messageId);
  // The invitation's `updated` stays: the record the caller gets back is still the one saved.
  await tx.update(invitations).set({ messageId }).where(where);
}

const uniqueEmail = uniqueField('invitations_email_key', 'email', teamMessages.alreadyInvited);

async function refuseMember(tx: Tx, tenantId: string, email: string): Promise<void> {
  const members = await tx
    .select({ email: memberships.email })
    .from(memberships)
    .where(eq(memberships.tenantId, tenantId));
  if (members.some((member) => member.email && canonicalEmail(member.email) === canonicalEmail(email)))
    throw fieldInvalid('email', teamMessages.alreadyMember);
}

/** Invites someone by email: a single-use link valid for 7 days, emailed through the outbox. */
export async function createInvitation(
  tx: Tx,
  tenantId: string,
  fields: InvitationFields,
  inviter: Inviter,
): Promise<Invitation> {
  const technicianId = technicianLinkOf(fields.role, fields.technician);
  await refuseMember(tx, tenantId, fields.email);
  const id = uuidv7();
  const token = newToken();
  const invitedBy = await memberName(tx, tenantId, inviter.subject);
  await uniqueEmail(() =>
    checkedTechnician(() =>
      tx.insert(invitations).values({
        tenantId,
        id,
        email: fields.email,
        emailCanonical: canonicalEmail(fields.email),
        role: fields.role,
        technicianId,
        tokenHash: hashOf(token),
        expires: expiresFromNow(),
        invitedBy,
      }),
    ),
  );
  const invitation = await findInvitation(tx, tenantId, id);
  await sendInvitation(tx, tenantId, invitation, token, inviter);
  return invitation;
}

/** Changes the role, and with `resend` makes a new link (the old one stops working) valid 7 days from now. */
export async function updateInvitation(
  tx: Tx,
  tenantId: string,
  id: string,
  { updated, role, technician, resend }: InvitationUpdate,
  inviter: Inviter,
): Promise<Invitation> {
  const technicianId = technicianLinkOf(role, technician);
  const token = newToken();
  const renewal = resend
    ? {
        tokenHash: hashOf(token),
        expires: expiresFromNow(),
        sent: new Date(),
        invitedBy: await memberName(tx, tenantId, inviter.subject),
      }
    : {};
  await checkedTechnician(() =>
    saveVersion(tx, invitations, { tenantId, id, updated }, NOUN, { role, technicianId, ...renewal }),
  );
  const invitation = await findInvitation(tx, tenantId, id);
  if (resend) await sendInvitation(tx, tenantId, invitation, token, inviter);
  return invitation;
}

/** Revokes an invitation: its link stops working, and its email, if it is still waiting to be sent, is withdrawn. */
export async function revokeInvitation(tx: Tx, tenantId: string, id: string): Promise<void> {
  const where = recordWhere(invitations, tenantId, id);
  const [revoked] = where
    ? await tx.delete(invitations).where(where).returning({ messageId: invitations.messageId })
    : [];
  if (!revoked) throw notFound(NOUN);
  if (revoked.messageId) await withdrawMessage(tx, tenantId, revoked.messageId);
}

// ---- The link, used by whoever signs in with it (no tenant yet: system reads by the token's hash) ----------

/** The invitation of a link, with its organisation's name; 404 for a link that is not one, 409 past its expiry. */
async function openLink(db: Pick<Db, 'select'>, token: string) {
  if (!TOKEN.test(token)) throw new ApiError('NOT_FOUND', teamMessages.invitationNotFound);
  const [row] = await db
    .select({
      tenantId: invitations.tenantId,
      id: invitations.id,
      tenantName: tenants.name,
      timeZone: organisationDetails.timeZone,
      email: invitations.email,
      role: invitations.role,
      technicianId: invitations.technicianId,
      invitedBy: invitations.invitedBy,
      expires: invitations.expires,
      expired: sql<boolean>`${invitations.expires} <= now()`,
    })
    .from(invitations)
    .innerJoin(tenants, eq(tenants.id, invitations.tenantId))
    .innerJoin(organisationDetails, eq(organisationDetails.tenantId, invitations.tenantId))
    .where(eq(invitations.tokenHash, hashOf(token)));
  // Accepted, revoked and resent links are gone: the row is deleted, or its token replaced.
  if (!row) throw new ApiError('NOT_FOUND', teamMessages.invitationUsed);
  if (row.expired) throw conflict(teamMessages.invitationExpired);
  return { ...row, role: row.role as Role };
}

export async function previewInvitation(db: Db, token: string): Promise<InvitationPreview> {
  const opened = await openLink(db, token);
  return {
    tenantId: opened.tenantId,
    tenantName: opened.tenantName,
    timeZone: opened.timeZone,
    role: opened.role,
    email: opened.email,
    invitedBy: opened.invitedBy,
    expires: opened.expires.toISOString(),
  };
}

/**
 * Accepts an invitation for whoever signed in with the link: they join with its role (a member already keeps the
 * role they have), and the link stops working. Claimed under a row lock, so two uses of one link make one member.
 */
export async function acceptInvitation(
  db: Db,
  token: string,
  person: { subject: string; name: string | null; email: string | null },
): Promise<TenantEntry> {
  return db.transaction(async (tx) => {
    const opened = await openLink(tx, token);
    // A member already (the link opened by someone it was not for): the invitation stays for the one it was for.
    const [member] = await tx
      .select({ id: memberships.id })
      .from(memberships)
      .where(and(eq(memberships.tenantId, opened.tenantId), eq(memberships.subject, person.subject)));
    if (member) throw conflict(teamMessages.joinedAlready(opened.tenantName, opened.email));
    const claimed = await tx
      .delete(invitations)
      .where(
        and(
          eq(invitations.tenantId, opened.tenantId),
          eq(invitations.id, opened.id),
          eq(invitations.tokenHash, hashOf(token)),
        ),
      )
      .returning({ id: invitations.id });
    if (claimed.length === 0) throw new ApiError('NOT_FOUND', teamMessages.invitationUsed);
    await tx
      .insert(memberships)
      .values({
        tenantId: opened.tenantId,
        subject: person.subject,
        role: opened.role,
        technicianId: opened.technicianId,
        name: person.name,
        email: person.email ?? opened.email,
      })
      .onConflictDoNothing();
    return { tenantId: opened.tenantId, tenantName: opened.tenantName };
  });
}
