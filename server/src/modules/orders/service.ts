import { createHash } from 'node:crypto';
import type { Knex } from 'knex';
import {
  LOCATION_NOT_AVAILABLE,
  ORDER_LISTS,
  TEXT,
  addressToWire,
  canTransition,
  computeTotals,
  discountedPricePaise,
  formatRs,
  generateOrderId,
  isFreshCategory,
  isOrderStatus,
  UUID_PATTERN,
  isWithinWindow,
  normalizeStatus,
  orderListByKey,
  paiseToRupees,
  parseLocationText,
  rupeesToPaise,
  shelfCategory,
  stockMovement,
  type CashOnDeliveryInput,
  type OrderListQuery,
  type OrderStatus,
} from '@kade/shared';
import type { Clock } from '../../clock';
import type { Config } from '../../config';
import { toCount } from '../../db/database';
import { AppError, badRequest, conflict, notFound } from '../../http/errors';
import type { AuthUser } from '../../http/route';
import type { AddressService } from '../addresses/service';
import { imagesOf, isVisible, loadSellables, purchasableQuantity, type SellableRow } from '../cart/sellable';
import type { OrderEvents } from '../realtime/events';
import { ORDER_SELECT, toOrderWire, type OrderRow, type OrderWire } from './wire';

type Db = Knex | Knex.Transaction;

const IDEMPOTENCY_WAIT_MS = 5000;

export interface OrderServiceDeps {
  db: Knex;
  config: Config;
  clock: Clock;
  addresses: AddressService;
  events: OrderEvents;
}

/** Whether the client's subtotal or total (rupees) differs from the server's (paise). */
function totalsDiffer(input: CashOnDeliveryInput, subtotalPaise: number, totalPaise: number): boolean {
  return rupeesToPaise(input.subTotalAmt) !== subtotalPaise || rupeesToPaise(input.totalAmt) !== totalPaise;
}

export function createOrderService({ db, config, clock, addresses, events }: OrderServiceDeps) {
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

  /** Whether a product (by its shelves) may be sold now: Vegetable and Meat only in the fresh hours. */
  function freshClosed(product: SellableRow, now: Date): boolean {
    const fresh = product.category_list.some((c) => isFreshCategory(c.name));
    return fresh && !isWithinWindow(config.shop.freshHours, now, config.shop.timeZone);
  }

  /** Writes the order in one transaction; every refusal leaves nothing written. */
  async function placeInTransaction(user: AuthUser, input: CashOnDeliveryInput): Promise<string> {
    const now = clock.now();
    if (!isWithinWindow(config.shop.shopHours, now, config.shop.timeZone)) {
      throw conflict(`The shop takes orders from ${config.shop.shopHours.replace('-', ' to ')}. Please order again then.`, 'SHOP_CLOSED');
    }
    return db.transaction(async (trx) => {
      const cart = await trx('cart_items').where({ user_id: user.id }).orderBy('created_at').orderBy('id').forUpdate().select<Array<{ id: string; product_id: string; quantity: number }>>('id', 'product_id', 'quantity');
      if (cart.length === 0) throw new AppError(400, 'CART_EMPTY', TEXT.cartEmpty, { field: 'list_items' });
      const sent = new Map(input.list_items.map((item) => [typeof item.productId === 'string' ? item.productId : String(item.productId), item.quantity]));
      const same = cart.length === sent.size && cart.every((line) => sent.get(line.product_id) === line.quantity);
      if (!same) throw conflict('Your cart changed. Please check it and place the order again.', 'CART_CHANGED');

      const address = await trx('addresses').where({ id: input.addressId, user_id: user.id, status: true }).first();
      if (!address) throw new AppError(404, 'ADDRESS_NOT_FOUND', TEXT.selectAddress, { field: 'addressId' });
      if (address.latitude === null || address.longitude === null) throw new AppError(400, 'OUTSIDE_ZONE', TEXT.outsideDeliveryArea, { field: 'addressId' });
      const distance = addresses.checkZone({ latitude: address.latitude, longitude: address.longitude });

      const products = await loadSellables(trx, cart.map((line) => line.product_id), { lock: true });
      const lines = cart.map((line) => {
        const product = products.get(line.product_id);
        if (!product || !isVisible(product)) {
          throw new AppError(409, 'PRODUCT_UNAVAILABLE', `${product?.name ?? 'A product in your cart'} is no longer sold. Please remove it from your cart.`, {
            field: 'list_items',
            details: { productId: line.product_id },
          });
        }
        if (line.quantity > purchasableQuantity(product)) {
          const left = purchasableQuantity(product);
          throw new AppError(409, 'OUT_OF_STOCK', left === 0 ? `${product.name} is out of stock.` : `Only ${left} of ${product.name} left.`, {
            field: 'list_items',
            details: { productId: product.id, available: left },
          });
        }
        if (freshClosed(product, now)) {
          throw new AppError(409, 'FRESH_CLOSED', `${product.name} can be ordered only from ${config.shop.freshHours.replace('-', ' to ')}.`, {
            field: 'list_items',
            details: { productId: product.id },
          });
        }
        return { product, quantity: line.quantity };
      });

      const totals = computeTotals(
        lines.map((l) => ({ pricePaise: l.product.price_paise, discount: Number(l.product.discount), quantity: l.quantity })),
        input.Choose,
      );
      if (totalsDiffer(input, totals.subtotalPaise, totals.grandTotalPaise)) {
        throw conflict(`The prices changed: your total is now ${formatRs(totals.grandTotalPaise)}. Please check and place the order again.`, 'TOTALS_CHANGED', {
          subTotalAmt: paiseToRupees(totals.subtotalPaise),
          basketDiscount: paiseToRupees(totals.basketDiscountPaise),
          deliveryFee: paiseToRupees(totals.deliveryFeePaise),
          totalAmt: paiseToRupees(totals.grandTotalPaise),
        });
      }

      for (const line of lines) {
        const taken = await trx('products').where({ id: line.product.id }).andWhere('stock', '>=', line.quantity).decrement('stock', line.quantity);
        if (taken !== 1) throw new AppError(409, 'OUT_OF_STOCK', `${line.product.name} is out of stock.`, { field: 'list_items', details: { productId: line.product.id } });
      }

      const point = input.location === LOCATION_NOT_AVAILABLE ? null : parseLocationText(input.location);
      let orderId: string | undefined;
      for (let attempt = 0; attempt < 5 && !orderId; attempt++) {
        const [row] = await trx('orders')
          .insert({
            order_code: generateOrderId(),
            user_id: user.id,
            status: 'Pending',
            payment_method: 'Cash on Delivery',
            payment_status: '',
            delivery_option: input.Choose,
            undiscounted_paise: totals.undiscountedPaise,
            subtotal_paise: totals.subtotalPaise,
            basket_discount_paise: totals.basketDiscountPaise,
            delivery_fee_paise: totals.deliveryFeePaise,
            rounding_paise: totals.roundingPaise,
            total_paise: totals.grandTotalPaise,
            address_id: address.id,
            delivery_address: JSON.stringify({ ...addressToWire(address), distanceKm: Math.round(distance * 1000) / 1000 }),
            location: point ? input.location : LOCATION_NOT_AVAILABLE,
            latitude: point?.lat ?? null,
            longitude: point?.lng ?? null,
            created_at: now,
            updated_at: now,
          })
          .onConflict('order_code')
          .ignore()
          .returning('id');
        orderId = (row as { id: string } | undefined)?.id;
      }
      if (!orderId) throw new Error('could not find a free order number');

      await trx('order_lines').insert(
        lines.map((line, position) => ({
          order_id: orderId,
          product_id: line.product.id,
          position,
          name: line.product.name,
          unit: line.product.unit,
          image: imagesOf(line.product)[0] ?? '',
          category: shelfCategory(line.product.category_list) ?? '',
          original_price_paise: line.product.price_paise,
          discount: Number(line.product.discount),
          price_paise: discountedPricePaise(line.product.price_paise, Number(line.product.discount)),
          quantity: line.quantity,
        })),
      );
      await trx('order_events').insert({ order_id: orderId, actor_id: user.id, from_status: null, to_status: 'Pending', note: 'placed', created_at: now });
      await trx('cart_items').where({ user_id: user.id }).del();
      return orderId;
    });
  }

  /**
   * A retried tap with the same Idempotency-Key returns the first answer and writes nothing; the same key with
   * another body is refused (422). The key is claimed before the order is written and released if it fails.
   */
  async function withIdempotency(
    user: AuthUser,
    key: string | undefined,
    input: CashOnDeliveryInput,
    place: () => Promise<{ status: number; body: unknown }>,
  ): Promise<{ status: number; body: unknown; replayed: boolean }> {
    if (!key) return { ...(await place()), replayed: false };
    if (key.length > 200) throw badRequest('Idempotency-Key must be at most 200 characters', 'Idempotency-Key');
    const requestHash = createHash('sha256').update(JSON.stringify(input)).digest('hex');
    const claimed = await db('idempotency_keys').insert({ user_id: user.id, key, request_hash: requestHash, created_at: clock.now() }).onConflict(['user_id', 'key']).ignore().returning('key');
    if (claimed.length === 0) {
      const deadline = Date.now() + IDEMPOTENCY_WAIT_MS;
      for (;;) {
        const existing = await db('idempotency_keys').where({ user_id: user.id, key }).first('request_hash', 'response_status', 'response_body');
        if (!existing) return withIdempotency(user, key, input, place); // the first try failed and let go of the key
        if (existing.request_hash !== requestHash) {
          throw new AppError(422, 'IDEMPOTENCY_MISMATCH', 'This Idempotency-Key was used for a different order. Use a new key for a new order.', { field: 'Idempotency-Key' });
        }
        if (existing.response_status !== null) {
          const body = typeof existing.response_body === 'string' ? JSON.parse(existing.response_body) : existing.response_body;
          return { status: existing.response_status, body, replayed: true };
        }
        if (Date.now() > deadline) throw conflict('This order is still being placed. Please wait a moment.', 'ORDER_IN_PROGRESS');
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
    }
    try {
      const result = await place();
      await db('idempotency_keys').where({ user_id: user.id, key }).update({ response_status: result.status, response_body: JSON.stringify(result.body) });
      return { ...result, replayed: false };
    } catch (error) {
      await db('idempotency_keys').where({ user_id: user.id, key }).del();
      throw error;
    }
  }

  return {
    async placeCashOnDelivery(user: AuthUser, input: CashOnDeliveryInput, idempotencyKey: string | undefined) {
      let created: OrderWire | undefined;
      const result = await withIdempotency(user, idempotencyKey, input, async () => {
        const id = await placeInTransaction(user, input);
        created = await orderById(db, id);
        return { status: 201, body: created };
      });
      if (created) events.orderCreated(created);
      return result;
    },

    /** The caller's own orders, or (admin, scope=all) everyone's; filtered, paged, with counts per list. */
    async list(user: AuthUser, query: OrderListQuery) {
      const everyone = query.scope === 'all';
      if (everyone && user.role !== 'ADMIN') throw new AppError(403, 'FORBIDDEN', 'Only admins can see everyone\'s orders.');
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
      const orders = await loadOrders(db, (q) => filter(q, true), { limit: query.limit, offset });
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

    /**
     * Moves an order one step of the shared status machine, recorded as an event with who and when.
     * Cancelling gives the stock back once; leaving a cancelled status takes it again (409 if it is gone).
     * When two people act at once the row lock makes one wait: the second sees the new status and is told.
     */
    async updateStatus(actor: AuthUser, orderRef: string, to: OrderStatus) {
      const now = clock.now();
      const change = await db.transaction(async (trx) => {
        const query = trx('orders').forUpdate().first<{ id: string; status: string; user_id: string; taken_by: string | null }>('id', 'status', 'user_id', 'taken_by');
        const order = await (UUID_PATTERN.test(orderRef) ? query.where({ id: orderRef }) : query.where({ order_code: orderRef.toUpperCase() }));
        if (!order) throw notFound('There is no such order.', 'ORDER_NOT_FOUND');
        const from = isOrderStatus(order.status) || order.status === '' ? normalizeStatus(order.status) : 'Pending';
        if (!canTransition(from, to)) {
          throw conflict(from === to ? `This order is already ${from}.` : `An order that is ${from} cannot become ${to}.`, 'STATUS_STEP_NOT_ALLOWED', { order_status: from });
        }
        const movement = stockMovement(from, to);
        if (movement !== 'none') {
          const lines = await trx('order_lines').where({ order_id: order.id }).whereNotNull('product_id').orderBy('product_id').select<Array<{ product_id: string; quantity: number; name: string }>>('product_id', 'quantity', 'name');
          for (const line of lines) {
            if (movement === 'release') {
              await trx('products').where({ id: line.product_id }).increment('stock', line.quantity);
            } else {
              const taken = await trx('products').where({ id: line.product_id }).andWhere('stock', '>=', line.quantity).decrement('stock', line.quantity);
              if (taken !== 1) throw conflict(`${line.name} is out of stock, so this order cannot be reopened.`, 'OUT_OF_STOCK', { productId: line.product_id });
            }
          }
        }
        await trx('orders')
          .where({ id: order.id })
          .update({ status: to, updated_at: now, ...(to === 'Processing' && !order.taken_by ? { taken_by: actor.id } : {}) });
        await trx('order_events').insert({ order_id: order.id, actor_id: actor.id, from_status: from, to_status: to, created_at: now });
        return { id: order.id, from };
      });
      const order = await orderById(db, change.id);
      events.orderStatusChanged(order, { from: change.from, to, by: actor.id });
      return order;
    },

    /** The history of one order: who moved it, when, from what to what. */
    async history(id: string) {
      return db('order_events as e').leftJoin('users as u', 'u.id', 'e.actor_id').where('e.order_id', id).orderBy('e.created_at').select('e.from_status', 'e.to_status', 'e.created_at', 'u.name as actor');
    },
  };
}

export type OrderService = ReturnType<typeof createOrderService>;
