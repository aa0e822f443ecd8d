// The order's one write statement (orders/place-sql.ts) and the transaction it runs in (db/prepared.ts
// `statementTransaction`, the write sent with its COMMIT), on a real database: the write is all or nothing. An order
// number already taken writes nothing at all (no stock taken, so the service can draw again); a line with too
// little stock is named in `short` and nothing is written, the other lines' stock included; the key's claim is let
// go when nothing is written; and a connection is clean for the next caller after every ending.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { statementTransaction } from '../src/db/prepared';
import { orderWriteStatement, type OrderWritten } from '../src/modules/orders/place-sql';
import { DB_KINDS, insertProduct, quickAccount, startTestServer, type TestServer, stockOf } from './helpers';
import { EVENT_WAIT_MS } from './socket-helpers';

describe.each(DB_KINDS)('the order write on %s', (kind) => {
  let server: TestServer;
  let buyer: Awaited<ReturnType<typeof quickAccount>>;
  let rice: string;
  let dhal: string;

  beforeAll(async () => {
    server = await startTestServer(kind);
    buyer = await quickAccount(server);
    rice = await insertProduct(server, { name: 'Samba Rice 5kg', price: 1450, stock: 10 });
    dhal = await insertProduct(server, { name: 'Red Dhal 1kg', price: 390, stock: 3 });
  });

  afterAll(async () => {
    await server?.stop();
  });

  const countOf = async (table: string, where: Record<string, unknown>) => Number((await server.db.knex(table).where(where).count('* as n'))[0]!.n);

  /** An order of `lines` ([product, quantity]) with the number `code`, as the service writes one. */
  function write(code: string, lines: Array<[string, number]>, answer?: { key: string; status: number; body: string }, cartIds: string[] = []) {
    const now = new Date();
    const id = randomUUID();
    return {
      id,
      statement: orderWriteStatement({
        order: {
          id,
          order_code: code,
          user_id: buyer.id,
          status: 'Pending',
          payment_method: 'Cash on Delivery',
          payment_status: '',
          delivery_option: '50 Minutes to 1 Hour',
          language: 'en',
          undiscounted_paise: 0,
          subtotal_paise: 0,
          basket_discount_paise: 0,
          delivery_fee_paise: 0,
          rounding_paise: 0,
          total_paise: 0,
          delivery_address: JSON.stringify({}),
          location: 'not available',
          created_at: now,
          updated_at: now,
        },
        lines: lines.map(([productId, quantity], position) => ({
          product_id: productId,
          position,
          name: 'Line',
          name_si: null,
          name_ta: null,
          unit: '1 pc',
          image: '',
          category: '',
          original_price_paise: 100,
          discount: 0,
          price_paise: 100,
          quantity,
          substitution: 'SIMILAR',
          sell_by: 'EACH',
          step_grams: null,
          grams: null,
        })),
        event: { actor_id: buyer.id, to_status: 'Pending', note: 'placed' },
        stock: lines.map(([productId, quantity]) => ({ productId, quantity })),
        cartIds,
        ...(answer ? { answer } : {}),
      }),
    };
  }

  const claimKey = (key: string) =>
    server.db.knex('idempotency_keys').insert({ user_id: buyer.id, key, request_hash: 'h', created_at: new Date() });

  it('writes the order, its lines and event and takes every line\'s stock in one statement, committed with it', async () => {
    const order = write('KW1001', [[rice, 2], [dhal, 1]]);
    const written = await statementTransaction(server.db.knex, (tx) => tx.rowsAndCommit<OrderWritten>(order.statement.sql, order.statement.values));
    expect(written).toEqual([{ id: order.id, short: [], moved: 2 }]);
    expect(await stockOf(server, rice)).toBe(8);
    expect(await stockOf(server, dhal)).toBe(2);
    expect(await countOf('order_lines', { order_id: order.id })).toBe(2);
    expect(await countOf('order_events', { order_id: order.id })).toBe(1);
  });

  it('empties the cart rows the order was read from, and keeps a line added after the read', async () => {
    const [ordered, addedLater] = (await server.db
      .knex('cart_items')
      .insert([
        { user_id: buyer.id, product_id: rice, quantity: 1 },
        { user_id: buyer.id, product_id: dhal, quantity: 1 },
      ])
      .returning('id')) as Array<{ id: string }>;
    const order = write('KW1005', [[rice, 1]], undefined, [ordered!.id]);
    const [written] = await statementTransaction(server.db.knex, (tx) => tx.rowsAndCommit<OrderWritten>(order.statement.sql, order.statement.values));
    expect(written?.id).toBe(order.id);
    const left = await server.db.knex('cart_items').where({ user_id: buyer.id }).select('id', 'product_id');
    expect(left).toEqual([{ id: addedLater!.id, product_id: dhal }]);
    await server.db.knex('cart_items').where({ user_id: buyer.id }).delete();
    await server.db.knex('product_stock').where({ product_id: rice }).increment('stock', 1);
  });

  it('writes nothing and takes no stock when the order\'s number is already taken', async () => {
    const again = write('KW1001', [[rice, 3]]);
    const written = await statementTransaction(server.db.knex, (tx) => tx.rowsAndCommit<OrderWritten>(again.statement.sql, again.statement.values));
    expect(written).toEqual([{ id: null, short: [], moved: 0 }]);
    expect(await stockOf(server, rice)).toBe(8);
    expect(await countOf('orders', { id: again.id })).toBe(0);
    expect(await countOf('order_lines', { order_id: again.id })).toBe(0);
    expect(await countOf('order_events', { order_id: again.id })).toBe(0);
  });

  it('names a line short of stock and writes nothing, not even the stock of the lines that had enough', async () => {
    const short = write('KW1002', [[rice, 1], [dhal, 5]]);
    const written = await statementTransaction(server.db.knex, (tx) => tx.rowsAndCommit<OrderWritten>(short.statement.sql, short.statement.values));
    expect(written).toEqual([{ id: null, short: [dhal], moved: 0 }]); // dhal has 2 left
    expect(await stockOf(server, rice)).toBe(8);
    expect(await stockOf(server, dhal)).toBe(2);
    expect(await countOf('orders', { id: short.id })).toBe(0);
    expect(await countOf('order_lines', { order_id: short.id })).toBe(0);
  });

  it('stores the key\'s answer with a written order, and lets the claim go when nothing is written', async () => {
    const withAnswer = (code: string, lines: Array<[string, number]>, key: string) => write(code, lines, { key, status: 201, body: JSON.stringify({ code }) });
    await claimKey('key-placed');
    const placed = withAnswer('KW1003', [[rice, 1]], 'key-placed');
    const [done] = await statementTransaction(server.db.knex, (tx) => tx.rowsAndCommit<OrderWritten>(placed.statement.sql, placed.statement.values));
    expect(done?.id).toBe(placed.id);
    const stored = await server.db.knex('idempotency_keys').where({ user_id: buyer.id, key: 'key-placed' }).first('response_status', 'response_body');
    expect(stored).toEqual({ response_status: 201, response_body: { code: 'KW1003' } });

    await claimKey('key-short');
    const refused = withAnswer('KW1004', [[dhal, 9]], 'key-short');
    const [none] = await statementTransaction(server.db.knex, (tx) => tx.rowsAndCommit<OrderWritten>(refused.statement.sql, refused.statement.values));
    expect(none).toEqual({ id: null, short: [dhal], moved: 0 });
    expect(await countOf('idempotency_keys', { user_id: buyer.id, key: 'key-short' })).toBe(0);
    expect(await stockOf(server, rice)).toBe(7);
    expect(await stockOf(server, dhal)).toBe(2);
  });

  it('commits nothing when the statement sent with COMMIT fails, and no statement may follow it', async () => {
    await expect(
      statementTransaction(server.db.knex, async (tx) => {
        await tx.rows('update product_stock set stock = 0 where product_id = ?', [rice]);
        return tx.rowsAndCommit('select 1 / (0 * ?::integer)', [1]);
      }),
    ).rejects.toThrow(/division by zero/);
    expect(await stockOf(server, rice)).toBe(7);
    await expect(
      statementTransaction(server.db.knex, async (tx) => {
        await tx.rowsAndCommit('select ?::integer as ok', [1]);
        return tx.rows('update product_stock set stock = 0 where product_id = ?', [rice]);
      }),
    ).rejects.toThrow(/ended/);
    expect(await stockOf(server, rice)).toBe(7);
    const [row] = await statementTransaction(server.db.knex, (tx) => tx.rows<{ ok: number }>('select ?::integer as ok', [7]));
    expect(row).toEqual({ ok: 7 });
  });

  it('hands the connection back clean after a statement fails inside the transaction', async () => {
    await expect(statementTransaction(server.db.knex, (tx) => tx.rows('select 1 / (0 * ?::integer)', [1]))).rejects.toThrow(/division by zero/);
    // the next caller's statements run outside any transaction (an aborted one would refuse them all)
    const [row] = await statementTransaction(server.db.knex, (tx) => tx.rows<{ ok: number }>('select ?::integer as ok', [7]));
    expect(row).toEqual({ ok: 7 });
    const result = (await server.db.knex.raw('select 1 as one')) as { rows: Array<{ one: number }> };
    expect(result.rows[0]?.one).toBe(1);
    await expect(statementTransaction(server.db.knex, (tx) => tx.rows('select ?::integer', [undefined as never]))).rejects.toThrow(/undefined value/);
  });

  // Two sessions at once: PGlite has one connection, so these run on PostgreSQL only.
  if (kind === 'postgres') {
    /**
     * Runs `change` on a second session and holds it uncommitted while an order of `quantity` is written, until the
     * write is seen waiting for the stock row's lock; then commits the change and answers what the write answered.
     */
    async function writeWhileLocked(product: string, change: string, quantity: number, code: string) {
      const other = await server.db.knex.transaction();
      try {
        await other.raw(change, [product]);
        const order = write(code, [[product, quantity]]);
        const writing = statementTransaction(server.db.knex, (tx) => tx.rowsAndCommit<OrderWritten>(order.statement.sql, order.statement.values));
        const settled = writing.then(() => 'done', () => 'failed');
        for (const deadline = Date.now() + EVENT_WAIT_MS; ; ) {
          const waiting = (await server.db.knex.raw(
            "select count(*)::integer as n from pg_stat_activity where wait_event_type = 'Lock' and datname = current_database()",
          )) as { rows: Array<{ n: number }> };
          if (waiting.rows[0]!.n > 0) break;
          if (Date.now() > deadline || (await Promise.race([settled, new Promise((resolve) => setTimeout(resolve, 10, 'pending'))])) !== 'pending') {
            throw new Error('the write never waited for the stock row');
          }
        }
        await other.commit();
        return { order, written: await writing };
      } finally {
        if (!other.isCompleted()) await other.rollback();
      }
    }

    it('takes the stock when it rose while the write waited for the row (a give-back committed meanwhile)', async () => {
      const tea = await insertProduct(server, { name: 'Ceylon Tea 200g', price: 590, stock: 0 });
      const { order, written } = await writeWhileLocked(tea, 'update product_stock set stock = stock + 1 where product_id = ?', 1, 'KW2001');
      expect(written).toEqual([{ id: order.id, short: [], moved: 1 }]);
      expect(await stockOf(server, tea)).toBe(0);
      expect(await countOf('orders', { id: order.id })).toBe(1);
    });

    it('writes nothing when the stock fell while the write waited for the row (another order took it)', async () => {
      const sugar = await insertProduct(server, { name: 'White Sugar 1kg', price: 320, stock: 1 });
      const { order, written } = await writeWhileLocked(sugar, 'update product_stock set stock = stock - 1 where product_id = ?', 1, 'KW2002');
      expect(written).toEqual([{ id: null, short: [sugar], moved: 0 }]);
      expect(await stockOf(server, sugar)).toBe(0);
      expect(await countOf('orders', { id: order.id })).toBe(0);
    });
  }

  it('keeps no change of a transaction that threw after writing', async () => {
    await expect(
      statementTransaction(server.db.knex, async (tx) => {
        await tx.rows('update product_stock set stock = 0 where product_id = ?', [rice]);
        throw new Error('changed my mind');
      }),
    ).rejects.toThrow('changed my mind');
    expect(await stockOf(server, rice)).toBe(7);
  });
});
