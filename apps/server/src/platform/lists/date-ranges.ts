/**
 * liqe reads only numbers in a range, so `scheduledStart:[2026-11-23 TO 2026-11-30]` would not parse. Before
 * parsing, a range whose bounds are not plain numbers becomes the comparisons it means:
 * `(scheduledStart:>="2026-11-23" AND scheduledStart:<="2026-11-30")` (`{ }` bounds exclude, `*` is open).
 * A bare date as the upper bound of `[ ]` includes that whole day, as `field:<=date` does. Quoted text is
 * left alone. Numeric ranges (`price:[1 TO 5]`) are liqe's own.
 */
const RANGE =
  /"(?:[^"\\]|\\.)*"|(?<field>[\p{L}\p{N}_.]+):(?<open>[[{])\s*(?<low>"[^"]*"|[^\s\]}]+)\s+TO\s+(?<high>"[^"]*"|[^\s\]}]+)\s*(?<close>[\]}])/gu;

const PLAIN_NUMBER = /^-?\d+(\.\d+)?$/;

const quoted = (bound: string) => (bound.startsWith('"') ? bound : `"${bound}"`);

export function dateRangesAsComparisons(query: string): string {
  return query.replace(RANGE, (match, ...args) => {
    const groups = args.at(-1) as Record<string, string | undefined>;
    const { field, open, low, high, close } = groups;
    if (!field || !low || !high) return match;
    if ([low, high].every((bound) => bound === '*' || PLAIN_NUMBER.test(bound))) return match;
    const parts = [
      low === '*' ? undefined : `${field}:${open === '[' ? '>=' : '>'}${quoted(low)}`,
      high === '*' ? undefined : `${field}:${close === ']' ? '<=' : '<'}${quoted(high)}`,
    ].filter((part) => part !== undefined);
    return parts.length === 0 ? `${field}:*` : `(${parts.join(' AND ')})`;
  });
}
