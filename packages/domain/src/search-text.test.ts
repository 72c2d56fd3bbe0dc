import { describe, expect, it } from 'vitest';
import { isWordlessSearch, searchQuery } from './search-text.ts';

describe('searchQuery', () => {
  it.each([
    // Everyday text goes as typed: the API reads it as its words.
    ["O'Brien", "O'Brien"],
    ['Fish & Chips', 'Fish & Chips'],
    ['Unit 3/12 St Kilda Rd', 'Unit 3/12 St Kilda Rd'],
    ['(02) 5550 0101', '(02) 5550 0101'],
    ['12" pipe', '12" pipe'],
    ['  bondi   café ', 'bondi café'],
    ['sunita.patel@example.com 0491-570-006', 'sunita.patel@example.com 0491-570-006'],
    // Prefixes, phrases, negations, operators and the query syntax keep their meaning.
    ['plumb* -gas', 'plumb* -gas'],
    ['"Fish & Chips" Manly', '"Fish & Chips" Manly'],
    ['bondi OR manly', 'bondi OR manly'],
    ['NOT strata', 'NOT strata'],
    ['name:Acme price:[1 TO 5]', 'name:Acme price:[1 TO 5]'],
    ['(status:OPEN OR status:CLOSED)', '(status:OPEN OR status:CLOSED)'],
    // A search still being written, malformed as it stands, goes as its words.
    ['"hot wat', 'hot wat'],
    ['rock AND', 'rock'],
    ['(bondi OR', 'bondi'],
    ['Re: boiler', 're boiler'],
    ['thanks :)', 'thanks'],
    ['OR', '*'],
  ])('sends %j as %j', (typed, sent) => {
    expect(searchQuery(typed)).toBe(sent);
  });

  it('is everything when empty, and the same when applied twice', () => {
    expect(searchQuery('   ')).toBe('*');
    for (const text of ["O'Brien & Sons", '12" pipe', 'Unit 3/12', 'rock AND', '"hot wat']) {
      expect(searchQuery(searchQuery(text))).toBe(searchQuery(text));
    }
  });
});

describe('isWordlessSearch', () => {
  it.each(['🐟', '&&', '!!!', ' ?! ', '"🐟"', '-🐟', '🐟 OR &'])('%j has no words to look for', (q) => {
    expect(isWordlessSearch(q)).toBe(true);
  });

  it.each(['*', '', 'fish', '🐟 fish', "O'Brien", 'name:🐟x', '(bondi OR'])('%j is not wordless', (q) => {
    expect(isWordlessSearch(q)).toBe(false);
  });
});
