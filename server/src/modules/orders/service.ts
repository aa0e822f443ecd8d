import { createHash, randomUUID } from 'node:crypto';
import type { Knex } from 'knex';
import {
  can,
  DEFAULT_SUBSTITUTION,
  isSubstitutionPreference,
  LOCATION_NOT_AVAILABLE,
  ORDER_LISTS,
  ORDER_STATUSES,
  holdsStock,
  localMinutes,
  TEXT,
  addressToWire,
  checkoutPayment,
  checkoutTotals,
  normalizeCode,
  formatWeight,
  gramsForSteps,
  isAllowedSteps,
  weighedRuleOf,
  minimumShortfallPaise,
  discountedPricePaise,
  formatRs,
  generateOrderId,
  isFreshCategory,
  isOrderTooLarge,
  MAX_ORDER_PAISE,
  isWithinWindow,
  orderListByKey,
  paiseToRupees,
  parseLocationText,
  rupeesToPaise,
  likenessShelves,
  rankSubstitutes,
  shelfCategory,
  windowEnds,
  type AnswerSubstitutionInput,
  type PackLineInput,
  type ProposalCreatedWire,
  type ProposeSubstituteInput,
  type SubstitutesQuery,
  type SubstituteWire,
  type CashOnDeliveryInput,
  type OrderListQuery,
  type OrderStatus,
  type OrderLine,
} from '@kade/shared';
import type { Clock } from '../../clock';
import type { Config } from '../../config';
import { toCount, type Db } from '../../db/database';
import { AppError, badRequest, conflict, notFound } from '../../http/errors';
import type { AuthUser } from '../../http/route';
import type { AddressService } from '../addresses/service';
import { imagesOf, isVisible, productNames, purchasableQuantity, ruleProduct, SELLABLE_COLUMNS, type SellableRow } from '../cart/sellable';
import { stockOf } from '../catalog/stock';
import { orderRefWhere } from './order-ref';
import type { OrderingService } from '../shop/ordering';
import type { OrderEvents, RiderEvents } from '../realtime/events';
import { orderWriteStatement, placementReadStatement, type OrderWritten, type PlacementRead, type PlacementRow, type Statement } from './place-sql';
import { statementTransaction, type StatementRunner } from '../../db/prepared';
import { amountColumns, ORDER_SELECT, orderForShopper, toOrderWire, type OrderRow, type OrderWire } from './wire';
import { createOrderWriter, type OrderMove } from './moves';
import { promoVerdict, unknownPromo, type PromoRow, type PromoVerdict } from '../credit/promos';

/** A window in a refusal's sentence, '06:30 to 22:59': the ends its details carry (windowEnds), so the two agree. */
function hoursText(window: string): string {
  const { from, to } = windowEnds(window);
  return `${from} to ${to}`;
}

/** One of the placement's statements, prepared on the transaction's connection (db/prepared.ts). */
const run = <T>(tx: StatementRunner, statement: Statement): Promise<T[]> => tx.rows<T>(statement.sql, statement.values);
/** The placement's last statement, sent with its COMMIT (db/prepared.ts `rowsAndCommit`). */
const runAndCommit = <T>(tx: StatementRunner, statement: Statement): Promise<T[]> => tx.rowsAndCommit<T>(statement.sql, statement.values);

/** How many substitutes GET /api/orders/substitutes suggests. */
const SUBSTITUTES_SHOWN = 12;

/** The order's number was already taken: nothing was written, and placing is tried again with another. */
const NUMBER_TAKEN = Symbol('order number taken');

/**
 * The write was refused by credit_entries' guard (issue 35): a lot it spent was spent meanwhile by another order of
 * the shopper (another phone). Nothing was written; placing reads the lots again and tries once more.
 */
function isCreditOverdrawn(error: unknown): boolean {
  return error instanceof Error && error.message.includes('kade_credit_overdrawn');
}

/**
 * The promo a shopper typed at checkout, judged in the placement's transaction (issue 35): its row locked first
 * (orders placed at once with it take turns until this one commits), then its uses counted in a statement of their
 * own, so they include every order committed while this one waited for the lock. A 400 names `promoCode`.
 */
async function judgePromo(tx: StatementRunner, userId: string, typed: string, basePaise: number, now: Date): Promise<PromoVerdict> {
  const code = normalizeCode(typed);
  const [row] = await tx.rows<PromoRow>('select * from promo_codes where code = ? and deleted_at is null for update', [code]);
  if (!row) {
    const [credit] = await tx.rows<{ user_id: string }>("select user_id from credit_entries where code = ? and kind = 'ISSUE'", [code]);
    throw unknownPromo(userId, credit, 'promoCode');
  }
  const [counts] = await tx.rows<{ uses: string | number; mine: string | number }>(
    'select count(*) as uses, count(*) filter (where user_id = ?) as mine from promo_uses where promo_id = ? and released_at is null',
    [userId, row.id],
  );
  return promoVerdict(row, counts, basePaise, now, 'promoCode');
}

interface IdempotencyClaim {
  key: string;
  requestHash: string;
}

/** The answer to a COD order: `order` is set only when this request placed it (a replay carries the stored body). */
interface PlaceOutcome {
  status: number;
  /** The placed order; on a replay, the first placing's answer as it was stored (always an order). */
  body: OrderWire;
  replayed: boolean;
  order?: OrderWire;
  /** The chosen option has a capacity: placing it may have filled it, so every screen is told after the commit. */
  limited?: boolean;
}

export interface OrderServiceDeps {
  db: Knex;
  config: Config;
  clock: Clock;
  addresses: AddressService;
  /** The order's own events, and the rider's page and staff told of a rider's moves (moves.ts). */
  events: OrderEvents & Pick<RiderEvents, 'riderOrders' | 'orderReturned'>;
  /** Whether the shop and the chosen option take orders now (busy mode, capacity, attendance); none: always. */
  ordering?: Pick<OrderingService, 'admit' | 'afterOrderChange' | 'announce'>;
}

/** Whether the client's subtotal or total (rupees) differs from the server's (paise). */
function totalsDiffer(input: CashOnDeliveryInput, subtotalPaise: number, totalPaise: number): boolean {
  return rupeesToPaise(input.subTotalAmt) !== subtotalPaise || rupeesToPaise(input.totalAmt) !== totalPaise;
}

export function createOrderService({ db, config, clock, addresses, events, ordering }: OrderServiceDeps) {
  async function loadOrders(trx: Db, where: (q: Knex.QueryBuilder) => void, paging?: { limit: number; offset: number }): Promise<OrderWire[]> {
    const query = trx('orders as o').join('users as u', 'u.id', 'o.user_id').select(trx.raw(ORDER_SELECT)).orderBy('o.created_at', 'desc').orderBy('o.id');
    where(query);
    if (paging) query.limit(paging.limit).offset(paging.offset);
    const rows = (await query) as OrderRow[];
    return rows.map(toOrderWire);
  }

  async function orderById(trx: Db, id: string): Promise<OrderWire> {
    const [order] = await loadOrders(trx, (q) => q.where('o.id', id));
    if (!order) throw notFound('There is no such order.', 'ORDER_NOT_FOUND');
    return order;
  }

  /** Every change of an order's state after it is placed goes through this one writer (moves.ts). */
  const writer = createOrderWriter({ db, clock, events, ordering, byId: (id) => orderById(db, id),
    substitutionAnswerMinutes: config.substitutionAnswerMinutes,
    weights: { tolerancePercent: config.shop.weightTolerancePercent, scaleLabelPattern: config.shop.scaleLabelPattern },
  });

  /**
   * Whether a product (by its shelves) may be sold now: Vegetable and Meat only in the fresh hours. `freshOpen` is
   * the order's own answer to the hours, worked out once (Intl's clock in the shop's zone is the costly part).
   */
  function freshClosed(product: SellableRow, freshOpen: () => boolean): boolean {
    return product.category_list.some((c) => isFreshCategory(c.name)) && !freshOpen();
  }

  /**
   * The stored answer of a key this request did not claim: replayed when the body is the same, 422 when it is
   * another. A key with no answer yet is this request's own claim (its cart was empty): undefined.
   */
  async function storedAnswer(tx: StatementRunner, user: AuthUser, key: IdempotencyClaim): Promise<PlaceOutcome | undefined> {
    const [existing] = await tx.rows<{ request_hash: string; response_status: number | null; response_body: unknown }>(
      'select request_hash, response_status, response_body from idempotency_keys where user_id = ? and key = ?',
      [user.id, key.key],
    );
    if (!existing || existing.request_hash !== key.requestHash) {
      throw new AppError('IDEMPOTENCY_MISMATCH', 'This Idempotency-Key was used for a different order. Use a new key for a new order.', { field: 'Idempotency-Key' });
    }
    if (existing.response_status === null) return undefined;
    const body = (typeof existing.response_body === 'string' ? JSON.parse(existing.response_body) : existing.response_body) as OrderWire;
    return { status: existing.response_status, body, replayed: true };
  }

  /** The order's lines, checked: each visible, in stock as far as the read saw, and sellable at this hour. */
  function checkedLines(rows: readonly PlacementRow[], now: Date) {
    let open: boolean | undefined;
    const freshOpen = () => (open ??= isWithinWindow(config.shop.freshHours, now, config.shop.timeZone));
    return rows.map((row) => {
      if (!isVisible(row)) {
        throw new AppError('PRODUCT_UNAVAILABLE', `${row.name} is no longer sold. Please remove it from your cart.`, {
          field: 'list_items',
          details: { productId: row.product_id, ...productNames(row) },
        });
      }
      const weighed = weighedRuleOf(ruleProduct(row));
      if (weighed && !isAllowedSteps(row.quantity, weighed)) {
        // below the minimum or above the maximum a product is sold in (the cart never holds such a line unless the
        // product's rule changed after it was added)
        throw new AppError('VALIDATION', `${row.name} is sold from ${formatWeight(weighed.minGrams)} to ${formatWeight(weighed.maxGrams)}. Please change it in your cart.`, {
          field: 'list_items',
          details: { productId: row.product_id, ...productNames(row), minGrams: weighed.minGrams, maxGrams: weighed.maxGrams },
        });
      }
      if (row.quantity > purchasableQuantity(row)) {
        const left = purchasableQuantity(row);
        throw new AppError('OUT_OF_STOCK', left === 0 ? `${row.name} is out of stock.` : `Only ${left} of ${row.name} left.`, {
          field: 'list_items',
          details: { productId: row.id, available: left, ...productNames(row) },
        });
      }
      if (freshClosed(row, freshOpen)) {
        throw new AppError('FRESH_CLOSED', `${row.name} can be ordered only from ${hoursText(config.shop.freshHours)}.`, {
          field: 'list_items',
          details: { productId: row.id, ...productNames(row), ...windowEnds(config.shop.freshHours) },
        });
      }
      // a line sold by weight asks for its steps' grams, which is what its stock counts (issue 34)
      return { product: row, quantity: row.quantity, weighed, stock: weighed ? gramsForSteps(row.quantity, weighed.stepGrams) : row.quantity };
    });
  }

  /** A checked line as the shared rules total it: a weighed line at its asked grams (the estimate) until packed. */
  function placedLine(line: ReturnType<typeof checkedLines>[number]): OrderLine {
    const discount = Number(line.product.discount);
    if (!line.weighed) return { pricePaise: line.product.price_paise, discount, quantity: line.quantity };
    return { sellBy: 'WEIGHT', pricePaise: line.product.price_paise, discount, askedGrams: line.stock };
  }

  /**
   * Writes the order (and its Idempotency-Key's answer) in one transaction of two round trips: BEGIN with the read
   * (cart lines locked, products, address, customer, and the key's claim), then the write (every line's stock, the
   * order with its lines, event, emptied cart and stored answer, all or nothing) with COMMIT; an option with a
   * capacity adds two (db/prepared.ts `statementTransaction`, not knex's transaction: see there). The answer is
   * built from what was written. Every refusal rolls back, or commits a write that wrote nothing, and leaves nothing.
   *
   * A second request with the same key waits (on PostgreSQL's unique index) for the first one's outcome: if that
   * commits, the stored answer is replayed; if it rolls back (a refusal, or its server instance died mid-way),
   * this one takes the key and places the order. So a key is never left claimed by a process that is gone.
   */
  async function placeInTransaction(user: AuthUser, input: CashOnDeliveryInput, key: IdempotencyClaim | undefined): Promise<PlaceOutcome | typeof NUMBER_TAKEN> {
    const now = clock.now();
    return statementTransaction(db, async (tx) => {
      const read: PlacementRead = { userId: user.id, addressId: input.addressId, option: input.Choose, ...(key ? { claim: { key: key.key, requestHash: key.requestHash, at: now } } : {}) };
      const rows = await run<PlacementRow>(tx, placementReadStatement(read));
      if (key && rows[0]?.claimed !== true) {
        const replay = await storedAnswer(tx, user, key);
        if (replay) return replay;
      }
      if (!isWithinWindow(config.shop.shopHours, now, config.shop.timeZone)) {
        throw conflict(`The shop takes orders from ${hoursText(config.shop.shopHours)}. Please order again then.`, 'SHOP_CLOSED', windowEnds(config.shop.shopHours));
      }
      if (rows.length === 0) throw new AppError('CART_EMPTY', TEXT.cartEmpty, { field: 'list_items' });
      // Busy mode, attendance and the option's capacity (its row locked when it has one, until this commits).
      const limited = ordering ? await ordering.admit(tx, input.Choose, rows[0]?.gate ?? null) : false;
      const sent = new Map(input.list_items.map((item) => [typeof item.productId === 'string' ? item.productId : String(item.productId), item.quantity]));
      const same = rows.length === sent.size && rows.every((line) => sent.get(line.product_id) === line.quantity);
      if (!same) throw conflict('Your cart changed. Please check it and place the order again.', 'CART_CHANGED');

      const address = rows[0]?.address;
      if (!address) throw new AppError('ADDRESS_NOT_FOUND', TEXT.selectAddress, { field: 'addressId' });
      if (address.latitude === null || address.longitude === null) throw new AppError('OUTSIDE_ZONE', TEXT.outsideDeliveryArea, { field: 'addressId' });
      const distance = addresses.checkZone({ latitude: address.latitude, longitude: address.longitude });

      const lines = checkedLines(rows, now);
      const chosen = new Map(input.list_items.flatMap((item) => (item.substitution ? [[typeof item.productId === 'string' ? item.productId : String(item.productId), item.substitution] as const] : [])));
      // the estimate (weighed lines at their asked grams) is what the shopper was shown and sends; while any line
      // waits for the scale, the "at most" figure is kept with the order (issue 34)
      const { estimate: totals, atMost } = checkoutTotals(lines.map(placedLine), input.Choose, config.shop.weightTolerancePercent);
      if (isOrderTooLarge(totals) || (atMost !== null && atMost.grandTotalPaise > MAX_ORDER_PAISE)) {
        throw new AppError('ORDER_TOO_LARGE', `One order may come to at most ${formatRs(MAX_ORDER_PAISE)}. Please order fewer items.`, {
          field: 'list_items',
          details: { maxTotalAmt: paiseToRupees(MAX_ORDER_PAISE) },
        });
      }
      const shortfall = minimumShortfallPaise(totals, config.shop.minOrderRupees * 100);
      if (shortfall > 0) {
        throw new AppError('BELOW_MINIMUM', `Add ${formatRs(shortfall)} more to order.`, {
          field: 'list_items',
          details: { amountNeeded: paiseToRupees(shortfall), minOrderAmt: config.shop.minOrderRupees },
        });
      }
      // Issue 35: a promo applies to the subtotal after the basket discount; the total the shopper sends is after
      // it, before credit. Credit then pays what it can of that total, the soonest-expiring lots first.
      const promo = input.promoCode ? await judgePromo(tx, user.id, input.promoCode, totals.subtotalPaise - totals.basketDiscountPaise, now) : null;
      const promoPaise = promo?.discountPaise ?? 0;
      const lots = (rows[0]?.credit_lots ?? []).map((lot) => ({ id: lot.id, expiresAt: new Date(lot.expires_at), remainingPaise: Number(lot.remaining) }));
      // the shared rule checkout shows the same figures with (issue 35)
      const payment = checkoutPayment({
        totals,
        atMostBeforeRoundingPaise: atMost?.beforeRoundingPaise ?? null,
        promoDiscountPaise: promoPaise,
        lots,
        useCredit: input.useCredit,
        now,
      });
      const totalPaise = payment.totalPaise;
      if (totalsDiffer(input, totals.subtotalPaise, totalPaise)) {
        throw conflict(`The prices changed: your total is now ${formatRs(totalPaise)}. Please check and place the order again.`, 'TOTALS_CHANGED', {
          subTotalAmt: paiseToRupees(totals.subtotalPaise),
          basketDiscount: paiseToRupees(totals.basketDiscountPaise),
          deliveryFee: paiseToRupees(totals.deliveryFeePaise),
          promoDiscount: paiseToRupees(promoPaise),
          totalAmt: paiseToRupees(totalPaise),
        });
      }
      const redeems = payment.plan;
      const creditPaise = payment.creditPaise;

      const point = input.location === LOCATION_NOT_AVAILABLE ? null : parseLocationText(input.location);
      const deliveryAddress = { ...addressToWire(address), distanceKm: Math.round(distance * 1000) / 1000 };
      const orderRow = {
        id: randomUUID(),
        order_code: '',
        user_id: user.id,
        status: 'Pending',
        payment_method: 'Cash on Delivery',
        payment_status: '',
        delivery_option: input.Choose,
        language: input.language,
        ...amountColumns(totals),
        // with a promo, the total after it (what rounding gave the shopper moves with it)
        total_paise: totalPaise,
        rounding_paise: payment.roundingPaise,
        promo_code: promo?.row.code ?? null,
        promo_discount_paise: promoPaise,
        credit_used_paise: creditPaise,
        // the "at most" figure less the same promo: never below what the order can come to
        max_total_paise: payment.atMostPaise,
        address_id: address.id,
        delivery_address: JSON.stringify(deliveryAddress),
        location: point ? input.location : LOCATION_NOT_AVAILABLE,
        latitude: point?.lat ?? null,
        longitude: point?.lng ?? null,
        created_at: now,
        updated_at: now,
      };
      const lineRows = lines.map((line, position) => ({
        product_id: line.product.id,
        position,
        name: line.product.name,
        name_si: line.product.name_si,
        name_ta: line.product.name_ta,
        unit: line.product.unit,
        image: imagesOf(line.product)[0] ?? '',
        category: shelfCategory(line.product.category_list) ?? '',
        original_price_paise: line.product.price_paise,
        discount: Number(line.product.discount),
        // per kg for a line sold by weight (issue 34)
        price_paise: discountedPricePaise(line.product.price_paise, Number(line.product.discount)),
        quantity: line.quantity,
        sell_by: line.weighed ? 'WEIGHT' : 'EACH',
        step_grams: line.weighed?.stepGrams ?? null,
        grams: line.weighed ? line.stock : null,
        // the payload's choice for the line, else the cart line's (issue 33)
        substitution: chosen.get(line.product.id) ?? (isSubstitutionPreference(line.product.substitution) ? line.product.substitution : DEFAULT_SUBSTITUTION),
        found: null,
      }));
      const customer = rows[0]?.customer ?? { name: '', mobile: '' };
      // The order's short number is drawn at random; the rare one already taken writes nothing, and the caller
      // tries again with another.
      orderRow.order_code = generateOrderId();
      // the address as the object it was written from, not parsed back from its JSON
      const order = toOrderWire({ ...orderRow, delivery_address: deliveryAddress, user_name: customer.name, user_mobile: customer.mobile, taken_by: null, taken_by_name: null, taken_at: null, lines: lineRows, revision: 0, original_total_paise: null, proposals: [] });
      // The write and its COMMIT in one round trip: it writes the whole order or nothing at all.
      const [written] = await runAndCommit<OrderWritten>(tx, orderWriteStatement({
        order: orderRow,
        lines: lineRows,
        event: { actor_id: user.id, to_status: 'Pending', note: 'placed' },
        stock: lines.map((line) => ({ productId: line.product.id, quantity: line.stock })),
        cartIds: rows.map((row) => row.cart_id),
        ...(key ? { answer: { key: key.key, status: 201, body: JSON.stringify(order) } } : {}),
        ...(redeems.length > 0 ? { redeems: redeems.map((step) => ({ lotId: step.lotId, amountPaise: step.amountPaise })) } : {}),
        ...(promo ? { promoUse: { promoId: promo.row.id, discountPaise: promoPaise } } : {}),
      }));
      // Written: every line's stock was taken with it (its row locked and checked first, in the same statement).
      if (written?.id) return { status: 201, body: order, replayed: false, order, limited };
      // Each line's stock is taken only where that much is left (never below zero): one short, and nothing was written.
      const short = lines.find((line) => written?.short.includes(line.product.id));
      if (short) throw new AppError('OUT_OF_STOCK', `${short.product.name} is out of stock.`, { field: 'list_items', details: { productId: short.product.id, ...productNames(short.product) } });
      return NUMBER_TAKEN;
    });
  }

  return {
    async placeCashOnDelivery(user: AuthUser, input: CashOnDeliveryInput, idempotencyKey: string | undefined): Promise<PlaceOutcome> {
      if (idempotencyKey !== undefined && idempotencyKey.length > 200) throw badRequest('Idempotency-Key must be at most 200 characters', 'Idempotency-Key');
      const key = idempotencyKey ? { key: idempotencyKey, requestHash: createHash('sha256').update(JSON.stringify(input)).digest('hex') } : undefined;
      let outcome: PlaceOutcome | typeof NUMBER_TAKEN = NUMBER_TAKEN;
      let overdrawn = 0;
      for (let attempt = 0; attempt < 5 && outcome === NUMBER_TAKEN; attempt++) {
        try {
          outcome = await placeInTransaction(user, input, key);
        } catch (error) {
          // credit spent meanwhile by the shopper's other order: read the lots again, once
          if (!isCreditOverdrawn(error)) throw error;
          if (overdrawn++ > 0) throw conflict('Your store credit changed while this order was placed. Please check and place it again.', 'TOTALS_CHANGED');
        }
      }
      if (outcome === NUMBER_TAKEN) throw new Error('could not find a free order number');
      if (outcome.order) {
        await events.orderCreated(outcome.order);
        if (outcome.limited) ordering?.announce();
      }
      return outcome;
    },

    /** The caller's own orders, or (with orders.view, scope=all) everyone's; filtered, paged, with counts per list. */
    async list(user: AuthUser, query: OrderListQuery) {
      const everyone = query.scope === 'all';
      if (everyone && !can(user.role, 'orders.view')) throw new AppError('FORBIDDEN', 'Only the shop\'s staff can see everyone\'s orders.');
      const statuses: string[] | undefined = query.list ? [...(orderListByKey(query.list)?.statuses ?? [])] : query.status ? [query.status] : undefined;
      const search = query.search?.trim();
      const filter = (q: Knex.QueryBuilder, withStatus: boolean) => {
        if (!everyone) q.where('o.user_id', user.id);
        if (query.since) q.where('o.updated_at', '>', new Date(query.since));
        if (withStatus && statuses) q.whereIn('o.status', statuses);
        if (search) {
          const like = `%${search.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
          q.where((w) => {
            w.whereRaw('lower(o.order_code) like ?', [like]).orWhereRaw('lower(o.status) like ?', [like]);
            if (everyone) w.orWhereRaw('lower(u.name) like ?', [like]).orWhere('u.mobile', 'like', like);
          });
        }
      };
      const offset = (query.page - 1) * query.limit;
      const loaded = await loadOrders(db, (q) => filter(q, true), { limit: query.limit, offset });
      const orders = can(user.role, 'orders.view') ? loaded : loaded.map(orderForShopper);
      const totalQuery = db('orders as o').join('users as u', 'u.id', 'o.user_id').count('* as count');
      filter(totalQuery, true);
      const byStatusQuery = db('orders as o').join('users as u', 'u.id', 'o.user_id').groupBy('o.status').select('o.status').count('* as count');
      filter(byStatusQuery, false);
      const [[totalRow], byStatus] = await Promise.all([totalQuery, byStatusQuery]);
      const statusCounts = new Map((byStatus as Array<{ status: string; count: unknown }>).map((r) => [r.status, toCount(r.count)]));
      const counts = Object.fromEntries(ORDER_LISTS.map((list) => [list.key, list.statuses.reduce((n, s) => n + (statusCounts.get(s) ?? 0), 0)]));
      const totalCount = toCount((totalRow as { count: unknown } | undefined)?.count);
      return { orders, totalCount, counts, page: query.page, totalPage: Math.max(1, Math.ceil(totalCount / query.limit)) };
    },

    /** One order by id or short number: the caller's own, or anyone's with orders.view; another's answers 404. */
    async details(user: AuthUser, orderRef: string): Promise<OrderWire> {
      const row = await db('orders')
        .where(orderRefWhere(orderRef))
        .first<{ id: string; user_id: string } | undefined>('id', 'user_id');
      if (!row || (row.user_id !== user.id && !can(user.role, 'orders.view'))) throw notFound('There is no such order.', 'ORDER_NOT_FOUND');
      const order = await orderById(db, row.id);
      return can(user.role, 'orders.view') ? order : orderForShopper(order);
    },

    /**
     * Takes a new order: the first to take it owns it, and it stops ringing on every counter and dashboard. Taking
     * it again is a no-op; anyone else is answered 409 ORDER_TAKEN naming who took it and when.
     */
    async acknowledge(actor: AuthUser, orderRef: string): Promise<OrderWire> {
      return (await writer.applyMove(actor, orderRef, { kind: 'acknowledge' })).order;
    },

    /**
     * Packs a taken order (issue 33): how many of each named line were found. A line that becomes short sets its
     * product's stock to 0; the order is revised (its new total by the shared rules) and every screen told.
     */
    async pack(actor: AuthUser, orderRef: string, lines: ReadonlyArray<PackLineInput>): Promise<OrderWire> {
      return (await writer.applyMove(actor, orderRef, { kind: 'pack', lines })).order;
    },

    /**
     * Staff propose a substitute for a line packed short (issue 33), through the one writer: kept at once (SIMILAR,
     * not dearer) or waiting for the shopper's answer. Answers the proposal as it stands and the order.
     */
    async proposeSubstitute(actor: AuthUser, input: ProposeSubstituteInput): Promise<ProposalCreatedWire> {
      const { order, proposalId } = await writer.applyMove(actor, input.orderId, { kind: 'propose', productId: input.productId, substituteId: input.substituteId, quantity: input.quantity });
      const proposal = order.proposals?.find((p) => p._id === proposalId);
      if (!proposal) throw new Error('the proposal just written is not on its order');
      return { proposal, order };
    },

    /** The order's shopper accepts or declines a proposal waiting for them (anyone else: 404). The order as they read it. */
    async answerSubstitution(user: AuthUser, input: AnswerSubstitutionInput): Promise<OrderWire> {
      const { order } = await writer.applyMove(user, input.orderId, { kind: 'answer', proposalId: input.proposalId, accept: input.accept });
      return orderForShopper(order);
    },

    /** Settles the proposals whose countdown ran out (the server's sweep; moves.ts `settleDue`). */
    settleDueSubstitutions: (onError?: (error: unknown, orderId: string) => void): Promise<number> => writer.settleDue(onError),

    /**
     * The substitutes to suggest for one line of an order (issue 33): products sold now and in stock that share a
     * sub-category with the ordered one, nearest in price to what the line cost first (shared rankSubstitutes), 12.
     */
    async substitutes(query: SubstitutesQuery): Promise<SubstituteWire[]> {
      const order = await db('orders').where(orderRefWhere(query.orderId)).first<{ id: string } | undefined>('id');
      if (!order) throw notFound('There is no such order.', 'ORDER_NOT_FOUND');
      const line = await db('order_lines')
        .where({ order_id: order.id, product_id: query.productId })
        .first<{ original_price_paise: number; discount: string | number } | undefined>('original_price_paise', 'discount');
      if (!line) throw new AppError('NOT_IN_ORDER', 'That product is not in this order.', { field: 'productId' });
      // a variation sells under its product's shelves
      const shelves = (await db.raw(
        `select s.id, s.name from product_sub_categories ps join sub_categories s on s.id = ps.sub_category_id
         where ps.product_id = (select coalesce(x.parent_id, x.id) from products x where x.id = ?)`,
        [query.productId],
      )).rows as Array<{ id: string; name: string }>;
      if (shelves.length === 0) return [];
      // not the shelf every product is on: its neighbours there are anything at a near price
      const ids = likenessShelves(shelves).map((shelf) => shelf.id);
      const rows = (await db.raw(
        `select ${SELLABLE_COLUMNS}, p.barcode from products p left join products parent on parent.id = p.parent_id
        where coalesce(p.parent_id, p.id) in (select ps.product_id from product_sub_categories ps where ps.sub_category_id = any(?::uuid[]))
          and p.id <> ? and p.deleted_at is null and p.publish and p.sell_by = 'EACH' and ${stockOf('p')} > 0`,
        [ids, query.productId],
      )).rows as Array<SellableRow & { barcode: string | null }>;
      const ranked = rankSubstitutes(
        { id: query.productId, subCategoryIds: ids, pricePaise: line.original_price_paise, discount: Number(line.discount) },
        rows.map((row) => ({
          id: row.id,
          name: row.name,
          subCategoryIds: row.sub_category_list.map((s) => s._id),
          pricePaise: row.price_paise,
          discount: Number(row.discount),
          stock: Number(row.stock),
          publish: isVisible(row),
          row,
        })),
      );
      return ranked.slice(0, SUBSTITUTES_SHOWN).map(({ row }) => ({
        _id: row.id,
        name: row.name,
        nameSi: row.name_si ?? null,
        nameTa: row.name_ta ?? null,
        unit: row.unit,
        image: imagesOf(row),
        price: paiseToRupees(discountedPricePaise(row.price_paise, Number(row.discount))),
        stock: Number(row.stock),
        shelf: shelfCategory(row.category_list),
        barcode: row.barcode ?? null,
      }));
    },

    /**
     * Moves an order one step of the shared status machine, recorded as an event with who and when.
     * Cancelling gives the stock back once; leaving a cancelled status takes it again (409 if it is gone).
     * When two people act at once the row lock makes one wait: the second sees the new status and is told.
     */
    async updateStatus(actor: AuthUser, orderRef: string, to: OrderStatus, cash: { cashCollected?: number | undefined; reason?: string | undefined } = {}): Promise<OrderWire> {
      return (await writer.applyMove(actor, orderRef, { kind: 'status', to, cashCollected: cash.cashCollected, reason: cash.reason })).order;
    },

    /**
     * A shopper cancels their own order while it is still Pending (the terms: before packing, not after). The
     * stock comes back once, the counters stop ringing and every screen shows it Cancelled. Once it is being
     * packed: 409 TOO_LATE_TO_CANCEL. Cancelling a cancelled order again changes nothing and answers it as it is.
     * Another shopper's order (or one that does not exist) answers 404, as in details.
     */
    async cancelOwn(user: AuthUser, orderRef: string): Promise<{ order: OrderWire; changed: boolean }> {
      const { order, changed } = await writer.applyMove(user, orderRef, { kind: 'cancel' });
      return { order: orderForShopper(order), changed };
    },

    /** Any move of an order after it is placed (moves.ts): the riders module gives and carries orders through it. */
    move: (actor: AuthUser, orderRef: string, move: OrderMove): Promise<{ order: OrderWire; changed: boolean }> => writer.applyMove(actor, orderRef, move),

    /**
     * Today's summary for the admins' 'Order Details & Additional Content' panel: the orders placed today
     * (in the shop's zone) per admin list, and the cash still to collect on open cash-on-delivery orders.
     */
    async summary() {
      const now = clock.now();
      const startOfDay = new Date(Math.floor(now.getTime() / 60_000) * 60_000 - localMinutes(now, config.shop.timeZone) * 60_000);
      const [byStatus, [cash]] = await Promise.all([
        db('orders').where('created_at', '>=', startOfDay).groupBy('status').select('status').count('* as count'),
        db('orders')
          .whereIn('status', ORDER_STATUSES.filter((s) => holdsStock(s) && s !== 'Delivered'))
          .where('payment_method', 'Cash on Delivery')
          .whereNot('payment_status', 'Paid')
          .select(db.raw('coalesce(sum(total_paise), 0) as paise'), db.raw('count(*) as count')),
      ]);
      const statusCounts = new Map((byStatus as Array<{ status: string; count: unknown }>).map((r) => [r.status || 'Pending', toCount(r.count)]));
      const today = Object.fromEntries(ORDER_LISTS.map((list) => [list.key, list.statuses.reduce((n, s) => n + (statusCounts.get(s) ?? 0), 0)]));
      const row = cash as { paise: unknown; count: unknown } | undefined;
      return {
        since: startOfDay.toISOString(),
        today,
        todayTotal: Object.values(today).reduce((a, b) => a + b, 0),
        cashToCollect: paiseToRupees(toCount(row?.paise)),
        openCashOrders: toCount(row?.count),
      };
    },

    /** The history of one order: who moved it, when, from what to what. */
    async history(id: string) {
      return db('order_events as e').leftJoin('users as u', 'u.id', 'e.actor_id').where('e.order_id', id).orderBy('e.created_at').select('e.from_status', 'e.to_status', 'e.created_at', 'u.name as actor');
    },
  };
}

export type OrderService = ReturnType<typeof createOrderService>;
