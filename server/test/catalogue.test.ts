import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CategoryWire, HomeWire, ProductDetailsWire, ProductWire, SubCategoryWire, VariationWire } from '@kade/shared';
import { createAccount, DB_KINDS, startTestServer, type TestServer } from './helpers';
import { catalogueAdmin, storedImages, type Answer } from './catalogue-fixtures';

const UNKNOWN_ID = '3f2504e0-4f89-41d3-9a0c-0305e82c3301';
const NOT_STORED = `/files/${'0'.repeat(32)}-480.webp`;

describe.each(DB_KINDS)('catalogue on %s', (kind) => {
  let server: TestServer;
  let admin: Record<string, string>;
  let shopper: Awaited<ReturnType<typeof createAccount>>;
  let images: string[];
  let make: ReturnType<typeof catalogueAdmin>;

  const api = <T = unknown>(method: string, path: string, body?: unknown, headers: Record<string, string> = {}) =>
    server.api<Answer<T>>(method, path, body, headers);
  const asAdmin = <T = unknown>(method: string, path: string, body?: unknown) => api<T>(method, path, body, admin);

  beforeAll(async () => {
    server = await startTestServer(kind);
    admin = (await createAccount(server, { role: 'ADMIN' })).auth;
    shopper = await createAccount(server);
    images = await storedImages(server, 3);
    make = catalogueAdmin(server, admin, images[0] as string);
  });
  afterAll(async () => {
    await server?.stop();
  });

  describe('categories', () => {
    it('adds a category with a trimmed name and one of our images, answering { _id, name, image }', async () => {
      const res = await asAdmin<CategoryWire>('POST', '/api/category/add-category', { name: '  Fruit  ', image: images[0] });
      expect(res.status).toBe(201);
      expect(res.body.data).toEqual({ _id: expect.stringMatching(/^[0-9a-f-]{36}$/), name: 'Fruit', nameSi: null, nameTa: null, image: images[0] });
    });

    it.each([['Fruit'], ['fruit'], ['  FRUIT ']])('refuses a second category named %j with 409', async (name) => {
      const res = await asAdmin('POST', '/api/category/add-category', { name, image: images[0] });
      expect(res.status).toBe(409);
      expect(res.body).toMatchObject({ code: 'NAME_TAKEN', field: 'name', message: `A category named "${name.trim()}" already exists.` });
    });

    it('takes only images uploaded to this shop', async () => {
      const outside = await asAdmin('POST', '/api/category/add-category', { name: 'Outside', image: 'https://cdn.example.lk/a.png' });
      expect(outside.status).toBe(400);
      expect(outside.body).toMatchObject({ code: 'VALIDATION', field: 'image', message: 'image must be the address of an uploaded image' });
      const missing = await asAdmin('POST', '/api/category/add-category', { name: 'Outside', image: NOT_STORED });
      expect(missing.status).toBe(400);
      expect(missing.body).toMatchObject({ code: 'IMAGE_NOT_FOUND', field: 'image' });
      expect(missing.body.message).toContain(NOT_STORED);
    });

    it('answers 400 naming the field for a missing name', async () => {
      const res = await asAdmin('POST', '/api/category/add-category', { image: images[0] });
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({ code: 'VALIDATION', field: 'name', message: 'name is required' });
    });

    it('lists categories for anyone, in the display order of SPEC.md section 9', async () => {
      for (const name of ['Snack', 'Zucchini Corner', 'Vegetable', 'All Product', 'Apple Corner', 'Biscuit']) await make.category(name);
      const res = await api<CategoryWire[]>('GET', '/api/category/get');
      expect(res.status).toBe(200);
      expect(res.body.data.map((c) => c.name)).toEqual(['All Product', 'Vegetable', 'Biscuit', 'Snack', 'Apple Corner', 'Fruit', 'Zucchini Corner']);
    });

    it('updates the name and/or image; a name another category has answers 409; an unknown id 404', async () => {
      const category = await make.category('Bakery');
      const renamed = await asAdmin<CategoryWire>('PUT', '/api/category/update', { _id: category._id, name: 'Bakery & Bread' });
      expect(renamed.status).toBe(200);
      expect(renamed.body.data).toEqual({ _id: category._id, name: 'Bakery & Bread', nameSi: null, nameTa: null, image: images[0] });
      const imaged = await asAdmin<CategoryWire>('PUT', '/api/category/update', { _id: category._id, image: images[1] });
      expect(imaged.body.data).toEqual({ _id: category._id, name: 'Bakery & Bread', nameSi: null, nameTa: null, image: images[1] });
      const ownCase = await asAdmin<CategoryWire>('PUT', '/api/category/update', { _id: category._id, name: 'BAKERY & BREAD' });
      expect(ownCase.status).toBe(200);
      const taken = await asAdmin('PUT', '/api/category/update', { _id: category._id, name: 'snack' });
      expect(taken.status).toBe(409);
      expect(taken.body.code).toBe('NAME_TAKEN');
      const unknown = await asAdmin('PUT', '/api/category/update', { _id: UNKNOWN_ID, name: 'Nothing' });
      expect(unknown.status).toBe(404);
      const badImage = await asAdmin('PUT', '/api/category/update', { _id: category._id, image: NOT_STORED });
      expect(badImage.status).toBe(400);
      expect(badImage.body.field).toBe('image');
    });

    it('refuses to delete a category products use, saying how many (409), and deletes it once they are gone', async () => {
      const category = await make.category('Frozen');
      const other = await make.category('Frozen Spare');
      const sub = await make.subCategory('Ice Cream', [category._id, other._id]);
      const first = await make.product({ category: [category._id], subCategory: [sub._id] });
      const second = await make.product({ category: [category._id, other._id], subCategory: [sub._id], publish: false });
      const refused = await asAdmin<{ productCount: number }>('DELETE', '/api/category/delete', { _id: category._id });
      expect(refused.status).toBe(409);
      expect(refused.body).toMatchObject({
        code: 'CATEGORY_IN_USE',
        message: '2 products use the category "Frozen": move them to another category or delete them first.',
        data: { productCount: 2 },
      });
      await asAdmin('DELETE', '/api/product/delete-product', { _id: first._id });
      const stillOne = await asAdmin('DELETE', '/api/category/delete', { _id: category._id });
      expect(stillOne.body.message).toBe('1 product uses the category "Frozen": move it to another category or delete it first.');
      await asAdmin('DELETE', '/api/product/delete-product', { _id: second._id });
      const deleted = await asAdmin('DELETE', '/api/category/delete', { _id: category._id });
      expect(deleted.status).toBe(200);
      expect(deleted.body.data).toEqual({ _id: category._id });
      const subs = await api<SubCategoryWire[]>('POST', '/api/subcategory/get', {});
      expect(subs.body.data.find((s) => s._id === sub._id)?.category).toEqual([{ _id: other._id, name: 'Frozen Spare', nameSi: null, nameTa: null }]);
      expect((await asAdmin('DELETE', '/api/category/delete', { _id: category._id })).status).toBe(404);
    });

    it('refuses to delete a category that is the only one of a sub-category (409), naming the sub-category', async () => {
      const category = await make.category('Pets');
      await make.subCategory('Cat Food', [category._id]);
      const res = await asAdmin('DELETE', '/api/category/delete', { _id: category._id });
      expect(res.status).toBe(409);
      expect(res.body).toMatchObject({ code: 'CATEGORY_HAS_SUB_CATEGORIES', data: { subCategoryCount: 1, subCategories: ['Cat Food'] } });
      expect(res.body.message).toBe('1 sub-category (Cat Food) would be left in no category: give it another category or delete it first.');
    });

    it('takes the DELETE body as the spec sends it, and refuses a bad id with 400', async () => {
      const res = await asAdmin('DELETE', '/api/category/delete', { _id: 'not-an-id' });
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({ field: '_id', message: 'id must be a valid id' });
    });
  });

  describe('sub-categories', () => {
    let vegetable: CategoryWire;
    let milk: CategoryWire;
    beforeAll(async () => {
      vegetable = (await api<CategoryWire[]>('GET', '/api/category/get')).body.data.find((c) => c.name === 'Vegetable') as CategoryWire;
      milk = await make.category('Milk + Other');
    });

    it('creates a sub-category in one or more categories (ids or category objects)', async () => {
      const res = await asAdmin<SubCategoryWire>('POST', '/api/subcategory/create', {
        name: ' Leafy Greens ',
        image: images[1],
        category: [{ _id: vegetable._id, name: 'Vegetable' }, milk._id],
      });
      expect(res.status).toBe(201);
      expect(res.body.data).toEqual({
        _id: expect.any(String),
        name: 'Leafy Greens',
        nameSi: null,
        nameTa: null,
        image: images[1],
        category: [
          { _id: milk._id, name: 'Milk + Other', nameSi: null, nameTa: null },
          { _id: vegetable._id, name: 'Vegetable', nameSi: null, nameTa: null },
        ],
      });
    });

    it('answers 400 naming unknown category ids, and writes nothing', async () => {
      const res = await asAdmin('POST', '/api/subcategory/create', { name: 'Roots', image: images[0], category: [vegetable._id, UNKNOWN_ID] });
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({ code: 'UNKNOWN_REFERENCE', field: 'category', message: `unknown category id: ${UNKNOWN_ID}` });
      expect(await server.db.knex('sub_categories').where({ name: 'Roots' }).first()).toBeUndefined();
    });

    it.each([
      [{ name: 'Roots', image: 'x.png', category: [] }, 'image'],
      [{ name: 'Roots', image: NOT_STORED, category: [UNKNOWN_ID] }, 'image'],
      [{ name: 'Roots', image: '/files/' + '1'.repeat(32) + '-480.webp', category: [] }, 'category'],
      [{ image: '/files/' + '1'.repeat(32) + '-480.webp', category: [UNKNOWN_ID] }, 'name'],
    ])('refuses %j naming %s', async (body, field) => {
      const res = await asAdmin('POST', '/api/subcategory/create', body);
      expect(res.status).toBe(400);
      expect(res.body.field).toBe(field);
    });

    it('refuses a duplicate name (any case) with 409', async () => {
      const res = await asAdmin('POST', '/api/subcategory/create', { name: 'LEAFY GREENS', image: images[0], category: [vegetable._id] });
      expect(res.status).toBe(409);
      expect(res.body.code).toBe('NAME_TAKEN');
    });

    it('lists sub-categories for anyone, by name, with their categories', async () => {
      const res = await api<SubCategoryWire[]>('POST', '/api/subcategory/get');
      expect(res.status).toBe(200);
      const names = res.body.data.map((s) => s.name);
      expect(names).toEqual([...names].sort((a, b) => a.toLowerCase().localeCompare(b.toLowerCase())));
      expect(res.body.data.find((s) => s.name === 'Leafy Greens')?.category).toHaveLength(2);
    });

    it('updates the name, image and categories (a list replaces the old one); what is not sent stays', async () => {
      const sub = await make.subCategory('Herbs', [vegetable._id]);
      const res = await asAdmin<SubCategoryWire>('PUT', '/api/subcategory/update', { _id: sub._id, category: [milk._id] });
      expect(res.status).toBe(200);
      expect(res.body.data).toEqual({ _id: sub._id, name: 'Herbs', nameSi: null, nameTa: null, image: images[0], category: [{ _id: milk._id, name: 'Milk + Other', nameSi: null, nameTa: null }] });
      const renamed = await asAdmin<SubCategoryWire>('PUT', '/api/subcategory/update', { _id: sub._id, name: 'Fresh Herbs', image: images[2] });
      expect(renamed.body.data).toMatchObject({ name: 'Fresh Herbs', image: images[2], category: [{ _id: milk._id }] });
      const empty = await asAdmin('PUT', '/api/subcategory/update', { _id: sub._id, category: [] });
      expect(empty.status).toBe(400);
      expect(empty.body.message).toBe('at least one category is required');
      const unknownCategory = await asAdmin('PUT', '/api/subcategory/update', { _id: sub._id, name: 'Never', category: [UNKNOWN_ID] });
      expect(unknownCategory.status).toBe(400);
      expect((await server.db.knex('sub_categories').where({ id: sub._id }).first('name')).name).toBe('Fresh Herbs');
      expect((await asAdmin('PUT', '/api/subcategory/update', { _id: UNKNOWN_ID, name: 'x' })).status).toBe(404);
      expect((await asAdmin('PUT', '/api/subcategory/update', { _id: sub._id, name: 'Leafy greens' })).status).toBe(409);
    });

    it('refuses to delete a sub-category products use (409 with the count), then deletes it', async () => {
      const sub = await make.subCategory('Yoghurt', [milk._id]);
      const product = await make.product({ category: [milk._id], subCategory: [sub._id] });
      const refused = await asAdmin('DELETE', '/api/subcategory/delete', { ...sub, _id: sub._id });
      expect(refused.status).toBe(409);
      expect(refused.body).toMatchObject({
        code: 'SUB_CATEGORY_IN_USE',
        message: '1 product uses the sub-category "Yoghurt": move it to another sub-category or delete it first.',
        data: { productCount: 1 },
      });
      await asAdmin('DELETE', '/api/product/delete-product', { _id: product._id });
      const deleted = await asAdmin('DELETE', '/api/subcategory/delete', sub);
      expect(deleted.status).toBe(200);
      expect((await asAdmin('DELETE', '/api/subcategory/delete', sub)).status).toBe(404);
    });
  });

  describe('products', () => {
    let category: CategoryWire;
    let sub: SubCategoryWire;
    beforeAll(async () => {
      category = await make.category('Tea & Coffee');
      sub = await make.subCategory('Black Tea', [category._id]);
    });

    it('creates a product with the defaults of SPEC.md section 3: prices in rupees, paise in the database', async () => {
      const related = await make.product({ category: [category._id], subCategory: [sub._id], name: 'Tea Strainer' });
      const res = await asAdmin<ProductWire>('POST', '/api/product/create', {
        name: ' Ceylon Tea 200g ',
        image: [images[0], images[1]],
        price: 249.5,
        unit: '200g',
        stock: 12,
        discount: 12.5,
        description: 'High-grown BOPF.',
        category: [{ _id: category._id, name: category.name }],
        subCategory: [sub._id],
        product: [related._id],
        more_details: { Origin: 'Nuwara Eliya', Grade: 'BOPF', 'Best before': '18 months' },
      });
      expect(res.status).toBe(201);
      expect(res.body.data).toEqual({
        _id: expect.any(String),
        name: 'Ceylon Tea 200g',
        nameSi: null,
        nameTa: null,
        image: [images[0], images[1]],
        category: [{ _id: category._id, name: 'Tea & Coffee', nameSi: null, nameTa: null }],
        subCategory: [{ _id: sub._id, name: 'Black Tea', nameSi: null, nameTa: null }],
        unit: '200g',
        stock: 12,
        totalStock: 100,
        price: 249.5,
        discount: 12.5,
        description: 'High-grown BOPF.',
        keywords: [],
        more_details: { Origin: 'Nuwara Eliya', Grade: 'BOPF', 'Best before': '18 months' },
        product: [related._id],
        publish: true,
        single_quantity: false,
        barcode: null,
        sellBy: 'EACH', stepGrams: null, minGrams: null, maxGrams: null, scaleCode: null,
        createdAt: expect.any(String),
        updatedAt: expect.any(String),
      });
      // the admin's order of the extra fields survives the database
      expect(Object.keys(res.body.data.more_details)).toEqual(['Origin', 'Grade', 'Best before']);
      const row = await server.db.knex('products').where({ id: res.body.data._id }).first('price_paise', 'total_stock');
      expect(row).toEqual({ price_paise: 24950, total_stock: 100 });
    });

    it.each([
      [{ price: -1 }, 'price', 'price must be 0 or more'],
      [{ price: 'free' }, 'price', 'price must be a number'],
      [{ stock: -1 }, 'stock', 'stock must be 0 or more'],
      [{ stock: 1.5 }, 'stock', 'stock must be a whole number'],
      [{ discount: 101 }, 'discount', 'discount must be between 0 and 100'],
      [{ discount: -0.5 }, 'discount', 'discount must be between 0 and 100'],
      [{ name: '   ' }, 'name', 'name is required'],
      [{ unit: undefined }, 'unit', 'unit is required'],
      [{ image: [] }, 'image', 'at least one image is required'],
      [{ image: ['https://elsewhere.example/x.webp'] }, 'image.0', 'image must be the address of an uploaded image'],
      [{ category: [] }, 'category', 'at least one category is required'],
      [{ subCategory: ['nope'] }, 'subCategory.0', 'each sub-category must be a valid id'],
      [{ more_details: { Origin: '' } }, 'more_details.Origin', 'every extra details value must be filled in'],
      [{ name: 'Te\u0000a' }, 'name', 'name contains a character that is not allowed'],
    ])('refuses %j with 400 naming %s', async (change, field, message) => {
      const res = await asAdmin('POST', '/api/product/create', {
        name: 'Bad',
        image: [images[0]],
        price: 10,
        unit: '1',
        stock: 1,
        description: 'x',
        category: [category._id],
        subCategory: [sub._id],
        ...change,
      });
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({ success: false, error: true, code: 'VALIDATION', field, message });
    });

    it.each([
      ['image', () => ({ image: [images[0], NOT_STORED] }), 'IMAGE_NOT_FOUND'],
      ['category', () => ({ category: [UNKNOWN_ID] }), 'UNKNOWN_REFERENCE'],
      ['subCategory', () => ({ subCategory: [sub._id, UNKNOWN_ID] }), 'UNKNOWN_REFERENCE'],
      ['product', () => ({ product: [UNKNOWN_ID] }), 'UNKNOWN_REFERENCE'],
    ])('answers 400 naming %s when it names nothing we have, and writes nothing', async (field, change, code) => {
      const before = await server.db.knex('products').count('* as n').first();
      const res = await asAdmin('POST', '/api/product/create', {
        name: 'Never Written',
        image: [images[0]],
        price: 10,
        unit: '1',
        stock: 1,
        description: 'x',
        category: [category._id],
        subCategory: [sub._id],
        ...change(),
      });
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({ code, field });
      if (field !== 'image') expect(res.body.message).toContain(UNKNOWN_ID);
      const after = await server.db.knex('products').count('* as n').first();
      expect(Number(after?.n)).toBe(Number(before?.n));
    });

    it('updates only the fields sent, replacing the lists sent', async () => {
      const other = await make.subCategory('Green Tea', [category._id]);
      const product = await make.product({ category: [category._id], subCategory: [sub._id], more_details: { Origin: 'Kandy' } });
      const res = await asAdmin<ProductWire>('PUT', '/api/product/update-product-details', { _id: product._id, price: 300, subCategory: [other._id] });
      expect(res.status).toBe(200);
      expect(res.body.data).toMatchObject({
        name: product.name,
        price: 300,
        stock: 10,
        more_details: { Origin: 'Kandy' },
        category: [{ _id: category._id }],
        subCategory: [{ _id: other._id, name: 'Green Tea' }],
      });
      expect(Date.parse(res.body.data.updatedAt)).toBeGreaterThanOrEqual(Date.parse(product.updatedAt));
    });

    it('refuses to link a product to itself, and answers 404 for an unknown, deleted or variation id', async () => {
      const product = await make.product({ category: [category._id], subCategory: [sub._id] });
      const self = await asAdmin('PUT', '/api/product/update-product-details', { _id: product._id, product: [product._id] });
      expect(self.status).toBe(400);
      expect(self.body).toMatchObject({ code: 'SELF_LINK', field: 'product' });
      const variation = await make.variation(product._id);
      expect((await asAdmin('PUT', '/api/product/update-product-details', { _id: variation._id, name: 'x' })).status).toBe(404);
      expect((await asAdmin('PUT', '/api/product/update-product-details', { _id: UNKNOWN_ID, name: 'x' })).status).toBe(404);
      await asAdmin('DELETE', '/api/product/delete-product', { _id: product._id });
      expect((await asAdmin('PUT', '/api/product/update-product-details', { _id: product._id, name: 'x' })).status).toBe(404);
    });

    it('never loses a field when two admins edit one product at once', async () => {
      const product = await make.product({ category: [category._id], subCategory: [sub._id] });
      const results = await Promise.all([
        asAdmin('PUT', '/api/product/update-product-details', { _id: product._id, name: 'Renamed At Once' }),
        asAdmin('PATCH', '/api/product/update', { _id: product._id, stock: 77 }),
        asAdmin('PUT', '/api/product/update-product-details', { _id: product._id, description: 'Described at once.' }),
        asAdmin('PATCH', '/api/product/update', { _id: product._id, discount: 5 }),
      ]);
      expect(results.map((r) => r.status)).toEqual([200, 200, 200, 200]);
      const row = await server.db.knex('products as p').join('product_stock as s', 's.product_id', 'p.id').where('p.id', product._id).first('p.name', 's.stock', 'p.description', 'p.discount');
      expect({ ...row, discount: Number(row.discount) }).toEqual({ name: 'Renamed At Once', stock: 77, description: 'Described at once.', discount: 5 });
    });

    it('patches stock, price, discount or publish, and needs at least one', async () => {
      const product = await make.product({ category: [category._id], subCategory: [sub._id] });
      const res = await asAdmin<ProductWire>('PATCH', '/api/product/update', { _id: product._id, price: 99.99, publish: false });
      expect(res.status).toBe(200);
      expect(res.body.data).toMatchObject({ price: 99.99, publish: false, stock: 10, name: product.name });
      const none = await asAdmin('PATCH', '/api/product/update', { _id: product._id });
      expect(none.status).toBe(400);
      expect(none.body.message).toBe('stock, price, discount or publish is required');
      expect((await asAdmin('PATCH', '/api/product/update', { _id: product._id, stock: -3 })).body.field).toBe('stock');
      expect((await asAdmin('PATCH', '/api/product/update', { _id: UNKNOWN_ID, stock: 3 })).status).toBe(404);
    });

    it('soft-deletes: the row stays (orders keep their snapshot) but leaves the shop and every cart, with its variations', async () => {
      const product = await make.product({ category: [category._id], subCategory: [sub._id], name: 'Doomed Kottu Mix' });
      const variation = await make.variation(product._id, { name: 'Doomed Kottu Mix Small' });
      await server.db.knex('cart_items').insert([
        { user_id: shopper.id, product_id: product._id, quantity: 2 },
        { user_id: shopper.id, product_id: variation._id, quantity: 1 },
      ]);
      const [order] = await server.db
        .knex('orders')
        .insert({
          order_code: 'TST001',
          user_id: shopper.id,
          delivery_option: '50 Minutes to 1 Hour',
          undiscounted_paise: 10000,
          subtotal_paise: 10000,
          total_paise: 10000,
          delivery_address: JSON.stringify({ address_line: 'Home' }),
        })
        .returning('id');
      await server.db.knex('order_lines').insert({
        order_id: order.id,
        product_id: product._id,
        position: 1,
        name: 'Doomed Kottu Mix',
        original_price_paise: 10000,
        price_paise: 10000,
        quantity: 1,
      });

      const res = await asAdmin('DELETE', '/api/product/delete-product', { _id: product._id });
      expect(res.status).toBe(200);
      const rows = await server.db.knex('products').whereIn('id', [product._id, variation._id]).select('deleted_at');
      expect(rows.every((r: { deleted_at: Date | null }) => r.deleted_at !== null)).toBe(true);
      expect(await server.db.knex('cart_items').where({ user_id: shopper.id })).toEqual([]);
      expect(await server.db.knex('order_lines').where({ order_id: order.id }).first('product_id', 'name')).toEqual({
        product_id: product._id,
        name: 'Doomed Kottu Mix',
      });

      expect((await api('POST', '/api/product/get-product-details', { productId: product._id })).status).toBe(404);
      const search = await api<ProductWire[]>('POST', '/api/product/search-product', { search: 'Doomed Kottu' });
      expect(search.body.data).toEqual([]);
      const list = await asAdmin<ProductWire[]>('POST', '/api/product/get', { search: 'Doomed Kottu' });
      expect(list.body.data).toEqual([]);
      expect((await asAdmin('DELETE', '/api/product/delete-product', { _id: product._id })).status).toBe(404);
      expect((await asAdmin('POST', '/api/variation/details', { _id: variation._id })).status).toBe(404);
    });

    it('lists products for the admin (published or not) as an array, with the counts beside it', async () => {
      const hidden = await make.product({ category: [category._id], subCategory: [sub._id], name: 'Hidden Lapsang', publish: false });
      const res = await asAdmin<ProductWire[]>('POST', '/api/product/get', { search: '', limit: 10000, page: 1 });
      expect(res.status).toBe(200);
      expect(Array.isArray(res.body.data)).toBe(true);
      expect(res.body.data.some((p) => p._id === hidden._id)).toBe(true);
      expect(res.body).toMatchObject({ success: true, page: 1, limit: 10000, totalPage: 1, totalCount: res.body.data.length });
      const paged = await asAdmin<ProductWire[]>('POST', '/api/product/get', { page: 2, limit: 2 });
      expect(paged.body.data).toHaveLength(2);
      expect(paged.body).toMatchObject({ page: 2, limit: 2, totalCount: res.body.data.length, totalPage: Math.ceil(res.body.data.length / 2) });
      expect(paged.body.data.map((p) => p._id)).toEqual(res.body.data.slice(2, 4).map((p) => p._id));
      const beyond = await asAdmin<ProductWire[]>('POST', '/api/product/get', { page: 999, limit: 2 });
      expect(beyond.body).toMatchObject({ data: [], totalCount: res.body.data.length });
      const searched = await asAdmin<ProductWire[]>('POST', '/api/product/get', { search: 'lapsang' });
      expect(searched.body.data.map((p) => p.name)).toEqual(['Hidden Lapsang']);
      expect((await asAdmin('POST', '/api/product/get', { limit: 10001 })).body).toMatchObject({ field: 'limit' });
    });
  });

  describe('variations', () => {
    let parent: ProductWire;
    beforeAll(async () => {
      const category = await make.category('Medicine');
      const sub = await make.subCategory('Pain Relief', [category._id]);
      parent = await make.product({ category: [category._id], subCategory: [sub._id], name: 'Panadol', single_quantity: true });
    });

    it('creates a variation of a product: its own fields, publish true by default', async () => {
      const res = await asAdmin<VariationWire>('POST', '/api/variation/create', {
        product: parent._id,
        name: 'Panadol 12 tablets',
        image: images[1],
        unit: '12 tablets',
        stock: 40,
        price: 120,
        discount: 10,
        description: 'A strip of twelve.',
        more_details: { Dose: 'Two every 6 hours' },
      });
      expect(res.status).toBe(201);
      expect(res.body.data).toEqual({
        _id: expect.any(String),
        product: parent._id,
        productName: 'Panadol',
        name: 'Panadol 12 tablets',
        nameSi: null,
        nameTa: null,
        image: [images[1]],
        unit: '12 tablets',
        stock: 40,
        totalStock: 100,
        price: 120,
        discount: 10,
        description: 'A strip of twelve.',
        more_details: { Dose: 'Two every 6 hours' },
        publish: true,
        single_quantity: true,
        barcode: null,
        sellBy: 'EACH', stepGrams: null, minGrams: null, maxGrams: null, scaleCode: null,
        createdAt: expect.any(String),
        updatedAt: expect.any(String),
      });
    });

    it('refuses an unknown parent, a variation as parent, and images not ours, naming the field', async () => {
      const unknown = await asAdmin('POST', '/api/variation/create', { product: UNKNOWN_ID, name: 'x', image: images[0], unit: '1', stock: 1, price: 1, description: 'x' });
      expect(unknown.status).toBe(400);
      expect(unknown.body).toMatchObject({ field: 'product', code: 'UNKNOWN_REFERENCE' });
      const child = await make.variation(parent._id);
      const nested = await asAdmin('POST', '/api/variation/create', { product: child._id, name: 'x', image: images[0], unit: '1', stock: 1, price: 1, description: 'x' });
      expect(nested.status).toBe(400);
      expect(nested.body.field).toBe('product');
      const image = await asAdmin('POST', '/api/variation/create', { product: parent._id, name: 'x', image: NOT_STORED, unit: '1', stock: 1, price: 1, description: 'x' });
      expect(image.status).toBe(400);
      expect(image.body.field).toBe('image');
      const stock = await asAdmin('POST', '/api/variation/create', { product: parent._id, name: 'x', image: images[0], unit: '1', stock: 2.5, price: 1, description: 'x' });
      expect(stock.body).toMatchObject({ field: 'stock', message: 'stock must be a whole number' });
    });

    it('lists, shows and updates variations for the admin, unpublished ones included', async () => {
      const hidden = await make.variation(parent._id, { name: 'Panadol Hidden Pack', publish: false });
      const byProduct = await asAdmin<VariationWire[]>('POST', '/api/variation/get-variations-by-product', { productId: parent._id });
      expect(byProduct.status).toBe(200);
      expect(byProduct.body.data.map((v) => v._id)).toContain(hidden._id);
      expect(byProduct.body.data.every((v) => v.product === parent._id)).toBe(true);
      const list = await asAdmin<VariationWire[]>('POST', '/api/variation/list', { search: 'hidden pack' });
      expect(list.body.data.map((v) => v._id)).toEqual([hidden._id]);
      expect(list.body).toMatchObject({ page: 1, totalCount: 1, totalPage: 1 });
      const details = await asAdmin<VariationWire>('POST', '/api/variation/details', { _id: hidden._id });
      expect(details.body.data).toMatchObject({ _id: hidden._id, publish: false, productName: 'Panadol' });
      const updated = await asAdmin<VariationWire>('PUT', '/api/variation/update', { _id: hidden._id, price: 75.25, publish: true });
      expect(updated.body.data).toMatchObject({ price: 75.25, publish: true, name: 'Panadol Hidden Pack', stock: 5 });
      expect((await asAdmin('POST', '/api/variation/details', { _id: parent._id })).status).toBe(404);
      expect((await asAdmin('POST', '/api/variation/get-variations-by-product', { productId: UNKNOWN_ID })).status).toBe(404);
      expect((await asAdmin('PUT', '/api/variation/update', { _id: UNKNOWN_ID, price: 1 })).status).toBe(404);
      expect((await asAdmin('PUT', '/api/variation/update', { _id: hidden._id, product: UNKNOWN_ID })).body.field).toBe('product');
    });

    it('goes into a cart like a product, and leaves every cart when deleted', async () => {
      const variation = await make.variation(parent._id, { name: 'Panadol Family Pack' });
      await server.db.knex('cart_items').insert({ user_id: shopper.id, product_id: variation._id, quantity: 1 });
      const res = await asAdmin('DELETE', '/api/variation/delete', { _id: variation._id });
      expect(res.status).toBe(200);
      expect(await server.db.knex('cart_items').where({ product_id: variation._id })).toEqual([]);
      expect((await asAdmin('DELETE', '/api/variation/delete', { _id: variation._id })).status).toBe(404);
      expect((await asAdmin('DELETE', '/api/variation/delete', { _id: parent._id })).status).toBe(404);
    });

    it('patches a variation through PATCH /api/product/update', async () => {
      const variation = await make.variation(parent._id);
      const res = await asAdmin<VariationWire>('PATCH', '/api/product/update', { _id: variation._id, stock: 0 });
      expect(res.status).toBe(200);
      expect(res.body.data).toMatchObject({ _id: variation._id, stock: 0, product: parent._id });
    });
  });

  describe('what shoppers see', () => {
    let special: CategoryWire;
    let biscuit: CategoryWire;
    let buyBrand: CategoryWire;
    let sweet: SubCategoryWire;
    let deal: SubCategoryWire;
    const products: Record<string, ProductWire> = {};

    beforeAll(async () => {
      biscuit = (await api<CategoryWire[]>('GET', '/api/category/get')).body.data.find((c) => c.name === 'Biscuit') as CategoryWire;
      special = await make.category('Special');
      buyBrand = await make.category('Buy Brand');
      sweet = await make.subCategory('Sweet Biscuits', [biscuit._id, buyBrand._id]);
      deal = await make.subCategory('Deal', [special._id, biscuit._id]);
      const plan: Array<[string, Record<string, unknown>]> = [
        ['Marie', {}],
        ['Lemon Puff', {}],
        ['Cream Cracker', { publish: false }],
        ['Chocolate Puff', {}],
        ['Ginger Nut', {}],
        ['Deleted Nice', {}],
        ['Flagged One', { single_quantity: true }],
        ['Special Tin', { category: [special._id], subCategory: [deal._id] }],
        ['Deal Pack', { subCategory: [deal._id] }],
      ];
      for (const [name, extra] of plan) {
        products[name] = await make.product({ category: [biscuit._id, buyBrand._id], subCategory: [sweet._id], name, ...extra });
      }
      await asAdmin('DELETE', '/api/product/delete-product', { _id: products['Deleted Nice']?._id });
    });

    // Newest first; 'Special Tin' is only in Special/Deal, 'Deal Pack' in Biscuit but only in sub-category Deal.
    const inBiscuit = ['Deal Pack', 'Flagged One', 'Ginger Nut', 'Chocolate Puff', 'Lemon Puff', 'Marie'];
    const inSweet = ['Flagged One', 'Ginger Nut', 'Chocolate Puff', 'Lemon Puff', 'Marie'];

    it('lists a category, newest first, never an unpublished or deleted product', async () => {
      const res = await api<ProductWire[]>('POST', '/api/product/get-product-by-category', { id: biscuit._id });
      expect(res.status).toBe(200);
      expect(res.body.data.map((p) => p.name)).toEqual(inBiscuit);
      expect((await api('POST', '/api/product/get-product-by-category', { id: UNKNOWN_ID })).status).toBe(404);
    });

    it('pages a category and sub-category listing (8 by default) on the spec path and its alias', async () => {
      const body = { categoryId: biscuit._id, subCategoryId: sweet._id, page: 1, limit: 4 };
      const first = await api<ProductWire[]>('POST', '/api/product/get-pruduct-by-category-and-subcategory', body);
      expect(first.status).toBe(200);
      expect(first.body.data.map((p) => p.name)).toEqual(inSweet.slice(0, 4));
      expect(first.body).toMatchObject({ success: true, page: 1, limit: 4, totalCount: 5, totalPage: 2 });
      const alias = await api<ProductWire[]>('POST', '/api/product/get-product-by-category-and-subcategory', body);
      expect(alias.body).toEqual(first.body);
      const second = await api<ProductWire[]>('POST', '/api/product/get-pruduct-by-category-and-subcategory', { ...body, page: 2 });
      expect(second.body.data.map((p) => p.name)).toEqual(inSweet.slice(4));
      const past = await api<ProductWire[]>('POST', '/api/product/get-pruduct-by-category-and-subcategory', { ...body, page: 3 });
      expect(past.body).toMatchObject({ data: [], totalCount: 5, totalPage: 2 });
      const defaults = await api('POST', '/api/product/get-pruduct-by-category-and-subcategory', { categoryId: biscuit._id, subCategoryId: sweet._id });
      expect(defaults.body).toMatchObject({ page: 1, limit: 8 });
      const unknown = await api('POST', '/api/product/get-pruduct-by-category-and-subcategory', { categoryId: biscuit._id, subCategoryId: UNKNOWN_ID });
      expect(unknown.status).toBe(404);
      const tooMany = await api('POST', '/api/product/get-pruduct-by-category-and-subcategory', { ...body, limit: 51 });
      expect(tooMany.body).toMatchObject({ field: 'limit', message: 'limit must be between 1 and 50' });
    });

    it('shows a product with its published variations as `product`, dearest (after discount) first', async () => {
      const marie = products.Marie as ProductWire;
      await make.variation(marie._id, { name: 'Marie 100g', price: 80, discount: 0 });
      await make.variation(marie._id, { name: 'Marie 400g', price: 300, discount: 50 });
      await make.variation(marie._id, { name: 'Marie 200g', price: 160, discount: 0 });
      await make.variation(marie._id, { name: 'Marie Hidden', price: 999, publish: false });
      const gone = await make.variation(marie._id, { name: 'Marie Gone', price: 998 });
      await asAdmin('DELETE', '/api/variation/delete', { _id: gone._id });
      const res = await api<ProductDetailsWire>('POST', '/api/product/get-product-details', { productId: marie._id });
      expect(res.status).toBe(200);
      expect(res.body.data).toMatchObject({ _id: marie._id, name: 'Marie', category: expect.any(Array), price: 100 });
      expect(res.body.data.product.map((v) => v.name)).toEqual(['Marie 200g', 'Marie 400g', 'Marie 100g']);
      expect(res.body.data.product[0]).toEqual({
        _id: expect.any(String),
        product: marie._id,
        productName: 'Marie',
        name: 'Marie 200g',
        nameSi: null,
        nameTa: null,
        image: [images[0]],
        unit: '500g',
        stock: 5,
        totalStock: 100,
        price: 160,
        discount: 0,
        description: 'A variation for the tests.',
        more_details: {},
        publish: true,
        single_quantity: false,
        barcode: null,
        sellBy: 'EACH', stepGrams: null, minGrams: null, maxGrams: null, scaleCode: null,
        createdAt: expect.any(String),
        updatedAt: expect.any(String),
      });
    });

    it('never shows an unpublished or deleted product, nor the variations of one', async () => {
      const hidden = products['Cream Cracker'] as ProductWire;
      await make.variation(hidden._id, { name: 'Cream Cracker Mini' });
      expect((await api('POST', '/api/product/get-product-details', { productId: hidden._id })).status).toBe(404);
      expect((await api('POST', '/api/product/get-product-details', { productId: products['Deleted Nice']?._id })).status).toBe(404);
      expect((await api('POST', '/api/product/get-product-details', { productId: UNKNOWN_ID })).body.message).toBe('That product is not available.');
      const search = await api<ProductWire[]>('POST', '/api/product/search-product', { search: 'cream cracker' });
      expect(search.body.data).toEqual([]);
      // a variation is sold through its parent's sheet, not listed on its own
      const variations = await api<ProductWire[]>('POST', '/api/product/search-product', { search: 'Marie 200g' });
      expect(variations.body.data.map((p) => p.name)).not.toContain('Marie 200g');
      const all = await api<ProductWire[]>('POST', '/api/product/search-product', { search: '', limit: 50 });
      expect(all.body.data.every((p) => p.publish)).toBe(true);
      expect(all.body.data.map((p) => p.name)).not.toContain('Deleted Nice');
    });

    it('gives the home page its deals strip and its category strips, in display order', async () => {
      const res = await api<HomeWire>('GET', '/api/product/home');
      expect(res.status).toBe(200);
      // single-quantity by sub-category Deal, by category Special, by flag (Panadol is flagged too, and older)
      expect(res.body.data.deals.map((p) => p.name)).toEqual(['Deal Pack', 'Special Tin', 'Flagged One', 'Panadol']);
      const stripNames = res.body.data.strips.map((s) => s.category.name);
      expect(stripNames).not.toContain('Special');
      expect(stripNames).not.toContain('Buy Brand');
      expect(stripNames).not.toContain('All Product');
      const order = ['Vegetable', 'Milk + Other', 'Tea & Coffee', 'Biscuit', 'Medicine', 'Snack'];
      const known = stripNames.filter((n) => order.includes(n));
      expect(known).toEqual(order.filter((n) => known.includes(n)));
      const biscuitStrip = res.body.data.strips.find((s) => s.category._id === biscuit._id);
      expect(biscuitStrip?.products.map((p) => p.name)).toEqual(inBiscuit);
      for (const strip of res.body.data.strips) expect(strip.products.length).toBeGreaterThan(0);
    });

    it('unpublishing hides a product at once, publishing shows it again', async () => {
      const ginger = products['Ginger Nut'] as ProductWire;
      await make.patch({ _id: ginger._id, publish: false });
      const hidden = await api<ProductWire[]>('POST', '/api/product/get-product-by-category', { id: biscuit._id });
      expect(hidden.body.data.map((p) => p.name)).not.toContain('Ginger Nut');
      await make.patch({ _id: ginger._id, publish: true });
      const shown = await api<ProductWire[]>('POST', '/api/product/get-product-by-category', { id: biscuit._id });
      expect(shown.body.data.map((p) => p.name)).toContain('Ginger Nut');
    });
  });

  describe('who may call', () => {
    it.each([
      ['POST', '/api/category/add-category'],
      ['PUT', '/api/category/update'],
      ['DELETE', '/api/category/delete'],
      ['POST', '/api/subcategory/create'],
      ['PUT', '/api/subcategory/update'],
      ['DELETE', '/api/subcategory/delete'],
      ['POST', '/api/product/create'],
      ['PUT', '/api/product/update-product-details'],
      ['PATCH', '/api/product/update'],
      ['DELETE', '/api/product/delete-product'],
      ['POST', '/api/product/get'],
      ['POST', '/api/variation/create'],
      ['POST', '/api/variation/list'],
      ['POST', '/api/variation/details'],
      ['POST', '/api/variation/get-variations-by-product'],
      ['PUT', '/api/variation/update'],
      ['DELETE', '/api/variation/delete'],
    ])('%s %s: 401 anonymous, 403 for a shopper, and nothing written', async (method, path) => {
      const body = { _id: UNKNOWN_ID, name: 'Intruder', image: images[0], category: [UNKNOWN_ID] };
      expect((await api(method, path, body)).status).toBe(401);
      expect((await api(method, path, body, shopper.auth)).status).toBe(403);
      expect(await server.db.knex('categories').where({ name: 'Intruder' }).first()).toBeUndefined();
    });
  });

  describe('bad input never answers 500', () => {
    const routes: Array<[string, string]> = [
      ['POST', '/api/category/add-category'],
      ['PUT', '/api/category/update'],
      ['DELETE', '/api/category/delete'],
      ['POST', '/api/subcategory/create'],
      ['PUT', '/api/subcategory/update'],
      ['DELETE', '/api/subcategory/delete'],
      ['POST', '/api/product/create'],
      ['PUT', '/api/product/update-product-details'],
      ['PATCH', '/api/product/update'],
      ['DELETE', '/api/product/delete-product'],
      ['POST', '/api/product/get'],
      ['POST', '/api/product/get-product-by-category'],
      ['POST', '/api/product/get-pruduct-by-category-and-subcategory'],
      ['POST', '/api/product/get-product-details'],
      ['POST', '/api/product/search-product'],
      ['POST', '/api/variation/create'],
      ['POST', '/api/variation/list'],
      ['POST', '/api/variation/details'],
      ['POST', '/api/variation/get-variations-by-product'],
      ['PUT', '/api/variation/update'],
      ['DELETE', '/api/variation/delete'],
    ];
    const bodies: unknown[] = [
      '[]',
      '"text"',
      'null',
      '{"_id":',
      { _id: UNKNOWN_ID.toUpperCase(), id: UNKNOWN_ID, productId: UNKNOWN_ID, categoryId: UNKNOWN_ID, subCategoryId: UNKNOWN_ID },
      { _id: 42, name: ['x'], image: { url: 1 }, price: '1e400', stock: 1e20, discount: 'NaN', page: -1, limit: 1e9, search: { $ne: 1 } },
      { _id: "' or 1=1 --", name: '\u0000', category: ['\u0000'], product: '\u0000', search: '\u0000\u0000' },
      { page: 1e15, limit: 50, search: 'x' },
      { page: 1_000_000, search: '' },
      { page: 1_000_000, limit: 50, search: 'chicken', categoryId: UNKNOWN_ID, subCategoryId: UNKNOWN_ID },
    ];
    it.each(routes)('%s %s', async (method, path) => {
      for (const body of bodies) {
        const res = await asAdmin(method, path, body);
        expect(res.status, `${method} ${path} ${JSON.stringify(body)}`).toBeLessThan(500);
        expect(res.status, `${method} ${path} ${JSON.stringify(body)}`).toBeGreaterThanOrEqual(200);
        expect(typeof res.body.message).toBe('string');
      }
    });
  });
});
