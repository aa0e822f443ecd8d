import type { Knex } from 'knex';
import { DEFAULT_SUBSTITUTION, formatWeight, minQuantity, weighedRuleOf, type CartItemWire, type CartMergeInput, type OrderAgainResult, type SubstitutionPreference } from '@kade/shared';
import type { Clock } from '../../clock';
import { AppError, notFound } from '../../http/errors';
import { orderRefWhere } from '../orders/order-ref';
import { loadSellables, problemFor, productNames, purchasableQuantity, ruleProduct, toSellableWire, type SellableRow } from './sellable';
import type { Db } from '../../db/database';

interface CartRow {
  id: string;
  user_id: string;
  product_id: string;
  quantity: number;
  substitution: SubstitutionPreference;
}

const CART_COLUMNS = ['id', 'user_id', 'product_id', 'quantity', 'substitution'];

/** A new cart line's substitution choice: what the shopper chose for the product last time, else SIMILAR (issue 33). */
function rememberedChoice(db: Db, userId: string, productId: string): Knex.Raw {
  return db.raw('coalesce((select preference from substitution_choices where user_id = ? and product_id = ?), ?)', [userId, productId, DEFAULT_SUBSTITUTION]);
}

function toItemWire(row: CartRow, product: SellableRow): CartItemWire {
  return {
    _id: row.id,
    userId: row.user_id,
    productId: toSellableWire(product),
    quantity: row.quantity,
    maxQuantity: purchasableQuantity(product),
    problem: problemFor(product, row.quantity),
    substitution: row.substitution,
  };
}

/** The fewest one line of it may hold: a weighed product's minimum in steps (issue 34), else 1. */
const fewest = (product: SellableRow): number => minQuantity(ruleProduct(product));

/** A cart quantity of a weighed product below its minimum (0 removes the line instead). */
function belowMinimum(product: SellableRow): AppError {
  const rule = weighedRuleOf(ruleProduct(product));
  const min = rule ? formatWeight(rule.minGrams) : '1';
  return new AppError('VALIDATION', `${product.name} is sold from ${min}: choose at least that much, or remove it.`, {
    field: 'qty',
    details: { rule: 'tooSmall', min: fewest(product), productId: product.id, ...productNames(product) },
  });
}

function stockMessage(product: SellableRow, wanted: number): AppError {
  const max = purchasableQuantity(product);
  const rule = weighedRuleOf(ruleProduct(product));
  if (rule && max > 0) {
    // a weighed product: the most is a weight (its stock in grams, or the most one order may ask for)
    return new AppError('NOT_ENOUGH_STOCK', `You can have at most ${formatWeight(max * rule.stepGrams)} of ${product.name}.`, {
      field: 'qty',
      details: { productId: product.id, available: max, availableGrams: max * rule.stepGrams, ...productNames(product) },
    });
  }
  if (max === 0) {
    const code = problemFor(product, wanted) === 'UNAVAILABLE' ? 'PRODUCT_UNAVAILABLE' : 'OUT_OF_STOCK';
    return new AppError(code, code === 'OUT_OF_STOCK' ? `${product.name} is out of stock.` : `${product.name} is no longer sold.`, {
      details: { productId: product.id, available: 0, ...productNames(product) },
    });
  }
  return new AppError('NOT_ENOUGH_STOCK', max === 1 ? `You can have only 1 of ${product.name}.` : `Only ${max} of ${product.name} left.`, {
    field: 'qty',
    details: { productId: product.id, available: max, ...productNames(product) },
  });
}

/** The shopper's cart: quantities never above stock, single-quantity items never above 1. */
export function createCartService({ db, clock }: { db: Knex; clock: Clock }) {
  async function list(userId: string): Promise<CartItemWire[]> {
    const rows = await db('cart_items').where({ user_id: userId }).orderBy('created_at').orderBy('id').select<CartRow[]>(CART_COLUMNS);
    const products = await loadSellables(db, rows.map((r) => r.product_id));
    return rows.flatMap((r) => {
      const product = products.get(r.product_id);
      return product ? [toItemWire(r, product)] : [];
    });
  }

  async function ownItem(userId: string, itemId: string, trx: Db = db): Promise<CartRow> {
    const row = await trx('cart_items').where({ id: itemId, user_id: userId }).first<CartRow>(CART_COLUMNS);
    if (!row) throw notFound('That item is not in your cart.', 'CART_ITEM_NOT_FOUND');
    return row;
  }

  return {
    list,

    /** Puts one of a product in the cart; a product already there is left as it is. */
    async add(userId: string, productId: string): Promise<CartItemWire> {
      const product = (await loadSellables(db, [productId])).get(productId);
      if (!product) throw notFound('There is no such product.', 'PRODUCT_NOT_FOUND');
      const existing = await db('cart_items').where({ user_id: userId, product_id: productId }).first<CartRow>(CART_COLUMNS);
      if (existing) return toItemWire(existing, product);
      // one unit, or a weighed product's minimum weight (issue 34)
      const first = fewest(product);
      if (purchasableQuantity(product) < first) throw stockMessage(product, first);
      const [row] = await db('cart_items')
        .insert({ user_id: userId, product_id: productId, quantity: first, substitution: rememberedChoice(db, userId, productId) })
        .onConflict(['user_id', 'product_id'])
        .merge({ updated_at: clock.now() })
        .returning(CART_COLUMNS);
      return toItemWire(row as CartRow, product);
    },

    /** Sets a quantity; 0 removes the item. More than may be had answers 409 with how many may. */
    async setQuantity(userId: string, itemId: string, quantity: number): Promise<CartItemWire | null> {
      const row = await ownItem(userId, itemId);
      if (quantity === 0) {
        await db('cart_items').where({ id: row.id }).del();
        return null;
      }
      const product = (await loadSellables(db, [row.product_id])).get(row.product_id);
      if (!product) throw notFound('There is no such product.', 'PRODUCT_NOT_FOUND');
      if (quantity < fewest(product)) throw belowMinimum(product);
      if (quantity > row.quantity && quantity > purchasableQuantity(product)) throw stockMessage(product, quantity);
      const [updated] = await db('cart_items').where({ id: row.id }).update({ quantity, updated_at: clock.now() }).returning(CART_COLUMNS);
      return toItemWire(updated as CartRow, product);
    },

    /** What the shopper wants if this line runs short (issue 33): kept on the line until the order takes it. */
    async setSubstitution(userId: string, itemId: string, substitution: SubstitutionPreference): Promise<CartItemWire> {
      const row = await ownItem(userId, itemId);
      const product = (await loadSellables(db, [row.product_id])).get(row.product_id);
      if (!product) throw notFound('There is no such product.', 'PRODUCT_NOT_FOUND');
      const [updated] = await db('cart_items').where({ id: row.id }).update({ substitution, updated_at: clock.now() }).returning(CART_COLUMNS);
      return toItemWire(updated as CartRow, product);
    },

    async remove(userId: string, itemId: string): Promise<void> {
      const row = await ownItem(userId, itemId);
      await db('cart_items').where({ id: row.id }).del();
    },

    /**
     * Merges a cart kept on the phone before login: each product's quantities add up, capped at what may be
     * had (a line already above that is not lowered); products that cannot be bought are left out. Answers
     * the whole cart. Each line is one upsert that adds in the database, so merges running at once (a
     * retried login, two tabs) add up and never collide on the one-line-per-product key; lines are written
     * in product order, so two merges never wait on each other in a circle.
     */
    async merge(userId: string, input: CartMergeInput): Promise<CartItemWire[]> {
      const products = await loadSellables(db, input.items.map((i) => i.productId));
      const items = [...input.items].sort((a, b) => (a.productId < b.productId ? -1 : a.productId > b.productId ? 1 : 0));
      await db.transaction(async (trx) => {
        for (const item of items) {
          const product = products.get(item.productId);
          const max = product ? purchasableQuantity(product) : 0;
          if (max < 1) continue;
          // never below a weighed product's minimum (max is at least that when it is above 0)
          const quantity = Math.max(fewest(product!), Math.min(max, item.quantity));
          await trx('cart_items')
            .insert({ user_id: userId, product_id: item.productId, quantity, substitution: rememberedChoice(trx, userId, item.productId) })
            .onConflict(['user_id', 'product_id'])
            .merge({
              quantity: trx.raw('greatest(cart_items.quantity, least(?::integer, cart_items.quantity + excluded.quantity))', [max]),
              updated_at: clock.now(),
            });
        }
      });
      return list(userId);
    },

    /**
     * Order again: puts what one of the caller's own orders held into the cart, each line capped by what may be had
     * now (stock, single-quantity) and added to what the cart already holds; what is no longer sold or is out of
     * stock is left out and named. Another's order (or none) answers 404.
     */
    async orderAgain(userId: string, orderRef: string): Promise<OrderAgainResult> {
      const order = await db('orders')
        .where(orderRefWhere(orderRef))
        .first<{ id: string; user_id: string } | undefined>('id', 'user_id');
      if (!order || order.user_id !== userId) throw notFound('There is no such order.', 'ORDER_NOT_FOUND');
      const lines = await db('order_lines').where({ order_id: order.id }).orderBy('position').select<Array<{ product_id: string | null; name: string; quantity: number }>>('product_id', 'name', 'quantity');
      const products = await loadSellables(db, lines.flatMap((l) => (l.product_id ? [l.product_id] : [])));
      const added: OrderAgainResult['added'] = [];
      const skipped: OrderAgainResult['skipped'] = [];
      const wanted = new Map<string, { name: string; quantity: number; asked: number }>();
      for (const line of lines) {
        const product = line.product_id ? products.get(line.product_id) : undefined;
        const max = product ? purchasableQuantity(product) : 0;
        if (!product || max < 1) {
          skipped.push({ name: line.name, reason: product && problemFor(product, 1) === 'OUT_OF_STOCK' ? 'out of stock' : 'no longer sold' });
          continue;
        }
        const before = wanted.get(product.id);
        const asked = (before?.asked ?? 0) + line.quantity;
        wanted.set(product.id, { name: product.name, quantity: Math.max(fewest(product), Math.min(max, asked)), asked });
      }
      const ordered = [...wanted.entries()].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
      await db.transaction(async (trx) => {
        for (const [productId, line] of ordered) {
          const max = purchasableQuantity(products.get(productId)!);
          await trx('cart_items')
            .insert({ user_id: userId, product_id: productId, quantity: line.quantity, substitution: rememberedChoice(trx, userId, productId) })
            .onConflict(['user_id', 'product_id'])
            .merge({ quantity: trx.raw('greatest(cart_items.quantity, least(?::integer, cart_items.quantity + excluded.quantity))', [max]), updated_at: clock.now() });
          added.push({ productId, name: line.name, quantity: line.quantity, asked: line.asked });
        }
      });
      return { cart: await list(userId), added, skipped };
    },
  };
}


/** What Order again says: what went in, what was cut to what is left, and what could not be added. */
export function orderAgainMessage(result: Pick<OrderAgainResult, 'added' | 'skipped'>): string {
  const parts: string[] = [];
  const count = result.added.length;
  parts.push(count === 0 ? 'Nothing from this order can be bought now.' : `${count} ${count === 1 ? 'item' : 'items'} added to your cart.`);
  for (const line of result.added.filter((l) => l.quantity < l.asked)) parts.push(`Only ${line.quantity} of ${line.name} (you ordered ${line.asked}).`);
  if (result.skipped.length > 0) parts.push(`Not added: ${result.skipped.map((l) => `${l.name} (${l.reason})`).join(', ')}.`);
  return parts.join(' ');
}

export type CartService = ReturnType<typeof createCartService>;
