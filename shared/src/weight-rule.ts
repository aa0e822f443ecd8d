// The rule of a product sold by weight (issue 34), apart from the arithmetic in weight.ts: how a product is sold,
// the limits of its grams and what makes a step, minimum and maximum acceptable. It imports nothing of the
// catalogue, pricing or schemas, so each of them may use it (weight.ts re-exports all of it).
import { MAX_LINE_QUANTITY } from './line-quantity';

/** How a product is sold: `EACH` (whole units, as before) or by `WEIGHT` (a price per kg, charged by the scale). */
export const SELL_BY = ['EACH', 'WEIGHT'] as const;
export type SellBy = (typeof SELL_BY)[number];

/** A product's way of selling until it is set: by the unit, as every product was before weights. */
export const DEFAULT_SELL_BY: SellBy = 'EACH';

/** Whether a value from the wire or a form is one of SELL_BY. */
export function isSellBy(value: unknown): value is SellBy {
  return typeof value === 'string' && (SELL_BY as readonly string[]).includes(value);
}

/** How far over the asked weight a line is still charged as weighed, unless the shop sets WEIGHT_TOLERANCE_PERCENT. */
export const DEFAULT_WEIGHT_TOLERANCE_PERCENT = 10;

/** The scale label layout unless the shop sets SCALE_LABEL_PATTERN: prefix 2x, a 5-digit product code, grams, check digit. */
export const DEFAULT_SCALE_LABEL_PATTERN = '2PPPPPWWWWWC';

/** Grams in one kilo: prices of weighed products are per kg. */
export const GRAMS_PER_KG = 1000;

/** The smallest step a weighed product may be sold in: a scale cannot be trusted much below 10 g. */
export const MIN_STEP_GRAMS = 10;

/** The most one weighed line may ask for (100 kg, a few sacks of rice): keeps every amount an exact integer. */
export const MAX_WEIGHED_GRAMS = 100_000;

/**
 * How a weighed product may be bought: in steps of `stepGrams`, from `minGrams` to `maxGrams` per order.
 * Cart and order quantities count steps (3 of a 250 g step is 750 g), so the minimum and maximum are multiples of
 * the step: every weight the stepper offers is one a shopper may order, and both ends can be reached.
 */
export interface WeighedRule {
  stepGrams: number;
  minGrams: number;
  maxGrams: number;
}

/** Why a weighed rule is refused: the field to name in the 400 and the form, and what is wrong with it. */
export interface WeighedRuleProblem {
  field: keyof WeighedRule;
  reason: 'integer' | 'tooSmall' | 'tooLarge' | 'notMultiple' | 'minAboveMax';
}

/**
 * The first problem of a weighed rule, so the product form and the server refuse the same rules, or null:
 * each field a whole number; the step at least MIN_STEP_GRAMS; the minimum at least one step; the maximum at most
 * MAX_WEIGHED_GRAMS and at most MAX_LINE_QUANTITY steps; minimum and maximum multiples of the step; min <= max.
 */
export function weighedRuleProblem(rule: WeighedRule): WeighedRuleProblem | null {
  const fields = ['stepGrams', 'minGrams', 'maxGrams'] as const;
  for (const field of fields) {
    if (!Number.isSafeInteger(rule[field])) return { field, reason: 'integer' };
  }
  const { stepGrams, minGrams, maxGrams } = rule;
  if (stepGrams < MIN_STEP_GRAMS) return { field: 'stepGrams', reason: 'tooSmall' };
  if (stepGrams > MAX_WEIGHED_GRAMS) return { field: 'stepGrams', reason: 'tooLarge' };
  if (minGrams < stepGrams) return { field: 'minGrams', reason: 'tooSmall' };
  if (minGrams % stepGrams !== 0) return { field: 'minGrams', reason: 'notMultiple' };
  if (maxGrams > MAX_WEIGHED_GRAMS || maxGrams / stepGrams > MAX_LINE_QUANTITY) return { field: 'maxGrams', reason: 'tooLarge' };
  if (maxGrams % stepGrams !== 0) return { field: 'maxGrams', reason: 'notMultiple' };
  if (minGrams > maxGrams) return { field: 'maxGrams', reason: 'minAboveMax' };
  return null;
}
