import { describe, expect, it } from 'vitest';
import { MAX_SEARCH_WORD, searchWords } from './search-words.ts';

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
