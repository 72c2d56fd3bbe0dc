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

/** A search that cannot be read: an unclosed quote or parenthesis, an operator without its term, a field without a value. */
export class SearchSyntaxError extends Error {
  override name = 'SearchSyntaxError';
}

type Operator = 'AND' | 'OR';

/** A term as liqe reads it: `field:value`, `"a phrase"`, or text's words joined by `-` (`wil*`, `cu-15`). */
type Token =
  | { type: 'open' | 'close' | 'not' | 'minus' }
  | { type: 'operator'; operator: Operator }
  | { type: 'term'; text: string };

type SearchNode =
  | { kind: 'term'; text: string }
  | { kind: 'group'; entries: Entry[] }
  | { kind: 'not'; minus: boolean; operand: SearchNode };

/** A term or group and the operator before it (none: the implicit AND). */
interface Entry {
  operator: Operator | undefined;
  node: SearchNode;
}

const SPACE = /\s/u;
const SPACES = /\s/gu;
const OPERATOR = /(AND|OR|NOT)(?=[\s()]|$)/y;
/** A field's name (as lists name them; liqe also takes `$` and `-`) and comparison. */
const FIELD = /([A-Za-z_][\w.]*)(:>=|:<=|:=|:>|:<|:)/y;
/** `[from TO to]` or `{from TO to}`; each bound a number, a date or time, `*`, or quoted. */
const RANGE = /([[{])\s*("[^"\\\n]*"|[\w.:+*-]+)\s+TO\s+("[^"\\\n]*"|[\w.:+*-]+)\s*([\]}])/y;
/** `(0)491`, `(a)b`: a word with parentheses in it, not a group. */
const PARENTHESISED_TEXT = /\([^\s()"]*\)[^\s)]/y;
/** A value liqe reads without quotes: a number, or its unquoted text (liqe's grammar, UTF-16 units). */
const UNQUOTED_VALUE =
  /^(?:-?\d+(?:\.\d+)?|(?:\d+-|\d*[#$*?@A-Z_a-z\u0080-\uFFFF])[\w#$*.?@\u0080-\uFFFF-]*)$/;
/** liqe's escapes in quoted text: JSON's, and \' (in single quotes). */
const ESCAPE = /\\(u[\dA-Fa-f]{4}|["'/\\bfnrt])/g;
const ESCAPED: Record<string, string> = { b: '\b', f: '\f', n: '\n', r: '\r', t: '\t' };

const needsTermAfter = (operator: string) => new SearchSyntaxError(`${operator} needs a term after it`);

/** Text in double quotes as liqe reads it: its escapes are JSON's, and it refuses a line break. */
const quoted = (text: string): string => JSON.stringify(text);

/** The text of a quoted value; a backslash that escapes nothing is itself. */
const unescaped = (text: string): string =>
  text.replace(ESCAPE, (_, code: string) =>
    code.length === 5 ? String.fromCharCode(Number.parseInt(code.slice(1), 16)) : (ESCAPED[code] ?? code),
  );

/**
 * The words of unquoted text; a `*` after a word is liqe's wildcard and stays on it (`wil*`, `w*son`,
 * `cu-1*` → cu 1*). A leading `*` is dropped, and `*` alone (everything) stays.
 */
function textPieces(text: string): string[] {
  if (/^\*+$/.test(text)) return ['*'];
  const pieces: string[] = [];
  text.split('*').forEach((part, index) => {
    const words = searchWords(part);
    const last = pieces.length - 1;
    if (index > 0 && last >= 0) pieces[last] += `*${words.shift() ?? ''}`;
    pieces.push(...words);
  });
  return pieces;
}

/** Splits `q` into liqe's syntax and terms, every term already in the form liqe reads. */
function tokenize(q: string): Token[] {
  const tokens: Token[] = [];
  const matchAt = (pattern: RegExp, index: number) => {
    pattern.lastIndex = index;
    return pattern.exec(q);
  };

  /** Where the quote at `start` is closed (a backslash escapes the next character). */
  const closingQuote = (start: number): number => {
    const quote = q.charAt(start);
    for (let index = start + 1; index < q.length; index += 1) {
      if (q.charAt(index) === '\\') index += 1;
      else if (q.charAt(index) === quote) return index;
    }
    throw new SearchSyntaxError(`unclosed quote (${quote})`);
  };

  /**
   * Text up to the next white space. The `)` at its end that close no `(` inside it close groups:
   * `(a OR b)` ends a group, `f(x)` is text.
   */
  const readText = (start: number): { text: string; closes: number; end: number } => {
    const space = matchAt(SPACES, start);
    const end = space ? space.index : q.length;
    const text = q.slice(start, end);
    let depth = 0;
    for (let index = 0; index < text.length; index += 1) {
      const char = text.charAt(index);
      if (char === '(') depth += 1;
      else if (char === ')' && depth > 0) depth -= 1;
      else if (char === ')' && /^\)+$/.test(text.slice(index))) {
        return { text: text.slice(0, index), closes: text.length - index, end };
      }
    }
    return { text, closes: 0, end };
  };

  /** A term as liqe reads it; '' when the text had no words (`&`), dropped with its operator later. */
  const pushTerm = (text: string) => tokens.push({ type: 'term', text });
  const pushCloses = (count: number) => {
    for (let close = 0; close < count; close += 1) tokens.push({ type: 'close' });
  };

  /**
   * Plain text: its words as one term, joined by `-` (liqe reads `cu-15` as one value; the list matches its words
   * one after another: `15mm` finds "15 mm" and not "150 mm"), then any `)` closing groups.
   */
  const words = (start: number): number => {
    const { text, closes, end } = readText(start);
    if (text !== '') {
      pushTerm(textPieces(text).join('-'));
    }
    pushCloses(closes);
    return end;
  };

  /** `field:value`, the value as liqe reads it: quoted when it needs to be, ranges written `[a TO b]`. */
  const fieldTerm = (start: number, field: RegExpExecArray): number => {
    const [whole, name, comparison] = field;
    const head = `${name}${comparison}`;
    const at = start + whole.length;
    const first = q.charAt(at);
    if (first === '"' || first === "'") {
      const close = closingQuote(at);
      pushTerm(head + quoted(unescaped(q.slice(at + 1, close))));
      return words(close + 1);
    }
    if (comparison === ':' && (first === '[' || first === '{')) {
      const range = matchAt(RANGE, at);
      if (!range) throw new SearchSyntaxError(`${head} a range is written [from TO to]`);
      const [all, open, low, high, close] = range;
      pushTerm(`${head}${open}${low} TO ${high}${close}`);
      return words(at + all.length);
    }
    const { text, closes, end } = readText(at);
    if (text === '') throw new SearchSyntaxError(`${head} needs a value`);
    // `code:(SIL`: a group after a field that is never closed.
    if (text.startsWith('(') && !text.includes(')')) throw new SearchSyntaxError('unclosed parenthesis');
    const plain = UNQUOTED_VALUE.test(text) && !/^(AND|OR|NOT)$/.test(text);
    pushTerm(head + (plain ? text : quoted(text)));
    pushCloses(closes);
    return end;
  };

  /** A phrase, a field's term or text, from `start`; gives where it ends. */
  const term = (start: number): number => {
    if (q.charAt(start) === '"') {
      const close = closingQuote(start);
      const phrase = searchWords(unescaped(q.slice(start + 1, close)));
      pushTerm(phrase.length > 0 ? `"${phrase.join(' ')}"` : '');
      return words(close + 1);
    }
    const field = matchAt(FIELD, start);
    // A web address (`https://example.com`) is text, not a field named `https`.
    const address = field && q.startsWith('//', start + field[0].length);
    return field && !address ? fieldTerm(start, field) : words(start);
  };

  let index = 0;
  while (index < q.length) {
    const char = q.charAt(index);
    const operator = matchAt(OPERATOR, index)?.[1];
    if (SPACE.test(char)) {
      index += 1;
    } else if (char === '(' && !matchAt(PARENTHESISED_TEXT, index)) {
      tokens.push({ type: 'open' });
      index += 1;
    } else if (operator) {
      tokens.push(
        operator === 'NOT' ? { type: 'not' } : { type: 'operator', operator: operator as Operator },
      );
      index += operator.length;
    } else if (char === '-' && /[^\s)]/u.test(q.charAt(index + 1))) {
      // `-` right before a term or `(` is NOT; what follows it is a term even if it looks like an operator.
      tokens.push({ type: 'minus' });
      index += 1;
      if (q.charAt(index) !== '(') index = term(index);
    } else {
      index = term(index);
    }
  }
  return tokens;
}

/** Reads the tokens as liqe will (terms and groups, each with the operator before it), checking the syntax. */
function parse(tokens: Token[]): Entry[] {
  let index = 0;

  const item = (): SearchNode => {
    const token = tokens[index];
    index += 1;
    if (token?.type === 'term') return { kind: 'term', text: token.text };
    if (token?.type === 'open') return { kind: 'group', entries: sequence(true) };
    const after = tokens[index]?.type;
    if (after === undefined || after === 'close' || after === 'operator') {
      throw needsTermAfter(token?.type === 'minus' ? '-' : 'NOT');
    }
    return { kind: 'not', minus: token?.type === 'minus', operand: item() };
  };

  const sequence = (nested: boolean): Entry[] => {
    const entries: Entry[] = [];
    let operator: Operator | undefined;
    for (let token = tokens[index]; token !== undefined; token = tokens[index]) {
      if (token.type === 'close') {
        if (!nested) throw new SearchSyntaxError('")" without "("');
        if (operator) throw needsTermAfter(operator);
        index += 1;
        return entries;
      }
      if (token.type === 'operator') {
        if (operator) throw needsTermAfter(operator);
        if (entries.length === 0) throw new SearchSyntaxError(`${token.operator} needs a term before it`);
        operator = token.operator;
        index += 1;
      } else {
        entries.push({ operator, node: item() });
        operator = undefined;
      }
    }
    if (nested) throw new SearchSyntaxError('unclosed parenthesis');
    if (operator) throw needsTermAfter(operator);
    return entries;
  };

  return sequence(false);
}

/**
 * Without what has no words (`&`, an emoji, `()`): an empty term or group goes with the operator before it
 * (the one after it when it comes first), and NOT with its operand.
 */
function withoutEmpty(entries: Entry[]): Entry[] {
  const kept: Entry[] = [];
  for (const entry of entries) {
    const node = nonEmpty(entry.node);
    if (node) kept.push({ operator: kept.length > 0 ? entry.operator : undefined, node });
  }
  return kept;
}

function nonEmpty(node: SearchNode): SearchNode | undefined {
  switch (node.kind) {
    case 'term':
      return node.text !== '' ? node : undefined;
    case 'group': {
      const entries = withoutEmpty(node.entries);
      return entries.length > 0 ? { kind: 'group', entries } : undefined;
    }
    case 'not': {
      const operand = nonEmpty(node.operand);
      return operand && { ...node, operand };
    }
  }
}

/** `q` as liqe reads it, the terms and groups with the operators between them. */
function render(entries: Entry[]): string {
  return entries
    .map(({ operator, node }, index) => {
      const before = index === 0 ? '' : operator ? ` ${operator} ` : ' ';
      return before + renderNode(node);
    })
    .join('');
}

function renderNode(node: SearchNode): string {
  switch (node.kind) {
    case 'group':
      return `(${render(node.entries)})`;
    case 'term':
      return node.text;
    case 'not': {
      const operand = renderNode(node.operand);
      // liqe takes `-` only before a single term and reads `-12` as a number; the list turns a range of
      // dates into a parenthesised pair of comparisons, which `-` cannot take either.
      const single = node.operand.kind === 'term';
      if (node.minus && single && !/^\d|^[\w.]+:[[{]/.test(operand)) return `-${operand}`;
      return `NOT ${node.operand.kind === 'not' ? `(${operand})` : operand}`;
    }
  }
}

/**
 * `q` rewritten so liqe parses it, with the user's syntax kept: `field:value` (quoted values, `[a TO b]`
 * ranges, comparisons such as `due:>2026-01-01`), `"phrases"`, balanced parentheses, AND / OR / NOT between
 * terms, `-` before a term (NOT) and `*` in or after a word. Any other text becomes its words
 * (`searchWords`), or nothing when it has none (`&`, an emoji); a search of nothing but such text is ''.
 * An unclosed quote or parenthesis, an operator without a term after it (or AND / OR without one before)
 * and a field without a value are a `SearchSyntaxError`. Unknown fields are left for the list to refuse.
 */
export function safeSearchQuery(q: string): string {
  return render(withoutEmpty(parse(tokenize(q.replace(INVISIBLE, '')))));
}
