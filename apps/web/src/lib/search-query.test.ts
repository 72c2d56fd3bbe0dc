// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { searchQuery } from './search-query';

describe('searchQuery', () => {
  it('quotes each word the query syntax cannot read as typed', () => {
    expect(searchQuery("O'Brien")).toBe(`"O'Brien"`);
    expect(searchQuery('Fish & Chips')).toBe('Fish "&" Chips');
    expect(searchQuery("O'Brien & Sons Plumbing")).toBe(`"O'Brien" "&" Sons Plumbing`);
    expect(searchQuery('Unit 3/12 St Kilda Rd')).toBe('Unit "3/12" St Kilda Rd');
    expect(searchQuery('(02) 5550 0101')).toBe('"(02)" 5550 0101');
    expect(searchQuery('Smith, John')).toBe('"Smith," John');
    expect(searchQuery('12" pipe')).toBe('"12\\"" pipe');
    expect(searchQuery('.net 12:30 C++')).toBe('".net" "12:30" "C++"');
    expect(searchQuery('-12 -3.5')).toBe('"-12" "-3.5"');
  });

  it('leaves plain words, emails, prefixes, phrases and negations as they are', () => {
    expect(searchQuery('  bondi   café ')).toBe('bondi café');
    expect(searchQuery('sunita.patel@example.com 0491-570-006')).toBe(
      'sunita.patel@example.com 0491-570-006',
    );
    expect(searchQuery('plumb* -gas')).toBe('plumb* -gas');
    expect(searchQuery('"Fish & Chips" Manly')).toBe('"Fish & Chips" Manly');
    expect(searchQuery(`"O\\"Brien"`)).toBe(`"O\\"Brien"`);
  });

  it('keeps AND, OR and NOT between words, and quotes them where they would be malformed', () => {
    expect(searchQuery('bondi OR manly')).toBe('bondi OR manly');
    expect(searchQuery('NOT strata')).toBe('NOT strata');
    expect(searchQuery('rock AND')).toBe('rock "AND"');
    expect(searchQuery('OR')).toBe('"OR"');
  });

  it('takes a search written in the query syntax (field:value) as typed', () => {
    expect(searchQuery('name:Acme price:[1 TO 5]')).toBe('name:Acme price:[1 TO 5]');
    expect(searchQuery('(status:OPEN OR status:CLOSED)')).toBe('(status:OPEN OR status:CLOSED)');
  });

  it('is everything when empty, and the same when applied twice', () => {
    expect(searchQuery('   ')).toBe('*');
    for (const text of ["O'Brien & Sons", '12" pipe', 'Unit 3/12', 'rock AND']) {
      expect(searchQuery(searchQuery(text))).toBe(searchQuery(text));
    }
  });
});
