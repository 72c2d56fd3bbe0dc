/** The longest word kept, in characters (code points); a longer one is cut to this. */
export const MAX_SEARCH_WORD = 64;

/** Characters that show nothing: zero-width space and joiners, soft hyphen, BOM, bidi marks, variation selectors. */
const INVISIBLE = /\p{Default_Ignorable_Code_Point}/gu;
/** ' ’ ‘ ‛ ʼ ʻ ʹ ` ´ ′ ＇ and the Armenian and Hebrew apostrophes. */
const APOSTROPHE = /['\u2019\u2018\u201B\u02BC\u02BB\u02B9\u0060\u00B4\u2032\uFF07\u055A\u05F3]/u;
/** Apostrophes between two letters, which join them: O'Brien, rock'n'roll. */
const JOINING_APOSTROPHES = new RegExp(`(?<=\\p{L}\\p{M}*)${APOSTROPHE.source}+(?=\\p{L})`, 'gu');
const APOSTROPHES = new RegExp(APOSTROPHE.source, 'gu');
/** ™ and ℠ decompose to letters that would join the word before them (Acme™). */
const TRADE_MARKS = /[\u2122\u2120]/gu;
/**
 * Accents: the combining marks of Latin, Greek and Cyrillic (Unicode's "inherited" marks), Hebrew points and
 * Arabic vowel marks. Marks that spell other scripts (Devanagari and Thai vowel signs, the Japanese voicing
 * marks) stay.
 */
const ACCENTS =
  /[[\p{M}&&[\p{Script=Inherited}\p{Script=Hebrew}\p{Script=Arabic}]]--[\u3099\u309A]]|\u0640/gv;
/** Letters that NFKD leaves whole, as they are written without the mark (and Greek final sigma as sigma). */
const FOLDS: Record<string, string> = {
  ß: 'ss',
  æ: 'ae',
  œ: 'oe',
  ø: 'o',
  ł: 'l',
  đ: 'd',
  ð: 'd',
  þ: 'th',
  ı: 'i',
  ħ: 'h',
  ŧ: 't',
  ς: 'σ',
};
const FOLDED = new RegExp(`[${Object.keys(FOLDS).join('')}]`, 'gu');
const OTHER_DIGITS = /[\p{Nd}--[0-9]]/gv;
const DIGIT = /\p{Nd}/u;
/** A run of letters (with the marks that follow each) or a run of digits; anything else separates words. */
const WORD = /\p{L}[\p{L}\p{M}]*|\p{N}+/gu;

/** Each digit of another script met so far, as 0–9 (at most the few hundred Unicode has). */
const digitValues = new Map<string, string>();

/**
 * A digit of another script (Arabic-Indic ٣, Devanagari ३) as 0–9. Unicode puts every script's digits in
 * runs of ten from zero, so the digit's value is its distance from the start of the run, modulo ten.
 */
function asciiDigit(digit: string): string {
  let value = digitValues.get(digit);
  if (value === undefined) {
    const code = digit.codePointAt(0) ?? 0;
    let start = code;
    while (DIGIT.test(String.fromCodePoint(start - 1))) start -= 1;
    value = String((code - start) % 10);
    digitValues.set(digit, value);
  }
  return value;
}

const cut = (word: string): string =>
  word.length <= MAX_SEARCH_WORD ? word : Array.from(word).slice(0, MAX_SEARCH_WORD).join('');

/**
 * The words of a text as search stores and matches them, in order and with repeats. Case, accents and
 * compatibility forms (full-width, ligatures) are folded; invisible characters are dropped; an apostrophe
 * between letters joins them; anything that is not a letter or a digit separates words, and so does a change
 * between letters and digits (PL-CU-15 → pl, cu, 15; 15mm → 15, mm). A user's bare search word stands for
 * the words this gives for it.
 */
export function searchWords(text: string): string[] {
  const folded = text
    .replace(INVISIBLE, '')
    .replace(JOINING_APOSTROPHES, '')
    .replace(APOSTROPHES, ' ')
    .replace(TRADE_MARKS, ' ')
    .normalize('NFKD')
    .toLowerCase()
    .replace(ACCENTS, '')
    .replace(FOLDED, (letter) => FOLDS[letter] ?? letter)
    .replace(OTHER_DIGITS, asciiDigit)
    .normalize('NFC');
  return (folded.match(WORD) ?? []).map(cut);
}
