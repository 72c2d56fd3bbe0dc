import { describe, expect, it } from 'vitest';
import { fieldErrorsOf } from './api-errors.ts';
import {
  abnField,
  dueDateFor,
  formatAbn,
  formatBsb,
  isValidAbn,
  logoField,
  MAX_LOGO_BYTES,
  organisationFields,
  organisationMessages,
} from './organisation.ts';
import { templateFields, templateMessages } from './templates.ts';

const PNG_HEAD = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
const dataUrl = (type: string, bytes: number[]) =>
  `data:${type};base64,${btoa(String.fromCharCode(...bytes))}`;

describe('ABN', () => {
  it.each(['51824753556', '30417352703', '44417355552'])('%s passes the ATO checksum', (abn) => {
    expect(isValidAbn(abn)).toBe(true);
  });

  it.each(['51824753557', '12345678901', '5182475355', '5182475355a'])('%s does not', (abn) => {
    expect(isValidAbn(abn)).toBe(false);
  });

  it('is typed with spaces, kept as digits, shown grouped', () => {
    expect(abnField.parse(' 51 824 753 556 ')).toBe('51824753556');
    expect(abnField.parse('51-824-753-556')).toBe('51824753556');
    expect(abnField.parse('')).toBeNull();
    expect(formatAbn('51824753556')).toBe('51 824 753 556');
    expect(formatBsb('062000')).toBe('062-000');
  });

  it('says what is wrong: the length, or the checksum', () => {
    expect(fieldErrorsOf(abnField.safeParse('5182475355'))).toEqual([
      { field: '', message: organisationMessages.abn },
    ]);
    expect(fieldErrorsOf(abnField.safeParse('51 824 753 557'))).toEqual([
      { field: '', message: organisationMessages.abnChecksum },
    ]);
  });
});

describe('logo', () => {
  it('is a PNG or JPEG data URL whose bytes say so, of at most 1 MB', () => {
    const png = dataUrl('image/png', [...PNG_HEAD, 0, 0, 0, 13]);
    expect(logoField.parse(png)).toBe(png);
    expect(logoField.parse(null)).toBeNull();
    const jpeg = dataUrl('image/jpeg', [0xff, 0xd8, 0xff, 0xe0, 0, 16]);
    expect(logoField.parse(jpeg)).toBe(jpeg);
  });

  it.each([
    ['a GIF', dataUrl('image/gif', [0x47, 0x49, 0x46, 0x38, 0x39, 0x61])],
    ['text called a PNG', dataUrl('image/png', [0x68, 0x65, 0x6c, 0x6c, 0x6f, 0x21])],
    ['not a data URL', 'https://example.com/logo.png'],
  ])('refuses %s', (_what, value) => {
    expect(fieldErrorsOf(logoField.safeParse(value))[0]?.message).toBe(organisationMessages.logoType);
  });

  it('refuses one over 1 MB before decoding it', () => {
    // 9 bytes are 12 base64 characters without padding; then 4 characters for every 3 bytes more.
    const head = btoa(String.fromCharCode(...PNG_HEAD, 0));
    const big = `data:image/png;base64,${head}${'AAAA'.repeat(Math.ceil(MAX_LOGO_BYTES / 3))}`;
    expect(fieldErrorsOf(logoField.safeParse(big))[0]?.message).toBe(organisationMessages.logoSize);
  });
});

describe('due date', () => {
  it('is the date plus the payment terms, across months and years', () => {
    expect(dueDateFor('2026-11-24', 0)).toBe('2026-11-24');
    expect(dueDateFor('2026-11-24', 14)).toBe('2026-12-08');
    expect(dueDateFor('2026-12-25', 14)).toBe('2027-01-08');
    expect(dueDateFor('2028-02-15', 14)).toBe('2028-02-29');
  });
});

describe('template fields', () => {
  it('are all required, each with its message', () => {
    expect(
      fieldErrorsOf(templateFields.safeParse({ name: ' ', type: '', document: '', body: '\n' })),
    ).toEqual([
      { field: 'name', message: templateMessages.name },
      { field: 'type', message: templateMessages.type },
      { field: 'document', message: templateMessages.document },
      { field: 'body', message: templateMessages.body },
    ]);
  });

  it('read the type and document in any case', () => {
    expect(templateFields.parse({ name: 'A', type: 'Typst', document: 'JOB', body: 'x' })).toMatchObject({
      type: 'typst',
      document: 'job',
    });
  });
});

describe('the email texts', () => {
  it('take the placeholders their email fills, and name the first that it does not, with those it does', () => {
    const { invoiceEmailSubject, reminderMessage, onMyWaySubject } = organisationFields.shape;
    expect(invoiceEmailSubject.parse('Invoice {number} from {organisation}: {total}')).toBe(
      'Invoice {number} from {organisation}: {total}',
    );
    expect(reminderMessage.parse('{daysOverdue} days: {amountDue} owing.')).toBe(
      '{daysOverdue} days: {amountDue} owing.',
    );
    expect(fieldErrorsOf(invoiceEmailSubject.safeParse('Invoice {nmber} for {customer} {Total}'))).toEqual([
      {
        field: '',
        message:
          "{nmber} is not one of this email's placeholders: use {number}, {total}, {amountDue}, {dueDate}, {daysOverdue}, {customer}, {organisation}.",
      },
    ]);
    // An invoice's placeholder is not the On my way email's.
    expect(onMyWaySubject.safeParse('{technician} is coming about {total}').success).toBe(false);
  });
});
