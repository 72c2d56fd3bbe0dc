import { describe, expect, it } from 'vitest';
import { dateField, dateMessages, dateTimeField } from './date-fields.ts';
import { invoiceFields } from './invoices.ts';
import { jobFields } from './jobs.ts';

const BAD_FORMAT = 'Enter a date such as 2026-11-23.';
const messagesOf = (result: { error?: { issues: { message: string }[] } }) =>
  result.error?.issues.map((issue) => issue.message) ?? [];

describe('a date field', () => {
  const date = dateField(BAD_FORMAT);

  it.each(['1900-01-01', '2026-11-23', '2999-12-31', '2000-02-29'])('takes %s', (value) => {
    expect(date.parse(value)).toBe(value);
  });

  it.each(['1899-12-31', '0000-01-01', '0001-01-01', '3000-01-01', '9999-12-31'])(
    'refuses %s as out of range',
    (value) => {
      expect(messagesOf(date.safeParse(value))).toEqual([dateMessages.outOfRange]);
    },
  );

  it.each(['2026-02-29', '2026-11-23T10:00:00Z', '26-11-23', '10000-01-01', '+002026-11-23', ''])(
    'refuses %j with how to write a date, once',
    (value) => {
      expect(messagesOf(date.safeParse(value))).toEqual([BAD_FORMAT]);
    },
  );
});

describe('a date-time field', () => {
  const BAD_TIME = 'Enter a date and time.';
  const time = dateTimeField(BAD_TIME);

  it.each([
    '1900-01-01T00:00:00Z',
    '1900-01-01T10:00:00+10:00',
    '1899-12-31T23:00:00-01:00',
    '2999-12-31T23:59:59Z',
    '2999-12-31T23:59:59.999Z',
    '3000-01-01T09:59:59+10:00',
    '2026-11-23T09:00:00+11:00',
  ])('takes %s (in range once in UTC)', (value) => {
    expect(time.parse(value)).toBe(value);
  });

  it.each([
    '1899-12-31T23:59:59Z',
    '1900-01-01T00:00:00+01:00',
    '1900-01-01T09:59:59+10:00',
    '3000-01-01T00:00:00Z',
    '2999-12-31T23:59:59-00:01',
    '2999-12-31T14:00:00-10:00',
    '9999-12-31T23:59:59-14:00',
    '9999-12-31T23:59:59+14:00',
    '0000-01-01T00:00:00Z',
    '0000-06-01T00:00:00Z',
  ])('refuses %s as out of range', (value) => {
    expect(messagesOf(time.safeParse(value))).toEqual([dateMessages.outOfRange]);
  });

  it.each(['2026-11-23', '2026-11-23T09:00:00', '2026-02-30T09:00:00Z', '+275760-09-13T00:00:00Z'])(
    'refuses %j with how to write a time, once',
    (value) => {
      expect(messagesOf(time.safeParse(value))).toEqual([BAD_TIME]);
    },
  );
});

describe('the date fields of jobs and invoices', () => {
  const customer = { id: '01a20a36-3609-77cd-a15e-4c1fb226dc03' };
  const fieldErrors = (result: { error?: { issues: { path: PropertyKey[]; message: string }[] } }) =>
    result.error?.issues.map((issue) => [issue.path.join('.'), issue.message]);

  it('refuse an invoice date and due date out of range on each, and nothing else', () => {
    const result = invoiceFields.safeParse({ customer, date: '0000-01-01', due: '1899-12-31' });
    expect(fieldErrors(result)).toEqual([
      ['date', dateMessages.outOfRange],
      ['due', dateMessages.outOfRange],
    ]);
  });

  it.each(['due', 'scheduledStart', 'scheduledFinish', 'actualStart', 'actualFinish'])(
    'refuse a job %s out of range on it',
    (field) => {
      const result = jobFields.safeParse({ customer, [field]: '9999-12-31T23:59:59-14:00' });
      expect(fieldErrors(result)).toEqual([[field, dateMessages.outOfRange]]);
    },
  );
});
