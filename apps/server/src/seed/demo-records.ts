import { harbourside } from './demo-harbourside.ts';
import { southernCross } from './demo-southern-cross.ts';

// Demo data for each demo organisation. Phone numbers are in the ranges ACMA keeps for fiction, and
// email domains are reserved example domains, so nothing here reaches a real person.

export interface DemoCustomer {
  name: string;
  phone: string;
  email: string;
  /** "street, locality STATE postcode". */
  address: string;
  website?: string;
  notes?: string;
  /** [name, address]; without it, one site at the billing address. */
  sites?: [string, string][];
}

export interface DemoOrganisation {
  customers: DemoCustomer[];
  /** [code, description, price]. */
  items: [string, string, string][];
}

/** The demo organisations by name, in the order they are created. */
export const DEMO_ORGANISATIONS: [string, DemoOrganisation][] = [
  ['Harbourside Plumbing & Gas', harbourside],
  ['Southern Cross Electrical', southernCross],
];
