// Stock lives in `product_stock`, one narrow row per product or variation, apart from the searchable
// `products` row: an order's stock change never rewrites a product or its search indexes (see the migration
// 20261126090000_product_stock). These are the only statements that write it.
import type { Knex } from 'knex';
import { statementRows } from './prepared';

type Db = Knex | Knex.Transaction;

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

/**
 * One statement moving every line's stock by its quantity: the rows locked in id order before any is changed, so
 * two orders sharing products never wait on each other in a circle (lines of one product count together). Taking
 * changes only rows with that much left; answers the ids it changed.
 */
async function moveStock(trx: Knex.Transaction, lines: readonly StockLine[], direction: 'take' | 'give back'): Promise<Set<string>> {
  if (lines.length === 0) return new Set();
  const values = valuesOf(lines);
  const take = direction === 'take';
  // One text per count of products and direction: a prepared statement each (prepared.ts).
  const rows = await statementRows<{ product_id: string }>(
    trx,
    `with wanted (product_id, quantity) as (values ${values.sql}),
locked as materialized (
  select st.product_id from product_stock st
  where st.product_id in (select product_id from wanted)
  order by st.product_id
  for update
)
update product_stock st set stock = st.stock ${take ? '-' : '+'} wanted.quantity
from wanted join locked on locked.product_id = wanted.product_id
where st.product_id = wanted.product_id${take ? ' and st.stock >= wanted.quantity' : ''}
returning st.product_id`,
    values.bindings,
  );
  return new Set(rows.map((row) => row.product_id));
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
