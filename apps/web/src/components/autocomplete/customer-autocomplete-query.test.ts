import { describe, expect, it } from 'vitest';
import { customerAutocompleteQuery } from './customer-autocomplete-query';

describe('customerAutocompleteQuery', () => {
  it('trims, joins the words with AND and makes the last a prefix, asking for page 1 of 10', () => {
    expect(customerAutocompleteQuery(' acme plumb ')).toEqual({ q: 'acme AND plumb*', p: 1, s: 10 });
  });

  it('treats runs of spaces as one', () => {
    expect(customerAutocompleteQuery('harbour   side\tgas').q).toBe('harbour AND side AND gas*');
  });

  it('makes one word a prefix search', () => {
    expect(customerAutocompleteQuery('Smi').q).toBe('Smi*');
  });

  it('makes empty text a search for everything', () => {
    expect(customerAutocompleteQuery('   ').q).toBe('*');
  });
});
