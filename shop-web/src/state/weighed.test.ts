import { describe, expect, it } from 'vitest';
import { cartCheckout, orderLineOf, weighedEstimatePaise, weighedRule } from './weighed';

const carrots = { price: 480, discount: 0, sellBy: 'WEIGHT' as const, stepGrams: 250, minGrams: 250, maxGrams: 5000 };
const tea = { price: 350, discount: 10, sellBy: 'EACH' as const, stepGrams: null, minGrams: null, maxGrams: null };

describe('weighed lines on the shopper screens (issue 34)', () => {
  it('estimates a line at its asked grams and the per-kg price after discount', () => {
    const rule = weighedRule(carrots);
    expect(rule).toEqual({ stepGrams: 250, minGrams: 250, maxGrams: 5000 });
    expect(weighedEstimatePaise(carrots, rule!, 3)).toBe(36_000); // 750 g at Rs.480 / kg
    // 10% off Rs.475 / kg is Rs.428 (the item-price rule rounds up), 250 g of it Rs.107
    expect(weighedEstimatePaise({ ...carrots, price: 475, discount: 10 }, rule!, 1)).toBe(10_700);
    expect(weighedRule(tea)).toBeNull();
  });

  it('turns cart lines into the shared order lines: steps become grams, units stay units', () => {
    expect(orderLineOf({ productId: carrots, quantity: 3 })).toEqual({ sellBy: 'WEIGHT', pricePaise: 48_000, discount: 0, askedGrams: 750 });
    expect(orderLineOf({ productId: tea, quantity: 2 })).toEqual({ pricePaise: 35_000, discount: 10, quantity: 2 });
  });

  it('gives the estimate and, only while a weighed line is in the cart, the at-most figure at the tolerance', () => {
    const withWeighed = cartCheckout([{ productId: carrots, quantity: 3 }, { productId: tea, quantity: 2 }], null, 10);
    // 750 g of carrots Rs.360 + 2 tea at Rs.315
    expect(withWeighed.estimate.subtotalPaise).toBe(36_000 + 63_000);
    // the cap is 825 g: Rs.396
    expect(withWeighed.atMost?.subtotalPaise).toBe(39_600 + 63_000);
    expect(withWeighed.atMost!.grandTotalPaise).toBeGreaterThan(withWeighed.estimate.grandTotalPaise);
    expect(cartCheckout([{ productId: tea, quantity: 2 }], null, 10).atMost).toBeNull();
  });
});
