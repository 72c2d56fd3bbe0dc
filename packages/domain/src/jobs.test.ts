import { Decimal } from 'decimal.js';
import { describe, expect, it } from 'vitest';
import { fieldErrorsOf } from './api-errors.ts';
import { jobTotals, lineAmount, lineAmountOf, lineFields, priceFromAmount } from './job-lines.ts';
import {
  canChangeJobStatus,
  JOB_STATUSES,
  jobStatusRefusal,
  statusButtons,
  statusStamps,
} from './job-statuses.ts';
import { jobFields, jobUpdate } from './jobs.ts';

const customer = { id: '0190f5d2-0000-7000-8000-000000000001' };
const ref = (n: number) => ({ id: `0190f5d2-0000-7000-8000-00000000000${n}` });

describe('line arithmetic', () => {
  it.each([
    ['3', '33.3333', '100.00'],
    ['0.1', '3', '0.30'],
    ['3', '0.1', '0.30'],
    ['1.005', '1000', '1005.00'],
    ['1000', '1.005', '1005.00'],
    ['25', '1.333', '33.33'],
    ['1', '1.005', '1.01'],
    ['0.5', '0.01', '0.01'],
    ['2.5', '12.50', '31.25'],
  ])('%s × %s is %s', (quantity, price, amount) => {
    expect(lineAmountOf(quantity, price)).toBe(amount);
    expect(lineAmount({ quantity, price, amount: '999.99' })).toBe(amount);
  });

  it('keeps a lump sum when quantity or price is missing, and 0.00 for neither', () => {
    expect(lineAmount({ quantity: null, price: '5', amount: '120.5' })).toBe('120.50');
    expect(lineAmount({ quantity: '2', price: null, amount: null })).toBe('0.00');
  });

  it('derives 33.3333 from 100.00 over 3, which reads back 100.00', () => {
    expect(priceFromAmount('100.00', '3')).toBe('33.3333');
    expect(lineAmountOf('3', '33.3333')).toBe('100.00');
    expect(priceFromAmount('10', '0')).toBeUndefined();
  });

  it('reads back every amount from the price derived from it, for quantities up to 99,999.9999', () => {
    const quantities = [
      '1',
      '3',
      '7',
      '0.3',
      '1.5',
      '2.3333',
      '12',
      '99',
      '100',
      '333',
      '1234.5678',
      '99999.9999',
    ];
    for (const quantity of quantities) {
      for (let cents = 1; cents < 100_000; cents += 997) {
        const amount = new Decimal(cents).dividedBy(100).toFixed(2);
        const price = priceFromAmount(amount, quantity);
        expect(price, `${amount} over ${quantity}`).toBeDefined();
        expect(lineAmountOf(quantity, price as string), `${amount} over ${quantity}`).toBe(amount);
      }
    }
  });

  it('keeps a derived price to 4 decimals while the quantity is below 100', () => {
    expect(priceFromAmount('100.00', '7')).toBe('14.2857');
    expect(priceFromAmount('100.00', '300')).toBe('0.33333');
  });

  it('totals a job to the cent, with no tax', () => {
    expect(jobTotals([{ amount: '0.10' }, { amount: '0.20' }, { amount: '100.00' }])).toEqual({
      subtotal: '100.30',
      tax: '0.00',
      total: '100.30',
    });
    expect(jobTotals([])).toEqual({ subtotal: '0.00', tax: '0.00', total: '0.00' });
  });
});

describe('lineFields', () => {
  it('reads quantities to 4 decimals and prices as text, numbers too', () => {
    expect(lineFields.parse({ description: 'Labour', quantity: 1.5, price: '85' })).toEqual({
      code: null,
      description: 'Labour',
      quantity: '1.5',
      price: '85.00',
      amount: null,
    });
    expect(lineFields.parse({ description: 'Tap', quantity: '3.0000', price: '33.33330' })).toMatchObject({
      quantity: '3',
      price: '33.3333',
    });
  });

  it('refuses a fifth decimal of quantity, a negative price and an amount too large', () => {
    expect(
      fieldErrorsOf(lineFields.safeParse({ description: ' ', quantity: '1.00001', price: '-1' })),
    ).toEqual([
      { field: 'description', message: 'Enter the description.' },
      { field: 'quantity', message: 'Use at most 4 decimal places.' },
      { field: 'price', message: 'The price cannot be negative.' },
    ]);
    expect(
      fieldErrorsOf(lineFields.safeParse({ description: 'x', quantity: '99999', price: '9999999999' })),
    ).toEqual([{ field: 'amount', message: 'The amount is too large.' }]);
  });
});

describe('jobFields and jobUpdate', () => {
  it('needs only the customer on create', () => {
    expect(jobFields.parse({ customer })).toMatchObject({ customer, location: null, items: [], rag: null });
    expect(fieldErrorsOf(jobFields.safeParse({}))).toEqual([
      { field: 'customer', message: 'Choose the customer.' },
    ]);
  });

  it('needs customer, location, territory, priority, status and updated on update', () => {
    expect(fieldErrorsOf(jobUpdate.safeParse({ customer, location: null })).map((e) => e.field)).toEqual([
      'location',
      'territory',
      'priority',
      'status',
      'updated',
    ]);
  });

  it('refuses a finish before its start, an unknown rag and a date without offset', () => {
    const job = {
      customer,
      rag: 'BLUE',
      due: '2026-11-23 09:00',
      scheduledStart: '2026-11-23T10:00:00+11:00',
      scheduledFinish: '2026-11-23T09:00:00+11:00',
    };
    expect(fieldErrorsOf(jobFields.safeParse(job)).map((e) => e.field)).toEqual(['rag', 'due']);
    expect(fieldErrorsOf(jobFields.safeParse({ ...job, rag: 'RED', due: null }))).toEqual([
      { field: 'scheduledFinish', message: 'The finish cannot be before the start.' },
    ]);
  });

  it('needs a scheduled start and finish for a Scheduled job', () => {
    const job = {
      customer,
      location: ref(2),
      territory: ref(3),
      priority: ref(4),
      status: 'OPEN_SCHEDULED',
      updated: '2026-11-23T00:00:00.000Z',
    };
    expect(fieldErrorsOf(jobUpdate.safeParse(job))).toEqual([
      { field: 'scheduledStart', message: 'A scheduled job needs a scheduled start and finish.' },
      { field: 'scheduledFinish', message: 'A scheduled job needs a scheduled start and finish.' },
    ]);
    const times = {
      scheduledStart: '2026-11-24T08:00:00+11:00',
      scheduledFinish: '2026-11-24T09:00:00+11:00',
    };
    expect(jobUpdate.safeParse({ ...job, ...times }).success).toBe(true);
  });
});

// The section 4 buttons, Completed from In progress, and scheduling: written out apart from the table under test.
const allowed = new Set([
  'OPEN_NEW OPEN_BOOKING_REQUIRED',
  'OPEN_NEW OPEN_READY_TO_BE_SCHEDULED',
  'OPEN_BOOKING_REQUIRED OPEN_READY_TO_BE_SCHEDULED',
  'OPEN_READY_TO_BE_SCHEDULED OPEN_SCHEDULED',
  'OPEN_READY_TO_BE_SCHEDULED CLOSED_CANCELLED',
  'OPEN_SCHEDULED OPEN_IN_PROGRESS',
  'OPEN_SCHEDULED OPEN_COMPLETED',
  'OPEN_SCHEDULED CLOSED_CANCELLED',
  'OPEN_IN_PROGRESS OPEN_COMPLETED',
  'OPEN_COMPLETED CLOSED_COMPLETED',
]);

describe('job statuses', () => {
  const pairs = JOB_STATUSES.flatMap((from) => JOB_STATUSES.map((to) => [from, to] as const));

  it.each(pairs)('%s → %s is allowed only by the table, or as no change', (from, to) => {
    expect(canChangeJobStatus(from, to)).toBe(from === to || allowed.has(`${from} ${to}`));
  });

  it.each([
    ['OPEN_NEW', ['Booking required', 'Ready to be scheduled']],
    ['OPEN_BOOKING_REQUIRED', ['Ready to be scheduled']],
    ['OPEN_READY_TO_BE_SCHEDULED', ['Cancelled']],
    ['OPEN_SCHEDULED', ['In progress', 'Completed', 'Cancelled']],
    ['OPEN_IN_PROGRESS', ['Completed']],
    ['OPEN_COMPLETED', ['Close']],
    ['CLOSED_COMPLETED', []],
    ['CLOSED_CANCELLED', []],
  ] as const)('a job that is %s shows the buttons %j', (status, labels) => {
    expect(statusButtons(status).map((button) => button.label)).toEqual(labels);
    for (const button of statusButtons(status)) expect(canChangeJobStatus(status, button.status)).toBe(true);
  });

  it('names both statuses in a refusal', () => {
    expect(jobStatusRefusal('CLOSED_COMPLETED', 'OPEN_NEW')).toBe(
      'A job that is Completed (Closed) cannot be moved to New.',
    );
  });

  it('records the actual start and finish when a job moves to In progress or Completed', () => {
    const now = new Date('2026-11-23T01:00:00.000Z');
    const empty = { actualStart: null, actualFinish: null };
    expect(statusStamps('OPEN_SCHEDULED', 'OPEN_IN_PROGRESS', empty, now)).toEqual({
      actualStart: '2026-11-23T01:00:00.000Z',
      actualFinish: null,
    });
    expect(
      statusStamps('OPEN_IN_PROGRESS', 'OPEN_COMPLETED', { actualStart: 'a', actualFinish: null }, now),
    ).toEqual({ actualStart: 'a', actualFinish: '2026-11-23T01:00:00.000Z' });
    expect(statusStamps('OPEN_IN_PROGRESS', 'OPEN_IN_PROGRESS', empty, now)).toEqual(empty);
  });
});
