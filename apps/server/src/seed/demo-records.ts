import { z } from 'zod';
import harbourside from './demo-harbourside.json' with { type: 'json' };
import southernCross from './demo-southern-cross.json' with { type: 'json' };

// Demo data for each demo organisation, kept as data (JSON) and checked here on load. Phone numbers are in
// the ranges ACMA keeps for fiction, and email domains are reserved example domains, so nothing here reaches
// a real person.

const demoCustomer = z.object({
  name: z.string(),
  phone: z.string(),
  email: z.string(),
  /** "street, locality STATE postcode". */
  address: z.string(),
  website: z.string().optional(),
  notes: z.string().optional(),
  /** [name, address]; without it, one site at the billing address. */
  sites: z.array(z.tuple([z.string(), z.string()])).optional(),
});

/** The organisation's details for its documents (digits as stored); `logo` names a file in demo-logos/. */
const demoDetails = z.object({
  legalName: z.string(),
  abn: z.string().regex(/^\d{11}$/),
  address: z.string(),
  phone: z.string(),
  email: z.string(),
  website: z.string(),
  paymentAccountName: z.string(),
  paymentBsb: z.string().regex(/^\d{6}$/),
  paymentAccountNumber: z.string(),
  paymentText: z.string().nullable(),
  paymentTermsDays: z.number().int(),
  logo: z.string(),
});

const demoOrganisation = z.object({
  details: demoDetails,
  /** The regions of the organisation's city its jobs are divided into. */
  territories: z.array(z.string()).min(1),
  /** The scheduler's rows: five technicians, SE01 to SE05, named for a suburb of the organisation's city. */
  technicians: z.array(z.string()).length(5),
  customers: z.array(demoCustomer),
  /** [code, description, price]. */
  items: z.array(z.tuple([z.string(), z.string(), z.string()])),
});

export type DemoDetails = z.infer<typeof demoDetails>;
export type DemoOrganisation = z.infer<typeof demoOrganisation>;

/** The demo organisations by name, in the order they are created. */
/** The demo organisations work in Melbourne. */
export const DEMO_TIME_ZONE = 'Australia/Melbourne';

export const DEMO_ORGANISATIONS: [string, DemoOrganisation][] = [
  // Sydney households, strata managers and small businesses.
  ['Harbourside Plumbing & Gas', demoOrganisation.parse(harbourside)],
  // Melbourne households, owners corporations and small businesses.
  ['Southern Cross Electrical', demoOrganisation.parse(southernCross)],
];

/**
 * The first demo organisation's team besides the demo user (its Owner): an Office member and two Technicians, who
 * work as its first two technicians. They sign in with the demo password.
 */
export const DEMO_TEAM = [
  { email: 'office@fieldbook.example', name: "Olivia O'Connor", role: 'OFFICE' },
  { email: 'tech1@fieldbook.example', name: 'Sam Nguyen', role: 'TECHNICIAN', technician: 0 },
  { email: 'tech2@fieldbook.example', name: 'Priya Patel', role: 'TECHNICIAN', technician: 1 },
] as const;
