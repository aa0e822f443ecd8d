// Packing that tells the truth (issue 33): what a shopper asked for a line that runs short, what a proposed
// substitute becomes, and the order's total after packing. The server decides with these; the screens show them.
import { sameName } from './catalogue';
import { discountedPricePaise } from './money';
import { basketDiscountRate, deliveryFeePaise, discountAtRatePaise, roundGrandTotalPaise, sumLines, type Totals, type TotalsLine } from './pricing';

/**
 * What the shopper wants when a line runs short: `SIMILAR` (replace it with a similar item at no extra cost),
 * `ASK` (ask me) or `NONE` (just remove it).
 */
export const SUBSTITUTION_PREFERENCES = ['SIMILAR', 'ASK', 'NONE'] as const;
export type SubstitutionPreference = (typeof SUBSTITUTION_PREFERENCES)[number];

/** A cart line's preference until the shopper picks another. */
export const DEFAULT_SUBSTITUTION: SubstitutionPreference = 'SIMILAR';

export function isSubstitutionPreference(value: unknown): value is SubstitutionPreference {
  return typeof value === 'string' && (SUBSTITUTION_PREFERENCES as readonly string[]).includes(value);
}

/** Where a proposed substitute stands. */
/** What a proposal asks of the shopper: a SUBSTITUTE for a short line (issue 33), or a HEAVIER weight (issue 34). */
export const PROPOSAL_KINDS = ['SUBSTITUTE', 'HEAVIER'] as const;
export type ProposalKind = (typeof PROPOSAL_KINDS)[number];

export const PROPOSAL_STATUSES = ['PENDING', 'ACCEPTED', 'DECLINED', 'EXPIRED', 'AUTO_ACCEPTED'] as const;
export type ProposalStatus = (typeof PROPOSAL_STATUSES)[number];

export function isProposalStatus(value: unknown): value is ProposalStatus {
  return typeof value === 'string' && (PROPOSAL_STATUSES as readonly string[]).includes(value);
}

/** A substitute the order keeps (the shopper's yes, or one that needed none). */
export function keepsSubstitute(status: ProposalStatus): boolean {
  return status === 'ACCEPTED' || status === 'AUTO_ACCEPTED';
}

/** How long a shopper has to answer a proposal unless the shop sets SUBSTITUTION_ANSWER_MINUTES. */
export const DEFAULT_SUBSTITUTION_ANSWER_MINUTES = 5;

/**
 * What staff's proposal of a substitute becomes at once: under `SIMILAR` one that costs the shopper no more a
 * unit than the line it replaces is accepted without asking; a dearer one, or any under `ASK`, waits for the
 * shopper. Under `NONE` the shopper wants no substitute: the line is only removed, and a proposal is refused.
 */
export function proposalOpening(preference: SubstitutionPreference, substituteUnitPaise: number, originalUnitPaise: number): 'AUTO_ACCEPTED' | 'PENDING' | 'REFUSED' {
  if (preference === 'NONE') return 'REFUSED';
  if (preference === 'SIMILAR' && substituteUnitPaise <= originalUnitPaise) return 'AUTO_ACCEPTED';
  return 'PENDING';
}

/**
 * What an unanswered proposal becomes when its time is up or the order leaves packing: under `SIMILAR` a
 * substitute that is not dearer is kept; anything else is removed. Packing never waits for a shopper.
 */
export function unansweredOutcome(preference: SubstitutionPreference, substituteUnitPaise: number, originalUnitPaise: number): 'AUTO_ACCEPTED' | 'EXPIRED' {
  return preference === 'SIMILAR' && substituteUnitPaise <= originalUnitPaise ? 'AUTO_ACCEPTED' : 'EXPIRED';
}

/**
 * The unit price a kept substitute is charged at: at most the unit price of the line it replaces, unless the
 * shopper accepted the dearer price (their tap on a prompt that showed it).
 */
export function substituteChargePaise(substituteUnitPaise: number, originalUnitPaise: number, acceptedDearer: boolean): number {
  return acceptedDearer ? substituteUnitPaise : Math.min(substituteUnitPaise, originalUnitPaise);
}

/** A product that might stand in for a short one. */
export interface SubstituteCandidate {
  id: string;
  name: string;
  subCategoryIds: readonly string[];
  pricePaise: number;
  discount: number;
  stock: number;
  publish: boolean;
}

/**
 * Sub-categories every product is put on (the shop's 'All Products' shelf, SPEC.md section 9): sharing one says
 * nothing about two products being alike, so suggestions never match on it.
 */
export const CATCH_ALL_SUB_CATEGORIES = ['All Products'] as const;

/**
 * The shelves a short product's substitutes are looked for on: its sub-categories but the catch-all ones (all of
 * them when it is on no other).
 */
export function likenessShelves<S extends { id: string; name: string }>(shelves: readonly S[]): S[] {
  const telling = shelves.filter((shelf) => !CATCH_ALL_SUB_CATEGORIES.some((all) => sameName(all, shelf.name)));
  return telling.length > 0 ? telling : [...shelves];
}

/**
 * The substitutes to suggest for a short product: published, in stock, sharing a sub-category with it, not
 * itself; nearest in price (after item discounts) first, the cheaper of two equally near first, then by name.
 */
export function rankSubstitutes<C extends SubstituteCandidate>(short: Pick<SubstituteCandidate, 'id' | 'subCategoryIds' | 'pricePaise' | 'discount'>, candidates: readonly C[]): C[] {
  const target = discountedPricePaise(short.pricePaise, short.discount);
  const shelves = new Set(short.subCategoryIds);
  const price = (c: C) => discountedPricePaise(c.pricePaise, c.discount);
  return candidates
    .filter((c) => c.id !== short.id && c.publish && c.stock > 0 && c.subCategoryIds.some((id) => shelves.has(id)))
    .sort((a, b) => Math.abs(price(a) - target) - Math.abs(price(b) - target) || price(a) - price(b) || a.name.localeCompare(b.name));
}

/** What was promised at checkout and is kept after packing unless the recomputed figure favours the shopper. */
export interface CheckoutPromise {
  /** The delivery option's label. */
  optionLabel: string;
  /** The basket discount percent at checkout (1.75 means 1.75%). */
  basketDiscountRate: number;
  /** The delivery fee at checkout, in paise. */
  deliveryFeePaise: number;
}

/** An order's money after packing, in paise: the checkout totals' figures (pricing.ts `Totals`) a revision recomputes. */
export type RevisedTotals = Pick<
  Totals,
  'itemCount' | 'undiscountedPaise' | 'subtotalPaise' | 'basketDiscountRate' | 'basketDiscountPaise' | 'deliveryFeePaise' | 'beforeRoundingPaise' | 'grandTotalPaise' | 'roundingPaise'
>;

/**
 * The order's total after packing, from the lines it now sends (found quantities, kept substitutes at their
 * charged price): the basket discount rate and delivery fee promised at checkout are kept unless the ones the
 * new subtotal earns favour the shopper (a higher rate, a lower fee); the grand total is rounded down to Rs.10
 * as at checkout. Nothing left to send costs nothing, not even delivery.
 */
export function reviseTotals(lines: readonly TotalsLine[], promise: CheckoutPromise): RevisedTotals {
  const sum = sumLines(lines);
  const rate = Math.max(promise.basketDiscountRate, basketDiscountRate(sum.subtotalPaise));
  return totalsAt(sum, rate, Math.min(promise.deliveryFeePaise, deliveryFeePaise(promise.optionLabel, sum.subtotalPaise)));
}

/**
 * The totals of summed lines at a basket discount rate and delivery fee already decided (a revision's, or the
 * "at most" figure's, weight.ts): nothing to send costs nothing, not even delivery; rounded down to Rs.10.
 */
export function totalsAt(sum: Pick<RevisedTotals, 'itemCount' | 'undiscountedPaise' | 'subtotalPaise'>, rate: number, feePaise: number): RevisedTotals {
  const { itemCount, undiscountedPaise, subtotalPaise } = sum;
  const basket = discountAtRatePaise(subtotalPaise, rate);
  const fee = itemCount === 0 ? 0 : feePaise;
  const beforeRoundingPaise = subtotalPaise - basket + fee;
  const grandTotalPaise = roundGrandTotalPaise(beforeRoundingPaise);
  return {
    itemCount,
    undiscountedPaise,
    subtotalPaise,
    basketDiscountRate: itemCount === 0 ? 0 : rate,
    basketDiscountPaise: basket,
    deliveryFeePaise: fee,
    beforeRoundingPaise,
    grandTotalPaise,
    roundingPaise: beforeRoundingPaise - grandTotalPaise,
  };
}

/**
 * The unit price a kept substitute costs on the order: its own price when the shopper accepted it (they saw that
 * price), the price capped at the ordered line's otherwise (paise or rupees alike: the server's revision and the
 * shopper's order card read it the same way).
 */
export function keptSubstituteUnit(status: ProposalStatus, unitPrice: number, cappedPrice: number): number {
  return status === 'ACCEPTED' ? unitPrice : cappedPrice;
}
