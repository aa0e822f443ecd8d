// Product barcodes (issue 33), over real HTTP on each database: an optional EAN-13 or UPC-A on products and
// variations, its check digit verified, kept as 13 digits, unique among live products (409 BARCODE_TAKEN naming
// the holder); staff look a scanned code up; an order's lines carry their product's code for staff, not shoppers.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { computeTotals, paiseToRupees } from '@kade/shared';
import { catalogueAdmin, storedImages, type Answer } from './catalogue-fixtures';
import { DB_KINDS, insertProduct, OPEN_NOW, quickAccount, startTestServer, type TestServer } from './helpers';

/** The 13-digit code of twelve digits and their check digit, worked out here on its own (weights 1, 3 from the left). */
function ean(first12: string): string {
  let sum = 0;
  for (let i = 0; i < 12; i++) sum += Number(first12[i]) * (i % 2 === 0 ? 1 : 3);
  return `${first12}${(10 - (sum % 10)) % 10}`;
}

/** The same code with its last digit changed: a wrong check digit. */
function wrongCheck(code: string): string {
  const last = Number(code[code.length - 1]);
  return `${code.slice(0, -1)}${(last + 1) % 10}`;
}

let serial = 100_000;
/** A fresh valid EAN-13 each call. */
function nextEan(): string {
  serial += 1;
  return ean(`479${String(serial).padStart(9, '0')}`);
}

describe.each(DB_KINDS)('product barcodes on %s', (kind) => {
  let server: TestServer;
  let admin: ReturnType<typeof catalogueAdmin>;
  let adminAuth: Record<string, string>;
  let staff: Awaited<ReturnType<typeof quickAccount>>;
  let category: string;
  let subCategory: string;
  let picture: string;

  beforeAll(async () => {
    server = await startTestServer(kind, { env: { ...OPEN_NOW, MIN_ORDER_RUPEES: '0' } });
    const boss = await quickAccount(server, { role: 'ADMIN', name: 'Shop Admin' });
    adminAuth = boss.auth;
    staff = await quickAccount(server, { role: 'STAFF', name: 'Packer' });
    const [image] = await storedImages(server, 1);
    picture = image!;
    admin = catalogueAdmin(server, adminAuth, picture);
    const made = await admin.category('Bakery');
    category = made._id;
    subCategory = (await admin.subCategory('Bread', [category]))._id;
  });
  afterAll(async () => {
    await server?.stop();
  });

  const newProduct = (fields: Record<string, unknown> = {}) => admin.product({ category: [category], subCategory: [subCategory], ...fields });
  const createRaw = (fields: Record<string, unknown>) =>
    server.api<Answer<{ _id: string; barcode: string | null }>>('POST', '/api/product/create', {
      name: 'Raw Product', image: [picture], price: 10, unit: '1 pc', stock: 1, description: 'x', category: [category], subCategory: [subCategory], ...fields,
    }, adminAuth);
  const lookup = (code: string, auth: Record<string, string> | undefined = staff.auth) =>
    server.api<Answer<{ _id: string; name: string; barcode: string; parentId: string | null }>>('GET', `/api/products/by-barcode?code=${encodeURIComponent(code)}`, undefined, auth);

  it('keeps an EAN-13 as typed, a UPC-A as 13 digits, and answers it on the admin reads; blank clears it', async () => {
    const code = nextEan();
    const product = await newProduct({ barcode: code.replace(/(\d{1})(\d{6})(\d{6})/, '$1 $2-$3') });
    expect(product.barcode).toBe(code);
    const upc = ean(`0${String(serial + 5000).padStart(11, '0')}`); // a UPC-A is an EAN-13 starting with 0
    const withUpc = await newProduct({ barcode: upc.slice(1) });
    expect(withUpc.barcode).toBe(upc);
    const listed = await server.api<Answer<Array<{ _id: string; barcode: string | null }>>>('POST', '/api/product/get', { search: '' }, adminAuth);
    expect(listed.body.data.find((p) => p._id === product._id)?.barcode).toBe(code);
    // an update that does not send it keeps it; '' and null clear it
    const renamed = await admin.call<{ barcode: string | null }>('PUT', '/api/product/update-product-details', { _id: product._id, name: 'Renamed' });
    expect(renamed.barcode).toBe(code);
    const cleared = await admin.call<{ barcode: string | null }>('PUT', '/api/product/update-product-details', { _id: product._id, barcode: '' });
    expect(cleared.barcode).toBeNull();
    const stored = await server.db.knex('products').where({ id: withUpc._id }).first('barcode');
    expect(stored).toEqual({ barcode: upc });
    const none = await newProduct();
    expect(none.barcode).toBeNull();
  });

  it('gives variations a barcode of their own, read back with the variation', async () => {
    const parent = await newProduct();
    const code = nextEan();
    const variation = await admin.variation(parent._id, { barcode: code });
    expect(variation.barcode).toBe(code);
    const details = await admin.call<{ barcode: string | null }>('POST', '/api/variation/details', { _id: variation._id });
    expect(details.barcode).toBe(code);
    const other = nextEan();
    const updated = await admin.call<{ barcode: string | null }>('PUT', '/api/variation/update', { _id: variation._id, barcode: other });
    expect(updated.barcode).toBe(other);
  });

  it('refuses a wrong check digit, a wrong shape or a non-text barcode with 400 naming the field, and writes nothing', async () => {
    const before = Number(((await server.db.knex('products').count('* as n').first()) as { n: string | number }).n);
    for (const bad of [wrongCheck(nextEan()), wrongCheck(nextEan()).slice(1), '12345', '47912345678901', 'ABCDEFGHIJKLM', 4790000000000, ['4790000000000'], { code: 1 }]) {
      const res = await createRaw({ barcode: bad });
      expect([res.status, res.body.code, res.body.field], JSON.stringify(bad)).toEqual([400, 'VALIDATION', 'barcode']);
    }
    const wrong = await createRaw({ barcode: wrongCheck(nextEan()) });
    expect(wrong.body.message).toMatch(/check digit/);
    const after = Number(((await server.db.knex('products').count('* as n').first()) as { n: string | number }).n);
    expect(after).toBe(before);
    const parent = await newProduct();
    const variation = await server.api<Answer>('POST', '/api/variation/create', { product: parent._id, name: 'V', image: [picture], unit: '1', stock: 1, price: 1, description: 'd', barcode: wrongCheck(nextEan()) }, adminAuth);
    expect([variation.status, variation.body.field]).toEqual([400, 'barcode']);
  });

  it('refuses a code a live product or variation has with 409 BARCODE_TAKEN naming it; a deleted one frees it', async () => {
    const code = nextEan();
    const holder = await newProduct({ name: 'Kotmale Milk 1L', barcode: code });
    const again = await createRaw({ name: 'Another Milk', image: holder.image, barcode: code });
    expect([again.status, again.body.code, again.body.field]).toEqual([409, 'BARCODE_TAKEN', 'barcode']);
    expect(again.body.data).toEqual({ _id: holder._id, name: 'Kotmale Milk 1L' });
    expect(again.body.message).toContain('Kotmale Milk 1L');
    // a UPC-A and its 13-digit form are one code
    const upc = ean(`0${String(serial + 9000).padStart(11, '0')}`);
    await newProduct({ name: 'Imported Cereal', barcode: upc });
    const asUpc = await createRaw({ image: holder.image, barcode: upc.slice(1) });
    expect([asUpc.status, (asUpc.body.data as { name?: string }).name]).toEqual([409, 'Imported Cereal']);
    // another product taking it by an update, and a variation taking it
    const other = await newProduct();
    const update = await server.api<Answer>('PUT', '/api/product/update-product-details', { _id: other._id, barcode: code }, adminAuth);
    expect([update.status, update.body.code]).toEqual([409, 'BARCODE_TAKEN']);
    const variation = await server.api<Answer>('POST', '/api/variation/create', { product: other._id, name: 'V', image: holder.image, unit: '1', stock: 1, price: 1, description: 'd', barcode: code }, adminAuth);
    expect([variation.status, variation.body.code]).toEqual([409, 'BARCODE_TAKEN']);
    // saving the holder with its own code is no conflict
    expect((await server.api('PUT', '/api/product/update-product-details', { _id: holder._id, barcode: code }, adminAuth)).status).toBe(200);
    // deleted, its code is free again
    expect((await server.api('DELETE', '/api/product/delete-product', { _id: holder._id }, adminAuth)).status).toBe(200);
    const reused = await createRaw({ name: 'Milk Again', image: holder.image, barcode: code });
    expect(reused.status, JSON.stringify(reused.body)).toBe(201);
  });

  it('two products saved with one code at once: one gets it, the other 409 naming the first', async () => {
    const [image] = (await newProduct()).image;
    const code = nextEan();
    const [a, b] = await Promise.all([createRaw({ name: 'Racer A', image: [image], barcode: code }), createRaw({ name: 'Racer B', image: [image], barcode: code })]);
    const statuses = [a.status, b.status].sort();
    expect(statuses).toEqual([201, 409]);
    const [won, lost] = a.status === 201 ? [a, b] : [b, a];
    expect(lost.body.code).toBe('BARCODE_TAKEN');
    expect((lost.body.data as { _id: string })._id).toBe(won.body.data._id);
    const holders = await server.db.knex('products').where({ barcode: code }).whereNull('deleted_at').pluck('id');
    expect(holders).toEqual([won.body.data._id]);
  });

  it('names the product a scanned code belongs to for staff and admins; 404 for none; 400 for a bad code; no one else may ask', async () => {
    const code = nextEan();
    const product = await newProduct({ name: 'Anchor Butter', barcode: code });
    const found = await lookup(code);
    expect(found.status, JSON.stringify(found.body)).toBe(200);
    expect(found.body.data).toMatchObject({ _id: product._id, name: 'Anchor Butter', barcode: code, parentId: null });
    expect((await lookup(code, adminAuth)).body.data._id).toBe(product._id);
    const variation = await admin.variation(product._id, { name: 'Anchor Butter 200g', barcode: nextEan() });
    const ofVariation = await lookup(variation.barcode!);
    expect(ofVariation.body.data).toMatchObject({ _id: variation._id, name: 'Anchor Butter 200g', parentId: product._id });
    const unknown = await lookup(nextEan());
    expect([unknown.status, unknown.body.code]).toEqual([404, 'NOT_FOUND']);
    const bad = await lookup(wrongCheck(code));
    expect([bad.status, bad.body.code, bad.body.field]).toEqual([400, 'VALIDATION', 'code']);
    const missing = await server.api<Answer>('GET', '/api/products/by-barcode', undefined, staff.auth);
    expect([missing.status, missing.body.field]).toEqual([400, 'code']);
    const shopper = await quickAccount(server);
    const rider = await quickAccount(server, { role: 'RIDER' });
    expect((await lookup(code, shopper.auth)).status).toBe(403);
    expect((await lookup(code, rider.auth)).status).toBe(403);
    expect((await lookup(code, {})).status).toBe(401);
  });

  it('an order\'s lines carry their product\'s barcode for staff, and null for the shopper', async () => {
    const code = nextEan();
    const milk = await insertProduct(server, { name: 'Barcode Milk', price: 300, stock: 10 });
    const bread = await insertProduct(server, { name: 'No Code Bread', price: 200, stock: 10 });
    await server.db.knex('products').where({ id: milk }).update({ barcode: code });
    const who = await quickAccount(server);
    const address = await server.api<Answer<{ _id: string }>>('POST', '/api/address/create', { address_line: 'Home', city: '1 Lane', state: 'Temple', pincode: '0771231234', mobile: 'Home', latitude: 6.879, longitude: 79.862 }, who.auth);
    for (const id of [milk, bread]) await server.api('POST', '/api/cart/create', { productId: id }, who.auth);
    const option = '50 Minutes to 1 Hour';
    const totals = computeTotals([{ pricePaise: 30_000, discount: 0, quantity: 1 }, { pricePaise: 20_000, discount: 0, quantity: 1 }], option);
    const placed = await server.api<Answer<{ _id: string; products: Array<{ productId: string; barcode?: string | null }> }>>('POST', '/api/order/cash-on-delivery', {
      list_items: [{ productId: milk, quantity: 1 }, { productId: bread, quantity: 1 }],
      addressId: address.body.data._id,
      subTotalAmt: paiseToRupees(totals.subtotalPaise),
      totalAmt: paiseToRupees(totals.grandTotalPaise),
      location: 'Location not available',
      Choose: option,
    }, who.auth);
    expect(placed.status, JSON.stringify(placed.body)).toBe(201);
    expect(placed.body.data.products.map((line) => line.barcode)).toEqual([null, null]);
    const orderId = placed.body.data._id;
    const taken = await server.api<Answer<{ products: Array<{ productId: string; barcode?: string | null }> }>>('PUT', '/api/orders/update-status', { orderId, order_status: 'Processing' }, staff.auth);
    expect(taken.status).toBe(200);
    expect(taken.body.data.products.map((line) => [line.productId, line.barcode])).toEqual([[milk, code], [bread, null]]);
    const mine = await server.api<Answer<{ products: Array<{ barcode?: string | null }> }>>('GET', `/api/order/details?orderId=${orderId}`, undefined, who.auth);
    expect(mine.status).toBe(200);
    expect(mine.body.data.products.map((line) => line.barcode)).toEqual([null, null]);
  });
});
