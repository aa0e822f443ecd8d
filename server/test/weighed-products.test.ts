// Products sold by weight (issue 34), the admin's writes over real HTTP on each database: create, update, quick
// patch and variations take sellBy, the step, minimum and maximum grams and a scale code; an update is checked
// merged over what the product keeps; switching to EACH clears the grams and the code; a scale code has the digits
// of the shop's label pattern and belongs to one live product (409 SCALE_CODE_TAKEN naming it, races included);
// every answer that carries a product carries the fields.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ProductWire, VariationWire } from '@kade/shared';
import { catalogueAdmin, storedImages, type Answer } from './catalogue-fixtures';
import { DB_KINDS, OPEN_NOW, quickAccount, startTestServer, type TestServer } from './helpers';

let serial = 20_000;
/** A fresh 5-digit scale code each call. */
function nextCode(): string {
  serial += 1;
  return String(serial);
}

const CARROT_RULE = { sellBy: 'WEIGHT', stepGrams: 250, minGrams: 250, maxGrams: 5000 } as const;

type Weighed = Pick<ProductWire, '_id' | 'name' | 'sellBy' | 'stepGrams' | 'minGrams' | 'maxGrams' | 'scaleCode' | 'price' | 'stock'>;

/** The five selling fields of an answer, to compare at once. */
function soldAs(item: Pick<Weighed, 'sellBy' | 'stepGrams' | 'minGrams' | 'maxGrams' | 'scaleCode'>) {
  return { sellBy: item.sellBy, stepGrams: item.stepGrams, minGrams: item.minGrams, maxGrams: item.maxGrams, scaleCode: item.scaleCode };
}

describe.each(DB_KINDS)('products sold by weight on %s', (kind) => {
  let server: TestServer;
  let admin: ReturnType<typeof catalogueAdmin>;
  let adminAuth: Record<string, string>;
  let category: string;
  let subCategory: string;
  let picture: string;

  beforeAll(async () => {
    server = await startTestServer(kind, { env: { ...OPEN_NOW, MIN_ORDER_RUPEES: '0' } });
    adminAuth = (await quickAccount(server, { role: 'ADMIN', name: 'Shop Admin' })).auth;
    [picture] = (await storedImages(server, 1)) as [string];
    admin = catalogueAdmin(server, adminAuth, picture);
    category = (await admin.category('Vegetables'))._id;
    subCategory = (await admin.subCategory('Loose vegetables', [category]))._id;
  }, 120_000);
  afterAll(async () => {
    await server?.stop();
  });

  const newProduct = (fields: Record<string, unknown> = {}) => admin.product({ category: [category], subCategory: [subCategory], ...fields });
  const body = (fields: Record<string, unknown>) => ({
    name: 'Raw Product', image: [picture], price: 480, unit: '1 kg', stock: 20_000, description: 'x', category: [category], subCategory: [subCategory], ...fields,
  });
  const createRaw = (fields: Record<string, unknown>, auth: Record<string, string> = adminAuth) =>
    server.api<Answer<Weighed>>('POST', '/api/product/create', body(fields), auth);
  const updateRaw = (fields: Record<string, unknown>, auth: Record<string, string> = adminAuth) =>
    server.api<Answer<Weighed>>('PUT', '/api/product/update-product-details', fields, auth);
  const patchRaw = (fields: Record<string, unknown>, auth: Record<string, string> = adminAuth) =>
    server.api<Answer<Weighed>>('PATCH', '/api/product/update', fields, auth);
  const variationRaw = (product: string, fields: Record<string, unknown>, auth: Record<string, string> = adminAuth) =>
    server.api<Answer<Weighed>>('POST', '/api/variation/create', { product, name: 'V', image: [picture], unit: '1 kg', stock: 5000, price: 900, description: 'd', ...fields }, auth);
  const stored = (id: string) => server.db.knex('products').where({ id }).first('sell_by', 'step_grams', 'min_grams', 'max_grams', 'scale_code');
  const refusal = (res: { status: number; body: Answer }) => [res.status, res.body.code, res.body.field];

  it('creates a weighed product whose price is per kg and stock in grams, and every read carries how it is sold', async () => {
    const code = nextCode();
    const carrots = await newProduct({ name: 'Weighed Carrots', price: 480, stock: 25_000, ...CARROT_RULE, scaleCode: ` ${code} ` });
    expect(soldAs(carrots)).toEqual({ ...CARROT_RULE, scaleCode: code });
    expect([carrots.price, carrots.stock]).toEqual([480, 25_000]);
    expect(await stored(carrots._id)).toEqual({ sell_by: 'WEIGHT', step_grams: 250, min_grams: 250, max_grams: 5000, scale_code: code });
    const beans = await newProduct({ name: 'Weighed Beans', ...CARROT_RULE, stepGrams: 100, minGrams: 200, maxGrams: 2000 });
    expect(soldAs(beans)).toEqual({ sellBy: 'WEIGHT', stepGrams: 100, minGrams: 200, maxGrams: 2000, scaleCode: null });
    const soap = await newProduct({ name: 'Plain Soap' });
    expect(soldAs(soap)).toEqual({ sellBy: 'EACH', stepGrams: null, minGrams: null, maxGrams: null, scaleCode: null });

    const expected = { ...CARROT_RULE, scaleCode: code };
    const listed = await server.api<Answer<Weighed[]>>('POST', '/api/product/get', { search: 'Weighed Carrots' }, adminAuth);
    expect(soldAs(listed.body.data.find((p) => p._id === carrots._id)!)).toEqual(expected);
    const details = await server.api<Answer<Weighed>>('POST', '/api/product/get-product-details', { productId: carrots._id });
    expect(details.status).toBe(200);
    expect(soldAs(details.body.data)).toMatchObject({ sellBy: 'WEIGHT', stepGrams: 250, minGrams: 250, maxGrams: 5000 });
    const search = await server.api<Answer<Weighed[]>>('POST', '/api/product/search-product', { search: 'Weighed Carrots' });
    expect(soldAs(search.body.data.find((p) => p._id === carrots._id)!)).toMatchObject({ sellBy: 'WEIGHT', stepGrams: 250 });
    const listing = await server.api<Answer<Weighed[]>>('POST', '/api/product/get-pruduct-by-category-and-subcategory', { categoryId: category, subCategoryId: subCategory, page: 1, limit: 50 });
    const shelf = listing.body.data.find((p) => p._id === carrots._id)!;
    expect([shelf.sellBy, shelf.stepGrams, shelf.minGrams, shelf.maxGrams, shelf.price]).toEqual(['WEIGHT', 250, 250, 5000, 480]);
    expect(soldAs(listing.body.data.find((p) => p._id === soap._id)!).sellBy).toBe('EACH');

    const shopper = await quickAccount(server);
    const added = await server.api<Answer>('POST', '/api/cart/create', { productId: carrots._id }, shopper.auth);
    expect(added.status, JSON.stringify(added.body)).toBeLessThan(300);
    const cart = await server.api<Answer<Array<{ productId: Weighed }>>>('GET', '/api/cart/get', undefined, shopper.auth);
    const line = cart.body.data.find((item) => item.productId._id === carrots._id)!;
    expect([line.productId.sellBy, line.productId.stepGrams, line.productId.minGrams, line.productId.maxGrams]).toEqual(['WEIGHT', 250, 250, 5000]);
  });

  it('refuses a weighed rule that does not hold, naming the field, and writes nothing', async () => {
    const count = async () => Number(((await server.db.knex('products').count('* as n').first()) as { n: string | number }).n);
    const before = await count();
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ sellBy: 'WEIGHT', minGrams: 250, maxGrams: 5000 }, 'stepGrams'],
      [{ sellBy: 'WEIGHT', stepGrams: 250, maxGrams: 5000 }, 'minGrams'],
      [{ sellBy: 'WEIGHT', stepGrams: 250, minGrams: 250 }, 'maxGrams'],
      [{ ...CARROT_RULE, stepGrams: 5, minGrams: 5 }, 'stepGrams'],
      [{ ...CARROT_RULE, minGrams: 300 }, 'minGrams'],
      [{ ...CARROT_RULE, minGrams: 100 }, 'minGrams'],
      [{ ...CARROT_RULE, maxGrams: 5100 }, 'maxGrams'],
      [{ ...CARROT_RULE, minGrams: 1000, maxGrams: 500 }, 'maxGrams'],
      [{ ...CARROT_RULE, maxGrams: 200_000 }, 'maxGrams'],
      [{ ...CARROT_RULE, stepGrams: 2.5 }, 'stepGrams'],
      [{ sellBy: 'KILO' }, 'sellBy'],
      [{ ...CARROT_RULE, scaleCode: '1234' }, 'scaleCode'],
      [{ ...CARROT_RULE, scaleCode: '123456' }, 'scaleCode'],
      [{ ...CARROT_RULE, scaleCode: '12a45' }, 'scaleCode'],
      [{ ...CARROT_RULE, scaleCode: 12345 }, 'scaleCode'],
      [{ scaleCode: nextCode() }, 'scaleCode'],
      [{ sellBy: 'EACH', scaleCode: nextCode() }, 'scaleCode'],
      [{ ...CARROT_RULE, stock: 1_000_001 }, 'stock'],
    ];
    for (const [fields, field] of cases) {
      const res = await createRaw(fields);
      expect(refusal(res), JSON.stringify(fields)).toEqual([400, 'VALIDATION', field]);
    }
    expect((await createRaw({ ...CARROT_RULE, minGrams: 1000, maxGrams: 500 })).body.message).toBe('minGrams must be at most maxGrams');
    expect(await count()).toBe(before);
    // the most stock a product may hold, in grams for a weighed one
    expect((await createRaw({ ...CARROT_RULE, stock: 1_000_000 })).status).toBe(201);
  });

  it('checks an update merged over what the product keeps; switching to EACH clears the grams and the scale code', async () => {
    const code = nextCode();
    const product = await newProduct({ name: 'Merged Beans', ...CARROT_RULE, scaleCode: code });
    // a step the kept minimum and maximum are not multiples of
    const step = await updateRaw({ _id: product._id, stepGrams: 200 });
    expect(refusal(step)).toEqual([400, 'VALIDATION', 'minGrams']);
    expect(step.body.message).toBe('minGrams must be a whole number of steps');
    expect(refusal(await updateRaw({ _id: product._id, maxGrams: 200 }))).toEqual([400, 'VALIDATION', 'maxGrams']);
    expect(refusal(await updateRaw({ _id: product._id, scaleCode: '99' }))).toEqual([400, 'VALIDATION', 'scaleCode']);
    expect(await stored(product._id)).toEqual({ sell_by: 'WEIGHT', step_grams: 250, min_grams: 250, max_grams: 5000, scale_code: code });
    // what is sent over what is kept
    const wider = await admin.call<Weighed>('PUT', '/api/product/update-product-details', { _id: product._id, stepGrams: 500, minGrams: 500 });
    expect(soldAs(wider)).toEqual({ sellBy: 'WEIGHT', stepGrams: 500, minGrams: 500, maxGrams: 5000, scaleCode: code });
    const renamed = await admin.call<Weighed>('PUT', '/api/product/update-product-details', { _id: product._id, name: 'Merged Beans 2' });
    expect(soldAs(renamed)).toEqual(soldAs(wider));
    const noCode = await admin.call<Weighed>('PUT', '/api/product/update-product-details', { _id: product._id, scaleCode: '' });
    expect(noCode.scaleCode).toBeNull();
    await admin.call('PUT', '/api/product/update-product-details', { _id: product._id, scaleCode: code });
    // EACH: grams and code cleared, and the code is free for another product
    const each = await admin.call<Weighed>('PUT', '/api/product/update-product-details', { _id: product._id, sellBy: 'EACH' });
    expect(soldAs(each)).toEqual({ sellBy: 'EACH', stepGrams: null, minGrams: null, maxGrams: null, scaleCode: null });
    expect(await stored(product._id)).toEqual({ sell_by: 'EACH', step_grams: null, min_grams: null, max_grams: null, scale_code: null });
    expect((await createRaw({ name: 'Code Reused', ...CARROT_RULE, scaleCode: code })).status).toBe(201);
    // back to WEIGHT: the cleared grams are not brought back, so they must be sent
    expect(refusal(await updateRaw({ _id: product._id, sellBy: 'WEIGHT' }))).toEqual([400, 'VALIDATION', 'stepGrams']);
    expect(refusal(await updateRaw({ _id: product._id, sellBy: 'WEIGHT', stepGrams: 100, minGrams: 100 }))).toEqual([400, 'VALIDATION', 'maxGrams']);
    expect(refusal(await updateRaw({ _id: product._id, scaleCode: nextCode() }))).toEqual([400, 'VALIDATION', 'scaleCode']);
    expect(refusal(await updateRaw({ _id: product._id, sellBy: 'EACH', scaleCode: nextCode() }))).toEqual([400, 'VALIDATION', 'scaleCode']);
    const again = await admin.call<Weighed>('PUT', '/api/product/update-product-details', { _id: product._id, sellBy: 'WEIGHT', stepGrams: 100, minGrams: 100, maxGrams: 1000 });
    expect(soldAs(again)).toEqual({ sellBy: 'WEIGHT', stepGrams: 100, minGrams: 100, maxGrams: 1000, scaleCode: null });
  });

  it('takes how a product is sold by the quick patch, for products and variations, checked the same way', async () => {
    const product = await newProduct({ name: 'Patched Dhal', price: 390, stock: 40 });
    const patched = await admin.patch({ _id: product._id, sellBy: 'WEIGHT', stepGrams: 500, minGrams: 500, maxGrams: 10_000, stock: 40_000 });
    expect(soldAs(patched as unknown as Weighed)).toEqual({ sellBy: 'WEIGHT', stepGrams: 500, minGrams: 500, maxGrams: 10_000, scaleCode: null });
    expect(patched.stock).toBe(40_000);
    expect(refusal(await patchRaw({ _id: product._id, maxGrams: 10_250 }))).toEqual([400, 'VALIDATION', 'maxGrams']);
    expect(refusal(await patchRaw({ _id: product._id, sellBy: 'WEIGHT', stepGrams: 10_000 }))).toEqual([400, 'VALIDATION', 'minGrams']);
    const code = nextCode();
    expect((await admin.patch({ _id: product._id, scaleCode: code })).scaleCode).toBe(code);
    const holder = await newProduct({ name: 'Other Dhal', ...CARROT_RULE });
    const taken = await patchRaw({ _id: holder._id, scaleCode: code });
    expect(refusal(taken)).toEqual([409, 'SCALE_CODE_TAKEN', 'scaleCode']);
    expect(taken.body.data).toEqual({ _id: product._id, name: 'Patched Dhal' });
    const variation = await admin.variation(product._id, { name: 'Patched Dhal red' });
    const weighedVariation = await admin.patch({ _id: variation._id, sellBy: 'WEIGHT', stepGrams: 250, minGrams: 500, maxGrams: 2500 });
    expect(soldAs(weighedVariation as unknown as Weighed)).toEqual({ sellBy: 'WEIGHT', stepGrams: 250, minGrams: 500, maxGrams: 2500, scaleCode: null });
    expect(soldAs((await admin.patch({ _id: product._id, sellBy: 'EACH' })) as unknown as Weighed).scaleCode).toBeNull();
    expect((await patchRaw({ _id: product._id })).status).toBe(400);
  });

  it('gives variations their own way of selling and a scale code unique with the products', async () => {
    const parent = await newProduct({ name: 'Fresh Fish' });
    const code = nextCode();
    const seer = await admin.variation(parent._id, { name: 'Seer fish', price: 2800, stock: 6000, sellBy: 'WEIGHT', stepGrams: 250, minGrams: 250, maxGrams: 3000, scaleCode: code });
    expect(soldAs(seer as unknown as Weighed)).toEqual({ sellBy: 'WEIGHT', stepGrams: 250, minGrams: 250, maxGrams: 3000, scaleCode: code });
    const byParent = await admin.call<VariationWire[]>('POST', '/api/variation/get-variations-by-product', { productId: parent._id });
    expect(soldAs(byParent.find((v) => v._id === seer._id)!)).toEqual(soldAs(seer as unknown as Weighed));
    const details = await server.api<Answer<{ product: Weighed[] }>>('POST', '/api/product/get-product-details', { productId: parent._id });
    expect(details.body.data.product.find((v) => v._id === seer._id)?.sellBy).toBe('WEIGHT');
    const listed = await server.api<Answer<Weighed[]>>('POST', '/api/variation/list', { search: 'Seer fish' }, adminAuth);
    expect(listed.body.data.find((v) => v._id === seer._id)?.scaleCode).toBe(code);

    const asProduct = await createRaw({ name: 'Seer Copy', ...CARROT_RULE, scaleCode: code });
    expect(refusal(asProduct)).toEqual([409, 'SCALE_CODE_TAKEN', 'scaleCode']);
    expect(asProduct.body.data).toEqual({ _id: seer._id, name: 'Seer fish' });
    expect(asProduct.body.message).toContain('Seer fish');
    expect(refusal(await variationRaw(parent._id, { ...CARROT_RULE, scaleCode: code }))).toEqual([409, 'SCALE_CODE_TAKEN', 'scaleCode']);
    expect(refusal(await variationRaw(parent._id, { sellBy: 'WEIGHT', stepGrams: 250 }))).toEqual([400, 'VALIDATION', 'minGrams']);
    expect(refusal(await variationRaw(parent._id, { scaleCode: nextCode() }))).toEqual([400, 'VALIDATION', 'scaleCode']);
    // an update of the variation merged over what it keeps; saving its own code is no conflict
    const update = await server.api<Answer<Weighed>>('PUT', '/api/variation/update', { _id: seer._id, minGrams: 3250 }, adminAuth);
    expect(refusal(update)).toEqual([400, 'VALIDATION', 'maxGrams']);
    const own = await server.api<Answer<Weighed>>('PUT', '/api/variation/update', { _id: seer._id, scaleCode: code, maxGrams: 2000 }, adminAuth);
    expect([own.status, own.body.data.maxGrams, own.body.data.scaleCode]).toEqual([200, 2000, code]);
    // deleted, its code is free again
    expect((await server.api('DELETE', '/api/variation/delete', { _id: seer._id }, adminAuth)).status).toBe(200);
    expect((await createRaw({ name: 'Seer Again', ...CARROT_RULE, scaleCode: code })).status).toBe(201);
  });

  it('two products saved with one scale code at once: one gets it, the other 409 naming the first', async () => {
    const code = nextCode();
    const [a, b] = await Promise.all([
      createRaw({ name: 'Racer A', ...CARROT_RULE, scaleCode: code }),
      createRaw({ name: 'Racer B', ...CARROT_RULE, scaleCode: code }),
    ]);
    expect([a.status, b.status].sort()).toEqual([201, 409]);
    const [won, lost] = a.status === 201 ? [a, b] : [b, a];
    expect([lost.body.code, lost.body.field]).toEqual(['SCALE_CODE_TAKEN', 'scaleCode']);
    expect(lost.body.data).toEqual({ _id: won.body.data._id, name: won.body.data.name });
    expect(await server.db.knex('products').where({ scale_code: code }).whereNull('deleted_at').pluck('id')).toEqual([won.body.data._id]);
    // two products taking one code by an update at once
    const other = nextCode();
    const [c, d] = await Promise.all([newProduct({ name: 'Racer C', ...CARROT_RULE }), newProduct({ name: 'Racer D', ...CARROT_RULE })]);
    const both = await Promise.all([patchRaw({ _id: c._id, scaleCode: other }), updateRaw({ _id: d._id, scaleCode: other })]);
    expect(both.map((res) => res.status).sort()).toEqual([200, 409]);
    expect(both.find((res) => res.status === 409)!.body.code).toBe('SCALE_CODE_TAKEN');
  });

  it('takes a product out of carts when how it is sold or its step changes (a cart quantity would mean another amount)', async () => {
    const product = await newProduct({ name: 'Cart Pumpkin', price: 300, stock: 50 });
    const kept = await newProduct({ name: 'Cart Onions', ...CARROT_RULE, stock: 30_000 });
    const shopper = await quickAccount(server);
    for (const id of [product._id, kept._id]) expect((await server.api('POST', '/api/cart/create', { productId: id }, shopper.auth)).status).toBeLessThan(300);
    const inCart = async () => (await server.api<Answer<Array<{ productId: { _id: string } }>>>('GET', '/api/cart/get', undefined, shopper.auth)).body.data.map((line) => line.productId._id).sort();
    await admin.patch({ _id: kept._id, maxGrams: 2500, price: 350 });
    expect(await inCart()).toEqual([product._id, kept._id].sort());
    await admin.call('PUT', '/api/product/update-product-details', { _id: product._id, ...CARROT_RULE, stock: 50_000 });
    expect(await inCart()).toEqual([kept._id]);
    await admin.patch({ _id: kept._id, stepGrams: 500, minGrams: 500 });
    expect(await inCart()).toEqual([]);
  });

  it('lets only admins write how a product is sold, as every product write', async () => {
    const product = await newProduct({ name: 'Guarded Rice', ...CARROT_RULE });
    const people = [
      { who: 'anonymous', auth: {}, status: 401 },
      { who: 'shopper', auth: (await quickAccount(server)).auth, status: 403 },
      { who: 'staff', auth: (await quickAccount(server, { role: 'STAFF' })).auth, status: 403 },
      { who: 'rider', auth: (await quickAccount(server, { role: 'RIDER' })).auth, status: 403 },
    ];
    for (const { who, auth, status } of people) {
      const code = nextCode();
      const calls = [
        await createRaw({ name: `By ${who}`, ...CARROT_RULE, scaleCode: code }, auth),
        await updateRaw({ _id: product._id, sellBy: 'EACH' }, auth),
        await patchRaw({ _id: product._id, scaleCode: code }, auth),
        await variationRaw(product._id, { ...CARROT_RULE, scaleCode: code }, auth),
        await server.api<Answer>('PUT', '/api/variation/update', { _id: product._id, stepGrams: 500 }, auth),
      ];
      expect(calls.map((res) => res.status), who).toEqual([status, status, status, status, status]);
    }
    expect(await stored(product._id)).toEqual({ sell_by: 'WEIGHT', step_grams: 250, min_grams: 250, max_grams: 5000, scale_code: null });
  });
});

describe('a scale code fits the shop\'s own label pattern', () => {
  let server: TestServer;
  beforeAll(async () => {
    // four digits of product code, six of grams
    server = await startTestServer(DB_KINDS[0]!, { env: { SCALE_LABEL_PATTERN: '2PPPPWWWWWWC' } });
  }, 120_000);
  afterAll(async () => {
    await server?.stop();
  });

  it('takes four digits and refuses five under 2PPPPWWWWWWC', async () => {
    const { auth } = await quickAccount(server, { role: 'ADMIN' });
    const [image] = await storedImages(server, 1);
    const admin = catalogueAdmin(server, auth, image!);
    const category = (await admin.category('Rice'))._id;
    const subCategory = (await admin.subCategory('Loose rice', [category]))._id;
    const four = await admin.product({ category: [category], subCategory: [subCategory], ...CARROT_RULE, scaleCode: '4321' });
    expect(four.scaleCode).toBe('4321');
    const five = await server.api<Answer>('POST', '/api/product/create', {
      name: 'Five', image: [image], price: 240, unit: '1 kg', stock: 1000, description: 'x', category: [category], subCategory: [subCategory], ...CARROT_RULE, scaleCode: '54321',
    }, auth);
    expect([five.status, five.body.code, five.body.field]).toEqual([400, 'VALIDATION', 'scaleCode']);
    expect(five.body.message).toBe("scaleCode must be 4 digits, as the shop's scale labels print it");
  });
});
