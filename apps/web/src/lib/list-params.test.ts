// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { listRequestPath, readListParams } from './list-params';

describe('readListParams', () => {
  it('takes the defaults when the URL has none', () => {
    expect(readListParams(new URLSearchParams(), 15)).toEqual({ q: '*', p: 1, s: 15 });
  });

  it('reads q, p and s, trimming the query', () => {
    expect(readListParams(new URLSearchParams('q=%20smith%20&p=3&s=5'), 15)).toEqual({
      q: 'smith',
      p: 3,
      s: 5,
    });
  });

  it('treats a blank query as match-all and bad numbers as the defaults', () => {
    expect(readListParams(new URLSearchParams('q=%20&p=0&s=abc'), 10)).toEqual({ q: '*', p: 1, s: 10 });
    expect(readListParams(new URLSearchParams('p=-2&s=5000'), 10)).toEqual({ q: '*', p: 1, s: 10 });
  });
});

describe('listRequestPath', () => {
  it('encodes the query for the API', () => {
    expect(listRequestPath('/customers', { q: 'name:acme AND plumb*', p: 2, s: 15 })).toBe(
      '/customers?q=name%3Aacme+AND+plumb*&p=2&s=15',
    );
  });
});
