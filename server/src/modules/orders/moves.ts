// The one writer of an order's state (issue 32): every change of an order's status, rider, cash or flags after it
// is placed is a move applied here, and no other code writes `orders` or `order_events` (placing creates them, in
// place-sql.ts; server/test/one-order-writer.test.ts holds the rest of the code to that). One move is: the
// caller's grant (shared ORDER_MOVES), the order's row locked, the shared table's verdict (judgeMove), the move's
// own rule below (what it checks further and what it writes), the stock it moves, the row and its event written in
// one transaction, and after the commit every screen told. A new kind of move is a row of ORDER_MOVES and a rule
// in RULES. Substitutes (issue 33) are moves too: staff propose one for a short line, the shopper answers it, the
// server settles it when the countdown runs out (`settleDue`, with no caller), and an order leaving packing
// settles what still waits; `order_proposals` is written here and nowhere else.
import type { Knex } from 'knex';
import {
  basketDiscountRate,
  can,
  DEFAULT_SUBSTITUTION_ANSWER_MINUTES,
  discountedPricePaise,
  isSubstitutionPreference,
  PACKING_STATUSES,
  proposalOpening,
  substituteChargePaise,
  unansweredOutcome,
  cashNeedsReason,
  cashToCollectPaise,
  promoDiscountPaise,
  totalWithPromoPaise,
  type PromoKind,
  formatRs,
  isClosedStatus,
  isCancelled,
  isOrderStatus,
  judgeMove,
  ORDER_MOVES,
  paiseToRupees,
  reviseTotals,
  rupeesToPaise,
  atMostTotals,
  hasUnweighedLine,
  parseScaleLabel,
  toleranceCapGrams,
  totalsLines,
  weighedAmountPaise,
  formatWeight,
  DEFAULT_SCALE_LABEL_PATTERN,
  DEFAULT_WEIGHT_TOLERANCE_PERCENT,
  type OrderLine,
  stockMovement,
  type MoveGrant,
  type MoveRefusal,
  type OrderMoveKind,
  type OrderStatus,
  type PackLineInput,
  type ProposalStatus,
  type SubstitutionPreference,
} from '@kade/shared';
import type { Clock } from '../../clock';
import { AppError, conflict, forbidden, notFound } from '../../http/errors';
import type { AuthUser } from '../../http/route';
import { imagesOf, isVisible, loadSellables } from '../cart/sellable';
import { createCreditLedger } from '../credit/ledger';
import { correctStockToZero, giveBackStock, moveWeighedStock, takeStock } from '../catalog/stock';
import { heldStock, isWeighedRow, LINE_UNIT_PAISE_SQL, lineUnitPaise, orderLineOf, type LineMoneyRow } from './lines';
import type { OrderEvents, RiderEvents } from '../realtime/events';
import type { OrderingService } from '../shop/ordering';
import { orderRefWhere } from './order-ref';
import { amountColumns, type OrderWire } from './wire';

/** A move of an order after it is placed, by kind (the kinds of shared ORDER_MOVE_KINDS). */
export type OrderMove =
  /** Staff move it one step of the status machine; to Delivered with the cash collected (its total when not said). */
  | { kind: 'status'; to: OrderStatus; cashCollected?: number | undefined; reason?: string | undefined }
  /** The shopper cancels their own order. */
  | { kind: 'cancel' }
  /** Staff take it: it stops ringing. */
  | { kind: 'acknowledge' }
  /** Staff give it to a rider, to another, or take it back (null). */
  | { kind: 'assign'; riderId: string | null }
  /** Its rider has it in hand. */
  | { kind: 'pickup' }
  /** Delivered, with the cash collected and the reason when that is not the total. */
  | { kind: 'deliver'; cashCollected: number; reason?: string | undefined }
  /** Its rider could not deliver it and brings it back. */
  | { kind: 'return'; reason: string }
  /** Staff pack it (issue 33): how many of each named line's product were found. */
  | { kind: 'pack'; lines: ReadonlyArray<PackLineInput> }
  /** Staff propose a substitute for a line packed short (issue 33): this many of that product instead. */
  | { kind: 'propose'; productId: string; substituteId: string; quantity: number }
  /** The order's shopper accepts or declines a proposal waiting for them. */
  | { kind: 'answer'; proposalId: string; accept: boolean }
  /** The server settles the order's proposals whose countdown ran out (no caller). */
  | { kind: 'settle' };

type MoveOf<K extends OrderMoveKind> = Extract<OrderMove, { kind: K }>;

/** The columns of an order every rule decides on, read with the row's lock. */
interface LockedOrder {
  id: string;
  status: string;
  user_id: string;
  rider_id: string | null;
  taken_by: string | null;
  taken_at: Date | string | null;
  picked_up_at: Date | string | null;
  payment_method: string;
  total_paise: number;
  cash_collected_paise: number | null;
  /** What a revision recomputes from (issue 33). */
  delivery_option: string;
  subtotal_paise: number;
  delivery_fee_paise: number;
  revision: number;
  original_total_paise: number | null;
  checkout_basket_rate: string | number | null;
  checkout_fee_paise: number | null;
  /** Issue 35: the promo the order used and the store credit it spent (the cash to collect is the total less it). */
  promo_code: string | null;
  credit_used_paise: number;
}

const LOCKED_COLUMNS = [
  'id', 'status', 'user_id', 'rider_id', 'taken_by', 'taken_at', 'picked_up_at', 'payment_method', 'total_paise', 'cash_collected_paise',
  'delivery_option', 'subtotal_paise', 'delivery_fee_paise', 'revision', 'original_total_paise', 'checkout_basket_rate', 'checkout_fee_paise',
  'promo_code', 'credit_used_paise',
];

/** A rider's 'Could not deliver' is kept on the order until it is on its way again or its journey ends. */
const RETURN_CLEARED = { returned_reason: null, returned_at: null, returned_by: null };

/** An order row's status as the machine knows it (an empty one, from old data, is Pending). */
const statusOf = (order: { status: string }): OrderStatus => (isOrderStatus(order.status) ? order.status : 'Pending');

const noOrder = () => notFound('There is no such order.', 'ORDER_NOT_FOUND');
const noRider = () => notFound('There is no such rider. Choose an active rider account.', 'RIDER_NOT_FOUND');

/**
 * The cash recorded when an order becomes Delivered, by a rider or by staff (issue 20, and a store with no riders):
 * a cash order is Paid with its total, or with the amount given, which then needs a reason and is flagged. Throws
 * 400 REASON_REQUIRED before anything is written. Returns the columns to write with the move.
 */
function deliveryCash(order: LockedOrder, input: { cashCollected?: number | undefined; reason?: string | undefined }, actorId: string, now: Date): Record<string, unknown> {
  const cash = order.payment_method === 'Cash on Delivery';
  // the cash to collect: the total less the store credit the order used (issue 35)
  const expected = cashToCollectPaise(order.total_paise, order.credit_used_paise);
  const collected = input.cashCollected === undefined ? expected : rupeesToPaise(input.cashCollected);
  const flagged = cash && cashNeedsReason(collected, expected);
  if (flagged && !input.reason) {
    throw new AppError('REASON_REQUIRED', `The cash to collect is ${formatRs(expected)}: say why ${formatRs(collected)} was collected.`, { field: 'reason' });
  }
  return {
    delivered_at: now,
    ...(cash
      ? {
          payment_status: 'Paid',
          cash_collected_paise: collected,
          cash_collected_at: now,
          cash_collected_by: actorId,
          cash_note: flagged ? input.reason : (input.reason ?? null),
          cash_flagged: flagged,
        }
      : {}),
  };
}

/** An order line as packing reads it: what it asked, what was found or weighed, and its product's scale code now. */
interface PackedLine extends LineMoneyRow {
  id: string;
  product_id: string | null;
  name: string;
  name_si: string | null;
  name_ta: string | null;
  unit: string;
  image: string;
  price_paise: number;
  step_grams: number | null;
  scale_code: string | null;
}

/** The columns of a PackedLine, for `order_lines` (the scale code from its product, when still live). */
const PACKED_LINE_COLUMNS = `id, product_id, name, name_si, name_ta, unit, image, quantity, found, sell_by, step_grams, grams, weighed_grams, charged_grams,
  original_price_paise, discount, price_paise,
  (select p.scale_code from products p where p.id = order_lines.product_id and p.deleted_at is null) as scale_code`;

/** The money columns of every line of an order, as revisions read them. */
const MONEY_COLUMNS = ['sell_by', 'original_price_paise', 'discount', 'quantity', 'found', 'grams', 'weighed_grams', 'charged_grams'];

/**
 * The order's money after a change of its lines (issue 33), from the lines as found and its kept substitutes, by
 * the shared reviseTotals: the basket discount rate and delivery fee promised at checkout are kept unless the new
 * ones favour the shopper. Answers the columns to write: the new amounts, the next revision, and (at the first
 * revision) the total it was placed with and what checkout promised.
 */
async function revision(trx: Knex.Transaction, order: LockedOrder, tolerancePercent: number): Promise<{ set: Record<string, unknown>; revision: number; totalPaise: number }> {
  const lines = await trx('order_lines').where({ order_id: order.id }).select<LineMoneyRow[]>(MONEY_COLUMNS);
  // only substitutes add a line: a heavier weight accepted is the line's own charged grams (issue 34)
  const kept = await trx('order_proposals')
    .where({ order_id: order.id, kind: 'SUBSTITUTE' })
    .whereIn('status', ['ACCEPTED', 'AUTO_ACCEPTED'])
    .select<Array<{ charge_paise: number; quantity: number }>>('charge_paise', 'quantity');
  const promise = {
    optionLabel: order.delivery_option,
    // before the first revision the order's own amounts are what checkout promised
    basketDiscountRate: order.checkout_basket_rate === null ? basketDiscountRate(order.subtotal_paise) : Number(order.checkout_basket_rate),
    deliveryFeePaise: order.checkout_fee_paise ?? order.delivery_fee_paise,
  };
  const orderLines: OrderLine[] = [
    // each line as found, a weighed line at its charged grams once weighed (its asked grams until then)
    ...lines.map(orderLineOf),
    // a kept substitute at the price it is charged (its own when the shopper accepted a dearer one)
    ...kept.map((k) => ({ pricePaise: k.charge_paise, discount: 0, quantity: k.quantity })),
  ];
  const totals = reviseTotals(totalsLines(orderLines, 'estimate', tolerancePercent), promise);
  // while a weighed line waits for the scale, the most the order can come to, from the same promise (issue 34)
  const atMost = hasUnweighedLine(orderLines) ? atMostTotals(orderLines, promise, tolerancePercent) : null;
  // the order keeps its promo (issue 35): a fixed amount up to the new basket, a percent of the new basket
  const promo = order.promo_code === null ? undefined : await trx('promo_uses as u').join('promo_codes as p', 'p.id', 'u.promo_id').where('u.order_id', order.id).first<{ kind: PromoKind; value: string | number } | undefined>('p.kind', 'p.value');
  const off = promo ? promoDiscountPaise({ kind: promo.kind, value: promo.kind === 'FIXED' ? rupeesToPaise(Number(promo.value)) : Number(promo.value) }, totals.subtotalPaise - totals.basketDiscountPaise) : 0;
  const totalPaise = totalWithPromoPaise(totals.beforeRoundingPaise, off);
  const next = order.revision + 1;
  return {
    revision: next,
    totalPaise,
    set: {
      ...amountColumns(totals),
      ...(promo ? { total_paise: totalPaise, rounding_paise: totals.beforeRoundingPaise - off - totalPaise, promo_discount_paise: off } : {}),
      revision: next,
      original_total_paise: order.original_total_paise ?? order.total_paise,
      checkout_basket_rate: promise.basketDiscountRate,
      checkout_fee_paise: promise.deliveryFeePaise,
      max_total_paise: atMost ? totalWithPromoPaise(atMost.beforeRoundingPaise, off) : null,
    },
  };
}

interface MoveContext<M> {
  trx: Knex.Transaction;
  order: LockedOrder;
  move: M;
  from: OrderStatus;
  /** Where the shared table says the move leads. */
  to: OrderStatus;
  /** Who moves it: the server itself (null) only settles. */
  actor: M extends { kind: 'settle' } ? null : AuthUser;
  /** The grant the actor moves under ('assigned': a rider on their own order). */
  grant: MoveGrant;
  now: Date;
  /** How long a shopper has to answer a proposal (SUBSTITUTION_ANSWER_MINUTES). */
  answerMinutes: number;
  /** WEIGHT_TOLERANCE_PERCENT and SCALE_LABEL_PATTERN (issue 34). */
  weights: WeightRules;
}

/** The shop's rules for weighed lines (issue 34). */
export interface WeightRules {
  tolerancePercent: number;
  scaleLabelPattern: string;
}

/**
 * What one move writes and who hears it. The writer adds the status (when it changes) to `set`, and `updated_at`
 * to every move that records an event; a move without an event (taking an order) is not a status change on any
 * screen.
 */
interface MoveWrite {
  /** The order's columns this move writes, besides status and updated_at (null: none). */
  set: Record<string, unknown> | null;
  /** The order_events row (null: the move keeps none). */
  event: { kind?: string; note?: string | null; details?: Record<string, unknown>; revision?: number } | null;
  /** After the commit, besides the status change every screen hears. */
  tell?: {
    /** The order was taken (it stops ringing). */
    acknowledged?: boolean;
    /** This rider's page re-reads its list (a rider the order left, or the order's rider when staff moved it). */
    riderOrders?: string | null;
    /** The cash collected differed from the total. */
    cashFlagged?: boolean;
    /** The rider could not deliver. */
    returned?: { reason: string; rider: { id: string; name: string } };
    /** Packing changed the order's lines or total (issue 33). */
    revised?: boolean;
    /** Products packing found gone: their stock is 0 now. */
    stockOut?: string[];
  };
  /** The substitute proposal the move made or answered (issue 33). */
  proposalId?: string;
}

/** A proposal still waiting for the shopper, or kept by the order: a line has at most one (the table's unique index). */
const LIVE_PROPOSALS: readonly ProposalStatus[] = ['PENDING', 'ACCEPTED', 'AUTO_ACCEPTED'];
const KEPT_PROPOSALS: readonly ProposalStatus[] = ['ACCEPTED', 'AUTO_ACCEPTED'];

/** A proposal with the line it stands in for, as answering and settling read it. */
interface ProposalRow {
  id: string;
  status: ProposalStatus;
  substitute_id: string | null;
  name: string;
  unit_price_paise: number;
  charge_paise: number;
  quantity: number;
  expires_at: Date | string;
  answered_by: string | null;
  answered_at: Date | string | null;
  /** SUBSTITUTE, or HEAVIER with the grams weighed and its line (issue 34). */
  kind: string;
  weighed_grams: number | null;
  line_id: string;
  /** The line's product and name, its unit price as ordered (one step's amount for a weighed line) and the shopper's choice for it. */
  product_id: string | null;
  line_name: string;
  original_paise: number;
  substitution: string;
}

const PROPOSAL_COLUMNS = [
  'p.id', 'p.status', 'p.substitute_id', 'p.name', 'p.unit_price_paise', 'p.charge_paise', 'p.quantity', 'p.expires_at', 'p.answered_by', 'p.answered_at',
  'p.kind', 'p.weighed_grams', 'p.line_id', 'l.product_id', 'l.name as line_name', 'l.substitution',
];

/** PROPOSAL_COLUMNS with the line's unit price, for a select on `order_proposals as p join order_lines as l`. */
const proposalColumns = (trx: Knex.Transaction) => [...PROPOSAL_COLUMNS, trx.raw(`${LINE_UNIT_PAISE_SQL} as original_paise`)];

const preferenceOf = (value: string): SubstitutionPreference => (isSubstitutionPreference(value) ? value : 'SIMILAR');

/** What a proposal was, for an event's details (rupees, as the wire says them). */
function proposalDetails(p: Pick<ProposalRow, 'id' | 'product_id' | 'line_name' | 'substitute_id' | 'name' | 'quantity' | 'unit_price_paise' | 'charge_paise'>, status: ProposalStatus) {
  return {
    proposalId: p.id,
    productId: p.product_id,
    name: p.line_name,
    substituteId: p.substitute_id,
    substituteName: p.name,
    quantity: p.quantity,
    price: paiseToRupees(p.unit_price_paise),
    chargedPrice: paiseToRupees(p.charge_paise),
    status,
  };
}

/**
 * Ends proposals that send nothing (declined, expired) and gives their substitutes' stock back, once: the update
 * changes only rows still PENDING, and only those it changed give stock back.
 */
async function endProposals(trx: Knex.Transaction, ids: readonly string[], status: 'DECLINED' | 'EXPIRED', answer: { by: string | null; at: Date }): Promise<number> {
  if (ids.length === 0) return 0;
  const ended = await trx('order_proposals')
    .whereIn('id', ids)
    .where({ status: 'PENDING' })
    .update({ status, answered_by: answer.by, answered_at: answer.at })
    .returning<Array<{ substitute_id: string | null; quantity: number }>>(['substitute_id', 'quantity']);
  await giveBackStock(trx, ended.flatMap((row) => (row.substitute_id ? [{ productId: row.substitute_id, quantity: row.quantity }] : [])));
  return ended.length;
}

/**
 * An order leaving packing (shipped, delivered, cancelled): what still waits for the shopper is removed (EXPIRED),
 * its substitute's stock given back, in the move's transaction. Answers how many.
 */
async function expirePending(trx: Knex.Transaction, orderId: string, now: Date): Promise<number> {
  const pending = await trx('order_proposals').where({ order_id: orderId, status: 'PENDING' }).select<Array<{ id: string }>>('id');
  return endProposals(trx, pending.map((row) => row.id), 'EXPIRED', { by: null, at: now });
}

/**
 * Why a proposal no longer waits: settled without the shopper (its countdown ran out, or the order left packing:
 * answered with nobody's name) is PROPOSAL_EXPIRED; answered by the shopper, or kept at once without asking, is
 * PROPOSAL_ANSWERED.
 */
function settledRefusal(p: ProposalRow): AppError {
  const data = { status: p.status, proposalId: p.id };
  if (p.answered_at !== null && p.answered_by === null) return conflict(`The time to answer for ${p.name} has run out: it is ${p.status === 'EXPIRED' ? 'removed' : 'kept'}.`, 'PROPOSAL_EXPIRED', data);
  return conflict(`${p.name} was already answered.`, 'PROPOSAL_ANSWERED', data);
}

/** A revision's event and what it tells (a substitute kept changes what the order sends). */
async function revisedWrite(trx: Knex.Transaction, order: LockedOrder, tolerancePercent: number, note: string, details: Record<string, unknown>): Promise<MoveWrite> {
  const revised = await revision(trx, order, tolerancePercent);
  return {
    set: revised.set,
    event: { kind: 'revised', note, revision: revised.revision, details: { ...details, totalBefore: paiseToRupees(order.total_paise), totalAfter: paiseToRupees(revised.totalPaise) } },
    tell: { revised: true },
  };
}

/**
 * The grams of a scanned scale label for a weighed line (issue 34), read against the shop's SCALE_LABEL_PATTERN:
 * 400 SCALE_LABEL_INVALID for what is not one of the shop's labels (or a bad check digit, or no weight), 400
 * SCALE_LABEL_OTHER_PRODUCT for a label of another product than the line's.
 */
function labelGrams(label: string, line: PackedLine, pattern: string, field: string): number {
  const reading = parseScaleLabel(label, pattern);
  if (!reading.ok) {
    const why = reading.problem === 'CHECK_DIGIT' ? 'its check digit is wrong (scan it again)' : "it is not one of this shop's scale labels";
    throw new AppError('SCALE_LABEL_INVALID', `That label cannot be read: ${why}.`, { field, details: { problem: reading.problem } });
  }
  if (reading.scaleCode !== line.scale_code) {
    throw new AppError('SCALE_LABEL_OTHER_PRODUCT', `That label is for another product (code ${reading.scaleCode}), not ${line.name}.`, {
      field,
      details: { scaleCode: reading.scaleCode, expected: line.scale_code },
    });
  }
  if (reading.grams <= 0) throw new AppError('SCALE_LABEL_INVALID', 'That label shows no weight: weigh the bag again.', { field, details: { problem: 'NO_WEIGHT' } });
  return reading.grams;
}

/**
 * A line weighed again, or found gone: the heavier weight its last weighing asked about (waiting or answered) no
 * longer stands. Ended as EXPIRED by the packer, so the line has no live proposal and a new question may follow.
 */
async function endHeavier(trx: Knex.Transaction, lineId: string, actorId: string, now: Date): Promise<void> {
  await trx('order_proposals').where({ line_id: lineId, kind: 'HEAVIER' }).whereIn('status', LIVE_PROPOSALS).update({ status: 'EXPIRED', answered_by: actorId, answered_at: now });
}

/**
 * The shopper's answer to a heavier weight (issue 34): accepting charges the line as weighed (the order revised);
 * declining keeps it charged at the cap, so nothing sent or charged changes (no revision, every screen told).
 */
async function answerHeavier(trx: Knex.Transaction, order: LockedOrder, proposal: ProposalRow, accept: boolean, actorId: string, now: Date, tolerancePercent: number): Promise<MoveWrite> {
  const details = {
    heavier: { proposalId: proposal.id, productId: proposal.product_id, name: proposal.line_name, weighedGrams: proposal.weighed_grams, price: paiseToRupees(proposal.unit_price_paise), chargedPrice: paiseToRupees(proposal.charge_paise) },
    by: actorId,
  };
  if (!accept) {
    await trx('order_proposals').where({ id: proposal.id, status: 'PENDING' }).update({ status: 'DECLINED', answered_by: actorId, answered_at: now });
    return { set: null, event: { kind: 'declined', note: 'heavier weight declined', details }, tell: { revised: true }, proposalId: proposal.id };
  }
  await trx('order_proposals').where({ id: proposal.id }).update({ status: 'ACCEPTED', charge_paise: proposal.unit_price_paise, answered_by: actorId, answered_at: now });
  await trx('order_lines').where({ id: proposal.line_id, weighed_grams: proposal.weighed_grams }).update({ charged_grams: proposal.weighed_grams });
  return { ...(await revisedWrite(trx, order, tolerancePercent, `heavier weight accepted: ${formatWeight(proposal.weighed_grams ?? 0)}`, details)), proposalId: proposal.id };
}

/** The move finds it has nothing to do (the same call again): the order is answered as it is. */
const UNCHANGED = Symbol('unchanged');

/** One kind of move's own rule: what it checks beyond the shared table and what it writes. */
interface MoveRule<M> {
  /** In a status the table calls done: return for a plain repeat (nothing is written), throw for a conflicting one. */
  done?(order: LockedOrder, move: M): void;
  write(ctx: MoveContext<M>): MoveWrite | typeof UNCHANGED | Promise<MoveWrite | typeof UNCHANGED>;
}

const RULES: { [K in OrderMoveKind]: MoveRule<MoveOf<K>> } = {
  status: {
    // Staff moving a Pending order on take it too (when nobody has), so it stops ringing with their name on it.
    // Delivered (a store without riders too): a cash order is Paid with its total or the amount given.
    write: ({ order, move, from, to, actor, now }) => {
      const paid = to === 'Delivered' ? deliveryCash(order, move, actor.id, now) : undefined;
      const takes = from === 'Pending' && to !== 'Pending' && !order.taken_by;
      return {
        set: { ...(takes ? { taken_by: actor.id, taken_at: now } : {}), ...(isClosedStatus(to) ? RETURN_CLEARED : {}), ...paid },
        event: {},
        tell: { acknowledged: takes, cashFlagged: paid?.cash_flagged === true },
      };
    },
  },

  // A cancelled order cancelled again is a plain repeat; the shopper's cancel stops the ringing by its status alone.
  cancel: {
    done: () => undefined,
    write: () => ({ set: RETURN_CLEARED, event: {} }),
  },

  // The first to take an order owns it; taking it again is a no-op (still told, so every screen settles); anyone
  // else is answered 409 ORDER_TAKEN naming who took it and when.
  acknowledge: {
    write: async ({ trx, order, actor, now }) => {
      if (order.taken_by && order.taken_by !== actor.id) {
        const taker = await trx('users').where({ id: order.taken_by }).first<{ name: string } | undefined>('name');
        const name = taker?.name ?? 'Someone';
        const at = order.taken_at ? new Date(order.taken_at).toISOString() : null;
        throw conflict(`${name} already took this order.`, 'ORDER_TAKEN', { acknowledgedBy: name, acknowledgedAt: at });
      }
      return { set: order.taken_by ? null : { taken_by: actor.id, taken_at: now }, event: null, tell: { acknowledged: true } };
    },
  },

  // The rider must be an active rider account; the same rider again changes nothing. The rider the order leaves
  // is told; out with a rider again, the last 'Could not deliver' is history (order_events keeps it).
  assign: {
    write: async ({ trx, order, move, actor, now }) => {
      if (move.riderId) {
        const rider = await trx('users').where({ id: move.riderId, role: 'RIDER', status: 'Active' }).first<{ id: string } | undefined>('id');
        if (!rider) throw noRider();
      }
      const from = order.rider_id;
      if (from === (move.riderId ?? null)) return UNCHANGED;
      const kind = !move.riderId ? 'unassigned' : from ? 'reassigned' : 'assigned';
      return {
        set: { rider_id: move.riderId, assigned_at: move.riderId ? now : null, ...(from ? { picked_up_at: null } : {}), ...(move.riderId ? RETURN_CLEARED : {}) },
        event: { kind, note: kind, details: { from, to: move.riderId, by: actor.id } },
        tell: { riderOrders: from },
      };
    },
  },

  // Picking up again changes nothing.
  pickup: {
    write: ({ order, from, now }) =>
      from === 'Shipped' && order.picked_up_at ? UNCHANGED : { set: { picked_up_at: order.picked_up_at ?? now }, event: { kind: 'picked_up', note: 'picked up' } },
  },

  // Delivered again with the same cash is a plain repeat; another amount is 409 ALREADY_DELIVERED. Staff delivering
  // tell the order's rider.
  deliver: {
    done: (order, move) => {
      if (order.cash_collected_paise === rupeesToPaise(move.cashCollected) || (order.payment_method !== 'Cash on Delivery' && order.cash_collected_paise === null)) return;
      throw conflict(`This order was already delivered with ${formatRs(order.cash_collected_paise ?? 0)} collected.`, 'ALREADY_DELIVERED', {
        cashCollected: paiseToRupees(order.cash_collected_paise ?? 0),
      });
    },
    write: ({ order, move, actor, grant, now }) => {
      const cash = deliveryCash(order, move, actor.id, now);
      return {
        set: { ...cash, picked_up_at: order.picked_up_at ?? now },
        event: { note: move.reason ?? null },
        tell: { riderOrders: grant.orders === 'assigned' ? null : order.rider_id, cashFlagged: cash.cash_flagged === true },
      };
    },
  },

  // Each named line found in full or short (issue 33), or weighed (issue 34). A line that becomes short sets its
  // product's stock to 0 (a correction recorded once: marking it short again changes nothing). A weighed line takes
  // the scale's grams (typed, or read from its scale label): the grams it held are given back or more taken, once
  // (against what it held before, so weighing again moves only the change), and it is charged as weighed up to the
  // tolerance cap; over the cap it is charged at the cap and the shopper is asked (a HEAVIER proposal) whether to pay
  // for the heavier weight. The order is revised when what it sends changed.
  pack: {
    write: async ({ trx, order, move, actor, now, answerMinutes, weights }) => {
      const lines = await trx('order_lines').where({ order_id: order.id }).select<PackedLine[]>(trx.raw(PACKED_LINE_COLUMNS));
      const byProduct = new Map(lines.filter((line) => line.product_id !== null).map((line) => [line.product_id, line]));
      const live = await trx('order_proposals').where({ order_id: order.id }).whereIn('status', LIVE_PROPOSALS).select<Array<{ id: string; line_id: string; quantity: number; kind: string }>>('id', 'line_id', 'quantity', 'kind');
      // a substitute waiting or kept stands in for part of its line: that part cannot be found as well
      const substituted = new Map(live.filter((row) => row.kind !== 'HEAVIER').map((row) => [row.line_id, row.quantity]));
      const counted: Array<{ line: PackedLine; found: number }> = [];
      const weighed: Array<{ line: PackedLine; grams: number }> = [];
      move.lines.forEach((input, index) => {
        const line = byProduct.get(input.productId);
        if (!line) throw new AppError('NOT_IN_ORDER', 'That product is not in this order.', { field: `lines.${index}.productId` });
        const byWeight = isWeighedRow(line);
        if (input.found !== undefined) {
          if (byWeight && input.found !== 0) {
            throw new AppError('NOT_SOLD_BY_WEIGHT', `${line.name} is sold by weight: type the grams the scale shows or scan its label (found 0 when there is none).`, {
              field: `lines.${index}.found`,
            });
          }
          const standIn = substituted.get(line.id) ?? 0;
          const max = line.quantity - standIn;
          if (input.found > max) {
            const why = standIn > 0 ? `${standIn} of its ${line.quantity} are substituted` : `the order has ${line.quantity}`;
            throw new AppError('VALIDATION', `found must be at most ${max} for ${line.name}: ${why}.`, {
              field: `lines.${index}.found`,
              details: { rule: 'tooBig', max },
            });
          }
          if (line.found !== input.found) counted.push({ line, found: input.found });
          return;
        }
        const field = input.weighedGrams !== undefined ? `lines.${index}.weighedGrams` : `lines.${index}.scaleLabel`;
        if (!byWeight) throw new AppError('NOT_SOLD_BY_WEIGHT', `${line.name} is not sold by weight: say how many were found.`, { field });
        const grams = input.weighedGrams ?? labelGrams(input.scaleLabel ?? '', line, weights.scaleLabelPattern, field);
        if (substituted.has(line.id)) throw conflict(`${line.name} has a substitute waiting or kept: it cannot be weighed as well.`, 'LINE_HAS_PROPOSAL', { field });
        if (line.found !== 0 && line.weighed_grams === grams) return;
        weighed.push({ line, grams });
      });
      if (counted.length === 0 && weighed.length === 0) return UNCHANGED;

      for (const { line, found } of counted) {
        // a weighed line found gone weighs nothing: what it weighed before is forgotten, with any heavier question
        const cleared = isWeighedRow(line) ? { weighed_grams: null, charged_grams: null } : {};
        await trx('order_lines').where({ id: line.id }).update({ found, ...cleared });
        if (isWeighedRow(line)) await endHeavier(trx, line.id, actor.id, now);
      }
      const nowShort = counted.filter(({ line, found }) => found < line.quantity && (line.found === null || line.found >= line.quantity)).map(({ line }) => line.product_id as string);
      const stockOut = await correctStockToZero(trx, nowShort, { reason: 'short at packing', orderId: order.id, actorId: actor.id, at: now });

      const heavier: string[] = [];
      for (const { line, grams } of weighed) {
        // the grams the line held (its asked grams, or what it weighed before) become the grams weighed
        if (line.product_id) await moveWeighedStock(trx, line.product_id, heldStock(line) - grams);
        await endHeavier(trx, line.id, actor.id, now);
        const cap = toleranceCapGrams(line.grams as number, weights.tolerancePercent);
        const over = grams > cap;
        await trx('order_lines').where({ id: line.id }).update({ found: line.quantity, weighed_grams: grams, charged_grams: over ? cap : grams });
        if (over) {
          const [row] = await trx('order_proposals')
            .insert({
              order_id: order.id,
              line_id: line.id,
              substitute_id: null,
              kind: 'HEAVIER',
              weighed_grams: grams,
              name: line.name,
              name_si: line.name_si,
              name_ta: line.name_ta,
              unit: line.unit,
              image: line.image,
              // the line's amount at the weight on the scale, and at the cap it is charged unless the shopper accepts
              unit_price_paise: weighedAmountPaise(grams, line.price_paise),
              charge_paise: weighedAmountPaise(cap, line.price_paise),
              quantity: line.quantity,
              status: 'PENDING',
              expires_at: new Date(now.getTime() + answerMinutes * 60_000),
              proposed_by: actor.id,
              created_at: now,
            })
            .returning<Array<{ id: string }>>('id');
          heavier.push((row as { id: string }).id);
        }
      }

      // ticked as found in full: what the order sends is as it was, so no revision; the other packers still see the ticks
      const sends = (line: PackedLine, found: number | null) => found ?? line.quantity;
      if (weighed.length === 0 && counted.every(({ line, found }) => sends(line, line.found) === found)) return { set: null, event: null, tell: { revised: true } };
      const revised = await revision(trx, order, weights.tolerancePercent);
      return {
        set: revised.set,
        event: {
          kind: 'revised',
          note: weighed.length > 0 ? 'weighed' : 'packed',
          revision: revised.revision,
          details: {
            lines: [
              ...counted.map(({ line, found }) => ({ productId: line.product_id, name: line.name, ordered: line.quantity, before: line.found, found })),
              ...weighed.map(({ line, grams }) => ({
                productId: line.product_id,
                name: line.name,
                askedGrams: line.grams,
                before: line.weighed_grams,
                weighedGrams: grams,
                chargedGrams: Math.min(grams, toleranceCapGrams(line.grams as number, weights.tolerancePercent)),
              })),
            ],
            ...(heavier.length > 0 ? { heavierProposals: heavier } : {}),
            totalBefore: paiseToRupees(order.total_paise),
            totalAfter: paiseToRupees(revised.totalPaise),
          },
        },
        // a rider already given it reads the revised cash to collect at once
        tell: { revised: true, stockOut, riderOrders: order.rider_id },
        ...(heavier.length === 1 ? { proposalId: heavier[0] } : {}),
      };
    },
  },

  // A substitute for a line packed short (issue 33). The line must be short and want substitutes (not NONE) and have
  // no live proposal (one waiting or kept; another may follow a declined or expired one); at most the missing count;
  // the substitute another product, sold now and in stock: its stock is taken here and given back if it ends
  // declined or expired. Under SIMILAR one not dearer is kept at once (the order revised); otherwise it waits for
  // the shopper until the countdown ends, and the shopper's screens are told (no revision: nothing sent changed).
  propose: {
    write: async ({ trx, order, move, actor, now, answerMinutes, weights }) => {
      const line = await trx('order_lines')
        .where({ order_id: order.id, product_id: move.productId })
        .first<{ id: string; name: string; quantity: number; found: number | null; price_paise: number; substitution: string; sell_by: string; step_grams: number | null; grams: number | null } | undefined>(
          'id', 'name', 'quantity', 'found', 'price_paise', 'substitution', 'sell_by', 'step_grams', 'grams',
        );
      if (!line) throw new AppError('NOT_IN_ORDER', 'That product is not in this order.', { field: 'productId' });
      if (line.found === null || line.found >= line.quantity) {
        throw conflict(`${line.name} is not packed short: mark how many were found first.`, 'LINE_NOT_SHORT', { found: line.found, quantity: line.quantity });
      }
      const preference = preferenceOf(line.substitution);
      if (preference === 'NONE') throw conflict(`The shopper wants no substitute for ${line.name}: it is only removed.`, 'SUBSTITUTION_NOT_WANTED', { substitution: preference });
      const live = await trx('order_proposals').where({ line_id: line.id }).whereIn('status', LIVE_PROPOSALS).first<{ id: string; status: string } | undefined>('id', 'status');
      if (live) throw conflict(`${line.name} already has a substitute ${live.status === 'PENDING' ? 'waiting for the shopper' : 'kept'}.`, 'LINE_HAS_PROPOSAL', { proposalId: live.id, status: live.status });
      const missing = line.quantity - line.found;
      if (move.quantity > missing) {
        throw new AppError('VALIDATION', `quantity must be at most ${missing}: ${missing} of ${line.name} ${missing === 1 ? 'is' : 'are'} missing.`, {
          field: 'quantity',
          details: { rule: 'tooBig', max: missing },
        });
      }
      if (move.substituteId === move.productId) throw new AppError('VALIDATION', 'substituteId must be another product than the one it replaces.', { field: 'substituteId', details: { rule: 'same' } });
      const substitute = (await loadSellables(trx, [move.substituteId])).get(move.substituteId);
      if (!substitute) throw new AppError('UNKNOWN_REFERENCE', 'There is no such substitute product.', { field: 'substituteId' });
      if (!isVisible(substitute)) throw conflict(`${substitute.name} is not sold now.`, 'PRODUCT_UNAVAILABLE', { productId: substitute.id });
      // a substitute is counted in units: one sold by weight has no count to stand in with (issue 34)
      if (substitute.sell_by === 'WEIGHT') throw new AppError('VALIDATION', `${substitute.name} is sold by weight: choose a product sold by the unit as a substitute.`, { field: 'substituteId', details: { rule: 'soldByWeight' } });
      const taken = await takeStock(trx, [{ productId: substitute.id, quantity: move.quantity }]);
      if (!taken.has(substitute.id)) {
        throw conflict(substitute.stock > 0 ? `Only ${substitute.stock} of ${substitute.name} left.` : `${substitute.name} is out of stock.`, 'OUT_OF_STOCK', {
          productId: substitute.id,
          available: Math.max(0, substitute.stock),
        });
      }
      const unitPaise = discountedPricePaise(substitute.price_paise, Number(substitute.discount));
      // what one of the line cost: its unit price, or one step's amount of a weighed line
      const originalPaise = lineUnitPaise(line);
      const opening = proposalOpening(preference, unitPaise, originalPaise);
      const status: ProposalStatus = opening === 'AUTO_ACCEPTED' ? 'AUTO_ACCEPTED' : 'PENDING';
      const row = {
        order_id: order.id,
        line_id: line.id,
        substitute_id: substitute.id,
        name: substitute.name,
        name_si: substitute.name_si,
        name_ta: substitute.name_ta,
        unit: substitute.unit,
        image: imagesOf(substitute)[0] ?? '',
        unit_price_paise: unitPaise,
        charge_paise: substituteChargePaise(unitPaise, originalPaise, false),
        quantity: move.quantity,
        status,
        // kept at once: nothing to count down
        expires_at: status === 'PENDING' ? new Date(now.getTime() + answerMinutes * 60_000) : now,
        proposed_by: actor.id,
        created_at: now,
      };
      const [inserted] = await trx('order_proposals').insert(row).returning<Array<{ id: string }>>('id');
      const proposalId = (inserted as { id: string }).id;
      const details = { substitution: proposalDetails({ ...row, id: proposalId, product_id: move.productId, line_name: line.name }, status), by: actor.id };
      if (status === 'AUTO_ACCEPTED') return { ...(await revisedWrite(trx, order, weights.tolerancePercent, 'substituted', details)), proposalId };
      return { set: null, event: { kind: 'proposed', note: 'substitute proposed', details }, tell: { revised: true }, proposalId };
    },
  },

  // The shopper's tap (issue 33): only a proposal still waiting and within its countdown (by the server's clock).
  // Accepting keeps the substitute at its own price, dearer or not (the prompt showed it), and revises the order;
  // declining gives its stock back. The order's lock makes two answers at once take turns: the second is refused.
  answer: {
    write: async ({ trx, order, move, actor, now, weights }) => {
      const proposal = await trx('order_proposals as p')
        .join('order_lines as l', 'l.id', 'p.line_id')
        .where({ 'p.id': move.proposalId, 'p.order_id': order.id })
        .first<ProposalRow | undefined>(proposalColumns(trx));
      if (!proposal) throw notFound('There is no such substitute on this order.', 'PROPOSAL_NOT_FOUND');
      if (proposal.status !== 'PENDING') throw settledRefusal(proposal);
      if (now.getTime() >= new Date(proposal.expires_at).getTime()) {
        throw conflict(`The time to answer for ${proposal.name} has run out.`, 'PROPOSAL_EXPIRED', { status: proposal.status, proposalId: proposal.id });
      }
      if (proposal.kind === 'HEAVIER') return answerHeavier(trx, order, proposal, move.accept, actor.id, now, weights.tolerancePercent);
      if (!move.accept) {
        await endProposals(trx, [proposal.id], 'DECLINED', { by: actor.id, at: now });
        return {
          set: null,
          event: { kind: 'declined', note: 'substitute declined', details: { substitution: proposalDetails(proposal, 'DECLINED'), by: actor.id } },
          tell: { revised: true },
          proposalId: proposal.id,
        };
      }
      const charge = substituteChargePaise(proposal.unit_price_paise, proposal.original_paise, true);
      await trx('order_proposals').where({ id: proposal.id }).update({ status: 'ACCEPTED', charge_paise: charge, answered_by: actor.id, answered_at: now });
      const details = { substitution: proposalDetails({ ...proposal, charge_paise: charge }, 'ACCEPTED'), by: actor.id };
      return { ...(await revisedWrite(trx, order, weights.tolerancePercent, 'substitute accepted', details)), proposalId: proposal.id };
    },
  },

  // The countdown ran out (issue 33): each proposal past its time becomes what shared unansweredOutcome says (a
  // substitute not dearer kept under SIMILAR, anything else removed and its stock given back). An order no longer
  // being packed settles all that still wait. Nothing due (another instance settled it first): nothing is written.
  settle: {
    write: async ({ trx, order, from, now, weights }) => {
      const due = await trx('order_proposals as p')
        .join('order_lines as l', 'l.id', 'p.line_id')
        .where({ 'p.order_id': order.id, 'p.status': 'PENDING' })
        .modify((q) => {
          if (PACKING_STATUSES.includes(from)) q.where('p.expires_at', '<=', now);
        })
        .orderBy('p.created_at')
        .select<ProposalRow[]>(proposalColumns(trx));
      if (due.length === 0) return UNCHANGED;
      // a heavier weight nobody accepted stays charged at the cap (issue 34): it only expires
      const outcomes = due.map((p) => ({
        p,
        outcome: PACKING_STATUSES.includes(from) && p.kind !== 'HEAVIER' ? unansweredOutcome(preferenceOf(p.substitution), p.unit_price_paise, p.original_paise) : ('EXPIRED' as const),
      }));
      await endProposals(trx, outcomes.filter((o) => o.outcome === 'EXPIRED').map((o) => o.p.id), 'EXPIRED', { by: null, at: now });
      const kept = outcomes.filter((o) => o.outcome === 'AUTO_ACCEPTED').map((o) => o.p.id);
      if (kept.length > 0) await trx('order_proposals').whereIn('id', kept).where({ status: 'PENDING' }).update({ status: 'AUTO_ACCEPTED', answered_by: null, answered_at: now });
      const details = { substitutions: outcomes.map(({ p, outcome }) => proposalDetails(p, outcome)), by: null };
      if (kept.length > 0) return revisedWrite(trx, order, weights.tolerancePercent, 'substitutes settled', details);
      return { set: null, event: { kind: 'expired', note: 'substitutes expired', details }, tell: { revised: true } };
    },
  },

  // Back in the store, with no rider and the reason kept on the order (when, by whom) until a rider takes it again.
  return: {
    write: async ({ trx, move, actor, now }) => {
      const me = await trx('users').where({ id: actor.id }).first<{ name: string } | undefined>('name');
      return {
        set: { rider_id: null, assigned_at: null, picked_up_at: null, returned_reason: move.reason, returned_at: now, returned_by: actor.id },
        event: { kind: 'returned', note: move.reason, details: { from: actor.id, to: null, by: actor.id } },
        tell: { riderOrders: actor.id, returned: { reason: move.reason, rider: { id: actor.id, name: me?.name ?? '' } } },
      };
    },
  },
};

/** The 409 a move the order's status does not allow is answered. */
async function refusalOf(trx: Knex.Transaction, refusal: MoveRefusal, order: LockedOrder, from: OrderStatus, move: OrderMove): Promise<AppError> {
  switch (refusal) {
    case 'STATUS_STEP_NOT_ALLOWED': {
      const to = move.kind === 'status' ? move.to : from;
      // The second of two people acting at once is told who was first (the last change's author).
      const last = await trx('order_events as e').leftJoin('users as u', 'u.id', 'e.actor_id').where('e.order_id', order.id).whereNotNull('e.actor_id').orderBy('e.created_at', 'desc').first<{ name: string | null } | undefined>('u.name');
      const by = last?.name ?? null;
      const step = from === to ? `This order is already ${from}` : `An order that is ${from} cannot become ${to}`;
      return conflict(by ? `${step}: ${by} moved it to ${from} first.` : `${step}.`, refusal, { order_status: from, by });
    }
    case 'TOO_LATE_TO_CANCEL':
      return conflict(`This order is ${from}: it is being packed or is on its way, so it can no longer be cancelled. Please call the shop.`, refusal, { order_status: from });
    case 'ORDER_NOT_ASSIGNABLE':
      return conflict(`This order is ${from}: only orders being packed, running late or on their way can be given to a rider.`, refusal, { order_status: from });
    case 'ORDER_NOT_OPEN':
      return conflict(`This order is ${from}: it is no longer out for delivery.`, refusal, { order_status: from });
    case 'ORDER_NOT_PACKING':
      return conflict(`This order is ${from}: only an order being packed (Processing) can ${move.kind === 'propose' ? 'have substitutes proposed' : 'be packed'}.`, refusal, { order_status: from });
  }
}

/**
 * What a status change does to stock: cancelling gives it back, reopening a cancelled order takes it again (409 when
 * it is gone). The order holds its lines as found and its kept substitutes (issue 33); proposals still waiting were
 * settled before this, as the order left packing.
 */
async function moveStock(trx: Knex.Transaction, orderId: string, from: OrderStatus, to: OrderStatus): Promise<void> {
  const movement = stockMovement(from, to);
  if (movement === 'none') return;
  // a line packed short holds only what was found: the rest never left the shelf (issue 33)
  // a weighed line holds the grams it was asked for, or weighed once packed (issue 34)
  const found = await trx('order_lines')
    .where({ order_id: orderId })
    .whereNotNull('product_id')
    .select<Array<LineMoneyRow & { product_id: string; name: string }>>('product_id', 'name', ...MONEY_COLUMNS);
  const kept = await trx('order_proposals')
    .where({ order_id: orderId, kind: 'SUBSTITUTE' })
    .whereIn('status', KEPT_PROPOSALS)
    .whereNotNull('substitute_id')
    .select<Array<{ product_id: string; quantity: number; name: string }>>('substitute_id as product_id', 'quantity', 'name');
  const lines = [...found.map((line) => ({ product_id: line.product_id, quantity: heldStock(line), name: line.name })), ...kept].sort((a, b) => a.product_id.localeCompare(b.product_id));
  const stockLines = lines.map((line) => ({ productId: line.product_id, quantity: line.quantity })).filter((line) => line.quantity > 0);
  if (movement === 'release') {
    await giveBackStock(trx, stockLines);
    return;
  }
  const taken = await takeStock(trx, stockLines);
  const short = lines.find((line) => line.quantity > 0 && !taken.has(line.product_id));
  if (short) throw conflict(`${short.name} is out of stock, so this order cannot be reopened.`, 'OUT_OF_STOCK', { productId: short.product_id });
}

/**
 * What a move does to the shopper's credit and promo (issue 35), in the move's transaction, as columns to write:
 * - cancelled: every rupee of credit it used goes back to the lot it came from, keeping that lot's expiry, and its
 *   promo use is released so the code counts it no more (the order keeps its figures, for a reopening);
 * - reopened: it spends the credit again, as far as the shopper still has it (the cash to collect covers the rest),
 *   and takes its promo use back;
 * - packed for less than the credit it used: the difference goes back, so the shopper never pays credit for goods
 *   the order no longer holds.
 * An order that used neither costs no statement.
 */
async function settleCreditAndPromo(trx: Knex.Transaction, order: LockedOrder, from: OrderStatus, to: OrderStatus, set: Record<string, unknown>, actorId: string | null, now: Date): Promise<Record<string, unknown>> {
  const ledger = () => createCreditLedger({ db: trx, clock: { now: () => now } });
  const settle = (targetPaise: number, reason: string) => ledger().settleOrder(trx, { userId: order.user_id, orderId: order.id, targetPaise, actorId, reason });
  const cancelling = to !== from && isCancelled(to);
  const reopening = to !== from && isCancelled(from) && !isCancelled(to);
  if (cancelling) {
    if (order.credit_used_paise > 0) await settle(0, 'order cancelled');
    if (order.promo_code !== null) await trx('promo_uses').where({ order_id: order.id }).whereNull('released_at').update({ released_at: now });
    return {};
  }
  const totalPaise = typeof set['total_paise'] === 'number' ? set['total_paise'] : order.total_paise;
  if (reopening) {
    if (order.promo_code !== null) await trx('promo_uses').where({ order_id: order.id }).update({ released_at: null });
    if (order.credit_used_paise === 0) return {};
    return { credit_used_paise: await settle(Math.min(order.credit_used_paise, totalPaise), 'order reopened') };
  }
  if (totalPaise < order.credit_used_paise) return { credit_used_paise: await settle(totalPaise, 'order total lowered') };
  return {};
}

export interface OrderWriterDeps {
  db: Knex;
  clock: Clock;
  events: Pick<OrderEvents, 'orderStatusChanged' | 'orderAcknowledged' | 'orderCashFlagged' | 'orderRevised' | 'stockOut'> & Pick<RiderEvents, 'riderOrders' | 'orderReturned'>;
  ordering?: Pick<OrderingService, 'afterOrderChange'> | undefined;
  /** The order as staff read it, after the commit. */
  byId: (id: string) => Promise<OrderWire>;
  /** How long a shopper has to answer a proposed substitute (SUBSTITUTION_ANSWER_MINUTES); 5 when not given. */
  substitutionAnswerMinutes?: number;
  /** WEIGHT_TOLERANCE_PERCENT and SCALE_LABEL_PATTERN (issue 34); the defaults when not given. */
  weights?: WeightRules;
}

/** What a move did: the order as staff read it now, whether anything was written, and the proposal it made or answered. */
export interface MoveOutcome {
  order: OrderWire;
  changed: boolean;
  proposalId?: string;
}

/** How many orders one sweep of due proposals settles at most; the next sweep takes the rest. */
const SETTLE_BATCH = 50;

export function createOrderWriter({
  db,
  clock,
  events,
  ordering,
  byId,
  substitutionAnswerMinutes = DEFAULT_SUBSTITUTION_ANSWER_MINUTES,
  weights = { tolerancePercent: DEFAULT_WEIGHT_TOLERANCE_PERCENT, scaleLabelPattern: DEFAULT_SCALE_LABEL_PATTERN },
}: OrderWriterDeps) {
  /**
   * One move by `actor` (null: the server itself), or null when `skipLocked` found the order's row locked by
   * another move (a sweep leaves it for the next round rather than wait).
   */
  async function run(actor: AuthUser | null, orderRef: string, move: OrderMove, skipLocked: boolean): Promise<MoveOutcome | null> {
    const grants = ORDER_MOVES[move.kind].grants;
    const grant = actor === null ? grants.find((g) => g.orders === 'system') : grants.find((g) => g.orders !== 'system' && (g.permission === null || can(actor.role, g.permission)));
    if (!grant) throw forbidden();
    const rule = RULES[move.kind] as MoveRule<OrderMove>;
    const actorId = actor?.id ?? null;
    const outcome = await db.transaction(async (trx) => {
      const locking = trx('orders').where(orderRefWhere(orderRef)).forUpdate();
      if (skipLocked) locking.skipLocked();
      const order = await locking.first<LockedOrder | undefined>(LOCKED_COLUMNS);
      if (!order) {
        if (skipLocked) return null;
        throw noOrder();
      }
      // The move's time is read once the order's row is held: of two moves at once, the one that waited for the lock
      // is stamped after the first, so the order's events (and "who was first") read in the order they were made.
      const now = clock.now();
      if ((grant.orders === 'assigned' && order.rider_id !== actorId) || (grant.orders === 'placed' && order.user_id !== actorId)) throw noOrder();
      const from = statusOf(order);
      const verdict = judgeMove(move.kind, from, move.kind === 'status' ? move.to : undefined);
      if (verdict.verdict === 'refused') throw await refusalOf(trx, verdict.refusal, order, from, move);
      if (verdict.verdict === 'done') {
        rule.done?.(order, move);
        return { id: order.id, written: null };
      }
      const to = verdict.to;
      const write = await rule.write({ trx, order, move, from, to, actor, grant, now, answerMinutes: substitutionAnswerMinutes, weights });
      if (write === UNCHANGED) return { id: order.id, written: null };
      // leaving packing: what still waits for the shopper is removed, before the stock moves (issue 33)
      const expired = to !== from && PACKING_STATUSES.includes(from) && !PACKING_STATUSES.includes(to) ? await expirePending(trx, order.id, now) : 0;
      if (to !== from) await moveStock(trx, order.id, from, to);
      const credit = await settleCreditAndPromo(trx, order, from, to, write.set ?? {}, actorId, now);
      const set = { ...(to !== from ? { status: to } : {}), ...(write.event ? { updated_at: now } : {}), ...write.set, ...credit };
      if (Object.keys(set).length > 0) await trx('orders').where({ id: order.id }).update(set);
      if (write.event) {
        const { kind, note } = write.event;
        const details = expired > 0 ? { ...write.event.details, substitutesExpired: expired } : write.event.details;
        await trx('order_events').insert({
          order_id: order.id,
          actor_id: actorId,
          from_status: from,
          to_status: to,
          ...(kind !== undefined ? { kind } : {}),
          ...(note !== undefined ? { note } : {}),
          ...(details !== undefined ? { details: JSON.stringify(details) } : {}),
          ...(write.event.revision !== undefined ? { revision: write.event.revision } : {}),
          created_at: now,
        });
      }
      return { id: order.id, written: { from, to, write, expired } };
    });
    if (outcome === null) return null;
    const order = await byId(outcome.id);
    if (!outcome.written) return { order, changed: false };
    const { from, to, write, expired } = outcome.written;
    const tell = write.tell ?? {};
    if (write.event && !tell.revised) events.orderStatusChanged(order, { from, to, by: actorId ?? 'system' });
    if (tell.acknowledged) events.orderAcknowledged(order);
    if (tell.riderOrders) events.riderOrders(tell.riderOrders, outcome.id);
    // an option with a capacity may have filled or freed (never fails the caller)
    if (from !== to && ordering && order.Choose) void ordering.afterOrderChange(order.Choose).catch(() => undefined);
    if (tell.cashFlagged) events.orderCashFlagged(outcome.id);
    if (tell.returned) events.orderReturned({ orderId: outcome.id, ...tell.returned });
    if (tell.stockOut && tell.stockOut.length > 0) events.stockOut(tell.stockOut);
    if (tell.revised || expired > 0) events.orderRevised(order);
    return { order, changed: write.set !== null || write.event !== null, ...(write.proposalId ? { proposalId: write.proposalId } : {}) };
  }

  /**
   * Applies one move to the order with this id or short number. The row lock makes two people acting at once take
   * turns: the second sees what the first did (a plain repeat changes nothing; a move the new status does not
   * allow is refused). `changed` is false when nothing was written. The order answered is read once the move has
   * committed, outside its lock: when two moves land at once, the first's answer may already show the second's too.
   */
  async function applyMove(actor: AuthUser, orderRef: string, move: OrderMove): Promise<MoveOutcome> {
    return (await run(actor, orderRef, move, false)) as MoveOutcome;
  }

  /**
   * Settles the proposals whose countdown ran out by the clock (issue 33), as the server (no caller), each order
   * through the `settle` move. Safe with several instances sweeping at once: an order whose row another move holds
   * is skipped (SKIP LOCKED) for the next sweep, and one settled meanwhile has nothing due and writes nothing. A
   * failure on one order is reported and the others still settle. Answers how many orders were settled.
   */
  async function settleDue(onError: (error: unknown, orderId: string) => void = () => undefined): Promise<number> {
    const now = clock.now();
    const due = await db('order_proposals').where({ status: 'PENDING' }).where('expires_at', '<=', now).distinct<Array<{ order_id: string }>>('order_id').limit(SETTLE_BATCH);
    let settled = 0;
    for (const { order_id: orderId } of due) {
      try {
        const done = await run(null, orderId, { kind: 'settle' }, true);
        if (done?.changed) settled += 1;
      } catch (error) {
        onError(error, orderId);
      }
    }
    return settled;
  }

  return { applyMove, settleDue };
}

export type OrderWriter = ReturnType<typeof createOrderWriter>;
