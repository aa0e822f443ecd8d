import { describe, expect, it } from 'vitest';
import {
  discountPercentLabel,
  discountedPricePaise,
  formatRs,
  paiseToRupees,
  rupeesToPaise,
} from './money';

describe('rupeesToPaise', () => {
  it.each([
    [0, 0],
    [1, 100],
    [249.5, 24950],
    [0.01, 1],
    [0.1 + 0.2, 30],
    [1.005, 101], // 1.005 * 100 is 100.4999… in binary; people mean 100.5, which rounds up
    [1.004, 100],
    [0.005, 1],
    [0.0049, 0],
    [19.99, 1999],
    [1234567.89, 123456789],
    [-1.005, -101],
    [-0.004, 0],
  ])('%s rupees -> %s paise', (rupees, paise) => {
    expect(rupeesToPaise(rupees)).toBe(paise);
  });

  it('never returns -0', () => {
    expect(Object.is(rupeesToPaise(-0.001), 0)).toBe(true);
  });

  it.each([Number.NaN, Number.POSITIVE_INFINITY])('refuses %s', (bad) => {
    expect(() => rupeesToPaise(bad)).toThrow(RangeError);
  });
});

describe('paiseToRupees', () => {
  it.each([
    [0, 0],
    [1, 0.01],
    [24950, 249.5],
    [125000, 1250],
    [1999, 19.99],
    [-50, -0.5],
  ])('%s paise -> %s rupees', (paise, rupees) => {
    expect(paiseToRupees(paise)).toBe(rupees);
  });

  it('round-trips every paisa amount up to Rs.100', () => {
    for (let paise = 0; paise <= 10000; paise += 1) {
      expect(rupeesToPaise(paiseToRupees(paise))).toBe(paise);
    }
  });
});

describe('formatRs', () => {
  it.each([
    [0, 'Rs.0.00'],
    [1, 'Rs.0.01'],
    [5, 'Rs.0.05'],
    [99, 'Rs.0.99'],
    [100, 'Rs.1.00'],
    [24950, 'Rs.249.50'],
    [99999, 'Rs.999.99'],
    [100000, 'Rs.1,000.00'],
    [125000, 'Rs.1,250.00'],
    [9999999, 'Rs.99,999.99'],
    [10000000, 'Rs.1,00,000.00'],
    [1234567890, 'Rs.1,23,45,678.90'],
    [-5000, '-Rs.50.00'],
  ])('%s paise -> %s', (paise, text) => {
    expect(formatRs(paise)).toBe(text);
  });

  it('rounds a fractional paisa before formatting', () => {
    expect(formatRs(99.5)).toBe('Rs.1.00');
    expect(formatRs(99.4)).toBe('Rs.0.99');
  });

  it('refuses NaN', () => {
    expect(() => formatRs(Number.NaN)).toThrow(RangeError);
  });
});

describe('discountedPricePaise', () => {
  it.each([
    // price, discount %, result
    [10000, 0, 10000],
    [9950, 0, 9950], // no discount: paise are kept
    [10000, 10, 9000],
    [10000, 15, 8500],
    [9900, 10, 9000], // 89.10 -> 90
    [9990, 10, 9000], // 89.91 -> 90
    [10000, 1, 9900],
    [10100, 1, 10000], // 99.99 -> 100
    [25000, 33, 16800], // 167.50 -> 168
    [30000, 33.3, 20100], // 200.10 -> 201
    [15000, 33.33333, 10100], // 100.000005 -> 101
    [100, 50, 100], // Rs.1 at 50% is 0.50 -> Rs.1 (not above the price)
    [9950, 0.1, 9950], // 99.40 rounds up to 100, capped at the price 99.50
    [9950, 1, 9900], // 98.50 -> 99
    [10000, 100, 0],
    [0, 50, 0],
    [1, 99, 1],
  ])('price %s at %s%% off -> %s', (price, discount, expected) => {
    expect(discountedPricePaise(price, discount)).toBe(expected);
  });

  it('gives whole rupees whenever a discount applies, never above the price', () => {
    for (let price = 0; price <= 20000; price += 37) {
      for (const discount of [0.5, 1, 5, 12.5, 33, 50, 99]) {
        const result = discountedPricePaise(price, discount);
        expect(result).toBeLessThanOrEqual(price);
        if (result !== price) expect(result % 100).toBe(0);
        // rounded up: at most one rupee above the exact discounted price
        const exact = (price * (100 - discount)) / 100;
        expect(result).toBeGreaterThanOrEqual(Math.min(price, Math.floor(exact)));
        expect(result - exact).toBeLessThan(100);
      }
    }
  });

  it.each([
    [10000, -0.01],
    [10000, 100.01],
    [10000, Number.NaN],
    [-1, 10],
    [99.5, 10],
  ])('refuses price %s with discount %s', (price, discount) => {
    expect(() => discountedPricePaise(price, discount)).toThrow(RangeError);
  });
});

describe('discountPercentLabel', () => {
  it.each([
    [0, null],
    [0.5, '0.5% off'],
    [1, '1% off'],
    [15, '15% off'],
    [12.5, '12.5% off'],
    [100, '100% off'],
  ])('%s -> %s', (discount, label) => {
    expect(discountPercentLabel(discount)).toBe(label);
  });

  it.each([-1, 101])('refuses %s', (discount) => {
    expect(() => discountPercentLabel(discount)).toThrow(RangeError);
  });
});
