// Selling by weight on the shopper's screens (issue 34): a weighed product's quantity counts steps of its
// `stepGrams`, its price is per kg. The arithmetic is @kade/shared's (weight.ts, catalogue.ts); this file only
// turns the shop's products and cart lines into what those rules take, so every screen shows the server's figures.
import {
  checkoutTotals,
  gramsForSteps,
  perKgChargePaise,
  rupeesToPaise,
  weighedAmountPaise,
  weighedRuleOf,
  type OrderLine,
  type SellBy,
  type WeighedRule,
} from '@kade/shared';

/** What the weighed rules need of a product, a variation or a cart line's product. */
export interface WeighableProduct {
  price: number;
  discount: number;
  sellBy?: SellBy | null;
  stepGrams?: number | null;
  minGrams?: number | null;
  maxGrams?: number | null;
}

/** The product's weighed rule (step, minimum, maximum), or null when it is sold by the unit. */
export const weighedRule = (product: WeighableProduct): WeighedRule | null => weighedRuleOf(product);

/** The grams `quantity` steps of a weighed product ask for (3 of a 250 g step: 750 g). */
export function askedGrams(rule: WeighedRule, quantity: number): number {
  return gramsForSteps(quantity, rule.stepGrams);
}

/** The price per kg the shopper pays (after the product's discount), in paise. */
export const perKgPaidPaise = (product: WeighableProduct): number => perKgChargePaise(rupeesToPaise(product.price), product.discount);

/** A weighed line's estimate in paise: the asked grams at the per-kg price paid, half up to the rupee. */
export function weighedEstimatePaise(product: WeighableProduct, rule: WeighedRule, quantity: number): number {
  return weighedAmountPaise(askedGrams(rule, quantity), perKgPaidPaise(product));
}

/** A cart line as the shared totals take it: by the unit, or by weight at its asked grams (not weighed yet). */
export function orderLineOf(line: { productId: WeighableProduct; quantity: number }): OrderLine {
  const pricePaise = rupeesToPaise(line.productId.price);
  const rule = weighedRuleOf(line.productId);
  if (!rule) return { pricePaise, discount: line.productId.discount, quantity: line.quantity };
  return { sellBy: 'WEIGHT', pricePaise, discount: line.productId.discount, askedGrams: askedGrams(rule, line.quantity) };
}

/**
 * The cart's figures as checkout shows them: the estimate (the totals at the asked weights, what the order is
 * placed with) and, while a weighed line is in the cart, the "at most" figure under the shop's tolerance.
 */
export function cartCheckout(lines: ReadonlyArray<{ productId: WeighableProduct; quantity: number }>, optionLabel: string | null | undefined, tolerancePercent?: number) {
  return checkoutTotals(lines.map(orderLineOf), optionLabel, tolerancePercent);
}
