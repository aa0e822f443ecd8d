// Selling by weight (issue 34): loose vegetables, fish, meat, rice and dhal priced per kilo and charged by the
// scale. Weights are integer grams and money integer paise; every amount here is found with integer arithmetic,
// so a line prints the number the subtotal adds, and the "at most" figure shown at checkout is never passed
// without the shopper's tap. The server decides with these; the screens show them. Scale labels: scale-label.ts.
import type { Language } from './language';
import { perKgWord } from './product-words';
import { assertGrams } from './grams';
import { DEFAULT_WEIGHT_TOLERANCE_PERCENT, GRAMS_PER_KG, type WeighedRule } from './weight-rule';
import { discountedPricePaise, formatRs } from './money';
import { computeTotals, DEFAULT_FEE_OPTION_LABEL, lineAmountPaise, sumLines, type LineAmount, type Totals, type TotalsLine } from './pricing';
import { totalsAt, type CheckoutPromise, type RevisedTotals } from './substitution';

export * from './weight-rule';

/** The grams a cart or order line asks for: its quantity counts steps (3 of a 250 g step is 750 g). */
export function gramsForSteps(quantity: number, stepGrams: number): number {
  if (!Number.isSafeInteger(quantity) || quantity < 0) throw new RangeError(`quantity must be a whole number, 0 or more, got ${quantity}`);
  assertGrams(stepGrams, 'step');
  return quantity * stepGrams;
}

/** The fewest and most steps one line may hold (of a rule weighedRuleProblem passed), for the stepper's ends and the server's check of a cart line. */
export function stepLimits(rule: WeighedRule): { minSteps: number; maxSteps: number } {
  return { minSteps: rule.minGrams / rule.stepGrams, maxSteps: rule.maxGrams / rule.stepGrams };
}

/** Whether a line of this many steps may be ordered (within the product's minimum and maximum). */
export function isAllowedSteps(quantity: number, rule: WeighedRule): boolean {
  const { minSteps, maxSteps } = stepLimits(rule);
  return Number.isSafeInteger(quantity) && quantity >= minSteps && quantity <= maxSteps;
}

/** Whole kilos and the rest in grams of a weight, with the grams as three digits ('1250' -> ['1', '250']). */
function kilosAndGrams(grams: number): [string, string] {
  assertGrams(grams, 'weight');
  return [String(Math.floor(grams / GRAMS_PER_KG)), String(grams % GRAMS_PER_KG).padStart(3, '0')];
}

/**
 * A weight as the stepper and the cart show it: below a kilo in grams ('250 g'), from a kilo in kilos with the
 * trailing zeros trimmed ('1 kg', '1.25 kg', '1.005 kg'). Units stay 'g' and 'kg' in every language, as on the scale.
 */
export function formatWeight(grams: number): string {
  const [kilos, rest] = kilosAndGrams(grams);
  if (grams < GRAMS_PER_KG) return `${grams} g`;
  const trimmed = rest.replace(/0+$/, '');
  return trimmed === '' ? `${kilos} kg` : `${kilos}.${trimmed} kg`;
}

/** A weight as the receipt prints it, always kilos with three decimals so the column lines up ('0.742 kg', '1.250 kg'). */
export function formatReceiptKg(grams: number): string {
  const [kilos, rest] = kilosAndGrams(grams);
  return `${kilos}.${rest} kg`;
}

/**
 * A price per kg as the catalogue, product form and sheet show it ('Rs.480.00 / kg'), with the shared money format;
 * a shopper reading Sinhala or Tamil sees the kilo in their words ('Rs.480.00 / கிலோ'). Weights themselves
 * (formatWeight) stay 'g' and 'kg', as the scale's label prints them.
 */
export function formatPerKg(perKgPaise: number, language: Language = 'en'): string {
  return `${formatRs(perKgPaise)} / ${perKgWord(language)}`;
}

/**
 * The middle of a weighed receipt line, in the receipt's style for units ('2 x Rs.50.00'):
 * '0.742 kg x Rs.480.00/kg' (ASCII 'x', as every receipt line prints).
 */
export function formatReceiptWeighed(grams: number, perKgPaise: number): string {
  return `${formatReceiptKg(grams)} x ${formatRs(perKgPaise)}/kg`;
}

/** The per-kg price a shopper pays: the item-price rule of money.ts applied to the price per kg (one rule, not a copy). */
export function perKgChargePaise(perKgPricePaise: number, discountPercent: number): number {
  return discountedPricePaise(perKgPricePaise, discountPercent);
}

/** Paise in one rupee times grams in one kilo: grams x per-kg paise over this is rupees. */
const GRAM_PAISE_PER_RUPEE = GRAMS_PER_KG * 100;

/**
 * What a weight costs at a per-kg price: grams x price / 1000, rounded half up to the whole rupee (Rs.356.16 ->
 * Rs.356.00, Rs.356.50 -> Rs.357.00), so a weighed line prints whole rupees. Integer arithmetic only: the product
 * stays below 2^53 for every price up to MAX_RUPEES and weight up to ten times MAX_WEIGHED_GRAMS, and is refused above.
 */
export function weighedAmountPaise(grams: number, perKgPaise: number): number {
  assertGrams(grams, 'weight');
  if (!Number.isSafeInteger(perKgPaise) || perKgPaise < 0) throw new RangeError(`price per kg must be a whole number of paise, 0 or more, got ${perKgPaise}`);
  const scaled = grams * perKgPaise + GRAM_PAISE_PER_RUPEE / 2;
  if (!Number.isSafeInteger(scaled)) throw new RangeError(`weight ${grams} g at ${perKgPaise} paise per kg is too large to compute exactly`);
  return ((scaled - (scaled % GRAM_PAISE_PER_RUPEE)) / GRAM_PAISE_PER_RUPEE) * 100;
}

/** The price and discount of a weighed line, and the grams it is charged for. */
export interface WeighedCharge {
  /** Price per kg before discount, in paise. */
  pricePaise: number;
  discount: number;
  grams: number;
}

/** A weighed line's money: before discount at the per-kg price, and the printed amount at the discounted per-kg price. */
export function weighedLineAmount(line: WeighedCharge): LineAmount {
  return {
    undiscountedPaise: weighedAmountPaise(line.grams, line.pricePaise),
    linePaise: weighedAmountPaise(line.grams, perKgChargePaise(line.pricePaise, line.discount)),
  };
}

/**
 * A weighed line as pricing.ts totals it: its amounts precomputed by weight, counted as one item (none when it
 * weighs 0 g, so an order with nothing left costs nothing, not even delivery).
 */
export function weighedTotalsLine(line: WeighedCharge): TotalsLine {
  return { pricePaise: line.pricePaise, discount: line.discount, quantity: line.grams > 0 ? 1 : 0, amount: weighedLineAmount(line) };
}

/** Refuses a tolerance that is not a whole percent from 0 to 100, so the cap stays whole grams. */
function assertTolerance(tolerancePercent: number): void {
  if (!Number.isInteger(tolerancePercent) || tolerancePercent < 0 || tolerancePercent > 100) {
    throw new RangeError(`weight tolerance must be a whole percent from 0 to 100, got ${tolerancePercent}`);
  }
}

/**
 * The most grams a line may be charged without the shopper's tap: the asked weight plus the tolerance, rounded
 * DOWN to the gram (a fraction of a gram over the promise is never charged): 333 g at 10% -> 366 g.
 */
export function toleranceCapGrams(askedGrams: number, tolerancePercent: number = DEFAULT_WEIGHT_TOLERANCE_PERCENT): number {
  assertGrams(askedGrams, 'asked weight');
  assertTolerance(tolerancePercent);
  const scaled = askedGrams * (100 + tolerancePercent);
  return (scaled - (scaled % 100)) / 100;
}

/** Whether a weighed amount is more than the tolerance allows, so packing asks the shopper (issue 33's live prompt). */
export function isOverTolerance(askedGrams: number, weighedGrams: number, tolerancePercent: number = DEFAULT_WEIGHT_TOLERANCE_PERCENT): boolean {
  assertGrams(weighedGrams, 'weighed weight');
  return weighedGrams > toleranceCapGrams(askedGrams, tolerancePercent);
}

/**
 * The grams a weighed line is charged for: as weighed up to the cap (a lighter weight too), the cap above it,
 * unless the shopper accepted the heavier weight (their tap on a prompt that showed it).
 */
export function chargedGrams(askedGrams: number, weighedGrams: number, acceptedHeavier: boolean, tolerancePercent: number = DEFAULT_WEIGHT_TOLERANCE_PERCENT): number {
  const cap = toleranceCapGrams(askedGrams, tolerancePercent);
  assertGrams(weighedGrams, 'weighed weight');
  return acceptedHeavier ? weighedGrams : Math.min(weighedGrams, cap);
}

/** A line sold by the unit, as pricing.ts totals it. */
export type UnitOrderLine = TotalsLine & { sellBy?: 'EACH' };

/** A line sold by weight: the per-kg price and discount, the asked grams, and the scale's grams once packed. */
export interface WeighedOrderLine {
  sellBy: 'WEIGHT';
  /** Price per kg before discount, in paise. */
  pricePaise: number;
  discount: number;
  askedGrams: number;
  /** The scale's grams, null (or absent) until packed. */
  weighedGrams?: number | null;
  /** The shopper accepted a weight over the tolerance. */
  acceptedHeavier?: boolean;
  /**
   * The grams charged as packing decided them and the order stored them (null or absent: found from the weighed
   * grams and `acceptedHeavier`), so a later change of the tolerance never changes an order already packed.
   */
  chargedGrams?: number | null;
}

/** One line of a cart or an order, by the unit or by weight. */
export type OrderLine = UnitOrderLine | WeighedOrderLine;

/** Whether a line is sold by weight (a line without `sellBy` is sold by the unit, as every line before weights). */
function isWeighed(line: OrderLine): line is WeighedOrderLine {
  return line.sellBy === 'WEIGHT';
}

/**
 * The lines to total, each weighed line at the grams that count: once weighed, its charged grams; before that,
 * the asked grams for the estimate or the tolerance cap for the "at most" figure. Unit lines stay as they are.
 */
export function totalsLines(lines: readonly OrderLine[], at: 'estimate' | 'atMost', tolerancePercent: number = DEFAULT_WEIGHT_TOLERANCE_PERCENT): TotalsLine[] {
  return lines.map((line) => {
    if (!isWeighed(line)) return line;
    const grams =
      line.chargedGrams != null
        ? line.chargedGrams
        : line.weighedGrams != null
        ? chargedGrams(line.askedGrams, line.weighedGrams, line.acceptedHeavier === true, tolerancePercent)
        : at === 'atMost'
          ? toleranceCapGrams(line.askedGrams, tolerancePercent)
          : line.askedGrams;
    return weighedTotalsLine({ pricePaise: line.pricePaise, discount: line.discount, grams });
  });
}

/** Whether any weighed line is still unweighed: while so, the order shows (and the wire carries) its "at most" figure. */
export function hasUnweighedLine(lines: readonly OrderLine[]): boolean {
  return lines.some((line) => isWeighed(line) && line.weighedGrams == null);
}

/**
 * The "at most" figure of an order: every weighed line at its cap (or its charged grams once weighed), every
 * other line as it is, with the basket discount rate and delivery fee promised at checkout held fixed, rounded down
 * to Rs.10 as every total is. Holding them fixed is what makes it a bound: packing (substitution.ts reviseTotals)
 * charges a subtotal no larger, with a rate no lower and a fee no higher, and subtotal minus its discount never falls
 * as the subtotal grows, so the charged total can pass this figure only through the shopper's tap.
 */
export function atMostTotals(lines: readonly OrderLine[], promise: CheckoutPromise, tolerancePercent: number = DEFAULT_WEIGHT_TOLERANCE_PERCENT): RevisedTotals {
  return totalsAt(sumLines(totalsLines(lines, 'atMost', tolerancePercent)), promise.basketDiscountRate, promise.deliveryFeePaise);
}

/**
 * What the cart and checkout show for lines that may be weighed: the totals at the asked weights (the estimate,
 * whose basket rate and fee become the order's checkout promise), and while any weighed line is unweighed the
 * "at most" figure from that promise (null when there is none to show).
 */
export function checkoutTotals(
  lines: readonly OrderLine[],
  optionLabel?: string | null,
  tolerancePercent: number = DEFAULT_WEIGHT_TOLERANCE_PERCENT,
): { estimate: Totals; promise: CheckoutPromise; atMost: RevisedTotals | null } {
  const estimate = computeTotals(totalsLines(lines, 'estimate', tolerancePercent), optionLabel);
  const promise: CheckoutPromise = {
    optionLabel: optionLabel == null || optionLabel === '' ? DEFAULT_FEE_OPTION_LABEL : optionLabel,
    basketDiscountRate: estimate.basketDiscountRate,
    deliveryFeePaise: estimate.deliveryFeePaise,
  };
  return { estimate, promise, atMost: hasUnweighedLine(lines) ? atMostTotals(lines, promise, tolerancePercent) : null };
}

/** The amount a line prints, the same number its subtotal adds (pricing.ts lineAmountPaise on its totals line). */
export function printedLinePaise(line: OrderLine, tolerancePercent: number = DEFAULT_WEIGHT_TOLERANCE_PERCENT): number {
  return lineAmountPaise(totalsLines([line], 'estimate', tolerancePercent)[0]!).linePaise;
}

// Scale labels: the EAN-13 a shop's scale prints on a weighed bag, read at packing.
