import { describe, expect, it } from 'vitest';
import {
  BASKET_TIERS,
  DEFAULT_FEE_OPTION_LABEL,
  DELIVERY_OPTIONS,
  minimumShortfallPaise,
  DELIVERY_OPTION_LABELS,
  basketDiscountPaise,
  basketDiscountRate,
  computeTotals,
  deliveryFeePaise,
  deliveryOptionByLabel,
  isDeliveryOptionLabel,
  isOrderTooLarge,
  lineAmountPaise,
  MAX_ORDER_PAISE,
  roundGrandTotalPaise,
  sumLines,
} from './pricing';
import type { TotalsLine } from './pricing';

const EXPRESS = '20 Minutes to 30 Minutes';
const STANDARD = '50 Minutes to 1 Hour';
const SCHEDULED = 'Between 2 Hours to 2.30 Hours';

describe('basket tiers', () => {
  it('are listed lowest first', () => {
    const overs = BASKET_TIERS.map((tier) => tier.overPaise);
    expect(overs).toEqual([35000, 50000, 100000, 150000]);
    expect(BASKET_TIERS.map((tier) => tier.percent)).toEqual([1, 1.75, 2.25, 3.5]);
  });

  it.each([
    [0, 0],
    [34999, 0],
    [35000, 0], // Rs.350 exactly: none
    [35001, 1], // Rs.350.01
    [50000, 1],
    [50001, 1.75],
    [100000, 1.75],
    [100001, 2.25],
    [150000, 2.25],
    [150001, 3.5],
    [10000000, 3.5],
  ])('subtotal %s paise -> %s%%', (subtotal, percent) => {
    expect(basketDiscountRate(subtotal)).toBe(percent);
  });

  it.each([
    [0, 0],
    [35000, 0],
    [35001, 350], // 350.01 paise
    [35049, 350], // 350.49
    [35050, 351], // 350.5: the half paisa goes to the shopper
    [50000, 500],
    [50001, 875], // 875.0175
    [100000, 1750],
    [100001, 2250], // 2250.0225
    [150000, 3375],
    [150001, 5250], // 5250.035
    [164850, 5770], // 5769.75
    [200000, 7000],
  ])('basket discount on %s paise -> %s paise', (subtotal, discount) => {
    expect(basketDiscountPaise(subtotal)).toBe(discount);
  });

  it.each([-1, 1.5, Number.NaN])('refuses subtotal %s', (bad) => {
    expect(() => basketDiscountRate(bad)).toThrow(RangeError);
  });
});

describe('delivery options', () => {
  it('have the exact labels, codes and order', () => {
    expect(DELIVERY_OPTIONS.map((o) => [o.code, o.label])).toEqual([
      ['express', EXPRESS],
      ['standard', STANDARD],
      ['scheduled', SCHEDULED],
    ]);
    expect(DELIVERY_OPTIONS.map((o) => o.label)).toEqual([...DELIVERY_OPTION_LABELS]);
    expect(DEFAULT_FEE_OPTION_LABEL).toBe(STANDARD);
  });

  it('fee bands all start at 0 and rise', () => {
    for (const option of DELIVERY_OPTIONS) {
      expect(option.feeBands[0]?.fromPaise).toBe(0);
      const froms = option.feeBands.map((band) => band.fromPaise);
      expect(froms).toEqual([...froms].sort((a, b) => a - b));
    }
  });

  it.each([
    [EXPRESS, 0, 10000],
    [EXPRESS, 34999, 10000], // Rs.349.99
    [EXPRESS, 35000, 5000], // Rs.350
    [EXPRESS, 99999, 5000], // Rs.999.99
    [EXPRESS, 100000, 0], // Rs.1,000
    [EXPRESS, 500000, 0],
    [STANDARD, 0, 5000],
    [STANDARD, 34999, 5000],
    [STANDARD, 35000, 2000],
    [STANDARD, 74999, 2000], // Rs.749.99
    [STANDARD, 75000, 0], // Rs.750
    [SCHEDULED, 0, 0],
    [SCHEDULED, 34999, 0],
    [SCHEDULED, 100000, 0],
  ])('%s on %s paise -> fee %s', (label, subtotal, fee) => {
    expect(deliveryFeePaise(label, subtotal)).toBe(fee);
    expect(deliveryOptionByLabel(label)?.fee(subtotal)).toBe(fee);
  });

  it.each([undefined, null, ''])('uses the default option when none is chosen (%s)', (label) => {
    expect(deliveryFeePaise(label, 34999)).toBe(5000);
    expect(deliveryFeePaise(label, 35000)).toBe(2000);
    expect(deliveryFeePaise(label, 75000)).toBe(0);
  });

  it.each(['Between 2 Hours to 2.30Hours', '50 minutes to 1 hour', 'express'])('does not know "%s"', (label) => {
    expect(deliveryOptionByLabel(label)).toBeUndefined();
    expect(isDeliveryOptionLabel(label)).toBe(false);
    expect(() => deliveryFeePaise(label, 0)).toThrow(/Unknown delivery option/);
  });

  it.each([EXPRESS, STANDARD, SCHEDULED])('knows "%s"', (label) => {
    expect(isDeliveryOptionLabel(label)).toBe(true);
  });
});

const line = (pricePaise: number, discount: number, quantity: number): TotalsLine => ({ pricePaise, discount, quantity });

describe('computeTotals', () => {
  it('an empty cart is all zero, with no delivery fee', () => {
    expect(computeTotals([])).toEqual({
      itemCount: 0,
      undiscountedPaise: 0,
      subtotalPaise: 0,
      itemSavingsPaise: 0,
      basketDiscountRate: 0,
      basketDiscountPaise: 0,
      deliveryFeePaise: 0,
      beforeRoundingPaise: 0,
      grandTotalPaise: 0,
      roundingPaise: 0,
      savingsPaise: 0,
      roundedFromPaise: null,
    });
  });

  it('Rs.100 with no option chosen: the default fee, nothing to round', () => {
    expect(computeTotals([line(10000, 0, 1)])).toEqual({
      itemCount: 1,
      undiscountedPaise: 10000,
      subtotalPaise: 10000,
      itemSavingsPaise: 0,
      basketDiscountRate: 0,
      basketDiscountPaise: 0,
      deliveryFeePaise: 5000,
      beforeRoundingPaise: 15000,
      grandTotalPaise: 15000,
      roundingPaise: 0,
      savingsPaise: 0,
      roundedFromPaise: null,
    });
  });

  it('3 x Rs.120 at 10% off: rounds Rs.374 down to Rs.370', () => {
    expect(computeTotals([line(12000, 10, 3)], STANDARD)).toEqual({
      itemCount: 3,
      undiscountedPaise: 36000,
      subtotalPaise: 32400,
      itemSavingsPaise: 3600,
      basketDiscountRate: 0,
      basketDiscountPaise: 0,
      deliveryFeePaise: 5000,
      beforeRoundingPaise: 37400,
      grandTotalPaise: 37000,
      roundingPaise: 400,
      savingsPaise: 4000,
      roundedFromPaise: 37400,
    });
  });

  it('subtotal exactly Rs.350: no basket discount, express fee Rs.50', () => {
    const totals = computeTotals([line(35000, 0, 1)], EXPRESS);
    expect(totals.basketDiscountPaise).toBe(0);
    expect(totals.deliveryFeePaise).toBe(5000);
    expect(totals.grandTotalPaise).toBe(40000);
    expect(totals.roundedFromPaise).toBeNull();
  });

  it('subtotal Rs.350.01: 1% basket discount, then rounding', () => {
    expect(computeTotals([line(35001, 0, 1)], EXPRESS)).toMatchObject({
      subtotalPaise: 35001,
      basketDiscountRate: 1,
      basketDiscountPaise: 350,
      deliveryFeePaise: 5000,
      beforeRoundingPaise: 39651,
      grandTotalPaise: 39000,
      roundingPaise: 651,
      savingsPaise: 1001,
      roundedFromPaise: 39651,
    });
  });

  it('the fee looks at the subtotal after item discounts', () => {
    // Rs.800 before discount but Rs.720 after: still under Rs.750, so the standard fee is Rs.20.
    expect(computeTotals([line(80000, 10, 1)], STANDARD)).toMatchObject({
      undiscountedPaise: 80000,
      subtotalPaise: 72000,
      basketDiscountRate: 1.75,
      basketDiscountPaise: 1260,
      deliveryFeePaise: 2000,
      beforeRoundingPaise: 72740,
      grandTotalPaise: 72000,
      roundingPaise: 740,
      savingsPaise: 10000,
    });
  });

  it('a large mixed basket', () => {
    expect(computeTotals([line(50000, 10, 2), line(24950, 0, 3)], SCHEDULED)).toEqual({
      itemCount: 5,
      undiscountedPaise: 174850,
      subtotalPaise: 164850,
      itemSavingsPaise: 10000,
      basketDiscountRate: 3.5,
      basketDiscountPaise: 5770,
      deliveryFeePaise: 0,
      beforeRoundingPaise: 159080,
      grandTotalPaise: 159000,
      roundingPaise: 80,
      savingsPaise: 15850,
      roundedFromPaise: 159080,
    });
  });

  it.each([
    // subtotal, option, fee, grand total
    [34999, EXPRESS, 10000, 44000],
    [35000, EXPRESS, 5000, 40000],
    [99999, EXPRESS, 5000, 103000], // 999.99 - 17.50 + 50 = 1032.49 -> 1030
    [100000, EXPRESS, 0, 98000], // 1000 - 17.50 = 982.50 -> 980
    [74999, STANDARD, 2000, 75000], // 749.99 - 13.12 + 20 = 756.87 -> 750
    [75000, STANDARD, 0, 73000], // 750 - 13.13 = 736.87 -> 730
  ])('subtotal %s with %s: fee %s, grand total %s', (subtotal, label, fee, grand) => {
    const totals = computeTotals([line(subtotal, 0, 1)], label);
    expect(totals.deliveryFeePaise).toBe(fee);
    expect(totals.grandTotalPaise).toBe(grand);
  });

  it('lines with quantity 0 count nothing and bring no fee', () => {
    expect(computeTotals([line(10000, 0, 0)])).toMatchObject({ itemCount: 0, subtotalPaise: 0, deliveryFeePaise: 0 });
  });

  it.each([-1, 1.5])('refuses quantity %s', (quantity) => {
    expect(() => computeTotals([line(10000, 0, quantity)])).toThrow(RangeError);
  });

  it('refuses an unknown delivery option', () => {
    expect(() => computeTotals([line(10000, 0, 1)], 'Tomorrow')).toThrow(/Unknown delivery option/);
  });

  it('parts add up for many baskets', () => {
    // A small deterministic generator, so a failure can be replayed.
    let seed = 20250522;
    const next = (n: number): number => {
      seed = (seed * 1103515245 + 12345) % 2147483648;
      return seed % n;
    };
    for (let i = 0; i < 500; i += 1) {
      const lines = Array.from({ length: 1 + next(6) }, () => line(next(60000), [0, 0, 5, 10, 12.5, 50][next(6)] ?? 0, 1 + next(4)));
      const label = DELIVERY_OPTION_LABELS[next(3)];
      const t = computeTotals(lines, label);
      expect(t.grandTotalPaise + t.basketDiscountPaise + t.roundingPaise).toBe(t.subtotalPaise + t.deliveryFeePaise);
      expect(t.grandTotalPaise + t.savingsPaise).toBe(t.undiscountedPaise + t.deliveryFeePaise);
      expect(t.savingsPaise).toBe(t.itemSavingsPaise + t.basketDiscountPaise + t.roundingPaise);
      expect(t.grandTotalPaise % 1000).toBe(0);
      expect(t.roundingPaise).toBeGreaterThanOrEqual(0);
      expect(t.roundingPaise).toBeLessThan(1000);
      expect(t.itemSavingsPaise).toBeGreaterThanOrEqual(0);
      expect(t.roundedFromPaise).toBe(t.roundingPaise === 0 ? null : t.beforeRoundingPaise);
      expect(t.deliveryFeePaise).toBe(deliveryFeePaise(label, t.subtotalPaise));
    }
  });
});

describe('the largest order', () => {
  it('is one crore, which a 32-bit paise column holds', () => {
    expect(MAX_ORDER_PAISE).toBe(1_000_000_000);
    expect(MAX_ORDER_PAISE).toBeLessThan(2 ** 31 - 1);
  });

  const crore = 1_000_000_000;
  it.each([
    ['one line of exactly one crore', [{ pricePaise: crore, discount: 0, quantity: 1 }], false],
    ['a paisa more', [{ pricePaise: crore, discount: 0, quantity: 1 }, { pricePaise: 1, discount: 0, quantity: 1 }], true],
    ['a crore twice, free after a 100% discount', [{ pricePaise: crore, discount: 100, quantity: 2 }], true],
    ['1000 of the dearest product', [{ pricePaise: crore, discount: 0, quantity: 1000 }], true],
    ['an ordinary basket', [{ pricePaise: 29_000, discount: 0, quantity: 3 }], false],
  ] as Array<[string, TotalsLine[], boolean]>)('%s: too large = %s', (_what, lines, tooLarge) => {
    expect(isOrderTooLarge(computeTotals(lines))).toBe(tooLarge);
  });
});

describe('minimumShortfallPaise', () => {
  const basket = (pricePaise: number, option = 'Between 2 Hours to 2.30 Hours') => computeTotals([{ pricePaise, discount: 0, quantity: 1 }], option);
  it('is what the basket needs to reach the minimum, after item discounts', () => {
    expect(minimumShortfallPaise(basket(6000), 10_000)).toBe(4000);
    expect(minimumShortfallPaise(computeTotals([{ pricePaise: 10_500, discount: 10, quantity: 1 }], null), 10_000)).toBe(500); // Rs.105 less 10% is Rs.95 (prices round to the rupee)
    expect(minimumShortfallPaise(basket(10_000), 10_000)).toBe(0);
  });
  it('refuses a total of Rs.0 whatever the minimum', () => {
    expect(minimumShortfallPaise(basket(800), 0)).toBe(200);
    expect(minimumShortfallPaise(basket(999), 0)).toBe(1);
    expect(minimumShortfallPaise(basket(1000), 0)).toBe(0);
  });
  it('asks nothing of an empty cart (refused as empty)', () => {
    expect(minimumShortfallPaise(computeTotals([], null), 10_000)).toBe(0);
  });
});

describe('lines with a precomputed amount (weighed lines, issue 34)', () => {
  it('a plain line costs discounted price x quantity', () => {
    expect(lineAmountPaise({ pricePaise: 9950, discount: 15, quantity: 3 })).toEqual({ undiscountedPaise: 29850, linePaise: 25500 }); // Rs.84.575 rounds up to Rs.85
  });

  it('a line carrying its amount is totalled at that amount, not price x quantity', () => {
    const lines: TotalsLine[] = [
      { pricePaise: 48000, discount: 0, quantity: 1, amount: { undiscountedPaise: 35600, linePaise: 35600 } },
      { pricePaise: 10000, discount: 10, quantity: 2 },
    ];
    expect(sumLines(lines)).toEqual({ itemCount: 3, undiscountedPaise: 55600, subtotalPaise: 53600 });
    const totals = computeTotals(lines, SCHEDULED);
    expect(totals.subtotalPaise).toBe(lines.reduce((sum, line) => sum + lineAmountPaise(line).linePaise, 0));
    expect(totals.basketDiscountPaise).toBe(938); // 1.75% of Rs.536 is 938 paise
    expect(totals.grandTotalPaise).toBe(52000); // Rs.526.62 rounds down to Rs.520
  });

  it.each([
    [{ undiscountedPaise: -1, linePaise: 0 }],
    [{ undiscountedPaise: 100, linePaise: 1.5 }],
    [{ undiscountedPaise: 100, linePaise: Number.NaN }],
  ])('refuses an amount that is not whole paise: %j', (amount) => {
    expect(() => lineAmountPaise({ pricePaise: 100, discount: 0, quantity: 1, amount })).toThrow(RangeError);
  });

  it.each([
    [0, 0],
    [999, 0],
    [1000, 1000],
    [1999, 1000],
    [52660, 52000],
  ])('the grand total of %s paise is %s', (before, grand) => {
    expect(roundGrandTotalPaise(before)).toBe(grand);
  });
});
