import { describe, expect, it } from 'vitest';
import { invoiceTotals } from './invoice-lines.ts';
import { lineAmount } from './lines.ts';
import {
  acceptedQuoteLines,
  canChangeQuoteStatus,
  isQuoteExpired,
  jobLineOfQuoteLine,
  QUOTE_STATUSES,
  type QuoteLine,
  type QuoteStatus,
  quoteFields,
  quoteStatusRefusal,
  quoteTotals,
  quoteUpdate,
} from './quotes.ts';

const customer = { id: '01a20a36-3609-77cd-a15e-4c1fb226dc03' };

/** The money vectors of the invoice totals' tests (`invoice-lines.test.ts`): lines that break floating point. */
const VECTORS: [boolean, { amount: string; rate: string | null }[]][] = [
  [
    false,
    [
      { amount: lineAmount({ quantity: '3', price: '33.3333' }), rate: '10' },
      { amount: lineAmount({ quantity: '0.1', price: '3' }), rate: '10' },
      { amount: lineAmount({ quantity: '1000', price: '1.005' }), rate: '0' },
      { amount: '19.95', rate: null },
    ],
  ],
  [
    true,
    [
      { amount: '110.00', rate: '10' },
      { amount: '99.99', rate: '10' },
      { amount: '50.00', rate: '0' },
      { amount: '12.34', rate: null },
    ],
  ],
  [false, Array.from({ length: 3 }, () => ({ amount: '0.05', rate: '10' }))],
  [true, []],
];

const common = (lines: { amount: string; rate: string | null }[]) =>
  lines.map((line) => ({ ...line, option: null }));

describe('quoteTotals', () => {
  it.each(VECTORS)(
    'without options equal an invoice’s with the same lines (include tax: %s)',
    (include, lines) => {
      expect(quoteTotals(common(lines), include, null)).toEqual({
        ...invoiceTotals(lines, include),
        options: [],
      });
    },
  );

  it('are the known figures: 25 × 1.333 is 33.33, and each line’s tax is rounded, not the sum', () => {
    const lines = [
      { amount: lineAmount({ quantity: '25', price: '1.333' }), rate: '10', option: null },
      ...Array.from({ length: 3 }, () => ({ amount: '0.05', rate: '10', option: null })),
    ];
    expect(lines[0]?.amount).toBe('33.33');
    expect(quoteTotals(lines, false, null)).toMatchObject({ subtotal: '33.48', tax: '3.36', total: '36.84' });
  });

  it('give each option the common lines and its own, in the order options first appear', () => {
    const lines = [
      { amount: '100.00', rate: '10', option: null },
      { amount: '250.00', rate: '10', option: 'Option B: replace' },
      { amount: '80.00', rate: '10', option: 'Option A: repair' },
      { amount: '0.05', rate: '10', option: 'Option B: replace' },
      { amount: '20.00', rate: '0', option: null },
    ];
    const totals = quoteTotals(lines, false, null);
    expect(totals.options).toEqual([
      { name: 'Option B: replace', subtotal: '370.05', tax: '35.01', total: '405.06' },
      { name: 'Option A: repair', subtotal: '200.00', tax: '18.00', total: '218.00' },
    ]);
    // Each option's are an invoice's of its lines.
    const optionB = lines.filter((line) => line.option !== 'Option A: repair');
    expect(totals.options[0]).toMatchObject(invoiceTotals(optionB, false));
    // Until one is accepted, the quote's own totals are the first option's.
    expect(totals).toMatchObject({ subtotal: '370.05', tax: '35.01', total: '405.06' });
    expect(quoteTotals(lines, false, 'Option A: repair')).toMatchObject({
      subtotal: '200.00',
      tax: '18.00',
      total: '218.00',
    });
  });

  it('find the tax inside each option’s amounts when they include it', () => {
    const lines = [
      { amount: '99.99', rate: '10', option: null },
      { amount: '16.50', rate: '10', option: 'Gold' },
      { amount: '0.55', rate: '10', option: 'Silver' },
    ];
    expect(quoteTotals(lines, true, 'Silver')).toEqual({
      subtotal: '100.54',
      tax: '9.14',
      total: '100.54',
      options: [
        { name: 'Gold', subtotal: '116.49', tax: '10.59', total: '116.49' },
        { name: 'Silver', subtotal: '100.54', tax: '9.14', total: '100.54' },
      ],
    });
  });
});

describe('quote statuses', () => {
  const allowed: [QuoteStatus, QuoteStatus][] = [
    ['OPEN_DRAFT', 'OPEN_SENT'],
    ['OPEN_SENT', 'OPEN_DRAFT'],
    ['OPEN_SENT', 'CLOSED_ACCEPTED'],
    ['OPEN_SENT', 'CLOSED_DECLINED'],
    ['CLOSED_ACCEPTED', 'OPEN_SENT'],
    ['CLOSED_DECLINED', 'OPEN_SENT'],
  ];

  it('move only as the workflow allows, and stay put always', () => {
    for (const from of QUOTE_STATUSES)
      for (const to of QUOTE_STATUSES) {
        const expected = from === to || allowed.some(([a, b]) => a === from && b === to);
        expect([from, to, canChangeQuoteStatus(from, to)]).toEqual([from, to, expected]);
      }
  });

  it('refuse a move naming both statuses by what the screens call them', () => {
    expect(quoteStatusRefusal('OPEN_DRAFT', 'CLOSED_ACCEPTED')).toBe(
      'A Draft quote cannot become Accepted: a Draft quote can only become Sent.',
    );
    expect(quoteStatusRefusal('CLOSED_ACCEPTED', 'CLOSED_DECLINED')).toBe(
      'An Accepted quote cannot become Declined: an Accepted quote can only become Sent.',
    );
    expect(quoteStatusRefusal('CLOSED_CONVERTED', 'OPEN_SENT')).toBe(
      'A Converted quote cannot become Sent: a Converted quote is kept as it is.',
    );
    expect(quoteStatusRefusal('OPEN_SENT', 'CLOSED_CONVERTED')).toBe(
      'A Sent quote cannot become Converted: a quote is Converted only by making it into a job or an invoice.',
    );
    expect(quoteStatusRefusal(null, 'CLOSED_ACCEPTED')).toBe(
      'A new quote cannot become Accepted: a new quote is Draft or Sent.',
    );
  });

  it('expire only when Sent and past the expiry date', () => {
    const quote = { status: 'OPEN_SENT' as const, expiry: '2026-11-30' };
    expect(isQuoteExpired(quote, '2026-12-01')).toBe(true);
    expect(isQuoteExpired(quote, '2026-11-30')).toBe(false);
    expect(isQuoteExpired({ ...quote, status: 'OPEN_DRAFT' }, '2027-01-01')).toBe(false);
    expect(isQuoteExpired({ ...quote, status: 'CLOSED_ACCEPTED' }, '2027-01-01')).toBe(false);
  });
});

describe('quote fields', () => {
  const fields = { customer, date: '2026-11-23', title: 'Replace the hot water system' };

  it('default to a draft with no expiry or terms given (the organisation’s), no lines and no location', () => {
    expect(quoteFields.parse(fields)).toEqual({
      ...fields,
      reference: null,
      status: 'OPEN_DRAFT',
      location: null,
      description: null,
      lineItems: [],
      amountsEnteredIncludeTax: false,
      acceptedOption: null,
    });
  });

  it('refuse an expiry before the date, a blank title, and Accepted with options but none chosen', () => {
    const messages = (body: object) =>
      quoteFields
        .safeParse({ ...fields, ...body })
        .error?.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`);
    expect(messages({ expiry: '2026-11-22', title: ' ' })).toEqual([
      'title: Enter the title: what the quote is for.',
      'expiry: The expiry date cannot be before the quote date.',
    ]);
    const lineItems = [
      { description: 'Repair', amount: '100', option: 'Option A' },
      { description: 'Replace', amount: '900', option: 'Option B' },
    ];
    expect(messages({ status: 'CLOSED_ACCEPTED', lineItems })).toEqual([
      'acceptedOption: Choose the option the customer accepted.',
    ]);
    expect(messages({ status: 'CLOSED_ACCEPTED', lineItems, acceptedOption: 'Option C' })).toEqual([
      "acceptedOption: Choose one of the quote's options.",
    ]);
    expect(messages({ status: 'CLOSED_ACCEPTED', lineItems, acceptedOption: 'Option B' })).toBeUndefined();
    expect(messages({ status: 'CLOSED_ACCEPTED', lineItems: [{ description: 'Repair', amount: '1' }] })).toBe(
      undefined,
    );
  });

  it('need the expiry and the updated timestamp on a save', () => {
    const saved = quoteUpdate.safeParse(fields);
    expect(saved.error?.issues.map((issue) => issue.path.join('.'))).toEqual(['expiry', 'updated']);
  });
});

describe('turning a quote into work', () => {
  const gst = { id: '019ad3a4-4a00-7e00-8000-000000000001', name: 'GST', rate: '10' };
  const line = (more: Partial<QuoteLine>): QuoteLine => ({
    code: null,
    description: 'Work',
    quantity: null,
    price: null,
    amount: '0.00',
    taxRate: gst,
    option: null,
    ...more,
  });

  it("takes the common lines and the accepted option's, or every line without options", () => {
    const lines = [line({ option: null }), line({ option: 'A' }), line({ option: 'B' })];
    expect(acceptedQuoteLines(lines, 'B').map((kept) => kept.option)).toEqual([null, 'B']);
    const plain = [line({}), line({ description: 'More' })];
    expect(acceptedQuoteLines(plain, null)).toEqual(plain);
  });

  it('gives tax-exclusive job lines: as they are, or less their tax when the amounts include it', () => {
    const priced = line({ code: 'SVC', quantity: '3', price: '110.00', amount: '330.00' });
    expect(jobLineOfQuoteLine(priced, false)).toEqual({
      code: 'SVC',
      description: 'Work',
      quantity: '3',
      price: '110.00',
      amount: '330.00',
    });
    expect(jobLineOfQuoteLine(priced, true)).toMatchObject({
      quantity: '3',
      price: '100.00',
      amount: '300.00',
    });
    expect(jobLineOfQuoteLine(line({ amount: '55.00' }), true)).toMatchObject({
      price: null,
      amount: '50.00',
    });
    expect(jobLineOfQuoteLine(line({ amount: '55.00', taxRate: null }), true)).toMatchObject({
      amount: '55.00',
    });
  });
});
