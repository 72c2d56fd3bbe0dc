// Who may do what: the one table the server enforces (`apps/server/src/platform/http/permissions.ts`) and the web app's
// screens follow (`apps/web/src/lib/role-access.ts`). No zod here: the web app's first screen loads this file.
import type { Role } from './team.ts';

/**
 * Who an area is for. `anyone`: no sign-in at all (a page found by a secret in its link); `signedIn`: anyone signed in, in an organisation or not (their account, making an
 * organisation, joining one); `member`: every role of the organisation (a Technician only on the jobs assigned to
 * them: the job routes scope them); `office`: Office and Owner; `owner`: Owners only.
 */
export type Access = 'anyone' | 'signedIn' | 'member' | 'office' | 'owner';

/** The roles each access allows (`anyone` and `signedIn` need no role). */
export const ACCESS_ROLES: Record<Exclude<Access, 'anyone' | 'signedIn'>, readonly Role[]> = {
  member: ['OWNER', 'OFFICE', 'TECHNICIAN'],
  office: ['OWNER', 'OFFICE'],
  owner: ['OWNER'],
};

/** An API operation as the OpenAPI document names it, under `/api`: `GET /jobs/{id}`. */
export type Operation = `${'GET' | 'POST' | 'PUT' | 'DELETE'} /${string}`;

interface Area {
  access: Access;
  /** The API operations that make up the area (none: a screen that reads what other areas offer). */
  operations: readonly Operation[];
}

const crud = (path: string, { update = true, remove = true } = {}): Operation[] => [
  `GET /${path}`,
  `POST /${path}`,
  `GET /${path}/{id}`,
  ...(update ? ([`PUT /${path}/{id}`] as const) : []),
  ...(remove ? ([`DELETE /${path}/{id}`] as const) : []),
];

/**
 * The areas of the product, each with who may use it and the API operations it is made of. Every operation of the
 * API is in exactly one area (a test walks the OpenAPI document against this table for each role); the server
 * refuses an operation in no area to everyone but Owners, so a new endpoint is never open by mistake.
 */
export const AREAS = {
  /** The signed-in person: who they are, a new organisation, an invitation link to preview and accept. */
  account: {
    access: 'signedIn',
    operations: [
      'GET /me',
      'POST /tenants',
      'POST /invitation-links/preview',
      'POST /invitation-links/accept',
    ],
  },
  /** The organisation signed in to, with the caller's role and technician. */
  tenant: { access: 'member', operations: ['GET /tenant'] },
  /**
   * Jobs: the list and the viewer, a save of the status and line items, the job sheet; and what those screens
   * show and the line items pick from (priorities, territories, technicians, items, tax rates).
   */
  jobs: {
    access: 'member',
    operations: [
      'GET /jobs',
      'GET /jobs/{id}',
      'PUT /jobs/{id}',
      'GET /jobs/{id}/pdf',
      'GET /job-priorities',
      'GET /territories',
      'GET /technicians',
      'GET /technicians/{id}',
      'GET /items',
      'GET /items/{id}',
      'GET /tax-rates',
      'GET /tax-rates/{id}',
    ],
  },
  /** A technician's day: a Technician their own, Owners and Office anyone's. */
  today: { access: 'member', operations: ['GET /today'] },
  /**
   * Notes on a job: everyone who may see the job reads them and adds one (a Technician on their own jobs); only
   * a note's author changes it, within `NOTE_EDIT_MINUTES` of writing it (the command checks).
   */
  jobNotes: {
    access: 'member',
    operations: ['GET /jobs/{id}/notes', 'POST /jobs/{id}/notes', 'PUT /jobs/{id}/notes/{noteId}'],
  },
  /** The customer's sign-off of a finished job: whoever may see the job takes and reads it. */
  jobSignature: { access: 'member', operations: ['GET /jobs/{id}/signature', 'PUT /jobs/{id}/signature'] },
  /** "On my way": whoever may see the job says it (a Technician on their own) and reads when it was said. */
  jobDepartures: {
    access: 'member',
    operations: ['GET /jobs/{id}/departures', 'POST /jobs/{id}/departures'],
  },
  /**
   * Photos and PDFs on a job: whoever may see the job reads and adds them (a Technician on their own jobs); the
   * person who added one, or an Owner or Office member, deletes it (the command checks).
   */
  jobAttachments: {
    access: 'member',
    operations: [
      'GET /jobs/{id}/attachments',
      'POST /jobs/{id}/attachments',
      'GET /jobs/{id}/attachments/{attachmentId}',
      'GET /jobs/{id}/attachments/{attachmentId}/thumbnail',
      'DELETE /jobs/{id}/attachments/{attachmentId}',
    ],
  },
  /** Deleting a note, anyone's. */
  removeJobNotes: { access: 'owner', operations: ['DELETE /jobs/{id}/notes/{noteId}'] },
  /** Creating and deleting jobs; changing their customer, site, dates and assignment (the job editor). */
  manageJobs: { access: 'office', operations: ['POST /jobs', 'DELETE /jobs/{id}'] },
  /** The scheduler: the week's jobs by technician (it reads and saves jobs). */
  scheduler: { access: 'office', operations: [] },
  customers: {
    access: 'office',
    operations: [...crud('customers'), ...crud('locations'), 'GET /addresses/suggest'],
  },
  /** Invoices, their PDFs and emails, and what the invoice editor reads of the organisation. */
  invoices: {
    access: 'office',
    operations: [
      ...crud('sales/invoices'),
      'GET /sales/invoices/{id}/pdf',
      'GET /sales/invoices/{id}/email-draft',
      'GET /sales/invoices/{id}/emails',
      'POST /sales/invoices/{id}/emails',
      'GET /payments',
      'GET /sales/invoices/{id}/payments',
      'POST /sales/invoices/{id}/payments',
      'PUT /sales/invoices/{id}/payments/{paymentId}',
      'DELETE /sales/invoices/{id}/payments/{paymentId}',
      // Whether mail is sent at all (the email dialog says so), and the details invoices print (ABN, payment).
      'GET /mail',
      'GET /organisation',
    ],
  },
  /** Quotes: what the office prices for a customer, before the work is agreed. */
  quotes: {
    access: 'office',
    operations: [
      ...crud('sales/quotes'),
      'POST /sales/quotes/{id}/job',
      'POST /sales/quotes/{id}/invoice',
      'GET /sales/quotes/{id}/pdf',
      'GET /sales/quotes/{id}/email-draft',
      'GET /sales/quotes/{id}/emails',
      'POST /sales/quotes/{id}/emails',
    ],
  },
  /** A quote's public page, for whoever holds the link its email gave: no sign-in. */
  quoteLinks: {
    access: 'anyone',
    operations: [
      'GET /public/quotes/{token}',
      'GET /public/quotes/{token}/logo',
      'GET /public/quotes/{token}/pdf',
      'POST /public/quotes/{token}/accept',
      'POST /public/quotes/{token}/decline',
    ],
  },
  /**
   * What customers owe, by age (and the home page's overdue figure), and its CSV; a customer's statement: its PDF
   * and email.
   */
  receivables: {
    access: 'office',
    operations: [
      'GET /reports/receivables',
      'GET /reports/receivables/csv',
      'GET /customers/{id}/statement',
      'GET /customers/{id}/statement/email-draft',
      'POST /customers/{id}/statement/emails',
    ],
  },
  items: { access: 'office', operations: ['POST /items', 'PUT /items/{id}', 'DELETE /items/{id}'] },
  /** The Settings page: the sections below that the role may open. */
  settings: { access: 'office', operations: [] },
  taxes: {
    access: 'office',
    operations: ['POST /tax-rates', 'PUT /tax-rates/{id}', 'DELETE /tax-rates/{id}'],
  },
  technicians: { access: 'office', operations: ['POST /technicians', 'PUT /technicians/{id}'] },
  templates: { access: 'office', operations: [...crud('templates'), 'POST /templates/preview'] },
  /** The organisation's details (name, ABN, address, payment details, logo, invoice email): changing them. */
  organisation: { access: 'owner', operations: ['PUT /organisation'] },
  users: {
    access: 'owner',
    operations: [
      ...crud('members').filter((operation) => operation !== 'POST /members'),
      ...crud('invitations'),
    ],
  },
  /** The outbox: every message the organisation sends, and sending a failed one again. */
  outbox: {
    access: 'owner',
    operations: [
      'GET /outbox',
      'GET /outbox/{id}',
      'GET /outbox/{id}/attachments/{index}',
      'POST /outbox/{id}/resend',
    ],
  },
  /** The accounting export: the invoices and payments of a range of dates as files for Xero (docs/exports.md). */
  exports: {
    access: 'owner',
    operations: ['GET /exports/xero/invoices', 'GET /exports/xero/payments'],
  },
} as const satisfies Record<string, Area>;

/** An area of the product: what a screen offers, and what the API allows. */
export type Capability = keyof typeof AREAS;

const areaOf = new Map<string, Capability>(
  Object.entries(AREAS).flatMap(([name, area]) =>
    area.operations.map((operation) => [operation, name as Capability] as const),
  ),
);

/** The area an API operation belongs to (`GET /jobs/{id}`), or undefined when no area names it. */
export function operationArea(operation: string): Capability | undefined {
  return areaOf.get(operation);
}

/** Whether `role` may use `capability` (an area of `anyone` or `signedIn` access: every role). */
export function roleMayUse(role: Role, capability: Capability): boolean {
  const { access } = AREAS[capability];
  return access === 'anyone' || access === 'signedIn' || ACCESS_ROLES[access].includes(role);
}
