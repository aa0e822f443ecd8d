// Keeping the terms' promises (issue 35): problems reported on a delivered order, refunds as store credit, and
// promo codes. Credit is a ledger of lots: each issue is a lot with its own expiry and readable code; redeeming
// takes the soonest-expiring lots first, and a cancelled order's redemption goes back to the lots it came from,
// each with its own expiry. Every amount is integer paise; the server decides with these, the screens show them.
import { POLICY } from './constants';
import { discountAtRatePaise, roundGrandTotalPaise, type Totals } from './pricing';

/** Why a delivered line is reported (the terms, sections 14 to 16). */
export const PROBLEM_REASONS = ['DAMAGED', 'DEFECTIVE', 'EXPIRED', 'WRONG_ITEM', 'MISSING'] as const;
export type ProblemReason = (typeof PROBLEM_REASONS)[number];

/** Where a problem report stands: waiting for the store, or decided. */
export const PROBLEM_STATUSES = ['OPEN', 'APPROVED', 'DECLINED'] as const;
export type ProblemStatus = (typeof PROBLEM_STATUSES)[number];

/** How an approved refund is given: store credit (the default), or cash the store pays back. */
export const REFUND_KINDS = ['CREDIT', 'CASH'] as const;
export type RefundKind = (typeof REFUND_KINDS)[number];

/** How long after delivery a problem may be reported, unless the shop sets PROBLEM_REPORT_HOURS. */
export const DEFAULT_PROBLEM_REPORT_HOURS = 24;

const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;

export function isProblemReason(value: unknown): value is ProblemReason {
  return typeof value === 'string' && (PROBLEM_REASONS as readonly string[]).includes(value);
}

/** When the window to report a problem on an order delivered at `deliveredAt` closes. */
export function problemWindowEnds(deliveredAt: Date, hours: number = DEFAULT_PROBLEM_REPORT_HOURS): Date {
  return new Date(deliveredAt.getTime() + hours * HOUR_MS);
}

/** Whether a problem may still be reported at `now` on an order delivered at `deliveredAt` (the end is outside). */
export function isProblemWindowOpen(deliveredAt: Date, now: Date, hours: number = DEFAULT_PROBLEM_REPORT_HOURS): boolean {
  return now.getTime() >= deliveredAt.getTime() && now.getTime() < problemWindowEnds(deliveredAt, hours).getTime();
}

/** Whether a report needs a photo or video: every reason but a missing item, which cannot be photographed. */
export function problemNeedsProof(reasons: readonly ProblemReason[]): boolean {
  return reasons.some((reason) => reason !== 'MISSING');
}

/** How many of a line may still be reported: what was delivered, less what earlier reports of the order named. */
export function reportableQuantity(delivered: number, alreadyReported: number): number {
  return Math.max(0, delivered - alreadyReported);
}

// Store credit

/** The entries of the credit ledger: a lot issued, taken by an order, run out, withdrawn, or given back. */
export const CREDIT_ENTRY_KINDS = ['ISSUE', 'REDEEM', 'EXPIRE', 'VOID', 'RESTORE'] as const;
export type CreditEntryKind = (typeof CREDIT_ENTRY_KINDS)[number];

/** When credit issued at `issuedAt` expires: a refund of a cash-on-delivery order after 30 days (the terms, 18). */
export function creditExpiresAt(issuedAt: Date, days: number = POLICY.codRefundPromoExpiryDays): Date {
  return new Date(issuedAt.getTime() + days * DAY_MS);
}

/** A lot of credit as the ledger sums it: what is left of one issue, and when it expires. */
export interface CreditLot {
  id: string;
  remainingPaise: number;
  expiresAt: Date;
}

/** The lots that can be spent at `now` (something left, not expired), soonest expiry first (then by id, so the order is fixed). */
export function spendableLots<L extends CreditLot>(lots: readonly L[], now: Date): L[] {
  return lots
    .filter((lot) => lot.remainingPaise > 0 && lot.expiresAt.getTime() > now.getTime())
    .sort((a, b) => a.expiresAt.getTime() - b.expiresAt.getTime() || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
}

/** What an account can spend at `now`: the sum of its spendable lots (never negative: a lot never goes below 0). */
export function creditBalancePaise(lots: readonly CreditLot[], now: Date): number {
  return spendableLots(lots, now).reduce((sum, lot) => sum + lot.remainingPaise, 0);
}

/**
 * Which lots pay for `wantedPaise` at `now`: the soonest-expiring first, each as much as it has, until the amount is
 * covered or the lots run out (so the answer may cover less than wanted: the caller applies what it covers).
 */
export function planRedemption(lots: readonly CreditLot[], wantedPaise: number, now: Date): Array<{ lotId: string; amountPaise: number }> {
  if (!Number.isSafeInteger(wantedPaise) || wantedPaise < 0) throw new RangeError(`amount must be a whole number of paise, 0 or more, got ${wantedPaise}`);
  const plan: Array<{ lotId: string; amountPaise: number }> = [];
  let left = wantedPaise;
  for (const lot of spendableLots(lots, now)) {
    if (left === 0) break;
    const amountPaise = Math.min(left, lot.remainingPaise);
    plan.push({ lotId: lot.id, amountPaise });
    left -= amountPaise;
  }
  return plan;
}

/** What an order holds of one lot: spent on it and not yet given back, and the lot's expiry. */
export interface OrderLotSpend {
  lotId: string;
  heldPaise: number;
  expiresAt: Date;
}

/**
 * Which lots get back `givePaise` of what an order holds (its total fell below the credit it used, or it was
 * cancelled): the latest-expiring lot first, so the shopper keeps the credit that lasts longest, each at most what
 * the order holds of it. The answer never gives back more than the order holds.
 */
export function planGiveBack(held: readonly OrderLotSpend[], givePaise: number): Array<{ lotId: string; amountPaise: number }> {
  if (!Number.isSafeInteger(givePaise) || givePaise < 0) throw new RangeError(`amount must be a whole number of paise, 0 or more, got ${givePaise}`);
  const plan: Array<{ lotId: string; amountPaise: number }> = [];
  let left = givePaise;
  const latestFirst = held
    .filter((lot) => lot.heldPaise > 0)
    .sort((a, b) => b.expiresAt.getTime() - a.expiresAt.getTime() || (a.lotId < b.lotId ? -1 : a.lotId > b.lotId ? 1 : 0));
  for (const lot of latestFirst) {
    if (left === 0) break;
    const amountPaise = Math.min(left, lot.heldPaise);
    plan.push({ lotId: lot.lotId, amountPaise });
    left -= amountPaise;
  }
  return plan;
}

/** The letters of a readable code: no 0/O, 1/I/L or 5/S, which are misread when said over the phone. */
export const CODE_ALPHABET = '2346789ABCDEFGHJKMNPQRTUVWXYZ';

/**
 * A short readable code for a lot of credit ('CR-7QK4-M2XA'), from random bytes the caller draws (8 of them): the
 * shopper can read it out or type it at checkout. 29^8 codes, so a guess is hopeless and it is only ever
 * redeemable by the account it was issued to.
 */
export function creditCode(randomBytes: ArrayLike<number>): string {
  if (randomBytes.length < 8) throw new RangeError('a credit code needs 8 random bytes');
  let code = '';
  for (let i = 0; i < 8; i++) code += CODE_ALPHABET[randomBytes[i]! % CODE_ALPHABET.length];
  return `CR-${code.slice(0, 4)}-${code.slice(4)}`;
}

/** A code as typed ('cr 7qk4 m2xa', 'save-50') in the form it is stored: upper case, without spaces. */
export function normalizeCode(text: string): string {
  return text.trim().toUpperCase().replace(/\s+/g, '');
}

// Promo codes

/** A promo's kind: a FIXED amount off (rupees), or a PERCENT of the subtotal after the basket discount. */
export const PROMO_KINDS = ['FIXED', 'PERCENT'] as const;
export type PromoKind = (typeof PROMO_KINDS)[number];

/** When a promo code created at `createdAt` expires unless its admin says otherwise: 3 days (the terms, 18). */
export function promoExpiresAt(createdAt: Date, days: number = POLICY.promoExpiryDays): Date {
  return new Date(createdAt.getTime() + days * DAY_MS);
}

/** A promo code's rule: FIXED `value` in paise, PERCENT `value` in percent (0 to 100, two decimals). */
export interface PromoRule {
  kind: PromoKind;
  value: number;
  /** The subtotal after the basket discount it needs (paise); 0 for none. */
  minBasketPaise: number;
  /** Uses in all, or null for no limit; uses per shopper, or null. */
  maxUses: number | null;
  perCustomer: number | null;
  expiresAt: Date;
}

/** Why a promo code does not apply (the API's codes); a code nobody created is PROMO_UNKNOWN, said by the caller. */
export type PromoRefusal = 'PROMO_EXPIRED' | 'PROMO_MINIMUM' | 'PROMO_USED_UP';

/**
 * Whether a promo applies to a basket at `now`, and if not why: expired (its end is outside), used up (in all, or
 * by this shopper), or the basket (the subtotal after the basket discount) below its minimum.
 */
export function promoRefusal(rule: PromoRule, use: { now: Date; basePaise: number; uses: number; usesByShopper: number }): PromoRefusal | null {
  if (use.now.getTime() >= rule.expiresAt.getTime()) return 'PROMO_EXPIRED';
  if (rule.maxUses !== null && use.uses >= rule.maxUses) return 'PROMO_USED_UP';
  if (rule.perCustomer !== null && use.usesByShopper >= rule.perCustomer) return 'PROMO_USED_UP';
  if (use.basePaise < rule.minBasketPaise) return 'PROMO_MINIMUM';
  return null;
}

/**
 * What a promo takes off a basket whose subtotal after the basket discount is `basePaise`: a fixed amount (never
 * more than the basket), or a percent rounded as the basket discount is (a half paisa to the shopper).
 */
export function promoDiscountPaise(rule: Pick<PromoRule, 'kind' | 'value'>, basePaise: number): number {
  if (!Number.isSafeInteger(basePaise) || basePaise < 0) throw new RangeError(`basket must be a whole number of paise, 0 or more, got ${basePaise}`);
  if (rule.kind === 'FIXED') return Math.min(rule.value, basePaise);
  return Math.min(basePaise, discountAtRatePaise(basePaise, rule.value));
}

/**
 * An order's total with a promo (the cash-on-delivery payload's `totalAmt`, before credit): the amount before
 * rounding (subtotal less the basket discount, plus the delivery fee) less the promo's discount, rounded down to
 * Rs.10 as every total is. The promo never takes more than the basket, so the fee is always paid.
 */
export function totalWithPromoPaise(beforeRoundingPaise: number, promoDiscountPaise: number): number {
  if (!Number.isSafeInteger(promoDiscountPaise) || promoDiscountPaise < 0) throw new RangeError(`promo discount must be a whole number of paise, 0 or more, got ${promoDiscountPaise}`);
  return roundGrandTotalPaise(Math.max(0, beforeRoundingPaise - promoDiscountPaise));
}

/** The cash to collect for an order: its total less the credit it used (credit never pays more than the total). */
export function cashToCollectPaise(totalPaise: number, creditUsedPaise: number): number {
  return Math.max(0, totalPaise - Math.min(creditUsedPaise, totalPaise));
}

/** What an order will come to at checkout with a promo and store credit: the figures the order answers. */
export interface CheckoutPayment {
  /** The total after the promo, before credit (the payload's `totalAmt`). */
  totalPaise: number;
  /** What rounding down to Rs.10 gave the shopper after the promo, and the amount it was rounded from (null: none). */
  roundingPaise: number;
  roundedFromPaise: number | null;
  /** Every saving: the items' discounts, the basket discount, the promo and the rounding. */
  savingsPaise: number;
  /** The "at most" figure less the same promo while a weighed line waits for the scale, else null. */
  atMostPaise: number | null;
  /** The credit that will pay, and which lots it comes from (the soonest-expiring first). */
  creditPaise: number;
  plan: Array<{ lotId: string; amountPaise: number }>;
  /** When the soonest-expiring lot the credit comes from expires ("expires 12 Oct"), or null when none is used. */
  creditExpiresAt: Date | null;
  /** The cash to collect: the total less the credit. */
  cashPaise: number;
}

/**
 * An order's payment as placing it decides: the total after the promo (`totalWithPromoPaise`), the credit that pays
 * what it can of it when the shopper lets it (`planRedemption`, at `now`), and the cash left to collect. The server
 * places the order with this and the checkout shows it before the order is placed.
 */
export function checkoutPayment(input: {
  totals: Pick<Totals, 'beforeRoundingPaise' | 'roundingPaise' | 'savingsPaise'>;
  /** The "at most" figure's amount before rounding, while a weighed line is unweighed; else null. */
  atMostBeforeRoundingPaise?: number | null;
  promoDiscountPaise: number;
  lots: readonly CreditLot[];
  useCredit: boolean;
  now: Date;
}): CheckoutPayment {
  const { totals, promoDiscountPaise: promoPaise } = input;
  const totalPaise = totalWithPromoPaise(totals.beforeRoundingPaise, promoPaise);
  const afterPromoPaise = Math.max(0, totals.beforeRoundingPaise - promoPaise);
  const roundingPaise = afterPromoPaise - totalPaise;
  const atMostPaise = input.atMostBeforeRoundingPaise == null ? null : totalWithPromoPaise(input.atMostBeforeRoundingPaise, promoPaise);
  const plan = input.useCredit ? planRedemption(input.lots, totalPaise, input.now) : [];
  const creditPaise = plan.reduce((sum, step) => sum + step.amountPaise, 0);
  const first = plan[0] ? input.lots.find((lot) => lot.id === plan[0]!.lotId) : undefined;
  return {
    totalPaise,
    roundingPaise,
    roundedFromPaise: roundingPaise === 0 ? null : afterPromoPaise,
    savingsPaise: totals.savingsPaise - totals.roundingPaise + promoPaise + roundingPaise,
    atMostPaise,
    creditPaise,
    plan,
    creditExpiresAt: first?.expiresAt ?? null,
    cashPaise: cashToCollectPaise(totalPaise, creditPaise),
  };
}

/** The weekday (0 Sunday to 6 Saturday) of an instant in a time zone. */
function weekdayIn(at: Date, timeZone: string): number {
  const name = new Intl.DateTimeFormat('en-US', { timeZone, weekday: 'short' }).format(at);
  return ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'].indexOf(name);
}

/**
 * When a cash refund approved at `approvedAt` is due: `workingDays` (the terms' 3) working days later, Saturdays and
 * Sundays in the shop's time zone not counted (public holidays are not known here, so the figure may be early).
 */
export function refundDueAt(approvedAt: Date, timeZone: string, workingDays: number = POLICY.refundWorkingDays): Date {
  let at = approvedAt;
  let left = workingDays;
  while (left > 0) {
    at = new Date(at.getTime() + DAY_MS);
    const day = weekdayIn(at, timeZone);
    if (day !== 0 && day !== 6) left -= 1;
  }
  return at;
}
