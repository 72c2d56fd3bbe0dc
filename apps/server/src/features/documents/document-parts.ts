import type { Customer, CustomerLocation, InvoiceLine } from '@fieldbook/domain';
import { formatDollars } from '@fieldbook/domain';
import type { InvoiceLineData, PartyData } from './document-data.ts';
import { showPrice, showQuantity } from './document-formats.ts';

// What several documents show alike: the customer, a location's address, a priced line.

/** The customer as a document addresses them: their billing details. */
export const partyOf = (customer: Customer): PartyData => ({
  name: customer.name,
  address: customer.billingAddress,
  phone: customer.billingPhone,
  email: customer.billingEmail,
});

/** A location's address on two lines (the street; the suburb, state and postcode), or null when it has none. */
export const addressOf = (location: CustomerLocation) =>
  [location.street1, [location.suburb, location.state, location.postcode].filter(Boolean).join(' ')]
    .filter(Boolean)
    .join('\n') || null;

/** An invoice's or a quote's line, its figures as the API gives them. */
export const lineData = (line: InvoiceLine): InvoiceLineData => ({
  code: line.code,
  description: line.description,
  quantity: showQuantity(line.quantity),
  unitPrice: showPrice(line.price),
  taxRate: line.taxRate ? `${line.taxRate.name} ${line.taxRate.rate}%` : null,
  amount: formatDollars(line.amount),
});
