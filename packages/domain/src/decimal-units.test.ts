import { Decimal } from 'decimal.js';
import { describe, expect, it } from 'vitest';
import { divideHalfUp, plainText, sumText, unitsAt, unitsOf, unitsText } from './decimal-units.ts';
import { lineTax } from './invoice-lines.ts';

/** A seeded generator, so a failure can be run again. */
function random(seed: number) {
  let state = seed;
  return () => {
    state = (state * 1_103_515_245 + 12_345) % 2_147_483_648;
    return state / 2_147_483_648;
  };
}

/** A decimal of at most `digits` whole digits and exactly `places` decimals, as the database writes it. */
const decimalText = (next: () => number, digits: number, places: number) => {
  const whole = Math.floor(next() * 10 ** Math.ceil(next() * digits)).toString();
  const fraction = Array.from({ length: places }, () => Math.floor(next() * 10)).join('');
  return places === 0 ? whole : `${whole}.${fraction}`;
};

describe('decimal units', () => {
  it('reads plain text, numbers and Decimals exactly', () => {
    expect(unitsOf('12.50')).toEqual({ units: 1250n, places: 2 });
    expect(unitsOf(' -3 ')).toEqual({ units: -3n, places: 0 });
    expect(unitsOf('.5')).toEqual({ units: 5n, places: 1 });
    expect(unitsOf('7.')).toEqual({ units: 7n, places: 0 });
    expect(unitsOf(0.1)).toEqual({ units: 1n, places: 1 });
    expect(unitsOf('1e3')).toEqual({ units: 1000n, places: 0 });
    expect(unitsOf(new Decimal('9999999999.9999999'))).toEqual({ units: 99999999999999999n, places: 7 });
  });

  it('refuses what is not a finite number', () => {
    expect(() => unitsOf('twelve')).toThrow();
    expect(() => unitsOf('')).toThrow();
    expect(() => unitsOf(Number.POSITIVE_INFINITY)).toThrow(RangeError);
  });

  it('rounds half away from zero, as decimal.js does', () => {
    expect([5n, 4n, -5n, -4n, 15n].map((units) => divideHalfUp(units, 10n))).toEqual([1n, 0n, -1n, 0n, 2n]);
    expect(unitsAt({ units: 12345n, places: 3 }, 2)).toBe(1235n);
    expect(unitsAt({ units: 12n, places: 0 }, 2)).toBe(1200n);
    expect(unitsText(-5n, 2)).toBe('-0.05');
    expect(unitsText(123456n, 2)).toBe('1234.56');
    expect(unitsText(7n, 0)).toBe('7');
  });

  it('writes a decimal without trailing zeros, with at least the places asked for', () => {
    expect(['2.5000', '10.0000', '0.0000', '0.125', '100'].map((value) => plainText(value))).toEqual([
      '2.5',
      '10',
      '0',
      '0.125',
      '100',
    ]);
    expect(['12.5', '33.3333', '100', '0.1000000'].map((value) => plainText(value, 2))).toEqual([
      '12.50',
      '33.3333',
      '100.00',
      '0.10',
    ]);
  });

  it('sums to the cent', () => {
    expect(sumText([])).toBe('0.00');
    expect(sumText(['0.10', '0.20', '1005.00'])).toBe('1005.30');
    expect(sumText(['0.005', '0.000'])).toBe('0.01');
  });

  it('gives the texts decimal.js gave, for 10,000 quantities, prices and rates', () => {
    const next = random(16);
    for (let i = 0; i < 10_000; i += 1) {
      const quantity = decimalText(next, 5, 4);
      const price = decimalText(next, 10, 7);
      expect(plainText(quantity)).toBe(new Decimal(quantity).toFixed());
      const exact = new Decimal(price);
      expect(plainText(price, 2)).toBe(exact.toFixed(Math.max(2, exact.decimalPlaces())));
    }
  });

  it('gives the line tax decimal.js gave, for 20,000 amounts and rates either way', () => {
    const cents = (value: Decimal) => value.toDecimalPlaces(2, Decimal.ROUND_HALF_UP).toFixed(2);
    const before = (amount: string, rate: string, includeTax: boolean) => {
      const value = new Decimal(amount);
      const percent = new Decimal(rate);
      if (!includeTax) return cents(value.times(percent).dividedBy(100));
      return cents(value.minus(value.dividedBy(percent.dividedBy(100).plus(1))));
    };
    const next = random(7);
    const rates = ['10', '0', '12.5', '7.25', '15', '100'];
    for (let i = 0; i < 20_000; i += 1) {
      const amount = decimalText(next, 10, 2);
      const rate = i % 2 === 0 ? (rates[i % rates.length] as string) : decimalText(next, 3, 4);
      for (const includeTax of [false, true]) {
        expect(lineTax(amount, rate, includeTax), `${amount} at ${rate} % (${includeTax})`).toBe(
          before(amount, rate, includeTax),
        );
      }
    }
  });
});
