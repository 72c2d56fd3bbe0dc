// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { countOf, countText } from './list-count';

const customers = ['customer', 'customers'] as const;

describe('countText', () => {
  it('writes an exact count as en-AU numbers', () => {
    expect(countText({ total: 47, atLeast: false })).toBe('47');
    expect(countText({ total: 1000, atLeast: false })).toBe('1,000');
    expect(countText({ total: 12345, atLeast: false })).toBe('12,345');
  });

  it('writes a count the server stopped at with a plus', () => {
    expect(countText({ total: 1000, atLeast: true })).toBe('1,000+');
  });
});

describe('countOf', () => {
  it('names one record in the singular and any other count in the plural', () => {
    expect(countOf({ total: 1, atLeast: false }, customers)).toBe('1 customer');
    expect(countOf({ total: 0, atLeast: false }, customers)).toBe('0 customers');
    expect(countOf({ total: 47, atLeast: false }, customers)).toBe('47 customers');
    expect(countOf({ total: 1000, atLeast: true }, customers)).toBe('1,000+ customers');
  });
});
