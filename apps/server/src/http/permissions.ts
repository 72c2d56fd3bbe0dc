import { ROLE_NAMES, type Role } from '@fieldbook/domain';
import { ApiError } from './errors.ts';

/**
 * Who may call a tenant endpoint. `member`: every role (a Technician only on their own jobs: the routes scope
 * them, see `technicianScope`); `office`: Office and Owner; `owner`: Owner only.
 */
export type Access = 'member' | 'office' | 'owner';

const ALLOWED: Record<Access, readonly Role[]> = {
  member: ['OWNER', 'OFFICE', 'TECHNICIAN'],
  office: ['OWNER', 'OFFICE'],
  owner: ['OWNER'],
};

interface Rule {
  /** The route's URL under /api, as registered (`/jobs/:id`), or its first segment and everything under it. */
  path: RegExp;
  read: Access;
  write: Access;
}

/**
 * The permission table, by endpoint family; the first rule that matches decides, and a route none matches is
 * for Owners only (a new endpoint is never open by mistake). docs/team.md has it as a table.
 */
const RULES: readonly Rule[] = [
  { path: /^\/tenant$/, read: 'member', write: 'owner' },
  // A Technician works their own jobs: read them, change status and line items (PUT), print them.
  { path: /^\/jobs\/:id(\/pdf)?$/, read: 'member', write: 'member' },
  { path: /^\/jobs$/, read: 'member', write: 'office' },
  // What a job's screens show and its line items pick from.
  {
    path: /^\/(job-priorities|territories|technicians|items|tax-rates)(\/|$)/,
    read: 'member',
    write: 'office',
  },
  {
    path: /^\/(customers|locations|addresses|sales|templates|documents)(\/|$)/,
    read: 'office',
    write: 'office',
  },
  { path: /^\/organisation(\/|$)/, read: 'office', write: 'owner' },
  // Whether mail is sent at all: the invoice email says so.
  { path: /^\/mail$/, read: 'office', write: 'owner' },
  { path: /^\/(members|invitations|outbox)(\/|$)/, read: 'owner', write: 'owner' },
];

const READS = new Set(['GET', 'HEAD']);

/** The access a request to this route needs (its URL as registered, relative to /api). */
export function accessFor(method: string, routeUrl: string | undefined): Access {
  const path = (routeUrl ?? '').replace(/^\/api(?=\/)/, '');
  const rule = RULES.find((candidate) => candidate.path.test(path));
  if (!rule) return 'owner';
  return READS.has(method) ? rule.read : rule.write;
}

/** Refuses a member whose role the access does not allow: 403, saying which roles may. */
export function requireAccess(role: Role, access: Access): void {
  const allowed = ALLOWED[access];
  if (allowed.includes(role)) return;
  const names = allowed.map((name) => ROLE_NAMES[name]).join(' or ');
  throw new ApiError(
    'FORBIDDEN',
    `Your role in this organisation (${ROLE_NAMES[role]}) cannot do this: it needs ${names}. Ask an Owner of the organisation.`,
  );
}
