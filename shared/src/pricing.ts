// Basket discount tiers, delivery options and fees, and the cart/checkout totals (SPEC.md section 9).
// Every rule is a small data table; the functions only look rows up.
import { discountedPricePaise } from './money';
import { MAX_RUPEES } from './schemas/fields';

/** One basket discount tier: a subtotal strictly over `overPaise` earns `percent` off the subtotal. */
export interface BasketTier {
  readonly overPaise: number;
  readonly percent: number;
}

/**
 * Basket discount tiers on the subtotal (after item discounts), lowest first: strictly over Rs.350 gives
 * 1%, over Rs.500 1.75%, over Rs.1,000 2.25%, over Rs.1,500 3.5%. Rs.350 or less gets none.
 */
export const BASKET_TIERS: readonly BasketTier[] = [
  { overPaise: 35000, percent: 1 },
  { overPaise: 50000, percent: 1.75 },
  { overPaise: 100000, percent: 2.25 },
  { overPaise: 150000, percent: 3.5 },
];

function assertAmount(paise: number, what: string): void {
  if (!Number.isInteger(paise) || paise < 0) {
    throw new RangeError(`${what} must be a whole number of paise, 0 or more, got ${paise}`);
  }
}

/** The basket discount percent for a subtotal (1.75 means 1.75%); 0 at Rs.350 or less. */
export function basketDiscountRate(subtotalPaise: number): number {
  assertAmount(subtotalPaise, 'subtotal');
  let percent = 0;
  for (const tier of BASKET_TIERS) {
    if (subtotalPaise > tier.overPaise) percent = tier.percent;
  }
  return percent;
}

/**
 * The basket discount in paise: the tier percent of the subtotal, rounded to the nearest whole paisa,
 * a half paisa going to the shopper (Rs.350.50 at 1% is 350.5 paise -> 351). Computed in integer
 * basis points, so no floating-point error can move it.
 */
export function basketDiscountPaise(subtotalPaise: number): number {
  return discountAtRatePaise(subtotalPaise, basketDiscountRate(subtotalPaise));
}

/** A percent of a subtotal in paise, rounded as the basket discount is (a half paisa to the shopper). */
export function discountAtRatePaise(subtotalPaise: number, percent: number): number {
  const basisPoints = Math.round(percent * 100);
  return Math.floor((subtotalPaise * basisPoints + 5000) / 10000);
}

/** One row of a fee table: from this subtotal (inclusive) upwards, until the next row, the fee is `feePaise`. */
export interface FeeBand {
  readonly fromPaise: number;
  readonly feePaise: number;
}

/** The labels of the delivery options, in display order (the values `Choose` may take). */
export const DELIVERY_OPTION_LABELS = [
  '20 Minutes to 30 Minutes',
  '50 Minutes to 1 Hour',
  'Between 2 Hours to 2.30 Hours',
] as const;

export type DeliveryOptionLabel = (typeof DELIVERY_OPTION_LABELS)[number];

export type DeliveryOptionCode = 'express' | 'standard' | 'scheduled';

export interface DeliveryOption {
  readonly code: DeliveryOptionCode;
  /** The exact text shoppers see and the wire carries as `Choose`. */
  readonly label: DeliveryOptionLabel;
  /** The most minutes from order to door the label promises (its later end): what the day's report checks. */
  readonly promiseMinutes: number;
  /** The fewest minutes the label names (its earlier end): with promiseMinutes, the delivery window (issue 36). */
  readonly earliestMinutes: number;
  /** Fee bands, lowest subtotal first; the first band starts at 0. */
  readonly feeBands: readonly FeeBand[];
  /** The delivery fee for a subtotal (after item discounts), in paise. */
  readonly fee: (subtotalPaise: number) => number;
}

function deliveryOption(code: DeliveryOptionCode, label: DeliveryOptionLabel, [earliestMinutes, promiseMinutes]: readonly [number, number], feeBands: readonly FeeBand[]): DeliveryOption {
  return {
    code,
    label,
    promiseMinutes,
    earliestMinutes,
    feeBands,
    fee(subtotalPaise: number): number {
      assertAmount(subtotalPaise, 'subtotal');
      let fee = 0;
      for (const band of feeBands) {
        if (subtotalPaise >= band.fromPaise) fee = band.feePaise;
      }
      return fee;
    },
  };
}

/**
 * The three delivery options and their fees on the subtotal after item discounts:
 * - '20 Minutes to 30 Minutes': Rs.100 below Rs.350; Rs.50 from Rs.350 to Rs.999.99; free from Rs.1,000.
 * - '50 Minutes to 1 Hour': Rs.50 below Rs.350; Rs.20 from Rs.350 to Rs.749.99; free from Rs.750.
 * - 'Between 2 Hours to 2.30 Hours': always free.
 */
export const DELIVERY_OPTIONS: readonly DeliveryOption[] = [
  deliveryOption('express', '20 Minutes to 30 Minutes', [20, 30], [
    { fromPaise: 0, feePaise: 10000 },
    { fromPaise: 35000, feePaise: 5000 },
    { fromPaise: 100000, feePaise: 0 },
  ]),
  deliveryOption('standard', '50 Minutes to 1 Hour', [50, 60], [
    { fromPaise: 0, feePaise: 5000 },
    { fromPaise: 35000, feePaise: 2000 },
    { fromPaise: 75000, feePaise: 0 },
  ]),
  deliveryOption('scheduled', 'Between 2 Hours to 2.30 Hours', [120, 150], [{ fromPaise: 0, feePaise: 0 }]),
];

/** The option whose fee the cart shows before one is chosen (DESIGN.md section 10). */
export const DEFAULT_FEE_OPTION_LABEL: DeliveryOptionLabel = '50 Minutes to 1 Hour';

/** The delivery option with exactly this label, or undefined. */
export function deliveryOptionByLabel(label: string): DeliveryOption | undefined {
  return DELIVERY_OPTIONS.find((option) => option.label === label);
}

/** True when the text is one of the delivery option labels. */
export function isDeliveryOptionLabel(label: string): label is DeliveryOptionLabel {
  return (DELIVERY_OPTION_LABELS as readonly string[]).includes(label);
}

/**
 * The delivery fee of an option for a subtotal. No label (nothing chosen yet) means the default
 * option's fee; an unknown label is a programming error and throws.
 */
export function deliveryFeePaise(label: string | null | undefined, subtotalPaise: number): number {
  const chosen = label == null || label === '' ? DEFAULT_FEE_OPTION_LABEL : label;
  const option = deliveryOptionByLabel(chosen);
  if (!option) throw new RangeError(`Unknown delivery option "${chosen}"`);
  return option.fee(subtotalPaise);
}

/** The Rs.10 step the grand total is rounded down to. */
export const GRAND_TOTAL_STEP_PAISE = 1000;

/** One cart line: the item's price before discount, its discount percent and how many. */
export interface TotalsLine {
  pricePaise: number;
  discount: number;
  quantity: number;
  /**
   * A line whose money is not price x quantity (a weighed line, weight.ts `weighedTotalsLine`): its amounts,
   * computed once by their own rule, are taken as they are, so the printed line and the subtotal are one number.
   */
  amount?: LineAmount;
}

/** A line's money in paise: before item discounts, and what it adds to the subtotal (the printed amount). */
export interface LineAmount {
  undiscountedPaise: number;
  linePaise: number;
}

/**
 * What one line costs, the one place a line's printed amount is found, so that the printed lines always add up
 * to the subtotal: its precomputed amount when it carries one, else discounted price x quantity.
 */
export function lineAmountPaise(line: TotalsLine): LineAmount {
  if (!Number.isInteger(line.quantity) || line.quantity < 0) {
    throw new RangeError(`quantity must be a whole number, 0 or more, got ${line.quantity}`);
  }
  if (line.amount) {
    assertAmount(line.amount.undiscountedPaise, 'undiscounted line amount');
    assertAmount(line.amount.linePaise, 'line amount');
    return { undiscountedPaise: line.amount.undiscountedPaise, linePaise: line.amount.linePaise };
  }
  return { undiscountedPaise: line.pricePaise * line.quantity, linePaise: discountedPricePaise(line.pricePaise, line.discount) * line.quantity };
}

/** The grand total of an amount: rounded DOWN to the nearest Rs.10 (GRAND_TOTAL_STEP_PAISE), the rest to the shopper. */
export function roundGrandTotalPaise(beforeRoundingPaise: number): number {
  return Math.floor(beforeRoundingPaise / GRAND_TOTAL_STEP_PAISE) * GRAND_TOTAL_STEP_PAISE;
}

export interface Totals {
  /** Number of items: the sum of the quantities. */
  itemCount: number;
  /** Sum of price x quantity before item discounts. */
  undiscountedPaise: number;
  /** Sum of discounted price x quantity. */
  subtotalPaise: number;
  /** undiscounted - subtotal. */
  itemSavingsPaise: number;
  /** Basket discount percent (1.75 means 1.75%). */
  basketDiscountRate: number;
  basketDiscountPaise: number;
  deliveryFeePaise: number;
  /** subtotal - basket discount + delivery fee. */
  beforeRoundingPaise: number;
  /** beforeRounding rounded down to the nearest Rs.10. */
  grandTotalPaise: number;
  /** beforeRounding - grandTotal (0 to Rs.9.99), given to the shopper. */
  roundingPaise: number;
  /** undiscounted - subtotal + basket discount + rounding. */
  savingsPaise: number;
  /** What the total was before rounding ('Rounded from'), or null when rounding changed nothing. */
  roundedFromPaise: number | null;
}

/** The item count, the amount before item discounts and the subtotal after them (the sum of lineAmountPaise), of some lines. */
export function sumLines(lines: readonly TotalsLine[]): { itemCount: number; undiscountedPaise: number; subtotalPaise: number } {
  let itemCount = 0;
  let undiscountedPaise = 0;
  let subtotalPaise = 0;
  for (const line of lines) {
    const amount = lineAmountPaise(line);
    itemCount += line.quantity;
    undiscountedPaise += amount.undiscountedPaise;
    subtotalPaise += amount.linePaise;
  }
  return { itemCount, undiscountedPaise, subtotalPaise };
}

/**
 * Cart and checkout totals, the one place they are computed:
 * - subtotal = sum of discounted line prices x quantity;
 * - basket discount by tier on the subtotal; delivery fee of the chosen option (the default option when
 *   none is given) on the subtotal; an empty cart has no fee;
 * - grand total = subtotal - basket discount + fee, rounded DOWN to the nearest Rs.10, the remainder
 *   added to the savings;
 * - savings = undiscounted - subtotal + basket discount + rounding remainder.
 * Invariant: grandTotal + basketDiscount + rounding = subtotal + fee.
 */
export function computeTotals(lines: readonly TotalsLine[], optionLabel?: string | null): Totals {
  const { itemCount, undiscountedPaise, subtotalPaise } = sumLines(lines);
  const rate = basketDiscountRate(subtotalPaise);
  const basket = basketDiscountPaise(subtotalPaise);
  const fee = itemCount === 0 ? 0 : deliveryFeePaise(optionLabel, subtotalPaise);
  const beforeRoundingPaise = subtotalPaise - basket + fee;
  const grandTotalPaise = roundGrandTotalPaise(beforeRoundingPaise);
  const roundingPaise = beforeRoundingPaise - grandTotalPaise;
  return {
    itemCount,
    undiscountedPaise,
    subtotalPaise,
    itemSavingsPaise: undiscountedPaise - subtotalPaise,
    basketDiscountRate: rate,
    basketDiscountPaise: basket,
    deliveryFeePaise: fee,
    beforeRoundingPaise,
    grandTotalPaise,
    roundingPaise,
    savingsPaise: undiscountedPaise - subtotalPaise + basket + roundingPaise,
    roundedFromPaise: roundingPaise === 0 ? null : beforeRoundingPaise,
  };
}

/**
 * The most one order may come to, before or after discounts: Rs.1,00,00,000 (one crore, the highest price a
 * product may have). An order keeps its amounts in 32-bit paise columns (at most Rs.2,14,74,836.47), so a
 * bigger one could not be stored; no grocery order comes near it, so it is refused with a clear answer.
 */
export const MAX_ORDER_PAISE = MAX_RUPEES * 100;

/** Whether totals are beyond what one order may come to (MAX_ORDER_PAISE before discounts, or in all). */
export function isOrderTooLarge(totals: Pick<Totals, 'undiscountedPaise' | 'grandTotalPaise'>): boolean {
  return totals.undiscountedPaise > MAX_ORDER_PAISE || totals.grandTotalPaise > MAX_ORDER_PAISE;
}

/** The smallest basket (subtotal after item discounts) a shop takes by default: MIN_ORDER_RUPEES (issue 30). */
export const DEFAULT_MIN_ORDER_RUPEES = 100;

/**
 * How much more (paise) a basket needs before it can be ordered, or 0 when it can: up to the shop's minimum
 * basket (its subtotal after item discounts), and whatever the minimum, past a grand total of Rs.0 (an Rs.8
 * basket with free delivery rounds down to nothing: the next Rs.10 step). An empty cart needs no amount: it is
 * refused as empty.
 */
export function minimumShortfallPaise(totals: Pick<Totals, 'itemCount' | 'subtotalPaise' | 'beforeRoundingPaise' | 'grandTotalPaise'>, minimumPaise: number): number {
  if (totals.itemCount === 0) return 0;
  const toMinimum = Math.max(0, minimumPaise - totals.subtotalPaise);
  if (toMinimum > 0) return toMinimum;
  return totals.grandTotalPaise > 0 ? 0 : GRAND_TOTAL_STEP_PAISE - totals.beforeRoundingPaise;
}
