import { saveOf } from './records.ts';
import { isEmailAddress } from './text-fields.ts';
import { z } from './zod.ts';

/**
 * A member's role in an organisation (every organisation always has an Owner). What each may do is `AREAS`
 * (permissions.ts); `ROLE_ABOUT` says it in words.
 */
export const ROLES = ['OWNER', 'OFFICE', 'TECHNICIAN'] as const;
export type Role = (typeof ROLES)[number];

/** What the screens call each role. */
export const ROLE_NAMES: Record<Role, string> = {
  OWNER: 'Owner',
  OFFICE: 'Office',
  TECHNICIAN: 'Technician',
};

/** What each role may do, in sentences that stand alone (the Users screen, the invitation page and its email). */
export const ROLE_ABOUT: Record<Role, string> = {
  OWNER:
    "An Owner can do everything, including managing the users, the organisation's details and the outbox.",
  OFFICE:
    "An Office member works with customers, jobs, the scheduler, invoices, items, tax rates, technicians and templates, but cannot manage the users or change the organisation's details.",
  TECHNICIAN:
    "A Technician sees the jobs assigned to them, and changes those jobs' status and line items. They have no access to invoices, customers or settings.",
};

export const teamMessages = {
  role: `Choose a role: ${ROLES.join(', ')}.`,
  email: 'Enter a valid email address, such as name@example.com.',
  technician: 'Choose a technician of this organisation, or none.',
  technicianOnlyForTechnicians: 'Only a member with the Technician role can be linked to a technician.',
  lastOwner: 'Every organisation needs an Owner: make someone else an Owner first.',
  alreadyMember: 'This person is already a member of this organisation.',
  alreadyInvited: 'This address already has an open invitation: resend it instead.',
  invitationUsed: 'This invitation has already been used or was revoked. Ask for a new one.',
  joinedAlready: (tenantName: string, email: string) =>
    `You are already a member of ${tenantName}, so this invitation is not yours to use: it stays for ${email}.`,
  invitationExpired: 'This invitation has expired. Ask for a new one.',
  invitationNotFound:
    'This invitation link is not valid. Check that the whole link was copied, or ask for a new one.',
} as const;

/** An email address that must be given: trimmed, at most 254 characters. */
export const requiredEmail = z
  .string({ error: teamMessages.email })
  .trim()
  .max(254, { error: 'Use at most 254 characters.' })
  .refine(isEmailAddress, { error: teamMessages.email });

const roleField = z.enum(ROLES, { error: teamMessages.role });
/** The technician (scheduler row) a Technician member works as; null for none. */
const technicianLink = z
  .object({ id: z.uuid({ error: teamMessages.technician }) }, { error: teamMessages.technician })
  .nullable()
  .default(null);

/** A member of the organisation: a person who has joined, with their role. */
export const memberRecord = z.object({
  id: z.uuid(),
  /** The identity provider's user id (the token's `sub`). */
  subject: z.string(),
  name: z.string().nullable(),
  email: z.string().nullable(),
  role: z.enum(ROLES),
  technician: z.object({ id: z.uuid(), name: z.string() }).nullable(),
  /** When the member last signed in to this organisation (opened the app in it); null before the first time. */
  lastSignIn: z.string().nullable(),
  created: z.string(),
  updated: z.string(),
});
export type Member = z.infer<typeof memberRecord>;

/** A change of a member's role (and technician link), over the version read. */
export const memberUpdate = saveOf(z.object({ role: roleField, technician: technicianLink }));
export type MemberUpdate = z.output<typeof memberUpdate>;

/** An invitation as an Owner makes it. */
export const invitationFields = z.object({
  email: requiredEmail,
  role: roleField,
  technician: technicianLink,
});
export type InvitationFields = z.output<typeof invitationFields>;

export const INVITATION_STATUSES = ['PENDING', 'EXPIRED'] as const;

/** An open invitation (accepted and revoked ones are gone from the list). */
export const invitationRecord = z.object({
  id: z.uuid(),
  email: z.string(),
  role: z.enum(ROLES),
  technician: z.object({ id: z.uuid(), name: z.string() }).nullable(),
  /** PENDING until `expires`, then EXPIRED (resend to renew it). */
  status: z.enum(INVITATION_STATUSES),
  expires: z.string(),
  invitedBy: z.string().nullable(),
  /** When the latest link was emailed (a resend makes a new link: the old one stops working). */
  sent: z.string(),
  created: z.string(),
  updated: z.string(),
});
export type Invitation = z.infer<typeof invitationRecord>;

/** A resend (a new link, valid 7 days from now) or a change of role, over the version read. */
export const invitationUpdate = saveOf(z.object({ role: roleField, technician: technicianLink })).extend({
  /** true: email a new link (the old one stops working) and renew the 7 days. */
  resend: z.boolean().default(false),
});
export type InvitationUpdate = z.output<typeof invitationUpdate>;

/** What the invitation page shows before the person accepts (read with the link's token). */
export const invitationPreview = z.object({
  tenantId: z.uuid(),
  tenantName: z.string(),
  /** The organisation's time zone, in which the page shows when the link expires. */
  timeZone: z.string(),
  role: z.enum(ROLES),
  email: z.string(),
  invitedBy: z.string().nullable(),
  expires: z.string(),
});
export type InvitationPreview = z.infer<typeof invitationPreview>;

export const invitationAcceptance = z.object({
  token: z
    .string({ error: teamMessages.invitationNotFound })
    .min(1, { error: teamMessages.invitationNotFound }),
});

/** An organisation a user belongs to, as the tokens name it. */
export const tenantEntry = z.object({ tenantId: z.uuid(), tenantName: z.string() });

/** The caller's own membership of the organisation the token names (what the web app shows and hides). */
export const membershipRecord = z.object({
  tenantId: z.uuid(),
  tenantName: z.string(),
  /** The organisation's time zone, in which the web app shows every time (Organisation details). */
  timeZone: z.string(),
  memberId: z.uuid(),
  role: z.enum(ROLES),
  technician: z.object({ id: z.uuid(), name: z.string() }).nullable(),
});
export type Membership = z.infer<typeof membershipRecord>;

/** The days an invitation link works. */
export const INVITATION_DAYS = 7;
