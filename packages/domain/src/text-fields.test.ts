import { describe, expect, it } from 'vitest';
import { fieldErrorsOf } from './api-errors.ts';
import { customerFields } from './customers.ts';
import { isEmailAddress, optionalEmail, optionalText, requiredText } from './text-fields.ts';

const NOT_TEXT = 'Remove the characters that are not text (such as a control character or a broken emoji).';
const name = requiredText('Enter the name.', 200);

describe('text fields', () => {
  it.each([
    ['a NUL', 'Acme\u0000 Plumbing'],
    ['a lone surrogate', 'a\ud800b'],
    ['a backspace', 'Acme\u0008'],
    ['a C1 control', 'Acme\u0085'],
    ['a line break in a one-line field', 'Acme\nPlumbing'],
  ])('refuses %s, which could not be stored as typed', (_what, typed) => {
    expect(fieldErrorsOf(name.safeParse(typed))).toEqual([{ field: '', message: NOT_TEXT }]);
  });

  it.each([
    ['zero-width spaces', '\u200b\u200b'],
    ['a byte-order mark and spaces', '\ufeff  '],
    ['no-break spaces and a word joiner', '\u00a0\u2060\u00a0'],
  ])('counts %s as blank', (_what, typed) => {
    expect(fieldErrorsOf(name.safeParse(typed))).toEqual([{ field: '', message: 'Enter the name.' }]);
    expect(optionalText(50).parse(typed)).toBeNull();
  });

  it('keeps what people type: apostrophes, ampersands, accents, emoji, and invisible joiners inside a word', () => {
    expect(name.parse("  O'Brien & Sons Café 👩‍🔧\u200b ")).toBe("O'Brien & Sons Café 👩‍🔧");
  });

  it('keeps line breaks and tabs in multi-line fields only', () => {
    const parsed = customerFields.parse({
      name: 'Acme',
      billingAddress: 'Level 4\n1 Macquarie Pl',
      notes: 'a\tb',
    });
    expect(parsed.billingAddress).toBe('Level 4\n1 Macquarie Pl');
    expect(parsed.notes).toBe('a\tb');
    expect(fieldErrorsOf(customerFields.safeParse({ name: 'Acme', notes: 'gate\u0000code' }))).toEqual([
      { field: 'notes', message: NOT_TEXT },
    ]);
  });
});

describe('email addresses', () => {
  it.each([
    "o'brien@example.com.au",
    "o'brien&co@example.com",
    'accounts+jobs@o-brien.com.au',
    'jo&sam@example.com',
    'a!b#c$d%e*f/g=h?i^j_k`l{m|n}o~p-q@example.io',
    'first.last@sub.example.co.nz',
  ])('takes %s', (value) => {
    expect(isEmailAddress(value)).toBe(true);
    expect(optionalEmail().parse(value)).toBe(value);
  });

  it.each([
    'someone@',
    '@example.com',
    'jo@example',
    'jo sam@example.com',
    '.jo@example.com',
    'jo.@example.com',
    'jo..sam@example.com',
    'jo@exam ple.com',
    'jo@example.c0m',
    'jo(sam)@example.com',
    'jo"sam"@example.com',
    'jo@@example.com',
  ])('refuses %s', (value) => {
    expect(isEmailAddress(value)).toBe(false);
    expect(optionalEmail().safeParse(value).success).toBe(false);
  });
});
