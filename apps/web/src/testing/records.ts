import {
  type AddressSuggestion,
  amountDue,
  type Customer,
  type CustomerLocation,
  customerFields,
  type Invitation,
  type Invoice,
  type Item,
  type Job,
  type Member,
  type Membership,
  type OutboxMessage,
  type Payment,
  type Quote,
  type TaxRate,
} from '@fieldbook/domain';
import { acmePlumbing } from './fixtures';

let sequence = 0;

/** A fresh UUID-shaped id for a test record. */
function nextId(): string {
  sequence += 1;
  return `00000000-0000-7000-8000-${String(sequence).padStart(12, '0')}`;
}

const STAMP = '2025-03-01T09:30:00.000Z';

/** A customer as the API returns it; empty optional fields are null. */
export function customer(overrides: Partial<Customer> = {}): Customer {
  // The domain's own reading of a bare name: every optional field null, as the API sends it.
  const fields = customerFields.parse({ name: 'Acme Plumbing' });
  return { id: nextId(), number: 1, ...fields, created: STAMP, updated: STAMP, ...overrides };
}

export function customerLocation(overrides: Partial<CustomerLocation> = {}): CustomerLocation {
  return {
    id: nextId(),
    customer: { id: nextId(), name: 'Acme Plumbing' },
    name: 'Head office',
    street1: '1 George Street',
    suburb: 'Sydney',
    state: 'NSW',
    postcode: '2000',
    country: 'Australia',
    updated: STAMP,
    ...overrides,
  };
}

export function item(overrides: Partial<Item> = {}): Item {
  return {
    id: nextId(),
    code: 'LAB-HR',
    description: 'Labour, per hour',
    price: '95.00',
    created: STAMP,
    updated: STAMP,
    ...overrides,
  };
}

/** A job as the API returns it: new, for Acme Plumbing's head office, with one line (2 h at $95.00). */
export function job(overrides: Partial<Job> = {}): Job {
  return {
    id: nextId(),
    number: 1,
    reference: 'Leaking tap',
    customer: { id: nextId(), name: 'Acme Plumbing' },
    location: { id: nextId(), name: 'Head office' },
    territory: { id: nextId(), name: 'Inner West' },
    priority: { id: nextId(), name: 'Normal' },
    status: 'OPEN_NEW',
    rag: null,
    due: null,
    scheduledStart: null,
    scheduledFinish: null,
    actualStart: null,
    actualFinish: null,
    assignee: null,
    assigneeName: null,
    items: [
      { code: 'LAB-HR', description: 'Labour, per hour', quantity: '2', price: '95.00', amount: '190.00' },
    ],
    subtotal: '190.00',
    tax: '0.00',
    total: '190.00',
    created: STAMP,
    updated: STAMP,
    ...overrides,
  };
}

/** A tax rate as the API returns it (GST, 10 %). */
export function taxRate(overrides: Partial<TaxRate> = {}): TaxRate {
  return { id: nextId(), name: 'GST', rate: '10', created: STAMP, updated: STAMP, ...overrides };
}

let invoiceNumber = 0;

/**
 * An invoice as the API returns it: a draft with no lines, numbered 1, 2, 3, … unless told; nothing paid unless
 * told, and the amount due its total less what was paid.
 */
export function invoice(overrides: Partial<Invoice> = {}): Invoice {
  invoiceNumber += 1;
  const total = overrides.total ?? '0.00';
  const amountPaid = overrides.amountPaid ?? '0.00';
  return {
    id: nextId(),
    number: invoiceNumber,
    reference: null,
    status: 'OPEN_DRAFT',
    customer: { id: nextId(), name: "O'Brien & Sons Plumbing" },
    job: null,
    date: '2026-11-23',
    due: '2026-12-07',
    lineItems: [],
    amountsEnteredIncludeTax: false,
    subtotal: '0.00',
    tax: '0.00',
    total,
    amountPaid,
    amountDue: amountDue(total, amountPaid),
    created: STAMP,
    updated: STAMP,
    ...overrides,
  };
}

let quoteNumber = 0;

/**
 * A quote as the API returns it: a draft for O'Brien & Sons with no lines or options, numbered 1, 2, 3, … unless
 * told, dated 23 Nov 2026 and valid until 23 Dec 2026.
 */
export function quote(overrides: Partial<Quote> = {}): Quote {
  quoteNumber += 1;
  return {
    id: nextId(),
    number: quoteNumber,
    reference: null,
    status: 'OPEN_DRAFT',
    expired: false,
    customer: { id: nextId(), name: "O'Brien & Sons Plumbing" },
    location: null,
    date: '2026-11-23',
    expiry: '2026-12-23',
    title: 'Replace the hot water system',
    description: null,
    terms: null,
    lineItems: [],
    amountsEnteredIncludeTax: false,
    options: [],
    acceptedOption: null,
    subtotal: '0.00',
    tax: '0.00',
    total: '0.00',
    job: null,
    invoice: null,
    acceptedName: null,
    acceptedAt: null,
    declinedReason: null,
    created: STAMP,
    updated: STAMP,
    ...overrides,
  };
}

/** A payment as the API returns it: $50.00 by bank transfer on 24 Nov 2026 against a Sent invoice of $185.00. */
export function payment(overrides: Partial<Payment> = {}): Payment {
  return {
    id: nextId(),
    invoice: {
      id: nextId(),
      number: 12,
      status: 'OPEN_SENT',
      total: '185.00',
      amountPaid: '50.00',
      amountDue: '135.00',
      updated: STAMP,
    },
    customer: { id: nextId(), name: "O'Brien & Sons Plumbing" },
    date: '2026-11-24',
    amount: '50.00',
    method: 'BANK_TRANSFER',
    reference: null,
    note: null,
    recordedBy: { name: 'Dana Demo' },
    created: STAMP,
    updated: STAMP,
    ...overrides,
  };
}

/** An address suggestion as the API returns it (1 George Street, Sydney); absent parts are null. */
export function addressSuggestion(overrides: Partial<AddressSuggestion> = {}): AddressSuggestion {
  return {
    address: '1 George Street, Sydney NSW 2000',
    buildingName: null,
    lotNumber: null,
    unitType: null,
    unitNumber: null,
    levelType: null,
    levelNumber: null,
    streetNumber: '1',
    streetName: 'George',
    streetType: 'Street',
    streetTypeAbbreviation: 'St',
    streetTypeSuffix: null,
    streetTypeSuffixAbbreviation: null,
    locality: 'Sydney',
    state: 'New South Wales',
    stateAbbreviation: 'NSW',
    postcode: '2000',
    country: 'Australia',
    latitude: -33.86,
    longitude: 151.21,
    ...overrides,
  };
}

/** The signed-in user's membership (GET /tenant): an Owner of Acme Plumbing unless told. */
export function membership(overrides: Partial<Membership> = {}): Membership {
  return {
    tenantId: acmePlumbing.tenantId,
    tenantName: acmePlumbing.tenantName,
    timeZone: 'Australia/Melbourne',
    memberId: '00000000-0000-7000-8000-0000000000aa',
    role: 'OWNER',
    technician: null,
    ...overrides,
  };
}

/** A member as GET /members lists them: an Office member who signed in once. */
export function member(overrides: Partial<Member> = {}): Member {
  return {
    id: nextId(),
    subject: 'user-2',
    name: 'Alex Nguyen',
    email: 'alex@example.com.au',
    role: 'OFFICE',
    technician: null,
    lastSignIn: '2026-11-20T22:15:00.000Z',
    created: STAMP,
    updated: STAMP,
    ...overrides,
  };
}

/** An open invitation as GET /invitations lists them: pending, for an Office member, sent by Sam Citizen. */
export function invitation(overrides: Partial<Invitation> = {}): Invitation {
  return {
    id: nextId(),
    email: 'jo@example.com.au',
    role: 'OFFICE',
    technician: null,
    status: 'PENDING',
    expires: '2026-11-30T23:00:00.000Z',
    invitedBy: 'Sam Citizen',
    sent: '2026-11-23T23:00:00.000Z',
    created: STAMP,
    updated: STAMP,
    ...overrides,
  };
}

/** A message in the outbox: an invoice emailed with its PDF, waiting for a mail server. */
export function outboxMessage(overrides: Partial<OutboxMessage> = {}): OutboxMessage {
  return {
    id: nextId(),
    kind: 'INVOICE',
    to: 'accounts@obrien.example.com.au',
    subject: 'Invoice 12 from Acme Plumbing',
    text: "Hello O'Brien & Sons,\n\nPlease find attached invoice 12 for $185.00.\n\nThank you for your business.",
    attachments: [{ index: 0, filename: 'invoice-12.pdf', contentType: 'application/pdf', size: 24_576 }],
    status: 'QUEUED',
    attempts: 0,
    lastError: null,
    sent: null,
    created: '2026-11-23T23:00:00.000Z',
    ...overrides,
  };
}
