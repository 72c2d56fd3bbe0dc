import { describe, expect, it } from 'vitest';
import { fieldErrorsOf } from './api-errors.ts';
import { customerFields, customerMessages, customerUpdate } from './customers.ts';

describe('customerFields', () => {
  it('trims, and turns blank or missing optional fields into null', () => {
    expect(customerFields.parse({ name: '  Acme Cafe ', billingPhone: '  ', billingEmail: '' })).toEqual({
      name: 'Acme Cafe',
      billingAddress: null,
      billingPhone: null,
      billingFax: null,
      billingEmail: null,
      website: null,
      notes: null,
    });
  });

  it('requires a name and a valid email when one is given', () => {
    expect(fieldErrorsOf(customerFields.safeParse({ name: '  ', billingEmail: 'not-an-email' }))).toEqual([
      { field: 'name', message: 'Enter the customer name.' },
      { field: 'billingEmail', message: 'Enter a valid email address, such as name@example.com.' },
    ]);
    expect(fieldErrorsOf(customerFields.safeParse({}))).toEqual([
      { field: 'name', message: 'Enter the customer name.' },
    ]);
  });

  it('an update also needs the updated timestamp that was read', () => {
    expect(fieldErrorsOf(customerUpdate.safeParse({ name: 'A' }))).toEqual([
      { field: 'updated', message: 'Send the updated timestamp of the record you read (ISO 8601).' },
    ]);
    expect(customerUpdate.parse({ name: 'A', updated: '2025-01-02T03:04:05.678Z' }).updated).toBe(
      '2025-01-02T03:04:05.678Z',
    );
  });
});

describe('phone and fax', () => {
  const phoneErrors = (billingPhone: string) =>
    fieldErrorsOf(customerFields.safeParse({ name: 'Acme', billingPhone, billingFax: billingPhone }));

  it.each([
    '(02) 9876 5432',
    '02 9876 5432',
    '0491 570 156',
    '+61 2 9876 5432',
    '+61 (0)2 9876-5432',
    '1300.555.123',
    '131 450',
  ])('takes %s', (phone) => {
    expect(phoneErrors(phone)).toEqual([]);
  });

  it.each(['call after 5', '02 9876 5432 ext 4', '12345', '(02)', 'O2 9876 5432', '02/9876 5432'])(
    'refuses %s',
    (phone) => {
      expect(phoneErrors(phone)).toEqual([
        { field: 'billingPhone', message: customerMessages.phone },
        { field: 'billingFax', message: customerMessages.phone },
      ]);
    },
  );
});

describe('website', () => {
  const website = (text: string) => customerFields.safeParse({ name: 'Acme', website: text });

  it.each([
    ['example.com.au', 'https://example.com.au'],
    ['www.harbourview.example', 'https://www.harbourview.example'],
    ['https://example.com.au/contact?from=fieldbook', 'https://example.com.au/contact?from=fieldbook'],
    ['http://old-site.example', 'http://old-site.example'],
    ['HTTPS://EXAMPLE.COM', 'HTTPS://EXAMPLE.COM'],
    ['example.com.au:8080/shop', 'https://example.com.au:8080/shop'],
    ['café.example', 'https://café.example'],
  ])('takes %s as %s', (typed, stored) => {
    expect(website(typed).data?.website).toBe(stored);
  });

  it.each([
    'not a website',
    'example',
    'javascript:alert(1)',
    'mailto:office@example.com',
    'ftp://files.example.com',
    'https://',
    'https://exa mple.com',
    'https://-bad-.example',
  ])('refuses %s', (typed) => {
    expect(fieldErrorsOf(website(typed))).toEqual([{ field: 'website', message: customerMessages.website }]);
  });
});
