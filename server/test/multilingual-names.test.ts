// Issue 21: names in Sinhala and Tamil beside the English one. Admins set and clear them (and only admins);
// every wire that carries a name carries `nameSi` and `nameTa`; search finds products in either script (the
// exact name, a prefix, one typo); an order records its language and its lines' names as they were sold.
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { computeTotals, paiseToRupees, type CategoryWire, type HomeWire, type OrderWire, type ProductDetailsWire, type ProductWire, type SubCategoryWire } from '@kade/shared';
import { fixedClock } from '../src/clock';
import { createAccount, DB_KINDS, quickAccount, startTestServer, waitForSearchIndex, type TestServer } from './helpers';
import { catalogueAdmin, storedImages, type Answer } from './catalogue-fixtures';
import { watchStatements } from './statement-log';

// 10:30 in Colombo: the shop is open.
const OPEN = '2026-11-22T05:00:00Z';
const INSIDE = { latitude: 6.879, longitude: 79.862, accuracy: 10 };

/** [English, Sinhala, Tamil] of the products the searches look among. */
const PRODUCTS: Array<[string, string | null, string | null]> = [
  ['White Samba Rice', 'සුදු සම්බා සහල්', 'வெள்ளைச் சம்பா அரிசி'],
  ['Red Nadu Rice', 'රතු නාඩු සහල්', 'சிவப்பு நாட்டரிசி'],
  ['Mysore Dhal', 'මයිසූර් පරිප්පු', 'மைசூர் பருப்பு'],
  ['Coconut Oil', 'පොල් තෙල්', 'தேங்காய் எண்ணெய்'],
  ['Coconut', 'පොල්', 'தேங்காய்'],
  ['Full Cream Fresh Milk', 'පූර්ණ ආඩ නැවුම් කිරි', 'முழு ஆடைப் புதிய பால்'],
  ['Tomatoes', 'තක්කාලි', 'தக்காளி'],
  ['Brinjal', 'වම්බටු', 'கத்தரிக்காய்'],
  ['Garlic', 'සුදු ළූණු', 'உள்ளி'],
  ['Plain English Only', null, null],
];

describe.each(DB_KINDS)('names in three languages on %s', (kind) => {
  let server: TestServer;
  let admin: Record<string, string>;
  let make: ReturnType<typeof catalogueAdmin>;
  let category: CategoryWire;
  let sub: SubCategoryWire;
  const ids = new Map<string, string>();

  const search = async (text: string) => {
    const res = await server.api<Answer<ProductWire[]>>('POST', '/api/product/search-product', { search: text });
    expect(res.status).toBe(200);
    return res.body.data.map((p) => p.name);
  };

  beforeAll(async () => {
    server = await startTestServer(kind, { clock: fixedClock(OPEN) });
    admin = (await createAccount(server, { role: 'ADMIN' })).auth;
    const [image] = await storedImages(server, 1);
    make = catalogueAdmin(server, admin, image as string);
    category = await make.call<CategoryWire>('POST', '/api/category/add-category', { name: 'Rice & Grains', nameSi: 'සහල් සහ ධාන්\u200Dය', nameTa: 'அரிசி & தானியங்கள்', image });
    sub = await make.call<SubCategoryWire>('POST', '/api/subcategory/create', { name: 'Everyday', nameSi: 'එදිනෙදා', nameTa: 'அன்றாடம்', image, category: [category._id] });
    for (const [name, nameSi, nameTa] of PRODUCTS) {
      const product = await make.product({ name, nameSi, nameTa, category: [category._id], subCategory: [sub._id], stock: 50 });
      ids.set(name, product._id);
    }
  });
  afterAll(async () => {
    await server?.stop();
  });

  it('keeps the names an admin gives, and every list and the product sheet carry them', async () => {
    expect(category).toMatchObject({ name: 'Rice & Grains', nameSi: 'සහල් සහ ධාන්\u200Dය', nameTa: 'அரிசி & தானியங்கள்' });
    const categories = (await server.api<Answer<CategoryWire[]>>('GET', '/api/category/get')).body.data;
    expect(categories.find((c) => c._id === category._id)).toMatchObject({ nameSi: 'සහල් සහ ධාන්\u200Dය', nameTa: 'அரிசி & தானியங்கள்' });
    const subs = (await server.api<Answer<SubCategoryWire[]>>('POST', '/api/subcategory/get')).body.data;
    const listed = subs.find((s) => s._id === sub._id);
    expect(listed).toMatchObject({ nameSi: 'එදිනෙදා', nameTa: 'அன்றாடம்' });
    expect(listed?.category[0]).toMatchObject({ name: 'Rice & Grains', nameTa: 'அரிசி & தானியங்கள்' });

    const details = await server.api<Answer<ProductDetailsWire>>('POST', '/api/product/get-product-details', { productId: ids.get('Mysore Dhal') });
    expect(details.body.data).toMatchObject({ name: 'Mysore Dhal', nameSi: 'මයිසූර් පරිප්පු', nameTa: 'மைசூர் பருப்பு' });
    expect(details.body.data.category[0]).toMatchObject({ nameSi: 'සහල් සහ ධාන්\u200Dය' });
    expect(details.body.data.subCategory[0]).toMatchObject({ nameTa: 'அன்றாடம்' });

    const home = await server.api<Answer<HomeWire>>('GET', '/api/product/home');
    const strip = home.body.data.strips.find((s) => s.category._id === category._id);
    expect(strip?.category).toMatchObject({ nameSi: 'සහල් සහ ධාන්\u200Dය', nameTa: 'அரிசி & தானியங்கள்' });
    expect(strip?.products.find((p) => p.name === 'Garlic')).toMatchObject({ nameSi: 'සුදු ළූණු', nameTa: 'உள்ளி' });

    const listing = await server.api<Answer<ProductWire[]>>('POST', '/api/product/get-pruduct-by-category-and-subcategory', { categoryId: category._id, subCategoryId: sub._id, limit: 50 });
    const plain = listing.body.data.find((p) => p.name === 'Plain English Only');
    expect(plain).toMatchObject({ nameSi: null, nameTa: null });
    expect(listing.body.data.find((p) => p.name === 'Coconut')).toMatchObject({ nameSi: 'පොල්', nameTa: 'தேங்காய்' });
  });

  it('changes or clears one name and keeps the ones not sent', async () => {
    const id = ids.get('Brinjal') as string;
    const renamed = await make.call<ProductWire>('PUT', '/api/product/update-product-details', { _id: id, nameTa: 'கத்தரி' });
    expect(renamed).toMatchObject({ name: 'Brinjal', nameSi: 'වම්බටු', nameTa: 'கத்தரி' });
    const cleared = await make.call<ProductWire>('PUT', '/api/product/update-product-details', { _id: id, nameSi: null, nameTa: '   ' });
    expect(cleared).toMatchObject({ nameSi: null, nameTa: null });
    const back = await make.call<ProductWire>('PUT', '/api/product/update-product-details', { _id: id, nameSi: ' වම්බටු ', nameTa: 'கத்தரிக்காய்' });
    expect(back).toMatchObject({ nameSi: 'වම්බටු', nameTa: 'கத்தரிக்காய்' });

    const updated = await make.call<CategoryWire>('PUT', '/api/category/update', { _id: category._id, nameTa: 'அரிசி' });
    expect(updated).toMatchObject({ name: 'Rice & Grains', nameSi: 'සහල් සහ ධාන්\u200Dය', nameTa: 'அரிசி' });
    await make.call('PUT', '/api/category/update', { _id: category._id, nameTa: 'அரிசி & தானியங்கள்' });
    const subUpdated = await make.call<SubCategoryWire>('PUT', '/api/subcategory/update', { _id: sub._id, nameSi: '' });
    expect(subUpdated).toMatchObject({ nameSi: null, nameTa: 'அன்றாடம்' });
    await make.call('PUT', '/api/subcategory/update', { _id: sub._id, nameSi: 'එදිනෙදා' });

    // Two admins at once, one naming it in Sinhala and one in Tamil: each write sends only its own field, so both stay.
    const tomatoes = ids.get('Tomatoes') as string;
    await Promise.all([
      make.call('PUT', '/api/product/update-product-details', { _id: tomatoes, nameSi: 'රතු තක්කාලි' }),
      make.call('PUT', '/api/product/update-product-details', { _id: tomatoes, nameTa: 'சிவப்புத் தக்காளி' }),
    ]);
    expect(await server.db.knex('products').where({ id: tomatoes }).first('name_si', 'name_ta')).toEqual({ name_si: 'රතු තක්කාලි', name_ta: 'சிவப்புத் தக்காளி' });
    await make.call('PUT', '/api/product/update-product-details', { _id: tomatoes, nameSi: 'තක්කාලි', nameTa: 'தக்காளி' });

    const variation = await make.variation(ids.get('Coconut Oil') as string, { name: 'Coconut Oil 1L', nameSi: 'පොල් තෙල් ලීටර් 1', nameTa: 'தேங்காய் எண்ணெய் 1 லீற்றர்' });
    expect(variation).toMatchObject({ nameSi: 'පොල් තෙල් ලීටර් 1', nameTa: 'தேங்காய் எண்ணெய் 1 லீற்றர்' });
  });

  it.each([
    ['nameSi', 'රතු\u0000', 'Sinhala name contains a character that is not allowed'],
    ['nameTa', 'அரிசி\u001b[0m', 'Tamil name contains a character that is not allowed'],
    ['nameSi', 'ක'.repeat(201), 'Sinhala name must be at most 200 characters'],
    ['nameTa', 12, 'Tamil name must be text'],
    ['nameSi', ['සහල්'], 'Sinhala name must be text'],
    ['nameTa', { ta: 'x' }, 'Tamil name must be text'],
  ])('refuses %s = %j with a 400 naming the field', async (field, value, message) => {
    const res = await server.api<Answer>('PUT', '/api/product/update-product-details', { _id: ids.get('Tomatoes'), [field]: value }, admin);
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ success: false, field, message });
    const category100 = await server.api<Answer>('PUT', '/api/category/update', { _id: category._id, [field]: typeof value === 'string' ? 'ක'.repeat(101) : value }, admin);
    expect(category100.status).toBe(400);
    expect(category100.body.field).toBe(field);
  });

  it('lets only admins set names', async () => {
    const shopper = await quickAccount(server);
    const staff = await quickAccount(server, { role: 'STAFF' });
    for (const auth of [{}, shopper.auth, staff.auth]) {
      const res = await server.api<Answer>('PUT', '/api/product/update-product-details', { _id: ids.get('Tomatoes'), nameSi: 'හැක්' }, auth);
      expect([401, 403]).toContain(res.status);
      const cat = await server.api<Answer>('PUT', '/api/category/update', { _id: category._id, nameTa: 'x' }, auth);
      expect([401, 403]).toContain(cat.status);
    }
    expect((await server.db.knex('products').where({ id: ids.get('Tomatoes') }).first('name_si')).name_si).toBe('තක්කාලි');
  });

  it.each([
    ['the exact Sinhala name', 'පොල්', 'Coconut'],
    ['a Sinhala prefix', 'මයිසූ', 'Mysore Dhal'],
    ['a Sinhala word inside the name', 'සහල්', 'White Samba Rice'],
    ['a Sinhala name with one letter wrong', 'තක්කලි', 'Tomatoes'],
    ['a Sinhala name with one letter missing', 'වම්බු', 'Brinjal'],
    ['the exact Tamil name', 'தேங்காய்', 'Coconut'],
    ['a Tamil prefix', 'மைசூ', 'Mysore Dhal'],
    ['a Tamil word inside the name', 'அரிசி', 'White Samba Rice'],
    ['a Tamil name with one letter wrong', 'தக்காலி', 'Tomatoes'],
    ['a Tamil name with one letter missing', 'கத்தரிக்கா', 'Brinjal'],
  ])('finds %s (%s)', async (_what, text, expected) => {
    expect(await search(text)).toContain(expected);
  });

  it('ranks the exact name first in each script, and finds nothing of the other script', async () => {
    expect((await search('පොල්'))[0]).toBe('Coconut');
    expect((await search('தேங்காய்'))[0]).toBe('Coconut');
    expect((await search('පොල් තෙල්'))[0]).toBe('Coconut Oil');
    expect(await search('சிவப்பு')).toEqual(['Red Nadu Rice']);
    expect(await search('பருப்')).toEqual(['Mysore Dhal']);
    // A Tamil text never matches a product by its Sinhala name, nor the other way round.
    expect(await search('உள்ளி')).toEqual(['Garlic']);
    expect(await search('ළූණු')).toEqual(['Garlic']);
    expect(await search('Plain')).toEqual(['Plain English Only']);
  });

  it('finds by the Sinhala and Tamil names in the admin list too', async () => {
    const res = await server.api<Answer<ProductWire[]>>('POST', '/api/product/get', { search: 'சம்பா' }, admin);
    expect(res.body.data.map((p) => p.name)).toEqual(['White Samba Rice']);
  });

  /** A shopper with an address and the cart holding these products (one each). */
  async function buyer(names: string[]) {
    const who = await quickAccount(server);
    const address = await server.api<Answer<{ _id: string }>>('POST', '/api/address/create', { address_line: 'Home', city: '5 Station Road', state: 'Near the school', pincode: '0771112222', mobile: 'Home', ...INSIDE }, who.auth);
    for (const name of names) await server.api('POST', '/api/cart/create', { productId: ids.get(name) }, who.auth);
    const rows = await server.db.knex('products').whereIn('id', names.map((n) => ids.get(n) as string)).select('price_paise', 'discount');
    const totals = computeTotals(rows.map((r: { price_paise: number; discount: string }) => ({ pricePaise: r.price_paise, discount: Number(r.discount), quantity: 1 })), '50 Minutes to 1 Hour');
    const body = {
      list_items: names.map((name) => ({ productId: ids.get(name), quantity: 1 })),
      addressId: address.body.data._id,
      subTotalAmt: paiseToRupees(totals.subtotalPaise),
      totalAmt: paiseToRupees(totals.grandTotalPaise),
      location: '6.879000, 79.862000',
      Choose: '50 Minutes to 1 Hour',
    };
    return { ...who, body };
  }

  it('carries the names in the cart, and records the order\'s language and its lines\' names', async () => {
    const who = await buyer(['Mysore Dhal', 'Plain English Only']);
    const cart = await server.api<Answer<Array<{ productId: ProductWire }>>>('GET', '/api/cart/get', undefined, who.auth);
    expect(cart.body.data.map((line) => [line.productId.name, line.productId.nameTa])).toEqual(
      expect.arrayContaining([['Mysore Dhal', 'மைசூர் பருப்பு'], ['Plain English Only', null]]),
    );
    const placed = await server.api<Answer<OrderWire>>('POST', '/api/order/cash-on-delivery', { ...who.body, language: 'ta' }, who.auth);
    expect(placed.status).toBe(201);
    expect(placed.body.data.language).toBe('ta');
    const lines = placed.body.data.products.map((line) => line.product_details);
    expect(lines).toEqual(expect.arrayContaining([
      expect.objectContaining({ name: 'Mysore Dhal', nameSi: 'මයිසූර් පරිප්පු', nameTa: 'மைசூர் பருப்பு' }),
      expect.objectContaining({ name: 'Plain English Only', nameSi: null, nameTa: null }),
    ]));
    // What the counter reads for the receipt says the same, and a later rename leaves the order as it was sold.
    await server.db.knex('products').where({ id: ids.get('Mysore Dhal') }).update({ name_ta: 'பருப்பு (புதியது)' });
    const details = await server.api<Answer<OrderWire>>('GET', `/api/order/details?orderId=${placed.body.data._id}`, undefined, admin);
    expect(details.body.data.language).toBe('ta');
    expect(details.body.data.products.find((l) => l.product_details.name === 'Mysore Dhal')?.product_details.nameTa).toBe('மைசூர் பருப்பு');
    await server.db.knex('products').where({ id: ids.get('Mysore Dhal') }).update({ name_ta: 'மைசூர் பருப்பு' });
  });

  it('searches in either script from the in-memory index (no statement), and places a Tamil order in the same five statements', async () => {
    const log = watchStatements(server.db.knex);
    await waitForSearchIndex(server);
    for (const text of ['தேங்காய்', 'තක්කලි', 'மைசூ']) {
      // memory steps aside while a notice of an earlier write (the stock of the last test's orders) is still on its
      // way: once it is in, the search is memory's, with no statement
      const { result, statements } = await vi.waitFor(async () => {
        const read = await log.during(() => search(text));
        if (read.statements.length > 0) throw new Error(`still PostgreSQL's:\n${read.statements.join('\n---\n')}`);
        return read;
      }, { timeout: 10_000, interval: 50 });
      expect(result.length).toBeGreaterThan(0);
      expect(statements).toEqual([]);
    }
    const who = await buyer(['Coconut Oil']);
    const { result, statements } = await log.during(() => server.api<Answer<OrderWire>>('POST', '/api/order/cash-on-delivery', { ...who.body, language: 'si' }, who.auth));
    expect(result.status).toBe(201);
    expect(statements, statements.join('\n---\n')).toHaveLength(5);
  });

  it('records English when the shop sends no language, and refuses a language it does not speak', async () => {
    const who = await buyer(['Coconut']);
    for (const language of ['fr', '', 'TA', 7, null]) {
      const res = await server.api<Answer>('POST', '/api/order/cash-on-delivery', { ...who.body, language }, who.auth);
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({ field: 'language', message: "language must be one of 'en', 'si', 'ta'" });
    }
    const placed = await server.api<Answer<OrderWire>>('POST', '/api/order/cash-on-delivery', who.body, who.auth);
    expect(placed.status).toBe(201);
    expect(placed.body.data.language).toBe('en');
  });
});
