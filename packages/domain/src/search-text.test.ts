import { describe, expect, it } from 'vitest';
import { searchQuery } from './search-text.ts';

describe('searchQuery', () => {
  it.each([
    // A word the query syntax cannot read as typed is quoted.
    ["O'Brien", `"O'Brien"`],
    ['Fish & Chips', 'Fish "&" Chips'],
    ["O'Brien & Sons Plumbing", `"O'Brien" "&" Sons Plumbing`],
    ['Unit 3/12 St Kilda Rd', 'Unit "3/12" St Kilda Rd'],
    ['(02) 5550 0101', '"(02)" 5550 0101'],
    ['Smith, John', '"Smith," John'],
    ['12" pipe', '"12\\"" pipe'],
    ['.net 12:30 C++', '".net" "12:30" "C++"'],
    ['-12 -3.5', '"-12" "-3.5"'],
    // Plain words, emails, prefixes, phrases and negations stay as they are.
    ['  bondi   café ', 'bondi café'],
    ['sunita.patel@example.com 0491-570-006', 'sunita.patel@example.com 0491-570-006'],
    ['plumb* -gas', 'plumb* -gas'],
    ['"Fish & Chips" Manly', '"Fish & Chips" Manly'],
    [`"O\\"Brien"`, `"O\\"Brien"`],
    // AND, OR and NOT between words stay; where they would be malformed they are quoted.
    ['bondi OR manly', 'bondi OR manly'],
    ['NOT strata', 'NOT strata'],
    ['rock AND', 'rock "AND"'],
    ['OR', '"OR"'],
    // A search written in the query syntax (field:value) goes as typed.
    ['name:Acme price:[1 TO 5]', 'name:Acme price:[1 TO 5]'],
    ['(status:OPEN OR status:CLOSED)', '(status:OPEN OR status:CLOSED)'],
  ])('sends %s as %s', (typed, sent) => {
    expect(searchQuery(typed)).toBe(sent);
  });

  it('is everything when empty, and the same when applied twice', () => {
    expect(searchQuery('   ')).toBe('*');
    for (const text of ["O'Brien & Sons", '12" pipe', 'Unit 3/12', 'rock AND']) {
      expect(searchQuery(searchQuery(text))).toBe(searchQuery(text));
    }
  });
});
