import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_LINE_QUANTITY } from '@kade/shared';
import { DB_KINDS, insertProduct, quickAccount, startTestServer, type TestServer } from './helpers';

type Item = { _id: string; quantity: number; maxQuantity: number; problem: string | null; productId: { _id: string; name: string; price: number; single_quantity: boolean; category: Array<{ name: string }> } };
type Body<T = unknown> = { success: boolean; code?: string; field?: string; message: string; data: T };

describe.each(DB_KINDS)('the cart on %s', (kind) => {
  let server: TestServer;
  let shopper: Awaited<ReturnType<typeof quickAccount>>;
  let other: Awaited<ReturnType<typeof quickAccount>>;
  let rice: string;
  let deal: string;
  let lastOne: string;

  beforeAll(async () => {
    server = await startTestServer(kind);
    shopper = await quickAccount(server);
    other = await quickAccount(server);
    rice = await insertProduct(server, { name: 'Samba Rice 1kg', price: 290, stock: 5, categories: ['All Product', 'Rice & Grains'] });
    deal = await insertProduct(server, { name: 'Deal: Tea Time Pack', price: 1290, discount: 15, stock: 10, categories: ['Special'], subCategories: ['Deal'] });
    lastOne = await insertProduct(server, { name: 'Kithul Treacle', price: 690, stock: 1 });
  });
  afterAll(async () => {
    await server?.stop();
  });

  const add = (productId: string, who = shopper) => server.api<Body<Item>>('POST', '/api/cart/create', { productId }, who.auth);
  const list = (who = shopper) => server.api<Body<Item[]>>('GET', '/api/cart/get', undefined, who.auth);

  it('adds a product with quantity 1 and embeds the product', async () => {
    const res = await add(rice);
    expect(res.status).toBe(200);
    expect(res.body.message).toBe('Item added');
    expect(res.body.data).toMatchObject({ quantity: 1, maxQuantity: 5, problem: null, productId: { _id: rice, name: 'Samba Rice 1kg', price: 290 } });
    const again = await add(rice);
    expect(again.body.data._id).toBe(res.body.data._id); // a second tap does not add a second line
    expect((await list()).body.data).toHaveLength(1);
  });

  it('steps the quantity up to the stock and no further', async () => {
    const item = (await list()).body.data[0]!;
    expect((await server.api<Body<Item>>('PUT', '/api/cart/update-qty', { _id: item._id, qty: 5 }, shopper.auth)).body.data.quantity).toBe(5);
    const over = await server.api<Body<{ available: number }>>('PUT', '/api/cart/update-qty', { _id: item._id, qty: 6 }, shopper.auth);
    expect(over.status).toBe(409);
    // the name and the count in the details too, for the screens in Sinhala and Tamil
    expect(over.body).toMatchObject({ code: 'NOT_ENOUGH_STOCK', message: 'Only 5 of Samba Rice 1kg left.', data: { available: 5, name: 'Samba Rice 1kg' } });
    expect((await list()).body.data[0]!.quantity).toBe(5);
  });

  it('caps single-quantity products at 1', async () => {
    const res = await add(deal);
    expect(res.body.data.productId.single_quantity).toBe(true);
    expect(res.body.data.maxQuantity).toBe(1);
    const two = await server.api<Body>('PUT', '/api/cart/update-qty', { _id: res.body.data._id, qty: 2 }, shopper.auth);
    expect(two.status).toBe(409);
    expect(two.body.message).toBe('You can have only 1 of Deal: Tea Time Pack.');
  });

  it('removes an item at 0, and by delete', async () => {
    const item = (await add(lastOne)).body.data;
    const zero = await server.api<Body>('PUT', '/api/cart/update-qty', { _id: item._id, qty: 0 }, shopper.auth);
    expect(zero.status).toBe(200);
    expect(zero.body.message).toBe('Item removed');
    expect((await list()).body.data.map((i) => i._id)).not.toContain(item._id);
    const again = (await add(lastOne)).body.data;
    expect((await server.api('DELETE', '/api/cart/delete-cart-item', { _id: again._id }, shopper.auth)).status).toBe(200);
    expect((await list()).body.data.map((i) => i.productId._id)).not.toContain(lastOne);
  });

  it('flags items that went out of stock or off sale, so the screens can say so', async () => {
    const soon = await insertProduct(server, { name: 'Wood Apple', price: 120, stock: 3 });
    const gone = await insertProduct(server, { name: 'Rambutan 500g', price: 300, stock: 3 });
    await add(soon);
    await add(gone);
    await server.db.knex('product_stock').where({ product_id: soon }).update({ stock: 0 });
    await server.db.knex('products').where({ id: gone }).update({ publish: false });
    const items = (await list()).body.data;
    expect(items.find((i) => i.productId._id === soon)?.problem).toBe('OUT_OF_STOCK');
    expect(items.find((i) => i.productId._id === gone)?.problem).toBe('UNAVAILABLE');
    const refused = await add(await insertProduct(server, { name: 'Avocado', price: 340, stock: 0 }));
    expect(refused.status).toBe(409);
    expect(refused.body).toMatchObject({ code: 'OUT_OF_STOCK', message: 'Avocado is out of stock.', data: { available: 0, name: 'Avocado', nameSi: null, nameTa: null } });
  });

  it('keeps each cart to its owner: another user\'s item is 404', async () => {
    const mine = (await list()).body.data[0]!;
    expect((await server.api('PUT', '/api/cart/update-qty', { _id: mine._id, qty: 1 }, other.auth)).status).toBe(404);
    expect((await server.api('DELETE', '/api/cart/delete-cart-item', { _id: mine._id }, other.auth)).status).toBe(404);
    expect((await list(other)).body.data).toEqual([]);
    expect((await list()).body.data.find((i) => i._id === mine._id)?.quantity).toBe(mine.quantity);
  });

  it('merges a phone cart at login, capped at what may be had', async () => {
    const buyer = await quickAccount(server);
    await add(rice, buyer);
    const unknown = '00000000-0000-4000-8000-000000000000';
    const res = await server.api<Body<Item[]>>('POST', '/api/cart/merge', { items: [{ productId: rice, quantity: 4 }, { productId: deal, quantity: 3 }, { productId: unknown, quantity: 1 }] }, buyer.auth);
    expect(res.status).toBe(200);
    const byId = new Map(res.body.data.map((i) => [i.productId._id, i.quantity]));
    expect(byId.get(rice)).toBe(5); // 1 + 4, within the stock of 5
    expect(byId.get(deal)).toBe(1); // single-quantity
    expect(byId.has(unknown)).toBe(false);
  });

  it('adds up ten merges sent at once, capped at the stock and at the most one line may hold, all answered 200', async () => {
    const buyer = await quickAccount(server);
    const plenty = await insertProduct(server, { name: 'Mysore Dhal 500g', price: 320, stock: 100 });
    const scarce = await insertProduct(server, { name: 'Bee Honey 350g', price: 1450, stock: 12 });
    const bulk = await insertProduct(server, { name: 'Drinking Water 500ml', price: 60, stock: 5000 });
    const items = [
      { productId: plenty, quantity: 3 },
      { productId: scarce, quantity: 3 },
      { productId: bulk, quantity: 150 },
    ];
    // half of them list the products the other way round: the merges must not wait on each other in a circle
    const answers = await Promise.all(
      Array.from({ length: 10 }, (_, i) => server.api<Body<Item[]>>('POST', '/api/cart/merge', { items: i % 2 ? [...items].reverse() : items }, buyer.auth)),
    );
    expect(answers.map((a) => a.status)).toEqual(Array.from({ length: 10 }, () => 200));
    const rows = (await server.db.knex('cart_items').where({ user_id: buyer.id }).select('product_id', 'quantity')) as Array<{ product_id: string; quantity: number }>;
    expect(Object.fromEntries(rows.map((r) => [r.product_id, r.quantity]))).toEqual({
      [plenty]: 30, // 10 x 3
      [scarce]: 12, // the stock
      [bulk]: MAX_LINE_QUANTITY, // 10 x 150, capped at what one order line may carry
    });
    expect(rows).toHaveLength(3);
  });

  it('answers 400 for bad input and 404 for an unknown product', async () => {
    expect((await server.api<Body>('POST', '/api/cart/create', { productId: 'rice' }, shopper.auth)).status).toBe(400);
    expect((await server.api<Body>('POST', '/api/cart/create', { productId: '00000000-0000-4000-8000-000000000000' }, shopper.auth)).status).toBe(404);
    const bad = await server.api<Body>('PUT', '/api/cart/update-qty', { _id: (await list()).body.data[0]!._id, qty: 2.5 }, shopper.auth);
    expect(bad.status).toBe(400);
    expect(bad.body.field).toBe('qty');
  });
});
