// Stock lives in `product_stock`, one narrow row per product or variation, apart from the searchable
// `products` row: an order's stock change never rewrites a product or its search indexes (see the migration
// 20261126090000_product_stock). These are the only statements that write it.
import type { Knex } from 'knex';
import { statementRows } from '../../db/prepared';
import type { Db } from '../../db/database';

/** The stock of the product aliased `alias` (0 when it has no stock row), for a select list. */
export function stockOf(alias: string): string {
  return `coalesce((select st.stock from product_stock st where st.product_id = ${alias}.id), 0)`;
}

/** Sets the stock of one product or variation (the admin's form, the seed). */
export async function setStock(db: Db, productId: string, stock: number): Promise<void> {
  await db.raw(
    `insert into product_stock (product_id, stock) values (?, ?)
    on conflict (product_id) do update set stock = excluded.stock`,
    [productId, stock],
  );
}

export interface StockLine {
  productId: string;
  quantity: number;
}

/** `(?::uuid, ?::integer), …` and its bindings: the lines as a VALUES list. */
function valuesOf(lines: readonly StockLine[]): { sql: string; bindings: Knex.RawBinding[] } {
  const quantities = new Map<string, number>();
  for (const line of lines) quantities.set(line.productId, (quantities.get(line.productId) ?? 0) + line.quantity);
  return {
    sql: [...quantities.keys()].map(() => '(?::uuid, ?::integer)').join(', '),
    bindings: [...quantities].flat(),
  };
}

/** A statement's expressions that move stock: `lock` to go first in its WITH list, `move` after what `when` names. */
export interface StockCtes {
  /** `wanted` (the lines, one per product) and `locked` (their rows, locked, with their stock as it is now). */
  lock: string;
  /** `moved`: the ids whose stock changed. */
  move: string;
  /** The values of `lock` (`move` has none). */
  bindings: Knex.RawBinding[];
}

/**
 * The common table expressions moving every line's stock by its quantity: `wanted` (the lines, one per product),
 * `locked` (the rows, locked in id order before any is changed, so two orders sharing products never wait on each
 * other in a circle) and `moved` (the ids changed). Taking changes only rows with that much left; `when`, a condition
 * on other expressions of the statement, must hold too (the order's write takes stock only once its order is
 * written). One text per count of products and direction: a prepared statement each (prepared.ts).
 *
 * The new stock and "that much left" are both reckoned from `locked.stock`, the row as its lock found it, never from
 * the updated row's own `st.stock`: the statement's snapshot is taken before it waits for the lock, and the update
 * sees the row as it was then. A row whose snapshot stock was too low was left out without being read again, and a
 * new stock worked out from it failed the table's `stock >= 0` check before PostgreSQL read the row again; so when
 * stock rose while the statement waited (a cancelled order giving it back, an admin restocking), the order was
 * written while its stock was never taken. The lock is held from `locked` to the commit, so nobody changes the row
 * in between (place-write.test.ts holds a give-back open while an order waits for it).
 */
function stockCtes(lines: readonly StockLine[], direction: 'take' | 'give back', when?: string): StockCtes {
  const values = valuesOf(lines);
  const take = direction === 'take';
  const lock = `wanted (product_id, quantity) as (values ${values.sql}),
locked as materialized (
  select st.product_id, st.stock from product_stock st
  where st.product_id in (select product_id from wanted)
  order by st.product_id
  for update
)`;
  const move = `moved as (
  update product_stock st set stock = locked.stock ${take ? '-' : '+'} wanted.quantity
  from wanted join locked on locked.product_id = wanted.product_id
  where st.product_id = wanted.product_id${take ? ' and locked.stock >= wanted.quantity' : ''}${when ? ` and ${when}` : ''}
  returning st.product_id
)`;
  return { lock, move, bindings: values.bindings };
}

/** One statement moving every line's stock; answers the ids it changed. */
async function moveStock(trx: Knex.Transaction, lines: readonly StockLine[], direction: 'take' | 'give back'): Promise<Set<string>> {
  if (lines.length === 0) return new Set();
  const ctes = stockCtes(lines, direction);
  const rows = await statementRows<{ product_id: string }>(trx, `with ${ctes.lock},\n${ctes.move}\nselect product_id from moved`, ctes.bindings);
  return new Set(rows.map((row) => row.product_id));
}

/**
 * For a statement of its own that takes stock with other writes: `lock` (`wanted` and `locked`) to open its WITH
 * list, and `move` (`moved`, each line's stock taken only where that much is left and only when `when` holds) after
 * the expressions `when` names.
 */
export function takeStockCtes(lines: readonly StockLine[], when: string): StockCtes {
  return stockCtes(lines, 'take', when);
}

/**
 * Takes every line's quantity in one statement, each only where that much is left; answers the ids whose stock was
 * taken (a line missing from the answer had too little, and the caller rolls back).
 */
export function takeStock(trx: Knex.Transaction, lines: readonly StockLine[]): Promise<Set<string>> {
  return moveStock(trx, lines, 'take');
}

/** Gives every line's quantity back in one statement (an order cancelled). */
export async function giveBackStock(trx: Knex.Transaction, lines: readonly StockLine[]): Promise<void> {
  await moveStock(trx, lines, 'give back');
}

/**
 * Packing found products gone (issue 33): their stock becomes 0 and each change is recorded in
 * `stock_corrections` with the order and who packed it, in the caller's transaction. A product already at 0
 * changes nothing and is not recorded. Answers the ids whose stock changed.
 */
export async function correctStockToZero(trx: Knex.Transaction, productIds: readonly string[], why: { reason: string; orderId: string; actorId: string; at: Date }): Promise<string[]> {
  if (productIds.length === 0) return [];
  const rows = await statementRows<{ product_id: string }>(
    trx,
    `with locked as materialized (
  select product_id, stock from product_stock where product_id = any(?::uuid[]) and stock <> 0 order by product_id for update
),
zeroed as (
  update product_stock st set stock = 0 from locked where st.product_id = locked.product_id returning st.product_id
),
recorded as (
  insert into stock_corrections (product_id, from_stock, to_stock, reason, order_id, actor_id, created_at)
  select locked.product_id, locked.stock, 0, ?, ?::uuid, ?::uuid, ? from locked
)
select product_id from zeroed`,
    [[...new Set(productIds)], why.reason, why.orderId, why.actorId, why.at],
  );
  return rows.map((row) => row.product_id);
}

/**
 * A weighed line packed (issue 34): the grams it held become the grams weighed, so `change` grams go back to the
 * product's stock (more than weighed was held) or are taken (less). Taking never goes below 0 g: the scale is the
 * truth, and a stock that said less was wrong. One row, changed in place under its lock.
 */
export async function moveWeighedStock(trx: Knex.Transaction, productId: string, change: number): Promise<void> {
  if (change === 0) return;
  await trx.raw('update product_stock set stock = greatest(stock + ?::integer, 0) where product_id = ?', [change, productId]);
}
