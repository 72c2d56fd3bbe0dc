import { describe, expect, it } from 'vitest';
import { ApiError } from '../http/errors.ts';
import { listHeaders, pageRead, parsePage } from './pagination.ts';

const rejection = (query: { p?: unknown; s?: unknown }, maxSize?: number): ApiError => {
  try {
    parsePage(query, { size: 15, maxSize });
  } catch (error) {
    if (error instanceof ApiError) return error;
    throw error;
  }
  throw new Error(`expected ${JSON.stringify(query)} to be rejected`);
};

describe('parsePage', () => {
  it('defaults to the first page of the default size', () => {
    expect(parsePage({}, { size: 15 })).toEqual({ page: 1, size: 15, offset: 0, limit: 15 });
    expect(parsePage({ p: '', s: '' }, { size: 15 })).toEqual({ page: 1, size: 15, offset: 0, limit: 15 });
  });

  it('reads p and s as text or numbers', () => {
    expect(parsePage({ p: '3', s: '20' }, { size: 15 })).toEqual({
      page: 3,
      size: 20,
      offset: 40,
      limit: 20,
    });
    expect(parsePage({ p: 2, s: 50 }, { size: 15 })).toEqual({ page: 2, size: 50, offset: 50, limit: 50 });
  });

  it('allows up to 1000 rows by default (the scheduler) and a smaller ceiling when asked', () => {
    expect(parsePage({ s: '1000' }, { size: 15 }).size).toBe(1000);
    expect(parsePage({ s: '1' }, { size: 15 }).size).toBe(1);
    expect(rejection({ s: '101' }, 100).fieldErrors).toEqual([
      { field: 's', message: 'Page size must be a whole number from 1 to 100.' },
    ]);
  });

  it.each([
    [{ p: '0' }, ['p']],
    [{ p: '-1' }, ['p']],
    [{ p: '1.5' }, ['p']],
    [{ p: 1.5 }, ['p']],
    [{ p: 'abc' }, ['p']],
    [{ p: ' 2' }, ['p']],
    [{ p: ['1', '2'] }, ['p']],
    [{ p: '99999999999999999' }, ['p']],
    [{ s: '0' }, ['s']],
    [{ s: 'abc' }, ['s']],
    [{ s: '5000' }, ['s']],
    [{ s: '1e3' }, ['s']],
    [{ p: '0', s: 'abc' }, ['p', 's']],
  ])('rejects %j', (query, fields) => {
    const error = rejection(query);
    expect(error).toMatchObject({ code: 'VALIDATION_FAILED', status: 400 });
    expect(error.fieldErrors.map((fieldError) => fieldError.field)).toEqual(fields);
  });

  it('rejects a page so far out that the offset is no longer exact', () => {
    expect(rejection({ p: '9007199254740991', s: '1000' }).fieldErrors).toEqual([
      { field: 'p', message: 'Page is too large.' },
    ]);
  });
});

describe('listHeaders', () => {
  const url = 'http://localhost:3000/api/customers?q=acme&p=2&s=15';
  const at = (p: number, s = 15) => `http://localhost:3000/api/customers?q=acme&p=${p}&s=${s}`;

  it('first page: no prev', () => {
    expect(listHeaders({ url, page: 1, size: 15, total: 40 })).toEqual({
      'Total-Count': '40',
      Link: `<${at(1)}>; rel="first", <${at(2)}>; rel="next", <${at(3)}>; rel="last"`,
    });
  });

  it('middle page: all four', () => {
    expect(listHeaders({ url, page: 2, size: 15, total: 40 }).Link).toBe(
      `<${at(1)}>; rel="first", <${at(1)}>; rel="prev", <${at(3)}>; rel="next", <${at(3)}>; rel="last"`,
    );
  });

  it('last page: no next; an exact multiple does not add an empty page', () => {
    expect(listHeaders({ url, page: 3, size: 15, total: 45 }).Link).toBe(
      `<${at(1)}>; rel="first", <${at(2)}>; rel="prev", <${at(3)}>; rel="last"`,
    );
  });

  it('no rows: one page, first and last only', () => {
    expect(listHeaders({ url, page: 1, size: 15, total: 0 })).toEqual({
      'Total-Count': '0',
      Link: `<${at(1)}>; rel="first", <${at(1)}>; rel="last"`,
    });
  });

  it('a page past the end points prev at the last page', () => {
    expect(listHeaders({ url, page: 9, size: 15, total: 20 }).Link).toBe(
      `<${at(1)}>; rel="first", <${at(2)}>; rel="prev", <${at(2)}>; rel="last"`,
    );
  });

  it('a count that stopped: gte, next while the page is full, no last', () => {
    expect(listHeaders({ url, page: 1, size: 15, total: 1000, atLeast: true, full: true })).toEqual({
      'Total-Count': '1000',
      'Total-Count-Relation': 'gte',
      Link: `<${at(1)}>; rel="first", <${at(2)}>; rel="next"`,
    });
    expect(listHeaders({ url, page: 70, size: 15, total: 1000, atLeast: true, full: true }).Link).toBe(
      `<${at(1)}>; rel="first", <${at(69)}>; rel="prev", <${at(71)}>; rel="next"`,
    );
    expect(listHeaders({ url, page: 71, size: 15, total: 1000, atLeast: true, full: false }).Link).toBe(
      `<${at(1)}>; rel="first", <${at(70)}>; rel="prev"`,
    );
  });

  it('keeps every other parameter and adds p and s when the request had none', () => {
    const { Link } = listHeaders({
      url: 'https://api.example.test/api/jobs?q=name%3A%22acme%20plumbing%22&sort=-created&tag=a&tag=b',
      page: 1,
      size: 50,
      total: 120,
    });
    const targets = [...Link.matchAll(/<([^>]+)>/g)].map((match) => new URL(match[1] ?? ''));
    expect(targets).toHaveLength(3);
    for (const target of targets) {
      expect(target.pathname).toBe('/api/jobs');
      expect(target.searchParams.get('q')).toBe('name:"acme plumbing"');
      expect(target.searchParams.get('sort')).toBe('-created');
      expect(target.searchParams.getAll('tag')).toEqual(['a', 'b']);
      expect(target.searchParams.get('s')).toBe('50');
    }
    expect(targets.map((target) => target.searchParams.get('p'))).toEqual(['1', '2', '3']);
  });

  it('sets only p and s, whatever the other parameters hold or however p and s were written', () => {
    const { Link } = listHeaders({
      url: `http://localhost:3000/api/jobs?xp=${encodeURIComponent('\uE000')}&q=${encodeURIComponent('&p=\uE000')}&p=7&%73=99&%70=8`,
      page: 2,
      size: 10,
      total: 30,
    });
    const targets = [...Link.matchAll(/<([^>]+)>/g)].map((match) => new URL(match[1] ?? ''));
    expect(targets.map((target) => target.searchParams.get('p'))).toEqual(['1', '1', '3', '3']);
    for (const target of targets) {
      expect(target.searchParams.get('xp')).toBe('\uE000');
      expect(target.searchParams.get('q')).toBe('&p=\uE000');
      expect(target.searchParams.getAll('p')).toHaveLength(1);
      expect(target.searchParams.getAll('s')).toEqual(['10']);
    }
  });
});

describe('pageRead', () => {
  const page = (p: number, size: number) => parsePage({ p, s: size }, { size });

  it('reads the first half forwards and the second from the far end', () => {
    expect(pageRead(page(1, 15), 1_000_000)).toEqual({ offset: 0, limit: 15, fromEnd: false });
    expect(pageRead(page(33_333, 15), 1_000_000)).toEqual({ offset: 499_980, limit: 15, fromEnd: false });
    expect(pageRead(page(33_334, 15), 1_000_000)).toEqual({ offset: 499_990, limit: 15, fromEnd: true });
    expect(pageRead(page(66_667, 15), 1_000_000)).toEqual({ offset: 0, limit: 10, fromEnd: true });
    expect(pageRead(page(66_666, 15), 1_000_000)).toEqual({ offset: 10, limit: 15, fromEnd: true });
  });

  it('reads the last page of an exact multiple whole, and nothing past the end', () => {
    expect(pageRead(page(3, 15), 45)).toEqual({ offset: 0, limit: 15, fromEnd: true });
    expect(pageRead(page(4, 15), 45)).toBeUndefined();
    expect(pageRead(page(1, 15), 0)).toBeUndefined();
  });

  it('reads forwards whatever the page when told not to read from the far end', () => {
    expect(pageRead(page(3, 15), 45, { fromEnd: false })).toEqual({ offset: 30, limit: 15, fromEnd: false });
    expect(pageRead(page(4, 15), 45, { fromEnd: false })).toBeUndefined();
  });

  it('reads from the far end exactly the rows of the page read forwards, for every page and size', () => {
    for (let total = 0; total <= 40; total++) {
      const rows = Array.from({ length: total }, (_, index) => index);
      const mirror = [...rows].reverse();
      for (let size = 1; size <= 9; size++)
        for (let p = 1; p <= Math.ceil(total / size) + 2; p++) {
          const read = pageRead(page(p, size), total);
          const found = !read
            ? []
            : read.fromEnd
              ? mirror.slice(read.offset, read.offset + read.limit).reverse()
              : rows.slice(read.offset, read.offset + read.limit);
          expect(found, `${total} rows, page ${p} of ${size}`).toEqual(rows.slice((p - 1) * size, p * size));
          // No read skips more than half the rows.
          expect(read?.offset ?? 0, `${total} rows, page ${p} of ${size}`).toBeLessThanOrEqual(total / 2);
        }
    }
  });
});
