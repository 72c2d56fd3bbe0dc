import { describe, expect, it } from 'vitest';
import { MAX_SEARCH_BYTES, searchTooLong } from './list-limits.ts';
import { listQuery } from './lists.ts';

const problemsWith = (q: string) =>
  listQuery.safeParse({ q }).error?.issues.map((issue) => [issue.path.join('.'), issue.message]) ?? [];

describe('the q of a list', () => {
  it.each([
    ['1,000 plain characters', 'x'.repeat(MAX_SEARCH_BYTES)],
    ['500 accented letters', 'é'.repeat(500)],
    ['333 Chinese characters', '中'.repeat(333)],
    ['250 emoji', '🔧'.repeat(250)],
  ])('takes %s (1,000 bytes or fewer in UTF-8)', (_, q) => {
    expect(problemsWith(q)).toEqual([]);
  });

  it.each([
    ['1,001 plain characters', 'x'.repeat(MAX_SEARCH_BYTES + 1)],
    ['100,000 plain characters', 'x'.repeat(100_000)],
    ['501 accented letters', 'é'.repeat(501)],
    ['334 Chinese characters', '中'.repeat(334)],
    ['251 emoji', '🔧'.repeat(251)],
  ])('refuses %s with one error on q', (_, q) => {
    expect(problemsWith(q)).toEqual([['q', searchTooLong]]);
  });

  it('says the bound in words', () => {
    expect(searchTooLong).toMatch(/^Shorten the search to 1,000 characters or fewer/);
  });
});
