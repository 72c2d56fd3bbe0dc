import { numeric, PgDialect, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { describe, expect, it } from 'vitest';
import { ApiError } from '../http/errors.ts';
import type { TextTerm } from './field-values.ts';
import { type ListResource, listQueryToSql, parseListQuery } from './list-query.ts';
import { bareWords, loneRange, statusAndWords } from './query-shapes.ts';
import { keptWordRange } from './word-pages.ts';

// A stand-in list resource; real ones live beside their routes.
const customers = pgTable('customers', {
  id: uuid('id'),
  name: text('name'),
  email: text('email'),
  number: text('number'),
  status: text('status'),
  price: numeric('price'),
  created: timestamp('created', { withTimezone: true }),
});

const resource: ListResource = {
  fields: {
    name: { kind: 'text', column: customers.name },
    email: { kind: 'text', column: customers.email },
    number: { kind: 'exact', column: customers.number },
    status: { kind: 'exact', column: customers.status, values: ['active', 'archived'] },
    'customer.id': { kind: 'exact', column: customers.id, uuid: true },
    price: { kind: 'number', column: customers.price },
    created: { kind: 'timestamp', column: customers.created },
  },
  searchable: [customers.name, customers.email],
};

const dialect = new PgDialect();
const where = (q: string | undefined, on: ListResource = resource) => {
  const fragment = listQueryToSql(parseListQuery(q), on);
  if (fragment === undefined) return undefined;
  const { sql, params } = dialect.sqlToQuery(fragment);
  return { sql, params };
};

const rejection = (q: string, on: ListResource = resource): ApiError => {
  try {
    where(q, on);
  } catch (error) {
    if (error instanceof ApiError) return error;
    throw error;
  }
  throw new Error(`expected ${q} to be rejected`);
};

const N = '"customers"."name"';
const E = '"customers"."email"';
const words = (column: string) => `search_words(${column})`;
/** A word of 3 letters or more: its longest word anywhere (the index), then the words from their start. */
const M = (column: string, n: number) => `(${column} like $${n} and strpos(${column}, $${n + 1}) > 0)`;
const anyWord = (n: number) => `(${M(words(N), n)} or ${M(words(E), n + 2)})`;
/** Words shorter than 3 letters, which have no trigram of their own. */
const anyShort = (a: number, b: number) => `(${words(N)} like $${a} or ${words(E)} like $${b})`;
const p = (longest: string, sequence: string) => [`%${longest}%`, sequence];
const both = (longest: string, sequence: string) => [...p(longest, sequence), ...p(longest, sequence)];
const bothShort = (pattern: string) => [pattern, pattern];

describe('everything', () => {
  it.each([undefined, '', '   ', '*', ' * ', '&', '()', ' 🙂 '])('%j has no condition', (q) => {
    expect(parseListQuery(q)).toBeNull();
    expect(where(q)).toBeUndefined();
  });
});

describe('bare words', () => {
  it('match the start of a word in any searchable column, case and accents aside', () => {
    expect(where('plumb')).toEqual({ sql: anyWord(1), params: both('plumb', ' plumb') });
    expect(where('Café')?.params).toEqual(both('cafe', ' cafe'));
  });

  it('requires every word (implicit AND)', () => {
    expect(where('acme plumb')).toEqual({
      sql: `(${anyWord(1)} and ${anyWord(5)})`,
      params: [...both('acme', ' acme'), ...both('plumb', ' plumb')],
    });
  });

  it('flattens a chain of words into one AND', () => {
    expect(where('a b c')?.sql).toBe(`(${anyShort(1, 2)} and ${anyShort(3, 4)} and ${anyShort(5, 6)})`);
  });

  it('reads everyday text as its words, one after another', () => {
    expect(where("O'Brien")?.params).toEqual(both('obrien', ' obrien'));
    expect(where('cu-15')?.params).toEqual(bothShort('% cu 15%'));
    expect(where('15mm')?.params).toEqual(bothShort('% 15 mm%'));
    expect(where('+61')?.params).toEqual(bothShort('% 61%'));
    expect(where('100%')?.params).toEqual(both('100', ' 100'));
    expect(where('1/2"')?.params).toEqual(bothShort('% 1 2%'));
    expect(where('James & Olivia')?.params).toEqual([
      ...both('james', ' james'),
      ...both('olivia', ' olivia'),
    ]);
    expect(where('grace!')).toEqual(where('grace'));
  });

  it('treats term* as the start of a word, as a bare word is, and a leading * as nothing', () => {
    expect(where('plum*')).toEqual(where('plum'));
    expect(where('*plumb')).toEqual(where('plumb'));
  });

  it('takes a * inside a word as any letters', () => {
    expect(where('w*son')).toEqual({
      sql: `(${words(N)} ~ $1 or ${words(E)} ~ $2)`,
      params: bothShort(' w[^ ]*son'),
    });
  });

  it('matches a quoted phrase as its words, whole and in order', () => {
    expect(where('"acme plumbing"')).toEqual({
      sql: anyWord(1),
      params: both('plumbing', ' acme plumbing '),
    });
    expect(where('"plum*"')?.params).toEqual(both('plum', ' plum '));
  });

  it('keeps numbers as typed', () => {
    expect(where('007')?.params).toEqual(both('007', ' 007'));
    expect(where('true')?.params).toEqual(both('true', ' true'));
  });

  it("never passes LIKE's wildcards or its escape on: words are letters and digits", () => {
    expect(where('"100%_off"')?.params).toEqual(both('100', ' 100 off '));
    expect(where('"a\\\\b"')?.params).toEqual(bothShort('% a b %'));
  });
});

describe('field:value', () => {
  it('text: words from their start, a phrase, the whole value', () => {
    expect(where('name:acme')).toEqual({ sql: M(words(N), 1), params: p('acme', ' acme') });
    expect(where('name:"acme plumbing"')).toEqual({
      sql: M(words(N), 1),
      params: p('plumbing', ' acme plumbing '),
    });
    expect(where('name:acm*')).toEqual({ sql: M(words(N), 1), params: p('acm', ' acm') });
    expect(where("name:O'Brien")).toEqual({ sql: M(words(N), 1), params: p('obrien', ' obrien ') });
    expect(where('name:=Acme')).toEqual({ sql: `${words(N)} = $1`, params: [' acme '] });
  });

  it('text: kept words when the field has them', () => {
    const kept: ListResource = {
      fields: { name: { kind: 'text', column: customers.name, words: customers.email } },
      searchable: [],
    };
    expect(where('name:acme', kept)).toEqual({ sql: M(E, 1), params: p('acme', ' acme') });
  });

  it('exact: case-sensitive equality, starts-with, allowed values', () => {
    expect(where('number:007')).toEqual({ sql: '"customers"."number" = $1', params: ['007'] });
    expect(where('number:C-10*')).toEqual({ sql: '("customers"."number")::text like $1', params: ['C-10%'] });
    expect(where('number:"A_1*"')).toEqual({ sql: '"customers"."number" = $1', params: ['A_1*'] });
    expect(where('number:A_1*')?.params).toEqual(['A\\_1%']);
    expect(where('status:active')).toEqual({ sql: '"customers"."status" = $1', params: ['active'] });
  });

  it('exact with dots in the field name and a uuid check', () => {
    const id = '0190a0f4-7b1c-7cc2-9a5e-3b8f4e2d1c00';
    expect(where(`customer.id:${id}`)).toEqual({ sql: '"customers"."id" = $1', params: [id] });
    expect(where('customer.id:0190A0F4*')).toEqual({
      sql: '("customers"."id")::text like $1',
      params: ['0190a0f4%'],
    });
  });

  it('number: equality, comparisons and ranges', () => {
    const P = '"customers"."price"';
    expect(where('price:10')).toEqual({ sql: `${P} = $1`, params: [10] });
    expect(where('price:>10')).toEqual({ sql: `${P} > $1`, params: [10] });
    expect(where('price:>=10.5')).toEqual({ sql: `${P} >= $1`, params: [10.5] });
    expect(where('price:<0')).toEqual({ sql: `${P} < $1`, params: [0] });
    expect(where('price:<=-3')).toEqual({ sql: `${P} <= $1`, params: [-3] });
    expect(where('price:"12"')).toEqual({ sql: `${P} = $1`, params: [12] });
    expect(where('price:[1 TO 5]')).toEqual({ sql: `(${P} >= $1 and ${P} <= $2)`, params: [1, 5] });
    expect(where('price:{1 TO 5}')).toEqual({ sql: `(${P} > $1 and ${P} < $2)`, params: [1, 5] });
  });

  it('timestamp: a date is the whole day; a date-time is exact', () => {
    const C = '"customers"."created"';
    expect(where('created:2024-05-31')).toEqual({
      sql: `(${C} >= $1 and ${C} < $2)`,
      params: ['2024-05-31', '2024-06-01'],
    });
    expect(where('created:>2024-12-31')).toEqual({ sql: `${C} >= $1`, params: ['2025-01-01'] });
    expect(where('created:>=2024-02-29')).toEqual({ sql: `${C} >= $1`, params: ['2024-02-29'] });
    expect(where('created:<2024-03-01')).toEqual({ sql: `${C} < $1`, params: ['2024-03-01'] });
    expect(where('created:<=2024-02-28')).toEqual({ sql: `${C} < $1`, params: ['2024-02-29'] });
    expect(where('created:<"2024-05-31T14:00:00Z"')).toEqual({
      sql: `${C} < $1`,
      params: ['2024-05-31T14:00:00Z'],
    });
    expect(where('created:"2024-05-31T14:00+02:00"')).toEqual({
      sql: `${C} = $1`,
      params: ['2024-05-31T14:00+02:00'],
    });
  });

  it('timestamp: a range of dates or date-times, each end included or not, or open', () => {
    const C = '"customers"."created"';
    expect(where('created:[2026-11-23 TO 2026-11-29]')).toEqual({
      sql: `(${C} >= $1 and ${C} < $2)`,
      params: ['2026-11-23', '2026-11-30'],
    });
    expect(where('created:{2026-11-23T00:00:00Z TO "2026-11-30T00:00:00+11:00"}')).toEqual({
      sql: `(${C} > $1 and ${C} < $2)`,
      params: ['2026-11-23T00:00:00Z', '2026-11-30T00:00:00+11:00'],
    });
    expect(where('created:[2026-11-23 TO *]')).toEqual({ sql: `${C} >= $1`, params: ['2026-11-23'] });
    expect(where('"created:[2026-11-23 TO *]"')?.sql).not.toContain('>='); // a phrase stays a phrase
    expect(() => where('created:[2026-11-31 TO 2026-12-01]')).toThrow(/expects an ISO date/);
  });

  it('timestamp: takes the first and last day of years 1900 to 2999, once in UTC', () => {
    const C = '"customers"."created"';
    expect(where('created:[1900-01-01 TO 2999-12-31]')).toEqual({
      sql: `(${C} >= $1 and ${C} < $2)`,
      params: ['1900-01-01', '3000-01-01'],
    });
    expect(where('created:>="1900-01-01T10:00:00+10:00"')?.params).toEqual(['1900-01-01T10:00:00+10:00']);
    expect(where('created:<="3000-01-01T09:59:59+10:00"')?.params).toEqual(['3000-01-01T09:59:59+10:00']);
  });

  it('field:* means present', () => {
    expect(where('name:*')).toEqual({ sql: `(${N} is not null and ${N} <> '')`, params: [] });
    expect(where('price:*')).toEqual({ sql: '"customers"."price" is not null', params: [] });
    expect(where('created:*')).toEqual({ sql: '"customers"."created" is not null', params: [] });
    expect(where('customer.id:*')).toEqual({ sql: '"customers"."id" is not null', params: [] });
  });
});

describe('AND, OR, NOT and parentheses', () => {
  it('combines with AND and OR', () => {
    expect(where('name:acme AND price:>10')).toEqual({
      sql: `(${M(words(N), 1)} and "customers"."price" > $3)`,
      params: [...p('acme', ' acme'), 10],
    });
    expect(where('name:acme OR email:acme')).toEqual({
      sql: `(${M(words(N), 1)} or ${M(words(E), 3)})`,
      params: both('acme', ' acme'),
    });
  });

  it('NOT and - keep rows whose column is NULL', () => {
    const expected = { sql: `not coalesce(${M(words(N), 1)}, false)`, params: p('acme', ' acme') };
    expect(where('NOT name:acme')).toEqual(expected);
    expect(where('-name:acme')).toEqual(expected);
  });

  it('parentheses group', () => {
    expect(where('(plumb OR elect*) AND NOT status:archived')).toEqual({
      sql: `((${anyWord(1)} or ${anyWord(5)}) and not coalesce("customers"."status" = $9, false))`,
      params: [...both('plumb', ' plumb'), ...both('elect', ' elect'), 'archived'],
    });
  });

  it('reads operators left to right, as liqe does', () => {
    expect(where('name:a OR name:b AND name:c')?.sql).toBe(
      `((${words(N)} like $1 or ${words(N)} like $2) and ${words(N)} like $3)`,
    );
  });

  it('a * inside a larger query matches everything', () => {
    expect(where('* AND name:acme')).toEqual({
      sql: `(true and ${M(words(N), 1)})`,
      params: p('acme', ' acme'),
    });
  });
});

describe('injection attempts stay in parameters', () => {
  it.each([`"'; drop table x; --"`, `name:"'; drop table x; --"`, `'; drop table x; --`])('%s', (q) => {
    const query = where(q);
    expect(query?.sql).not.toMatch(/drop|'/i);
    expect(query?.params.join(' ')).toContain('drop');
  });

  it('an exact field takes the value whole, as a parameter', () => {
    expect(where(`number:"'; drop table x; --"`)).toEqual({
      sql: '"customers"."number" = $1',
      params: ["'; drop table x; --"],
    });
  });
});

describe('malformed queries are a 400 on q', () => {
  it.each([
    ['name:', 'name: needs a value'],
    ['name: acme', 'name: needs a value'],
    ['(acme', 'unclosed parenthesis'],
    ['AND', 'AND needs a term before it'],
    ['acme OR', 'OR needs a term after it'],
    ['"unclosed', 'unclosed quote'],
    ['price:abc', 'price expects a number, got "abc"'],
    ['price:1e3', 'price expects a number'],
    ['price:>[1 TO 5]', 'price expects a number, got "[1"'],
    ['price:[1 TO 5', 'a range is written [from TO to]'],
    ['acme)', '")" without "("'],
    ['NOT', 'NOT needs a term after it'],
    ['name:>acme', 'name is text; comparisons such as :> are not supported'],
    ['name:[1 TO 5]', 'name is text; ranges are not supported'],
    ['number:*007', 'number: * is only supported at the end'],
    ['name:""', 'name needs a value'],
    ['customer.id:not-a-uuid', 'customer.id expects a UUID, got "not-a-uuid"'],
    ['status:deleted', 'status must be one of: active, archived'],
    ['created:2024-02-30', 'created expects an ISO date'],
    ['created:yesterday', 'created expects an ISO date'],
    ['created:"2024-05-31T25:00"', 'created expects an ISO date'],
    ['created:0000-01-01', 'created expects a date between 1900 and 2999'],
    ['created:1899-12-31', 'created expects a date between 1900 and 2999'],
    ['created:[0001-01-01 TO 9999-12-31]', 'created expects a date between 1900 and 2999'],
    ['created:>"1900-01-01T00:00:00+01:00"', 'created expects a date between 1900 and 2999'],
    ['created:<"9999-12-31T23:59:59-14:00"', 'created expects a date between 1900 and 2999'],
    ['created:<="2999-12-31T23:59:59-00:01"', 'created expects a date between 1900 and 2999'],
    ['created:[1 TO 2]', 'created:>=2024-01-01 AND created:<2024-02-01'],
    ['x'.repeat(1001), 'Shorten the search to 1,000 characters or fewer'],
    ['é'.repeat(501), 'Shorten the search to 1,000 characters or fewer'],
    [`${'('.repeat(17)}a${')'.repeat(17)}`, 'nested deeper than 16 levels'],
    [`${'NOT ('.repeat(9)}a${')'.repeat(9)}`, 'nested deeper than 16 levels'],
    [Array.from({ length: 51 }, () => 'a').join(' '), 'more than 50 terms'],
  ])('%s', (q, reason) => {
    const error = rejection(q);
    expect(error).toMatchObject({ code: 'VALIDATION_FAILED', status: 400 });
    expect(error.message).toMatch(/^Invalid search query: /);
    expect(error.fieldErrors).toHaveLength(1);
    expect(error.fieldErrors[0]?.field).toBe('q');
    expect(error.fieldErrors[0]?.message).toContain(reason);
  });

  it('names an unknown field and lists the allowed ones', () => {
    for (const field of ['secret', 'constructor', '__proto__', 'customer']) {
      expect(rejection(`${field}:x`).message).toBe(
        `Invalid search query: unknown field "${field}"; allowed fields: name, email, number, status, customer.id, price, created`,
      );
    }
  });

  it('refuses a repeated q that arrives as an array', () => {
    expect(() => parseListQuery(['a', 'b'] as unknown as string)).toThrow('give q once, as text');
  });

  it('refuses bare words on a list without free-text search', () => {
    const fieldsOnly: ListResource = { fields: resource.fields, searchable: [] };
    expect(rejection('acme', fieldsOnly).message).toContain('no free-text search');
    expect(where('name:acme', fieldsOnly)?.sql).toBe(M(words(N), 1));
  });

  it('accepts a query right at the limits', () => {
    expect(where(`name:${'x'.repeat(995)}`)?.params).toEqual(p('x'.repeat(64), ` ${'x'.repeat(64)}`));
    expect(where(`name:${'é'.repeat(497)}`)?.params).toEqual(p('e'.repeat(64), ` ${'e'.repeat(64)}`));
    expect(where(`${'('.repeat(16)}a${')'.repeat(16)}`)?.sql).toBe(anyShort(1, 2));
    expect(where(Array.from({ length: 50 }, () => 'a').join(' '))?.params).toHaveLength(100);
  });
});

describe('queries parsed before', () => {
  it('are kept by their text: the same query gives the same tree, and the same SQL as the first time', () => {
    const q = 'created:[2026-11-23 TO 2026-11-29] AND status:active';
    const first = where(q);
    expect(parseListQuery(` ${q} `)).toBe(parseListQuery(q));
    expect(where(q)).toEqual(first);
    expect(first?.params).toEqual(['2026-11-23', '2026-11-30', 'active']);
  });

  it('are not kept when malformed: each time is a 400', () => {
    for (let time = 0; time < 2; time++) expect(rejection('(name:x').code).toBe('VALIDATION_FAILED');
  });
});

describe('a lone range of one timestamp field', () => {
  const range = (q: string) => loneRange(parseListQuery(q), 'created');

  const halfOpen = { strictFrom: false, inclusiveTo: false };

  it('gives the instants it runs between, a bare date bound at the edge of its day', () => {
    expect(range('created:[2026-11-23 TO 2026-11-29]')).toEqual({
      from: '2026-11-23',
      to: '2026-11-30',
      ...halfOpen,
    });
    expect(range('created:{2026-11-23 TO 2026-11-29}')).toEqual({
      from: '2026-11-24',
      to: '2026-11-29',
      ...halfOpen,
    });
    expect(range('created:<"2026-11-30T00:00+11:00" AND created:>="2026-11-23T00:00+11:00"')).toEqual({
      from: '2026-11-23T00:00+11:00',
      to: '2026-11-30T00:00+11:00',
      ...halfOpen,
    });
  });

  it('says how a time (not a bare date) compares with it: > and <= as they are', () => {
    expect(range('created:{"2026-11-20T10:09:00Z" TO "2026-11-21T10:04:00Z"]')).toEqual({
      from: '2026-11-20T10:09:00Z',
      to: '2026-11-21T10:04:00Z',
      strictFrom: true,
      inclusiveTo: true,
    });
    expect(range('created:["2026-11-20T10:09:00Z" TO "2026-11-21T10:04:00Z"}')).toEqual({
      from: '2026-11-20T10:09:00Z',
      to: '2026-11-21T10:04:00Z',
      ...halfOpen,
    });
  });

  it('is none for one bound, another field, an OR, or anything more', () => {
    for (const q of [
      'created:>=2026-11-23',
      'created:2026-11-23',
      'created:>=2026-11-23 OR created:<2026-11-30',
      'created:>=2026-11-23 AND created:>2026-11-24',
      'created:[2026-11-23 TO 2026-11-29] AND status:active',
      'created:[2026-11-23 TO *]',
      'name:[a TO b]',
      '*',
    ])
      expect(range(q), q).toBeUndefined();
  });
});

describe('bare words together', () => {
  const words = (q: string) => bareWords(parseListQuery(q))?.map(({ text, phrase }) => ({ text, phrase }));

  it('gives two to four bare words or phrases that must all match', () => {
    expect(words('thompson physio')).toEqual([
      { text: 'thompson', phrase: false },
      { text: 'physio', phrase: false },
    ]);
    expect(words('"hot water" AND wil* smith o\'brien')?.map(({ text }) => text)).toEqual([
      'hot water',
      'wil',
      'smith',
      'obrien',
    ]);
  });

  it('is none for one word, five, an OR, a NOT, parentheses, a field or *', () => {
    for (const q of [
      'thompson',
      'a b c d e',
      'thompson OR physio',
      'thompson NOT physio',
      'thompson -physio',
      '(thompson physio)',
      'thompson status:OPEN_NEW',
      'thompson *',
    ])
      expect(words(q), q).toBeUndefined();
  });
});

describe('one status with bare words', () => {
  const shape = (q: string) => {
    const found = statusAndWords(parseListQuery(q), resource, ['active', 'archived']);
    return found && { status: found.status, words: found.words.map(({ text }) => text) };
  };

  it('gives the status and one to four words, in any order', () => {
    expect(shape('status:active AND wil*')).toEqual({ status: 'active', words: ['wil'] });
    expect(shape('thompson status:archived "hot water"')).toEqual({
      status: 'archived',
      words: ['thompson', 'hot water'],
    });
    expect(shape('a b status:active c d')?.words).toEqual(['a', 'b', 'c', 'd']);
  });

  it('is none without words, with five, two statuses, an unknown status, an OR, parentheses or another field', () => {
    for (const q of [
      'status:active',
      'status:active AND a b c d e',
      'status:active AND status:archived AND wil',
      'status:gone AND wil',
      'status:active OR wil',
      'status:active AND (wil OR smith)',
      'status:active AND name:wil',
      'status:active AND *',
      'wil smith',
    ])
      expect(shape(q), q).toBeUndefined();
  });
});

describe('the kept words a bare word matches', () => {
  const range = (text: string, phrase = false) => keptWordRange({ text, phrase } as TextTerm);

  it('are the words it starts, or itself in quotes, compared byte by byte', () => {
    expect(range('Wil')).toEqual({ from: 'wil', to: 'wil\u{10ffff}' });
    expect(range('wil*')).toEqual({ from: 'wil', to: 'wil\u{10ffff}' });
    expect(range("O'Brien")).toEqual({ from: 'obrien', to: 'obrien\u{10ffff}' });
    expect(range('Café', true)).toEqual({ from: 'cafe', to: 'cafe\u0001' });
  });

  it('are none for several words, a * within, or digits alone (a number is also found whole)', () => {
    for (const text of ['cu-15', 'hot water', 'w*son', '15mm', '1042', '104*', '*'])
      expect(range(text), text).toBeUndefined();
  });
});
