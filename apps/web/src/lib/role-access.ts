import type { Role } from '@fieldbook/domain';

/**
 * What the screens offer: a section of the app, or `manageJobs` (create and delete jobs, change their customer,
 * dates and assignment; a Technician changes only the status and the line items of their own jobs).
 */
export type Capability =
  | 'scheduler'
  | 'jobs'
  | 'manageJobs'
  | 'invoices'
  | 'customers'
  | 'items'
  | 'settings'
  | 'organisation'
  | 'users'
  | 'outbox'
  | 'taxes'
  | 'technicians'
  | 'templates';

const OFFICE: readonly Capability[] = [
  'scheduler',
  'jobs',
  'manageJobs',
  'invoices',
  'customers',
  'items',
  'settings',
  'taxes',
  'technicians',
  'templates',
];

// Types only from the domain: its role constants live beside zod schemas, which the first screen does not load.
const CAPABILITIES: Record<Role, ReadonlySet<Capability>> = {
  OWNER: new Set([...OFFICE, 'organisation', 'users', 'outbox']),
  OFFICE: new Set(OFFICE),
  TECHNICIAN: new Set(['jobs']),
};

/**
 * Whether the screens offer `capability` to `role`. While the role is loading (undefined), only what every role
 * may use, so a link is never shown and then taken away. The server decides: a call the role may not make is a
 * 403 whatever the screens show; this keeps them from offering what would be refused.
 */
export function roleMay(role: Role | undefined, capability: Capability): boolean {
  const roles = role === undefined ? Object.values(CAPABILITIES) : [CAPABILITIES[role]];
  return roles.every((capabilities) => capabilities.has(capability));
}
