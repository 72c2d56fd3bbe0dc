import { type AddressSuggestion, MAX_ADDRESS_SUGGESTIONS } from '@fieldbook/domain';
import { and, desc, eq, isNotNull, max, type SQL, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../platform/db/database.ts';
import { asMember } from '../../platform/http/member-scope.ts';
import { escapeLike } from '../../platform/lists/field-values.ts';
import { customers, locations } from '../customers/index.ts';
import type { AddressSuggester } from './address-suggester.ts';
import { lookUp, STATES } from './address-words.ts';
import { parseAddress, parseStreetLine } from './parse-address.ts';
import { toSuggestion } from './suggestions.ts';

/** The words of `q`, each of which a known address must contain (at most 8, so the query stays small). */
const wordsOf = (q: string) =>
  q
    .split(/[\s,]+/)
    .filter(Boolean)
    .slice(0, 8)
    .map((word) => `%${escapeLike(word)}%`);

const containsAll = (text: SQL, patterns: string[]) =>
  patterns.map((pattern) => sql`${text} ilike ${pattern}`);

/** Addresses of the tenant's locations that contain every word, most recently saved first. */
async function locationAddresses(tx: Tx, tenantId: string, patterns: string[]): Promise<AddressSuggestion[]> {
  const text = sql`concat_ws(' ', ${locations.street1}, ${locations.suburb}, ${locations.state}, ${locations.postcode})`;
  const rows = await tx
    .select({
      street1: locations.street1,
      suburb: locations.suburb,
      state: locations.state,
      postcode: locations.postcode,
      country: locations.country,
    })
    .from(locations)
    .where(and(eq(locations.tenantId, tenantId), ...containsAll(text, patterns)))
    .groupBy(locations.street1, locations.suburb, locations.state, locations.postcode, locations.country)
    .orderBy(desc(max(locations.updated)))
    .limit(MAX_ADDRESS_SUGGESTIONS);
  return rows.map((row) =>
    toSuggestion(row.street1 ? parseStreetLine(row.street1) : null, {
      locality: row.suburb,
      state: (row.state && lookUp(STATES, row.state)) || row.state,
      postcode: row.postcode,
      country: row.country,
    }),
  );
}

/** Customers' billing addresses (free text) that contain every word, most recently saved first. */
async function billingAddresses(tx: Tx, tenantId: string, patterns: string[]): Promise<AddressSuggestion[]> {
  const rows = await tx
    .select({ address: customers.billingAddress })
    .from(customers)
    .where(
      and(
        eq(customers.tenantId, tenantId),
        isNotNull(customers.billingAddress),
        ...containsAll(sql`${customers.billingAddress}`, patterns),
      ),
    )
    .groupBy(customers.billingAddress)
    .orderBy(desc(max(customers.updated)))
    .limit(MAX_ADDRESS_SUGGESTIONS);
  return rows.flatMap(({ address }) => {
    if (!address) return [];
    const parsed = parseAddress(address.replace(/\s*\n\s*/g, ', '));
    const suggestion = toSuggestion(parsed.street, { ...parsed, country: 'Australia' });
    // Text the parser cannot place is offered as it was typed.
    return [parsed.locality ? suggestion : { ...suggestion, address }];
  });
}

const keyOf = (suggestion: AddressSuggestion) => suggestion.address.toLowerCase().replace(/[\s,]+/g, ' ');

/**
 * Puts the addresses the tenant already uses (its locations, its customers' billing addresses) before
 * those of the provider, without repeats.
 */
export function tenantAddressesFirst(db: Db, provider: AddressSuggester): AddressSuggester {
  return {
    async suggest(caller, q) {
      const patterns = wordsOf(q);
      const known = await asMember(db, caller, async (tx) => [
        ...(await locationAddresses(tx, caller.tenantId, patterns)),
        ...(await billingAddresses(tx, caller.tenantId, patterns)),
      ]);
      const merged = new Map<string, AddressSuggestion>();
      for (const suggestion of [...known, ...(await provider.suggest(caller, q))]) {
        if (!merged.has(keyOf(suggestion))) merged.set(keyOf(suggestion), suggestion);
      }
      return [...merged.values()].slice(0, MAX_ADDRESS_SUGGESTIONS);
    },
  };
}
