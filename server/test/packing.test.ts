// Packing that tells the truth (issue 33), over real HTTP on each database: the shopper's substitution choice
// travels with the order and is remembered per product; the order answers its revision, original total, found
// quantities and proposals.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { computeTotals, paiseToRupees } from '@kade/shared';
import { DB_KINDS, insertProduct, OPEN_NOW, quickAccount, startTestServer, type TestServer } from './helpers';

const OPTION = '50 Minutes to 1 Hour';
const INSIDE = { latitude: 6.879, longitude: 79.862 };

interface OrderLine {
  productId: string;
  quantity: number;
  found: number | null;
  substitution: string;
}
interface PlacedOrder {
  _id: string;
  revision: number;
  totalAmt: number;
  originalTotalAmt: number;
  products: OrderLine[];
  proposals: unknown[];
}

describe.each(DB_KINDS)('the shopper\'s substitution choice on %s', (kind) => {
  let server: TestServer;

  beforeAll(async () => {
    server = await startTestServer(kind, { env: { ...OPEN_NOW, MIN_ORDER_RUPEES: '0' } });
  });
  afterAll(async () => {
    await server?.stop();
  });

  /** A shopper with an address and these products in the cart (one each). */
  async function shopperWith(products: Array<{ id: string; price: number }>) {
    const who = await quickAccount(server);
    const address = await server.api<{ data: { _id: string } }>('POST', '/api/address/create', { address_line: 'Home', city: '1 Lane', state: 'Temple', pincode: '0771231234', mobile: 'Home', ...INSIDE }, who.auth);
    for (const product of products) await server.api('POST', '/api/cart/create', { productId: product.id }, who.auth);
    const place = (choices: Record<string, string | undefined> = {}) => {
      const totals = computeTotals(products.map((p) => ({ pricePaise: p.price * 100, discount: 0, quantity: 1 })), OPTION);
      return server.api<{ data: PlacedOrder; code?: string; field?: string; message: string }>('POST', '/api/order/cash-on-delivery', {
        list_items: products.map((p) => ({ productId: p.id, quantity: 1, ...(choices[p.id] ? { substitution: choices[p.id] } : {}) })),
        addressId: address.body.data._id,
        subTotalAmt: paiseToRupees(totals.subtotalPaise),
        totalAmt: paiseToRupees(totals.grandTotalPaise),
        location: 'Location not available',
        Choose: OPTION,
      }, who.auth);
    };
    return { who, place };
  }

  it('places each line with the choice sent for it, SIMILAR where none was, and answers the packing fields of a new order', async () => {
    const milk = { id: await insertProduct(server, { name: 'Fresh Milk 1L', price: 320, stock: 20 }), price: 320 };
    const bread = { id: await insertProduct(server, { name: 'Sandwich Bread', price: 180, stock: 20 }), price: 180 };
    const { place } = await shopperWith([milk, bread]);
    const res = await place({ [milk.id]: 'ASK' });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    const order = res.body.data;
    expect(order.products.map((line) => [line.productId, line.substitution, line.found])).toEqual([
      [milk.id, 'ASK', null],
      [bread.id, 'SIMILAR', null],
    ]);
    expect(order).toMatchObject({ revision: 0, originalTotalAmt: order.totalAmt, proposals: [] });
    // read back the same from the shopper's list
    const listed = await server.db.knex('order_lines').where({ order_id: order._id }).orderBy('position').select('substitution', 'found');
    expect(listed).toEqual([{ substitution: 'ASK', found: null }, { substitution: 'SIMILAR', found: null }]);
  });

  it('remembers the choice per shopper and product, and a later order changes it', async () => {
    const eggs = { id: await insertProduct(server, { name: 'Eggs 10 pack', price: 450, stock: 20 }), price: 450 };
    const { who, place } = await shopperWith([eggs]);
    expect((await place({ [eggs.id]: 'NONE' })).status).toBe(201);
    const remembered = () => server.db.knex('substitution_choices').where({ user_id: who.id, product_id: eggs.id }).first('preference');
    expect(await remembered()).toEqual({ preference: 'NONE' });
    await server.api('POST', '/api/cart/create', { productId: eggs.id }, who.auth);
    expect((await place({ [eggs.id]: 'ASK' })).status).toBe(201);
    expect(await remembered()).toEqual({ preference: 'ASK' });
  });

  it('refuses a choice it does not know, naming the field, and writes nothing', async () => {
    const rice = { id: await insertProduct(server, { name: 'Samba Rice 5kg', price: 1500, stock: 20 }), price: 1500 };
    const { who, place } = await shopperWith([rice]);
    for (const bad of ['MAYBE', 'similar', '\u0000', 'SIMILAR\n']) {
      const res = await place({ [rice.id]: bad });
      expect(res.status, bad).toBe(400);
      expect(res.body).toMatchObject({ code: 'VALIDATION', field: 'list_items.0.substitution' });
    }
    expect(await server.db.knex('orders').where({ user_id: who.id }).first()).toBeUndefined();
  });
});
