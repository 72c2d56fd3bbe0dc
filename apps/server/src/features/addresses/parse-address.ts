import {
  LEVEL_TYPES,
  lookUp,
  STATES,
  STREET_SUFFIXES,
  STREET_TYPES,
  type Term,
  UNIT_TYPES,
} from './address-words.ts';

/** The part of an address before the locality: sub-premises, number, street. */
export interface StreetPart {
  lotNumber: string | null;
  unitType: Term | null;
  unitNumber: string | null;
  levelType: Term | null;
  levelNumber: string | null;
  streetNumber: string | null;
  streetName: string | null;
  streetType: Term | null;
  streetSuffix: Term | null;
}

/** What someone typed into an address box, read as far as it goes. */
export interface ParsedAddress {
  street: StreetPart | null;
  /** The locality (suburb, town) as typed so far: possibly only its first letters. */
  locality: string | null;
  state: Term | null;
  postcode: string | null;
}

const NUMBER = /^\d+[a-z]?(-\d+[a-z]?)?$/i;
const UNIT_SLASH_NUMBER = /^(\d+[a-z]?)\/(\d+[a-z]?(?:-\d+[a-z]?)?)$/i;
const COMPACT_LEVEL = /^(l|lvl|level)(\d+)$/i;
const COMPACT_UNIT = /^(u|unit)(\d+[a-z]?)$/i;
const POSTCODE = /^\d{1,4}$/;

const tokensOf = (text: string) => text.replace(/,/g, ' , ').split(/\s+/).filter(Boolean);
const isComma = (token: string | undefined) => token === ',';

const emptyStreet = (): StreetPart => ({
  lotNumber: null,
  unitType: null,
  unitNumber: null,
  levelType: null,
  levelNumber: null,
  streetNumber: null,
  streetName: null,
  streetType: null,
  streetSuffix: null,
});

/** Reads "Level 2", "Unit 3", "Lot 5", "L2", "U3" at the start; returns how many tokens it used. */
function readSubPremise(tokens: string[], at: number, street: StreetPart): number {
  const word = tokens[at] ?? '';
  const next = tokens[at + 1];
  const compactLevel = COMPACT_LEVEL.exec(word);
  if (compactLevel) {
    street.levelType = lookUp(LEVEL_TYPES, 'Level') ?? null;
    street.levelNumber = compactLevel[2] ?? null;
    return 1;
  }
  const compactUnit = COMPACT_UNIT.exec(word);
  if (compactUnit) {
    street.unitType = lookUp(UNIT_TYPES, 'Unit') ?? null;
    street.unitNumber = compactUnit[2] ?? null;
    return 1;
  }
  const unit = lookUp(UNIT_TYPES, word);
  // "Unit 3/12 Smith St": the type here, the unit and street numbers together by the number reader.
  if (unit && next !== undefined && UNIT_SLASH_NUMBER.test(next)) {
    street.unitType = unit;
    return 1;
  }
  if (next === undefined || !NUMBER.test(next)) return 0;
  if (word.toLowerCase() === 'lot') {
    street.lotNumber = next;
    return 2;
  }
  const level = lookUp(LEVEL_TYPES, word);
  if (level) {
    street.levelType = level;
    street.levelNumber = next;
    return 2;
  }
  if (unit) {
    street.unitType = unit;
    street.unitNumber = next;
    return 2;
  }
  return 0;
}

/** Reads the street name up to its type (and suffix); returns the index after it. */
function readStreet(tokens: string[], from: number, street: StreetPart): number {
  const name: string[] = [];
  let at = from;
  while (at < tokens.length && !isComma(tokens[at])) {
    const token = tokens[at] ?? '';
    const type = name.length > 0 ? lookUp(STREET_TYPES, token) : undefined;
    at++;
    if (type) {
      street.streetType = type;
      // "Smith St North" only when nothing follows: "Smith St North Richmond" may be the suburb.
      const suffix = tokens[at] === undefined ? undefined : lookUp(STREET_SUFFIXES, tokens[at] ?? '');
      if (suffix && (at + 1 === tokens.length || isComma(tokens[at + 1]))) {
        street.streetSuffix = suffix;
        at++;
      }
      break;
    }
    name.push(token);
  }
  street.streetName = name.length > 0 ? name.join(' ') : null;
  return at;
}

/** Reads a trailing state and postcode off the locality words (in either order). */
function readStateAndPostcode(words: string[], parsed: ParsedAddress): void {
  for (let round = 0; round < 2; round++) {
    const last = words.at(-1);
    if (last !== undefined && parsed.postcode === null && POSTCODE.test(last)) {
      parsed.postcode = last;
      words.pop();
      continue;
    }
    // A state needs a locality before it: "sa" alone is more likely the start of "Sandringham".
    for (let length = Math.min(3, words.length - 1); length >= 1 && parsed.state === null; length--) {
      const state = lookUp(STATES, words.slice(-length).join(' '));
      if (state) {
        parsed.state = state;
        words.splice(-length);
      }
    }
  }
}

/** Reads sub-premises and the street number at the start; returns the index after them. */
function readPremise(tokens: string[], street: StreetPart): number {
  let at = 0;
  for (let used = readSubPremise(tokens, at, street); used > 0; used = readSubPremise(tokens, at, street)) {
    at += used;
    if (isComma(tokens[at])) at++;
  }
  const slash = UNIT_SLASH_NUMBER.exec(tokens[at] ?? '');
  if (slash) {
    street.unitType ??= lookUp(UNIT_TYPES, 'Unit') ?? null;
    street.unitNumber = slash[1] ?? null;
    street.streetNumber = slash[2] ?? null;
    at++;
  } else if (NUMBER.test(tokens[at] ?? '') && tokens.length > at + 1) {
    street.streetNumber = tokens[at] ?? null;
    at++;
  }
  return at;
}

/**
 * Reads a typed address: "12 Smith St, Rich" is number 12, Smith Street, and a locality starting with
 * "Rich"; "3/12 Smith Street North Richmond VIC 3121", "Level 2, 100 George St, Sydney", "Lot 5 Old Rd",
 * "Smith St, Richmond", "Richmond VIC" and "3121" are read too.
 */
export function parseAddress(text: string): ParsedAddress {
  const tokens = tokensOf(text);
  const parsed: ParsedAddress = { street: null, locality: null, state: null, postcode: null };
  const street = emptyStreet();
  let at = readPremise(tokens, street);
  // Without a number, "Smith St, Rich" still has a street: everything before the last comma.
  if (at > 0 || tokens.lastIndexOf(',') > 0) {
    at = readStreet(tokens, at, street);
    parsed.street = street;
  }
  const words = tokens.slice(at).filter((token) => !isComma(token));
  readStateAndPostcode(words, parsed);
  parsed.locality = words.length > 0 ? words.join(' ') : null;
  return parsed;
}

/** Reads a street line on its own ("3/12 Smith St", "Smith Street"), as a location's street1 holds it. */
export function parseStreetLine(text: string): StreetPart {
  const tokens = tokensOf(text.replace(/,/g, ' '));
  const street = emptyStreet();
  readStreet(tokens, readPremise(tokens, street), street);
  return street;
}
