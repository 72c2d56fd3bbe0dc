import { describe, expect, it } from 'vitest';
import { invoiceTotals } from './invoice-lines.ts';
import { lineAmount } from './lines.ts';
import {
  amountDue,
  isOverdue,
  isPositive,
  paymentFields,
  paymentMessages,
  statusAfterPayments,
  sumOfAmounts,
} from './payments.ts';

describe('amountDue', () => {
  it('is the total less the part payments, exactly', () => {
    const paid = sumOfAmounts(['20.00', '15.10', '0.10']);
    expect(paid).toBe('35.20');
    expect(amountDue('55.20', paid)).toBe('20.00');
    expect(amountDue('55.20', sumOfAmounts([paid, '20.00']))).toBe('0.00');
  });

  it('goes negative on an over-payment, which the checks refuse', () => {
    expect(amountDue('55.20', '55.21')).toBe('-0.01');
    expect(amountDue('55.20', '55.21').startsWith('-')).toBe(true);
    expect(paymentMessages.tooMuch('5.20')).toBe('This is more than the amount due: $5.20.');
  });

  it('says by how much a new total falls below what was paid', () => {
    expect(amountDue('11.00', '20.00')).toBe('-9.00');
    expect(paymentMessages.totalBelowPaid('11.00', '20.00')).toBe(
      'The new total, $11.00, is less than the $20.00 already paid. Delete a payment first, or keep the total at least what was paid.',
    );
  });

  it('never leaves a cent due or in credit when thirds of a rounded total are paid', () => {
    // Three lines of 3 × $33.3333 with GST: each line $100.00 (half-up), the total $330.00.
    const lines = Array.from({ length: 3 }, () => ({
      amount: lineAmount({ quantity: '3', price: '33.3333' }),
      rate: '10',
    }));
    const { total } = invoiceTotals(lines, false);
    expect(total).toBe('330.00');
    // Paid as the customer would: two thirds rounded to the cent, then the rest as due.
    const third = '110.00';
    const rest = amountDue(total, sumOfAmounts([third, third]));
    expect(rest).toBe('110.00');
    expect(amountDue(total, sumOfAmounts([third, third, rest]))).toBe('0.00');
    // A GST-inclusive total with an odd cent: $100.01 in three payments, the last the rest.
    const paid = sumOfAmounts(['33.34', '33.34']);
    expect(amountDue('100.01', sumOfAmounts([paid, amountDue('100.01', paid)]))).toBe('0.00');
  });
});

describe('statusAfterPayments', () => {
  it('is Paid once the payments reach the total, Sent below it', () => {
    expect(statusAfterPayments('OPEN_SENT', '55.20', '55.20')).toBe('CLOSED_PAID');
    expect(statusAfterPayments('OPEN_SENT', '55.20', '55.19')).toBe('OPEN_SENT');
    expect(statusAfterPayments('CLOSED_PAID', '55.20', '20.00')).toBe('OPEN_SENT');
    expect(statusAfterPayments('CLOSED_PAID', '55.20', '0.00')).toBe('OPEN_SENT');
  });

  it('leaves a draft, a cancelled invoice and a $0.00 one with nothing paid as they are', () => {
    expect(statusAfterPayments('OPEN_DRAFT', '55.20', '0.00')).toBe('OPEN_DRAFT');
    expect(statusAfterPayments('CLOSED_CANCELLED', '55.20', '0.00')).toBe('CLOSED_CANCELLED');
    expect(statusAfterPayments('OPEN_SENT', '0.00', '0.00')).toBe('OPEN_SENT');
    expect(statusAfterPayments('CLOSED_PAID', '0.00', '0.00')).toBe('CLOSED_PAID');
  });
});

describe('isOverdue', () => {
  const invoice = { status: 'OPEN_SENT' as const, due: '2026-11-20', amountDue: '10.00' };
  it('is a Sent invoice with an amount due whose due date has passed', () => {
    expect(isOverdue(invoice, '2026-11-21')).toBe(true);
    expect(isOverdue(invoice, '2026-11-20')).toBe(false);
    expect(isOverdue({ ...invoice, amountDue: '0.00' }, '2026-12-01')).toBe(false);
    expect(isOverdue({ ...invoice, status: 'OPEN_DRAFT' }, '2026-12-01')).toBe(false);
  });
});

describe('paymentFields', () => {
  it('reads an amount greater than nothing, a date, a method; refuses the rest on their fields', () => {
    expect(paymentFields.parse({ date: '2026-11-20', amount: 35.2, method: 'CARD' })).toEqual({
      date: '2026-11-20',
      amount: '35.20',
      method: 'CARD',
      reference: null,
      note: null,
    });
    const refused = paymentFields.safeParse({ date: '20/11/2026', amount: '0.00', method: 'IOU' });
    expect(refused.success).toBe(false);
    expect(refused.error?.issues.map((issue) => issue.path.join('.')).sort()).toEqual([
      'amount',
      'date',
      'method',
    ]);
    expect(isPositive('0.01')).toBe(true);
    expect(isPositive('0.00')).toBe(false);
  });
});
