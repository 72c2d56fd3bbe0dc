import { z } from './zod.ts';

/** One suggestion of the address autocomplete (spec section 3); parts that are not known are null. */
export const addressSuggestion = z.object({
  address: z.string(),
  buildingName: z.string().nullable(),
  lotNumber: z.string().nullable(),
  unitType: z.string().nullable(),
  unitNumber: z.string().nullable(),
  levelType: z.string().nullable(),
  levelNumber: z.string().nullable(),
  streetNumber: z.string().nullable(),
  streetName: z.string().nullable(),
  streetType: z.string().nullable(),
  streetTypeAbbreviation: z.string().nullable(),
  streetTypeSuffix: z.string().nullable(),
  streetTypeSuffixAbbreviation: z.string().nullable(),
  locality: z.string().nullable(),
  state: z.string().nullable(),
  stateAbbreviation: z.string().nullable(),
  postcode: z.string().nullable(),
  country: z.string().nullable(),
  latitude: z.number().nullable(),
  longitude: z.number().nullable(),
});

export type AddressSuggestion = z.infer<typeof addressSuggestion>;

/** Most suggestions one request returns. */
export const MAX_ADDRESS_SUGGESTIONS = 10;
