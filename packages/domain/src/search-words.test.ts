import { describe, expect, it } from 'vitest';
import { MAX_SEARCH_WORD, SearchSyntaxError, safeSearchQuery, searchWords } from './search-words.ts';

describe('searchWords', () => {
  it.each([
    // Case and accents.
    ['Café', ['cafe']],
    ['ÉMILE Zoë Ångström naïve façade', ['emile', 'zoe', 'angstrom', 'naive', 'facade']],
    ['Cafe\u0301 (decomposed)', ['cafe', 'decomposed']],
    ['Müller Ørsted Ærø', ['muller', 'orsted', 'aero']],
    ['Straße STRASSE ẞ', ['strasse', 'strasse', 'ss']],
    ['Œuvre Łódź Đorđe Þór Sigurðsson', ['oeuvre', 'lodz', 'dorde', 'thor', 'sigurdsson']],
    ['İstanbul Diyarbakır', ['istanbul', 'diyarbakir']],
    // Apostrophes between letters join; elsewhere they separate.
    ["O'Brien", ['obrien']],
    ['D’Angelo', ['dangelo']],
    ["rock'n'roll", ['rocknroll']],
    ['Oʼneill O‘Hara O`Neil O´Dea O＇Shea', ['oneill', 'ohara', 'oneil', 'odea', 'oshea']],
    ["'til Jones' ‘quoted’", ['til', 'jones', 'quoted']],
    ["90's 5'6\"", ['90', 's', '5', '6']],
    // Everything that is not a letter or a digit separates.
    ['James & Olivia', ['james', 'olivia']],
    ['+61 (0)491-570-006', ['61', '0', '491', '570', '006']],
    ['grace! 100% 1/2" a.b_c#d@e', ['grace', '100', '1', '2', 'a', 'b', 'c', 'd', 'e']],
    ['sunita.patel@example.com', ['sunita', 'patel', 'example', 'com']],
    ['fish😀chips 👍🏽 🇦🇺 ❤️ ok', ['fish', 'chips', 'ok']],
    ['a\tb\nc\r\nd\u00A0e\u2003f\u3000g\u2028h', ['a', 'b', 'c', 'd', 'e', 'f', 'g', 'h']],
    ['Smith—Jones–Brown «Lee» „Kim“', ['smith', 'jones', 'brown', 'lee', 'kim']],
    // Invisible characters neither split nor join.
    ['Wil\u00ADson', ['wilson']],
    ['Smith\u200B', ['smith']],
    ['\uFEFFA\u200Cb\u200Dc\u2060d\u200Ee\u200Ff\u2066g\u2069h\uFE0Fi', ['abcdefghi']],
    ['\u202Bשלום\u202C Lee\u{E0101}', ['שלום', 'lee']],
    // Letters and digits are separate words.
    ['PL-CU-15', ['pl', 'cu', '15']],
    ['15mm', ['15', 'mm']],
    ['15 mm', ['15', 'mm']],
    ['2x4 R32 DN20', ['2', 'x', '4', 'r', '32', 'dn', '20']],
    ['3.5kW 2024-05-31', ['3', '5', 'kw', '2024', '05', '31']],
    // Compatibility forms fold.
    ['ＡＢＣ１２３ ｶﾀｶﾅ', ['abc', '123', 'カタカナ']],
    ['ﬁsh ﬂow', ['fish', 'flow']],
    ['Acme™ ½ ① m² 15㎜', ['acme', '1', '2', '1', 'm', '2', '15', 'mm']],
    // Other scripts.
    ['Ελένη Παπαδοπούλου ΟΔΟΣ', ['ελενη', 'παπαδοπουλου', 'οδοσ']],
    ['Йосиф Ёлкин Пётр', ['иосиф', 'елкин', 'петр']],
    ['مُحَمَّد عبـــد الله ٠٤٩١ ۱۲', ['محمد', 'عبد', 'الله', '0491', '12']],
    ['שָׁלוֹם כֹּהֵן', ['שלום', 'כהן']],
    ['Nguyễn Thị Minh Khai, Đặng Văn Ơn', ['nguyen', 'thi', 'minh', 'khai', 'dang', 'van', 'on']],
    // Devanagari and Thai vowel signs are part of the word.
    ['राहुल शर्मा ४२', ['राहुल', 'शर्मा', '42']],
    ['สมศักดิ์ ใจดี', ['สมศักดิ์', 'ใจดี']],
    // Chinese and Japanese: runs of letters; the voicing mark of が stays.
    ['東京都渋谷区 田中さん', ['東京都渋谷区', '田中さん']],
    ['ジョン・スミス がぎ', ['ジョン', 'スミス', 'がぎ']],
    ['김민수 서울', ['김민수', '서울']],
    // Nothing to find.
    ['', []],
    ['  — & ! 🙂 ', []],
  ])('%j → %j', (text, words) => {
    expect(searchWords(text)).toEqual(words);
  });

  it('keeps order and repeats', () => {
    expect(searchWords('Smith, smith & SMITH Jones')).toEqual(['smith', 'smith', 'smith', 'jones']);
  });

  it('gives a query and the text it should find the same words', () => {
    expect(searchWords('15mm')).toEqual(searchWords('15 mm'));
    expect(searchWords('obrien')).toEqual(searchWords("O'Brien"));
    expect(searchWords('cafe')).toEqual(searchWords('CAFÉ'));
    expect(searchWords('PL-CU-15')).toEqual(expect.arrayContaining(searchWords('cu-15')));
    expect(searchWords('Wilson Wilkinson').every((word) => word.startsWith('wil'))).toBe(true);
    expect(searchWords('Twill').some((word) => word.startsWith('wil'))).toBe(false);
  });

  it(`cuts a word to ${MAX_SEARCH_WORD} characters`, () => {
    expect(searchWords(`${'a'.repeat(100)} b`)).toEqual(['a'.repeat(MAX_SEARCH_WORD), 'b']);
    // Counted in characters, not UTF-16 units: 𠀀 is two units.
    const [long] = searchWords('𠀀'.repeat(70));
    expect(Array.from(long ?? '')).toHaveLength(MAX_SEARCH_WORD);
    expect(long?.isWellFormed()).toBe(true);
  });

  it('splits 100,000 characters quickly', () => {
    const sample = "O'Brien Café PL-CU-15 15mm Ærø 東京 राहुल 😀 ٠٤٩١\u200B, ";
    const text = sample.repeat(Math.ceil(100_000 / sample.length)).slice(0, 100_000);
    const started = performance.now();
    const words = searchWords(text);
    expect(performance.now() - started).toBeLessThan(500);
    expect(words.slice(0, 9)).toEqual(['obrien', 'cafe', 'pl', 'cu', '15', '15', 'mm', 'aero', '東京']);
  });
});

describe('safeSearchQuery', () => {
  it.each([
    // Everyday text becomes its words.
    ["O'Brien", 'obrien'],
    ['James & Olivia', 'james olivia'],
    ['+61', '61'],
    ['grace!', 'grace'],
    ['100%', '100'],
    ['1/2"', '1-2'],
    ['cu-15', 'cu-15'],
    ['15mm', '15-mm'],
    ['Café', 'cafe'],
    ['+61 (0)491 570 006', '61 0-491 570 006'],
    ['f(x) Smith (Jnr)', 'f-x smith (jnr)'],
    ['((a)b OR c)', '(a-b OR c)'],
    ['12:30 a.m.', '12-30 a-m'],
    [
      "Hello, world!\tIt's 5pm — call +61 491 570 006 🙂\nthanks; O'Brien & Sons' 15mm pipe...",
      'hello world its 5-pm call 61 491 570 006 thanks obrien sons 15-mm pipe',
    ],
    // What has no words goes, with the operator or NOT that goes with it.
    ['&', ''],
    ['!', ''],
    ['🙂', ''],
    ['   ', ''],
    ['-', ''],
    ['- smith', 'smith'],
    ['() smith', 'smith'],
    ['(&) smith', 'smith'],
    ['smith AND &', 'smith'],
    ['& OR smith', 'smith'],
    ['a OR & b', 'a b'],
    ['NOT 🙂 smith', 'smith'],
    ['""', ''],
    // The syntax stays.
    ['"hot water"', '"hot water"'],
    ['"O\'Brien & Sons" manly', '"obrien sons" manly'],
    ['wil*', 'wil*'],
    ['w*son', 'w*son'],
    ['*', '*'],
    ['*son', 'son'],
    ["O'Bri*", 'obri*'],
    ['cu-1*', 'cu-1*'],
    ['-smith', '-smith'],
    ['smith -jones', 'smith -jones'],
    ['-"hot water"', '-"hot water"'],
    ['(a OR b) c', '(a OR b) c'],
    ['a AND (b OR NOT c)', 'a AND (b OR NOT c)'],
    ['x (y (z OR w))', 'x (y (z OR w))'],
    ['status:Scheduled AND smith', 'status:Scheduled AND smith'],
    ['customer.id:abc', 'customer.id:abc'],
    ['-status:Done', '-status:Done'],
    ['(status:OPEN OR status:CLOSED)', '(status:OPEN OR status:CLOSED)'],
    ['scheduledStart:[2026-11-23 TO 2026-11-29]', 'scheduledStart:[2026-11-23 TO 2026-11-29]'],
    ['price:{1   TO 5} total:[* TO 100]', 'price:{1 TO 5} total:[* TO 100]'],
    ['due:>2026-01-01 due:<="2026-02-01"', 'due:>2026-01-01 due:<="2026-02-01"'],
    ['price:>=-12.5 name:=Acme', 'price:>=-12.5 name:=Acme'],
    ['name:wil* foo:bar', 'name:wil* foo:bar'],
    // A field's name is a list's: letters, digits, `_` and `.`; anything else is text.
    ['cu-15:x $x:y 10:30', 'cu-15-x x-y 10-30'],
    // A web address is text, not a field named `https`.
    ['https://www.obrien.example/plumbing', 'https-www-obrien-example-plumbing'],
    ['name:smith http://x.example', 'name:smith http-x-example'],
    // A field's value liqe cannot read bare goes in quotes.
    ["name:O'Brien", `name:"O'Brien"`],
    ['name:"O\'Brien & Sons"', `name:"O'Brien & Sons"`],
    ["name:'full name'", 'name:"full name"'],
    ['address:3/12 note:a:b version:1.5.3', 'address:"3/12" note:"a:b" version:"1.5.3"'],
    ['name:AND', 'name:"AND"'],
    // liqe's escapes are read as liqe reads them; a backslash that escapes nothing is a backslash.
    ['note:"a\\qb\\"c" note:"line\nbreak\ttab"', 'note:"a\\\\qb\\"c" note:"line\\nbreak\\ttab"'],
    // A term's words are grouped where OR or NOT applies to them (liqe reads left to right).
    ['x OR cu-15', 'x OR cu-15'],
    ['cu-15 OR x', 'cu-15 OR x'],
    ['-cu-15', '-cu-15'],
    ['NOT 15mm', 'NOT 15-mm'],
    // The list turns a range of dates into two comparisons in parentheses, which `-` cannot take.
    ['-due:[2026-01-01 TO 2026-01-31]', 'NOT due:[2026-01-01 TO 2026-01-31]'],
    // `-12` is a number to liqe: NOT says it.
    ['-12', 'NOT 12'],
    ['NOT NOT a', 'NOT (NOT a)'],
    ['NOT -a', 'NOT (-a)'],
    // Operators are upper case; otherwise they are words.
    ['fish and chips or not', 'fish and chips or not'],
    ['ANDERSON ORTIZ NOTTING', 'anderson ortiz notting'],
    ['-AND', '-and'],
  ])('%j → %j', (q, safe) => {
    expect(safeSearchQuery(q)).toBe(safe);
  });

  it.each([
    ['"abc', 'unclosed quote (")'],
    ['smith "hot water', 'unclosed quote (")'],
    ["name:'abc", "unclosed quote (')"],
    ['(a', 'unclosed parenthesis'],
    ['(a OR (b c)', 'unclosed parenthesis'],
    ['code:(SIL', 'unclosed parenthesis'],
    ['a)', '")" without "("'],
    [')', '")" without "("'],
    ['smith AND', 'AND needs a term after it'],
    ['smith OR', 'OR needs a term after it'],
    ['(a OR) b', 'OR needs a term after it'],
    ['a AND OR b', 'AND needs a term after it'],
    ['NOT', 'NOT needs a term after it'],
    ['a NOT', 'NOT needs a term after it'],
    ['NOT AND a', 'NOT needs a term after it'],
    ['OR smith', 'OR needs a term before it'],
    ['(AND a)', 'AND needs a term before it'],
    ['name:', 'name: needs a value'],
    ['name: smith', 'name: needs a value'],
    ['(due:>=)', 'due:>= needs a value'],
    ['due:[2026-01-01 TO', 'due: a range is written [from TO to]'],
    ['due:[a\\b TO c]', 'due: a range is written [from TO to]'],
  ])('refuses %j: %s', (q, message) => {
    expect(() => safeSearchQuery(q)).toThrow(new SearchSyntaxError(message));
  });

  it('gives its own result back unchanged', () => {
    for (const q of [
      "O'Brien & Sons (0)491",
      'x OR cu-15 -12 NOT NOT a',
      'name:O\'Brien "hot water" wil* -"a b"',
      'path:"C:\\temp\n" price:{1 TO 5}',
    ]) {
      const safe = safeSearchQuery(q);
      expect(safeSearchQuery(safe)).toBe(safe);
    }
  });

  it('ignores invisible characters in the syntax', () => {
    expect(safeSearchQuery('smith\u200B AND\u200B jones')).toBe('smith AND jones');
  });
});
