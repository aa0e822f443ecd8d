// The catalogue read model (issue 37 item 1, search-index.ts): shelf pages (category × sub-category, by number or
// cursor), All Products, product sheets, the home (deals and category strips) and a category's strip answered from
// each instance's memory once built, byte for byte as PostgreSQL answers them, with no statement, each page reading
// only its own entries and a binary search (newest-first.ts `visits`); kept current on a second instance by the notices of the first's
// writes (edit, unpublish, delete, restock, sell-out); PostgreSQL answers while the model builds or cannot hear.
// Two servers on one database (A writes, B reads), on PGlite and (with TEST_DATABASE_URL) PostgreSQL.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HOME_STRIP_SIZE, parseListingCursor, type CategoryWire, type HomeWire, type ProductDetailsWire, type ProductWire } from '@kade/shared';
import { createLogger } from '../src/logger';
import { createSearchIndex } from '../src/modules/catalog/search-index';
import { createShopService, type ShopService, type ShopServiceDeps } from '../src/modules/catalog/shop-service';
import { visits } from '../src/modules/catalog/newest-first';
import { SHOP_PRODUCT } from '../src/modules/catalog/product-sql';
import type { Answer } from './catalogue-fixtures';
import { NOTICE_BOUND_MS, waitFor } from './cluster-helpers';
import { DB_KINDS, OPEN_NOW, startTwoInstances, waitForSearchIndex, type TestDatabase, type TestServer, type TwoInstances } from './helpers';
import { placeOrder } from './socket-helpers';
import { watchStatements, type StatementLog } from './statement-log';

type Listing = Answer<ProductWire[]> & { hasMore: boolean; nextCursor: string | null; totalCount: number };
const MISSING = '00000000-0000-4000-8000-000000000000';

/** Every answer of a shelf walked by page number and by cursor at one page size, as text, page after page. */
async function walk(shop: ShopService, categoryId: string, subCategoryId: string, limit: number): Promise<string[]> {
  const answers: string[] = [];
  let after: { at: string; id: string } | undefined;
  for (let page = 1; page <= 200; page += 1) {
    const byNumber = await shop.listing({ categoryId, subCategoryId, page, limit });
    answers.push(JSON.stringify(byNumber));
    if (page > 1) answers.push(JSON.stringify(await shop.listing({ categoryId, subCategoryId, page, limit, ...(after ? { after } : {}) })));
    const cursor = byNumber.page.nextCursor;
    if (!cursor) {
      // one page past the end, by number (its count is a statement of its own in the database)
      answers.push(JSON.stringify(await shop.listing({ categoryId, subCategoryId, page: page + 1, limit })));
      break;
    }
    after = { at: cursor.slice(0, 27), id: cursor.slice(28) };
  }
  return answers;
}

describe.each(DB_KINDS)('the catalogue read model on %s', (kind) => {
  let database: TestDatabase;
  let a: TestServer;
  let b: TestServer;
  let log: StatementLog;
  let admin: Record<string, string>;
  let allCategory: string;
  let allSub: string;

  const write = async <T>(method: string, path: string, body: unknown): Promise<T> => {
    const res = await a.api<Answer<T>>(method, path, body, admin);
    if (res.status >= 300) throw new Error(`${path} answered ${res.status}: ${JSON.stringify(res.body)}`);
    return res.body.data;
  };
  const details = (server: TestServer, productId: string) => server.api<Answer<ProductDetailsWire>>('POST', '/api/product/get-product-details', { productId });
  const shelf = async (server: TestServer, limit = 50): Promise<Listing> => {
    const res = await server.api<Listing>('POST', '/api/product/get-pruduct-by-category-and-subcategory', { categoryId: allCategory, subCategoryId: allSub, page: 1, limit });
    expect(res.status).toBe(200);
    return res.body;
  };
  /** B shows the change within the notice bound (a hang guard, not a timing). */
  const onB = (what: string, check: () => Promise<boolean>) => waitFor(`B to show ${what}`, check, NOTICE_BOUND_MS);

  /** The category lists as a server keeps them in memory (the home's groupings), read once from B. */
  async function listsOf(server: TestServer): Promise<NonNullable<ShopServiceDeps['lists']>> {
    const categories = (await server.api<Answer<CategoryWire[]>>('GET', '/api/category/get')).body.data;
    const subCategories = (await server.api<Answer<Array<{ _id: string; name: string }>>>('POST', '/api/subcategory/get', {})).body.data;
    expect(categories.length).toBeGreaterThan(3);
    return { categories: async () => categories, subCategories: async () => subCategories };
  }
  /** Every category's id (those with products and those without), and one that names none. */
  const categoryIds = async () => [...((await database.db.knex('categories').select('id').orderBy('id')) as Array<{ id: string }>).map((row) => row.id), MISSING];
  /** The home and every category's strip as a server answers them over HTTP, as text. */
  async function homeOn(server: TestServer, ids: readonly string[]): Promise<string[]> {
    const home = await server.api<Answer<HomeWire>>('GET', '/api/product/home');
    expect(home.status).toBe(200);
    const answers = [JSON.stringify(home.body.data)];
    for (const id of ids) {
      const res = await server.api<Answer<ProductWire[]>>('POST', '/api/product/get-product-by-category', { id });
      answers.push(JSON.stringify([res.status, res.status === 200 ? res.body.data : null]));
    }
    return answers;
  }
  /** The same as PostgreSQL answers them (a shop with no read model), as text. */
  async function homeInPostgres(ids: readonly string[], shop: ShopService = createShopService({ db: database.db.knex })): Promise<string[]> {
    const answers = [JSON.stringify(await shop.home())];
    for (const id of ids) answers.push(JSON.stringify(await shop.byCategory(id).then((data) => [200, data], (error: { status?: number }) => [error.status, null])));
    return answers;
  }
  /**
   * B answers the home and the strips of `only` (every category's when not given) as PostgreSQL does, within the notice
   * bound; then from memory, without a statement.
   */
  async function homeAlikeOnB(what: string, shown: (home: HomeWire) => boolean, only?: readonly string[]): Promise<void> {
    const ids = only ? [...only, MISSING] : await categoryIds();
    await onB(what, async () => {
      const [mine, truth] = [await homeOn(b, ids), await homeInPostgres(ids)];
      return JSON.stringify(mine) === JSON.stringify(truth) && shown(JSON.parse(mine[0] as string) as HomeWire);
    });
    await waitForSearchIndex(b);
    const filled = ids.filter((_, i) => i < ids.length - 1);
    const { result, statements } = await log.during(() => homeOn(b, filled));
    expect(result).toEqual(await homeInPostgres(filled));
    // a category with no product asks whether it exists; every other answer comes from memory
    const empty = result.filter((answer) => answer === JSON.stringify([200, []])).length;
    expect(statements.length, statements.join('\n---\n')).toBe(empty);
  }

  let instances: TwoInstances | undefined;
  beforeAll(async () => {
    instances = await startTwoInstances(kind, { ...OPEN_NOW });
    ({ database, a, b, admin } = instances);
    log = watchStatements(database.db.knex);
    allCategory = (await database.db.knex('categories').where({ name: 'All Product' }).first('id')).id as string;
    allSub = (await database.db.knex('sub_categories').where({ name: 'All Products' }).first('id')).id as string;
  }, 240_000);
  afterAll(async () => {
    await instances?.stop();
  });

  it('answers every shelf page, All Products at any page, and every sheet as PostgreSQL does, byte for byte, without a statement', async () => {
    const knex = database.db.knex;
    const index = createSearchIndex({ db: knex, logger: createLogger('silent') });
    await index.build();
    const memory = createShopService({ db: knex, searchIndex: index });
    const postgres = createShopService({ db: knex });
    try {
      // every shelf that holds a product, and one that holds none
      const shelves = (await knex.raw(`select distinct pc.category_id, ps.sub_category_id from product_categories pc
        join product_sub_categories ps on ps.product_id = pc.product_id order by 1, 2`)) as { rows: Array<{ category_id: string; sub_category_id: string }> };
      expect(shelves.rows.length).toBeGreaterThan(5);
      const empty = (await knex.raw(`select c.id as category_id, s.id as sub_category_id from categories c cross join sub_categories s
        where not exists (select 1 from product_categories pc join product_sub_categories ps on ps.product_id = pc.product_id
          where pc.category_id = c.id and ps.sub_category_id = s.id) limit 1`)) as { rows: Array<{ category_id: string; sub_category_id: string }> };
      let pages = 0;
      for (const { category_id, sub_category_id } of [...shelves.rows, ...empty.rows]) {
        for (const limit of category_id === allCategory && sub_category_id === allSub ? [2, 8, 50] : [8]) {
          const fromMemory = await log.during(() => walk(memory, category_id, sub_category_id, limit));
          const fromPostgres = await walk(postgres, category_id, sub_category_id, limit);
          expect(fromMemory.result, `${category_id} × ${sub_category_id} by ${limit}`).toEqual(fromPostgres);
          // the empty shelf alone asks whether its category and sub-category exist
          if (!empty.rows.some((row) => row.category_id === category_id && row.sub_category_id === sub_category_id)) expect(fromMemory.statements).toEqual([]);
          pages += fromPostgres.length;
        }
      }
      expect(pages).toBeGreaterThan(100);
      // All Products holds most of the demo catalogue: its deep pages by number answer alike too
      const all = await postgres.listing({ categoryId: allCategory, subCategoryId: allSub, page: 1, limit: 8 });
      expect(all.page.totalCount).toBeGreaterThan(40);

      // every sheet: visible products (some with variations), and the ids that are none
      const ids = ((await knex('products').select('id').orderBy('id')) as Array<{ id: string }>).map((row) => row.id);
      const answer = async (shop: ShopService, id: string) => JSON.stringify(await shop.details(id).catch((error: { status?: number; message?: string }) => ({ refused: error.status, message: error.message })));
      let withVariations = 0;
      for (const id of [...ids, MISSING]) {
        const fromMemory = await log.during(() => answer(memory, id));
        expect(fromMemory.result, id).toBe(await answer(postgres, id));
        expect(fromMemory.statements).toEqual([]);
        if (fromMemory.result.includes('"productName"')) withVariations += 1;
      }
      expect(withVariations).toBeGreaterThan(0);

      // the home and every category's strip (and one that names no category), with the groupings from memory as the
      // server keeps them; the products from the model, without a statement
      const lists = await listsOf(b);
      const withLists = createShopService({ db: knex, searchIndex: index, lists });
      const everyCategory = await categoryIds();
      const home = await log.during(() => homeInPostgres(everyCategory, withLists));
      expect(home.result).toEqual(await homeInPostgres(everyCategory));
      const homeWire = JSON.parse(home.result[0] as string) as HomeWire;
      expect(homeWire.deals.length).toBeGreaterThan(0);
      expect(homeWire.strips.length).toBeGreaterThan(3);
      expect(homeWire.strips.some((strip) => strip.products.length === HOME_STRIP_SIZE)).toBe(true);
      // only the categories with no product (and the id of none) ask whether they exist
      expect(home.statements.length).toBe(home.result.filter((answer) => answer === JSON.stringify([200, []]) || answer === JSON.stringify([404, null])).length);

      const products = ((await knex.raw(`select count(*)::integer as n from products p where ${SHOP_PRODUCT}`)) as { rows: Array<{ n: number }> }).rows[0]?.n ?? 0;
      expect(products).toBeGreaterThan(40);
      // All Products through the empty search, every page and one past the end, at two page sizes
      for (const limit of [8, 50]) {
        for (let page = 1; page <= Math.ceil(products / limit) + 1; page += 1) {
          const fromMemory = await log.during(async () => JSON.stringify(await memory.search({ search: '', page, limit })));
          expect(fromMemory.result, `All Products page ${page} by ${limit}`).toBe(JSON.stringify(await postgres.search({ search: '', page, limit })));
          expect(fromMemory.statements).toEqual([]);
        }
      }

      // each page reads its own entries and a binary search: All Products by the empty search, deep or first, and a
      // shelf page after a cursor
      const bound = 8 + 1 + Math.ceil(Math.log2(products + 1));
      for (const read of [
        () => index.search({ search: '', page: 1, limit: 8 }),
        () => index.search({ search: '', page: 5, limit: 8 }),
        () => index.listing({ categoryId: allCategory, subCategoryId: allSub, page: 2, limit: 8, after: { at: '2100-01-01T00:00:00.000000Z', id: MISSING } }),
      ]) {
        const before = visits.count;
        const answer = read();
        expect(answer?.items.length).toBeGreaterThan(0);
        expect(visits.count - before).toBeLessThanOrEqual(bound);
      }
    } finally {
      index.close();
    }
  }, 600_000);

  it('asks PostgreSQL until the model is built and while the notices cannot reach it, and answers the same from memory', async () => {
    const knex = database.db.knex;
    const productId = ((await knex('products').whereNull('parent_id').whereNull('deleted_at').where({ publish: true }).first('id')) as { id: string }).id;
    const index = createSearchIndex({ db: knex, logger: createLogger('silent') });
    const shop = createShopService({ db: knex, searchIndex: index, lists: await listsOf(b) });
    const reads = async () =>
      JSON.stringify([
        await shop.listing({ categoryId: allCategory, subCategoryId: allSub, page: 2, limit: 8 }),
        await shop.details(productId),
        await shop.search({ search: '', page: 3, limit: 8 }),
        await shop.home(),
        await shop.byCategory(allCategory),
      ]);
    try {
      // not built yet (as at start): PostgreSQL answers (a shelf, a sheet, All Products, the deals, the strips, a strip)
      const building = await log.during(reads);
      expect(index.ready()).toBe(false);
      expect(building.statements.length).toBeGreaterThanOrEqual(6);
      await index.build();
      const built = await log.during(reads);
      expect(built.statements).toEqual([]);
      expect(built.result).toBe(building.result);

      // the notices lost (the LISTEN connection down): PostgreSQL again, until they are back and everything is read again
      index.hearing(false);
      const deaf = await log.during(reads);
      expect(deaf.statements.length).toBeGreaterThanOrEqual(6);
      expect(deaf.result).toBe(building.result);
      index.hearing(true);
      await index.settled();
      const back = await log.during(reads);
      expect(back.statements).toEqual([]);
      expect(back.result).toBe(building.result);
    } finally {
      index.close();
    }
  }, 240_000); // a hang guard: a loaded machine starts servers slowly

  it('answers a shelf page, an All Products page by number and by cursor, a sheet, a category strip and the home over HTTP without a statement', async () => {
    await waitForSearchIndex(b);
    const first = await shelf(b, 8);
    const productId = first.data[0]?._id as string;
    const cursor = first.nextCursor as string;
    expect(cursor).toBeTruthy();
    for (const [path, body] of [
      ['/api/product/get-pruduct-by-category-and-subcategory', { categoryId: allCategory, subCategoryId: allSub, page: 1, limit: 8 }],
      ['/api/product/get-pruduct-by-category-and-subcategory', { categoryId: allCategory, subCategoryId: allSub, page: 4, limit: 8 }],
      ['/api/product/get-pruduct-by-category-and-subcategory', { categoryId: allCategory, subCategoryId: allSub, page: 2, limit: 8, after: cursor }],
      ['/api/product/get-product-details', { productId }],
      ['/api/product/get-product-by-category', { id: allCategory }],
      ['/api/product/home', undefined],
    ] as const) {
      const { result, statements } = await log.during(() => b.api<Answer<unknown>>(body ? 'POST' : 'GET', path, body));
      expect(result.status, path).toBe(200);
      expect(statements, `${path}: ${statements.join('\n---\n')}`).toEqual([]);
    }
  });

  it('sends a shelf page and a sheet kept as bytes again without a statement, and drops them once a product on them changes through A', async () => {
    await waitForSearchIndex(b);
    const page = await shelf(b, 8);
    const id = page.data[0]?._id as string;
    const sheet = (await details(b, id)).body;
    // asked a second time: kept from now on (an answer is kept from its question's second ask, asked-before.ts)
    expect([await shelf(b, 8), (await details(b, id)).body]).toEqual([page, sheet]);
    const before = b.keptAnswers().hits;
    const { result, statements } = await log.during(async () => [await shelf(b, 8), (await details(b, id)).body] as const);
    expect(statements, statements.join('\n---\n')).toEqual([]);
    expect(b.keptAnswers().hits - before).toBe(2);
    expect(result).toEqual([page, sheet]);

    const name = `Kept Answer Tea ${kind}`;
    await write('PUT', '/api/product/update-product-details', { _id: id, name });
    const onPage = async () => (await shelf(b, 8)).data.find((p) => p._id === id)?.name;
    await onB('the new name on the kept page and sheet', async () => (await details(b, id)).body.data?.name === name && (await onPage()) === name);
    // kept again from the changed model: the same answers as PostgreSQL's, without a statement
    await waitForSearchIndex(b);
    await shelf(b, 8);
    const again = await log.during(async () => [await shelf(b, 8), (await details(b, id)).body] as const);
    expect(again.statements).toEqual([]);
    const truth = createShopService({ db: database.db.knex });
    const [keptPage, keptSheet] = again.result;
    expect(keptSheet.data).toEqual(JSON.parse(JSON.stringify(await truth.details(id))));
    const fromPostgres = await truth.listing({ categoryId: allCategory, subCategoryId: allSub, page: 1, limit: 8 });
    expect(keptPage.data).toEqual(JSON.parse(JSON.stringify(fromPostgres.items)));
    expect(keptPage.data.find((p) => p._id === id)?.name).toBe(name);
    expect(b.keptAnswers().kept).toBeGreaterThanOrEqual(2);
  });

  it('sends the All Products page reached by the cursor of the page before it again from its kept bytes: the same cursor is the same question', async () => {
    await waitForSearchIndex(b);
    const first = await shelf(b, 2);
    const cursor = first.nextCursor as string;
    expect(cursor).toEqual(expect.any(String));
    const body = { categoryId: allCategory, subCategoryId: allSub, page: 2, limit: 2, after: cursor };
    const next = async () => {
      const res = await b.api<Listing>('POST', '/api/product/get-pruduct-by-category-and-subcategory', body);
      expect(res.status).toBe(200);
      return res.body;
    };
    const second = await next();
    // asked a second time: kept from now on (an answer is kept from its question's second ask, asked-before.ts)
    expect(await next()).toEqual(second);
    // every shopper scrolling from the first page gets the same cursor, so asks the same bytes
    expect((await shelf(b, 2)).nextCursor).toBe(cursor);
    const before = b.keptAnswers().hits;
    const { result, statements } = await log.during(next);
    expect(statements, statements.join('\n---\n')).toEqual([]);
    expect(b.keptAnswers().hits - before).toBe(1);
    expect(result).toEqual(second);
    const fromPostgres = await createShopService({ db: database.db.knex }).listing({ categoryId: allCategory, subCategoryId: allSub, page: 2, limit: 2, after: parseListingCursor(cursor) });
    expect(result.data).toEqual(JSON.parse(JSON.stringify(fromPostgres.items)));
    expect(result.data.map((p) => p._id)).not.toContain(first.data[0]?._id);
  });

  it('shows on B a product edited, restocked, sold out, unpublished and deleted through A', async () => {
    // one a shopper puts in the cart as it is: sold each, no variations, not a single-quantity deal
    const parents = new Set(((await database.db.knex('products').whereNotNull('parent_id').select('parent_id')) as Array<{ parent_id: string }>).map((row) => row.parent_id));
    const product = (await shelf(a)).data.find((p) => p.sellBy === 'EACH' && !p.single_quantity && !parents.has(p._id));
    if (!product) throw new Error('no plain product on the All Products shelf');
    const id = product._id;
    const onShelf = async (server: TestServer) => (await shelf(server)).data.find((p) => p._id === id);

    await write('PUT', '/api/product/update-product-details', { _id: id, name: 'Read Model Tea 100g' });
    await onB('the new name', async () => (await details(b, id)).body.data?.name === 'Read Model Tea 100g' && (await onShelf(b))?.name === 'Read Model Tea 100g');

    await write('PATCH', '/api/product/update', { _id: id, stock: 2 });
    await onB('it restocked', async () => (await details(b, id)).body.data?.stock === 2 && (await onShelf(b))?.stock === 2);

    // a shopper buys the last two through A: sold out on B
    await placeOrder(a, id);
    await placeOrder(a, id);
    await onB('it sold out', async () => (await details(b, id)).body.data?.stock === 0 && (await onShelf(b))?.stock === 0);

    await write('PATCH', '/api/product/update', { _id: id, publish: false });
    await onB('it unpublished', async () => (await details(b, id)).status === 404 && (await onShelf(b)) === undefined);

    await write('PATCH', '/api/product/update', { _id: id, publish: true });
    await onB('it published again', async () => (await details(b, id)).status === 200 && (await onShelf(b)) !== undefined);

    await write('DELETE', '/api/product/delete-product', { _id: id });
    await onB('it deleted', async () => (await details(b, id)).status === 404 && (await onShelf(b)) === undefined);
    // and B answers so from memory again, once it has read the change
    await waitForSearchIndex(b);
    const { result, statements } = await log.during(() => details(b, id));
    expect(result.status).toBe(404);
    expect(statements).toEqual([]);
  });

  it('answers on B the home and every strip as PostgreSQL does after a product is edited, restocked, sold out, unpublished and deleted through A', async () => {
    const parents = new Set(((await database.db.knex('products').whereNotNull('parent_id').select('parent_id')) as Array<{ parent_id: string }>).map((row) => row.parent_id));
    const home = (await b.api<Answer<HomeWire>>('GET', '/api/product/home')).body.data;
    // a plain product on a strip, and a deal
    const product = home.strips.flatMap((strip) => strip.products).find((p) => p.sellBy === 'EACH' && !p.single_quantity && !parents.has(p._id));
    const deal = home.deals.find((p) => p._id !== product?._id);
    if (!product || !deal) throw new Error('no plain product on a home strip, or no deal');
    const id = product._id;
    const onStrips = (wire: HomeWire) => wire.strips.flatMap((strip) => strip.products).filter((p) => p._id === id);
    await homeAlikeOnB('the home as it was', (wire) => onStrips(wire).length > 0);
    // each change below is then read on the home and on the strips of the two products' categories (every strip was
    // compared above): a look at every strip after every change made this test a minute long on a loaded machine
    const touched = [...new Set((await database.db.knex('product_categories').whereIn('product_id', [id, deal._id]).pluck('category_id')) as string[])];
    expect(touched.length).toBeGreaterThan(0);

    await write('PUT', '/api/product/update-product-details', { _id: id, name: 'Read Model Strip Tea' });
    await homeAlikeOnB('the new name on the strips', (wire) => onStrips(wire).every((p) => p.name === 'Read Model Strip Tea') && onStrips(wire).length > 0, touched);
    await write('PATCH', '/api/product/update', { _id: id, stock: 2 });
    await homeAlikeOnB('it restocked', (wire) => onStrips(wire).length > 0 && onStrips(wire).every((p) => p.stock === 2), touched);
    await placeOrder(a, id);
    await placeOrder(a, id);
    await homeAlikeOnB('it sold out', (wire) => onStrips(wire).length > 0 && onStrips(wire).every((p) => p.stock === 0), touched);
    await write('PATCH', '/api/product/update', { _id: id, publish: false });
    await homeAlikeOnB('it unpublished', (wire) => onStrips(wire).length === 0, touched);
    await write('PATCH', '/api/product/update', { _id: id, publish: true });
    await homeAlikeOnB('it published again', (wire) => onStrips(wire).length > 0, touched);
    await write('DELETE', '/api/product/delete-product', { _id: id });
    await homeAlikeOnB('it deleted', (wire) => onStrips(wire).length === 0, touched);

    // a deal unpublished: the next deal takes its place, as in PostgreSQL; back when published again
    await write('PATCH', '/api/product/update', { _id: deal._id, publish: false });
    await homeAlikeOnB('the deal unpublished', (wire) => !wire.deals.some((p) => p._id === deal._id), touched);
    await write('PATCH', '/api/product/update', { _id: deal._id, publish: true });
    await homeAlikeOnB('the deal published again', (wire) => wire.deals.some((p) => p._id === deal._id), touched);
  }, 240_000); // a hang guard: every strip compared after each of six changes, on a loaded machine

  it("shows on B a variation's new stock and a variation unpublished through A", async () => {
    const [variation] = (await database.db.knex('products as v').join('products as p', 'p.id', 'v.parent_id')
      .whereNull('v.deleted_at').whereNull('p.deleted_at').where({ 'v.publish': true, 'p.publish': true }).select('v.id', 'v.parent_id')) as Array<{ id: string; parent_id: string }>;
    if (!variation) throw new Error('no variation in the demo catalogue');
    const shown = async () => (await details(b, variation.parent_id)).body.data.product.find((v) => v._id === variation.id);
    await write('PUT', '/api/variation/update', { _id: variation.id, stock: 31 });
    await onB("the variation's stock", async () => (await shown())?.stock === 31);
    await write('PUT', '/api/variation/update', { _id: variation.id, publish: false });
    await onB('the variation gone from the sheet', async () => (await details(b, variation.parent_id)).status === 200 && (await shown()) === undefined);
  });
});
