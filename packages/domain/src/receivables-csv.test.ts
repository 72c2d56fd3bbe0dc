import { describe, expect, it } from 'vitest';
import type { Receivables } from './receivables.ts';
import { csvField, receivablesCsv, receivablesCsvName } from './receivables-csv.ts';

const amounts = {
  current: '0.00',
  days1To30: '0.00',
  days31To60: '0.00',
  days61To90: '0.00',
  days90Plus: '0.00',
  total: '0.00',
  invoices: 0,
  overdueInvoices: 0,
};

const report: Receivables = {
  asAt: '2026-11-30',
  customers: [
    {
      ...amounts,
      customer: { id: '00000000-0000-7000-8000-00000000c001', name: "O'Brien & Sons, Plumbing" },
      current: '110.00',
      days1To30: '220.00',
      days31To60: '50.00',
      days90Plus: '1234.50',
      total: '1614.50',
      invoices: 5,
      overdueInvoices: 4,
    },
    {
      ...amounts,
      customer: { id: '00000000-0000-7000-8000-00000000c002', name: 'The "Best" Dental\nGroup' },
      days61To90: '220.00',
      total: '220.00',
      invoices: 2,
      overdueInvoices: 2,
    },
  ],
  customerCount: 2,
  totals: {
    current: '110.00',
    days1To30: '220.00',
    days31To60: '50.00',
    days61To90: '220.00',
    days90Plus: '1234.50',
    total: '1834.50',
    invoices: 7,
    overdueInvoices: 6,
  },
};

describe('receivablesCsv', () => {
  it('writes the header, a row per customer and the total row, money as plain decimals, CRLF line ends', () => {
    expect(receivablesCsv(report)).toBe(
      [
        'Customer,Current,1–30 days,31–60 days,61–90 days,90+ days,Total',
        `"O'Brien & Sons, Plumbing",110.00,220.00,50.00,0.00,1234.50,1614.50`,
        '"The ""Best"" Dental\nGroup",0.00,0.00,0.00,220.00,0.00,220.00',
        'Total,110.00,220.00,50.00,220.00,1234.50,1834.50',
        '',
      ].join('\r\n'),
    );
  });

  it('with no one owing, is the header and a total row of nothing', () => {
    expect(receivablesCsv({ customers: [], totals: amounts })).toBe(
      'Customer,Current,1–30 days,31–60 days,61–90 days,90+ days,Total\r\nTotal,0.00,0.00,0.00,0.00,0.00,0.00\r\n',
    );
  });

  it('keeps a name that a spreadsheet would take for a formula as text', () => {
    const formula = {
      ...report,
      customers: [{ ...amounts, customer: { id: 'c', name: '=HYPERLINK("http://x","y")' } }],
    };
    expect(receivablesCsv(formula).split('\r\n')[1]).toBe(
      `"'=HYPERLINK(""http://x"",""y"")",0.00,0.00,0.00,0.00,0.00,0.00`,
    );
  });

  it('names the file after the date', () => {
    expect(receivablesCsvName('2026-11-30')).toBe('receivables-2026-11-30.csv');
  });
});

describe('csvField', () => {
  it('quotes only what needs it (RFC 4180)', () => {
    expect(csvField('Harbour Dental')).toBe('Harbour Dental');
    expect(csvField("O'Brien & Sons")).toBe("O'Brien & Sons");
    expect(csvField('a,b')).toBe('"a,b"');
    expect(csvField('say "hi"')).toBe('"say ""hi"""');
    expect(csvField('one\r\ntwo')).toBe('"one\r\ntwo"');
  });
});
