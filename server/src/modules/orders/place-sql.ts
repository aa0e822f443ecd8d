// The statements of placing a cash-on-delivery order, besides BEGIN and COMMIT: one read (claiming the
// Idempotency-Key too, and reading busy mode, attendance and the option's capacity) and one write (every line's
// stock taken, the order, its lines and event, the emptied cart and the key's answer); two more (lock the option,
// count it) only for an option with a capacity. See docs/decisions/0010-placing-an-order.md.
// The read and the write are texts with their values, run on the transaction's own connection by db/prepared.ts
// `statementTransaction`: on PostgreSQL a prepared statement per shape (with a key or not, the count of lines), so
// none is planned again on every order.
import type { Knex } from 'knex';
import type { AddressFields } from '@kade/shared';
import { SELLABLE_COLUMNS, type SellableRow } from '../cart/sellable';
import { takeStockCtes, type StockLine } from '../catalog/stock';
import { ORDERING_GATE_SQL, type OrderingGate } from '../shop/ordering';

/** An `addresses` row as json: its text columns (the wire's fields, mapped by `addressToWire`) and its point. */
export type AddressJson = Partial<Record<keyof AddressFields, string | null>> & { id: string; latitude: number | null; longitude: number | null };

/** A cart line of the caller with what it sells, the chosen address and the caller, as the read answers them. */
export interface PlacementRow extends SellableRow {
  cart_id: string;
  product_id: string;
  quantity: number;
  /** The cart line's substitution choice (issue 33). */
  substitution: string;
  /** The address row (active, the caller's), or null. */
  address: AddressJson | null;
  customer: { name: string; mobile: string } | null;
  /** Whether this request claimed its Idempotency-Key (null without a key). */
  claimed: boolean | null;
  /** What busy mode, attendance and the chosen option's capacity say (shop/ordering.ts `OrderingGate`). */
  gate: OrderingGate | null;
  /** The caller's lots of store credit with something left, expired or not (issue 35): the shared rules choose. */
  credit_lots: Array<{ id: string; expires_at: string; remaining: number | string }>;
}

/** A statement's text (`?` placeholders) and its values, for `statementRows`. */
export interface Statement {
  sql: string;
  values: Knex.RawBinding[];
}

export interface PlacementRead {
  userId: string;
  addressId: string;
  /** The delivery option chosen: its capacity is read with the rest. */
  option: string;
  /** The key to claim (inserted unless it exists; waits for a try with the same key still in flight). */
  claim?: { key: string; requestHash: string; at: Date };
}

/**
 * Each line's product (and its parent) is fetched by its key on its own (`lateral … limit 1`, which the planner cannot
 * turn into a join of whole tables): carts change all day, so their statistics are often stale, and with a plain join
 * a guess of a hundred lines in a cart made PostgreSQL hash every product of the catalogue for each order.
 *
 * The caller's cart lines (locked for the order: a second try of the same cart waits, then finds it empty),
 * each with its product, the address and the caller's name and number; with a key, the key's claim.
 * No row at all means an empty cart (with a key, its row then tells whether this request claimed it).
 */
export function placementReadStatement(read: PlacementRead): Statement {
  const claimCte = read.claim
    ? `with claim as (
  insert into idempotency_keys (user_id, key, request_hash, created_at) values (?, ?, ?, ?)
  on conflict (user_id, key) do nothing
  returning key
)
`
    : '';
  const claimed = read.claim ? 'exists (select 1 from claim)' : 'null::boolean';
  const sql = `${claimCte}select c.id as cart_id, c.product_id, c.quantity, c.substitution, ${SELLABLE_COLUMNS},
  (select row_to_json(a) from addresses a where a.id = ? and a.user_id = ? and a.status) as address,
  (select json_build_object('name', u.name, 'mobile', u.mobile) from users u where u.id = ?) as customer,
  (${ORDERING_GATE_SQL}) as gate,
  (select coalesce(json_agg(json_build_object('id', l.id, 'expires_at', l.expires_at, 'remaining', l.remaining)), '[]'::json) from (
    select i.id, i.expires_at, i.amount_paise + coalesce((select sum(e.amount_paise) from credit_entries e where e.lot_id = i.id), 0) as remaining
    from credit_entries i where i.user_id = ? and i.kind = 'ISSUE') l where l.remaining > 0) as credit_lots,
  ${claimed} as claimed
from cart_items c
  cross join lateral (select * from products where id = c.product_id limit 1) p
  left join lateral (select * from products where id = p.parent_id limit 1) parent on true
where c.user_id = ?
order by c.created_at, c.id
for update of c`;
  const claimBindings = read.claim ? [read.userId, read.claim.key, read.claim.requestHash, read.claim.at] : [];
  return { sql, values: [...claimBindings, read.addressId, read.userId, read.userId, read.option, read.userId, read.userId] };
}

/** The rows an order writes, as their columns. */
export interface OrderWrite {
  order: Record<string, unknown> & { id: string; order_code: string; user_id: string; created_at: Date };
  /** Each line's columns (a column left out would be a statement that cannot run: the compiler says so). */
  lines: ReadonlyArray<Record<(typeof LINE_COLUMNS)[number], unknown>>;
  event: { actor_id: string; to_status: string; note: string };
  /** Every line's product and quantity (grams for a line sold by weight): their stock is taken in the same statement. */
  stock: readonly StockLine[];
  /**
   * The cart rows the order was read from (locked by the read): only these are emptied. A line added after the
   * read (from the shopper's other phone) was never part of the order and stays in the cart.
   */
  cartIds: readonly string[];
  /** The key whose answer is stored with the order. */
  answer?: { key: string; status: number; body: string };
  /**
   * Issue 35: the store credit spent, lot by lot (a trigger refuses a lot taken below zero: the statement fails and
   * the placement reads again), and the promo's use (its row locked by the caller since it counted the uses). Both
   * are written only with the order.
   */
  redeems?: ReadonlyArray<{ lotId: string; amountPaise: number }>;
  promoUse?: { promoId: string; discountPaise: number };
}

const LINE_COLUMNS = ['product_id', 'position', 'name', 'name_si', 'name_ta', 'unit', 'image', 'category', 'original_price_paise', 'discount', 'price_paise', 'quantity', 'substitution', 'sell_by', 'step_grams', 'grams'] as const;
const LINE_TYPES: Record<(typeof LINE_COLUMNS)[number], string> = {
  product_id: 'uuid',
  position: 'integer',
  name: 'text',
  name_si: 'text',
  name_ta: 'text',
  unit: 'text',
  image: 'text',
  category: 'text',
  original_price_paise: 'integer',
  discount: 'numeric',
  price_paise: 'integer',
  quantity: 'integer',
  substitution: 'text',
  sell_by: 'text',
  step_grams: 'integer',
  grams: 'integer',
};

/**
 * What the write answers, always one row: the order's id when it was written (with every line's stock); otherwise
 * null, and `short` names the lines with too little stock (none: the order's number was taken: draw again).
 */
export interface OrderWritten {
  id: string | null;
  short: string[];
  /** How many lines' stock was taken: every line's when the order was written, none otherwise. */
  moved: number;
}

/**
 * The order, its lines, its first event, the emptied cart, the key's stored answer, the shopper's substitution choice
 * remembered for each product (issue 33) and every line's stock taken, in
 * one statement, all or nothing: the stock rows are locked first and the order is written only when every line has
 * that much left and its number is free. When it is not written, nothing is (the key's claim is let go, so a retry
 * with the key starts afresh), and the statement can be committed as it is: the caller sends COMMIT with it
 * (db/prepared.ts `rowsAndCommit`), one round trip for both.
 */
export function orderWriteStatement(write: OrderWrite): Statement {
  const orderColumns = Object.keys(write.order);
  const lineValues = write.lines.map(() => `(${LINE_COLUMNS.map((c) => `?::${LINE_TYPES[c]}`).join(', ')})`).join(',\n    ');
  const answer = write.answer
    ? `,
answered as (
  update idempotency_keys set response_status = ?, response_body = ?::jsonb
  where user_id = ? and key = ? and exists (select 1 from placed)
),
released as (
  delete from idempotency_keys where user_id = ? and key = ? and not exists (select 1 from placed)
)`
    : '';
  const redeems = write.redeems ?? [];
  const credit = redeems.length > 0
    ? `,
redeemed as (
  insert into credit_entries (user_id, kind, amount_paise, lot_id, order_id, reason, created_at)
  select placed.user_id, 'REDEEM', -spent.amount, spent.lot_id, placed.id, 'order', placed.created_at
  from placed, (values ${redeems.map(() => '(?::uuid, ?::integer)').join(', ')}) as spent (lot_id, amount)
)`
    : '';
  const promo = write.promoUse
    ? `,
promo_used as (
  insert into promo_uses (promo_id, user_id, order_id, discount_paise, created_at)
  select ?::uuid, placed.user_id, placed.id, ?::integer, placed.created_at from placed
)`
    : '';
  const stock = takeStockCtes(write.stock, 'exists (select 1 from placed)');
  const sql = `with ${stock.lock},
short as (
  select wanted.product_id from wanted left join locked on locked.product_id = wanted.product_id
  where locked.product_id is null or locked.stock < wanted.quantity
),
placed as (
  insert into orders (${orderColumns.join(', ')}) select ${orderColumns.map(() => '?').join(', ')}
  where not exists (select 1 from short)
  on conflict (order_code) do nothing
  returning id, user_id, created_at
),
lines as (
  insert into order_lines (order_id, ${LINE_COLUMNS.join(', ')})
  select placed.id, line.* from placed, (values
    ${lineValues}) as line (${LINE_COLUMNS.join(', ')})
  returning product_id, substitution
),
remembered as (
  insert into substitution_choices (user_id, product_id, preference, updated_at)
  select placed.user_id, lines.product_id, lines.substitution, placed.created_at from placed, lines
  on conflict (user_id, product_id) do update set preference = excluded.preference, updated_at = excluded.updated_at
),
event as (
  insert into order_events (order_id, actor_id, from_status, to_status, note, created_at)
  select placed.id, ?::uuid, null, ?::text, ?::text, placed.created_at from placed
),
emptied as (
  delete from cart_items where user_id = (select user_id from placed) and id = any(?::uuid[])
)${answer}${credit}${promo},
${stock.move}
select (select id from placed) as id, (select coalesce(json_agg(short.product_id), '[]'::json) from short) as short,
  (select count(*)::integer from moved) as moved`;
  const bindings: Knex.RawBinding[] = [
    ...stock.bindings,
    ...orderColumns.map((c) => write.order[c] as Knex.RawBinding),
    ...write.lines.flatMap((line) => LINE_COLUMNS.map((c) => line[c] as Knex.RawBinding)),
    write.event.actor_id,
    write.event.to_status,
    write.event.note,
    [...write.cartIds],
    ...(write.answer ? [write.answer.status, write.answer.body, write.order.user_id, write.answer.key, write.order.user_id, write.answer.key] : []),
    ...redeems.flatMap((step) => [step.lotId, step.amountPaise]),
    ...(write.promoUse ? [write.promoUse.promoId, write.promoUse.discountPaise] : []),
  ];
  return { sql, values: bindings };
}
