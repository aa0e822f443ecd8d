// A sale keeps the cached shelves (issue 37): a stock notice (`s <id> <stock>`, every order sold sends one) drops only
// the kept answers showing that product's stock, in both caches (the fast lane's bytes, http/kept-answers.ts, and the
// read model's answers, answer-cache.ts), on the instance that sold and on another; a product changed (`p <id>`)
// still drops every answer, and a search that found nothing then finds it; a product sold out and given back (a
// cancel) is in stock in its shelf's next answer. GET /api/health says `readModel`: building until the model is
// built, ready after, off while it cannot hear the notices. Two servers on one database (A sells, both read), on
// PGlite and (with TEST_DATABASE_URL) PostgreSQL, over HTTP. A kept answer is told by the hit counts, never by time.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { HealthWire, ProductDetailsWire, ProductWire, VariationWire } from '@kade/shared';
import type { Answer } from './catalogue-fixtures';
import { NOTICE_BOUND_MS, waitFor } from './cluster-helpers';
import { createTestDatabase, DB_KINDS, OPEN_NOW, startTestServer, startTwoInstances, type TestDatabase, type TestServer, type TwoInstances } from './helpers';
import { placeOrder } from './socket-helpers';

type Listing = Answer<ProductWire[]> & { hasMore: boolean; totalCount: number };
type Shelf = { categoryId: string; subCategoryId: string; page: number; limit: number };
/** A text no product's names or keywords start, until the test gives one a keyword of it. */
const NOTHING = 'zorblaxite';

describe.each(DB_KINDS)('stock notices and the kept answers on %s', (kind) => {
  let instances: TwoInstances | undefined;
  let database: TestDatabase;
  let a: TestServer;
  let b: TestServer;
  let admin: Record<string, string>;
  let allShelf: Omit<Shelf, 'page'>;

  const shelf = (server: TestServer, body: Shelf) => server.api<Listing>('POST', '/api/product/get-pruduct-by-category-and-subcategory', body);
  const sheet = (server: TestServer, productId: string) => server.api<Answer<ProductDetailsWire>>('POST', '/api/product/get-product-details', { productId });
  const search = (server: TestServer, text: string) => server.api<Listing>('POST', '/api/product/search-product', { search: text, limit: 20 });
  /** The same search with its fields in another order: other bytes (the fast lane never keeps them), the model's cache. */
  const reworded = (server: TestServer, text: string) => server.api<Listing>('POST', '/api/product/search-product', { limit: 20, search: text });

  /** Asks, and says whether the fast lane answered from the bytes it kept (its hits grew by one), with the answer. */
  async function ask<T>(server: TestServer, question: () => Promise<{ status: number; body: T }>): Promise<{ kept: boolean; body: T }> {
    const hits = server.keptAnswers().hits;
    const res = await question();
    expect(res.status).toBe(200);
    return { kept: server.keptAnswers().hits === hits + 1, body: res.body };
  }
  /**
   * Asks three times: an answer is kept from its question's second ask (asked-before.ts), so the third is answered
   * from the kept bytes, the same answer.
   */
  async function keep<T>(server: TestServer, question: () => Promise<{ status: number; body: T }>): Promise<T> {
    const first = await ask(server, question);
    expect((await ask(server, question)).body).toEqual(first.body);
    const again = await ask(server, question);
    expect(again).toEqual({ kept: true, body: first.body });
    return first.body;
  }
  /** The model's own answers given so far (answer-cache.ts). */
  const modelHits = (server: TestServer) => server.searchIndex.answers().hits;

  beforeAll(async () => {
    instances = await startTwoInstances(kind, { ...OPEN_NOW });
    ({ database, a, b, admin } = instances);
    const categoryId = (await database.db.knex('categories').where({ name: 'All Product' }).first('id')).id as string;
    const subCategoryId = (await database.db.knex('sub_categories').where({ name: 'All Products' }).first('id')).id as string;
    allShelf = { categoryId, subCategoryId, limit: 4 };
  }, 240_000);
  afterAll(async () => {
    await instances?.stop();
  });

  /**
   * A product a shopper can buy one of as it is (sold each, not single-quantity, no variations, in stock) among the
   * newest 50 of All Products, not one of `used`; the page of 4 showing it, and another page of 4 that does not.
   */
  async function plainProduct(used: readonly string[] = []): Promise<{ product: ProductWire; withIt: Shelf; without: Shelf }> {
    const parents = new Set(((await database.db.knex('products').whereNotNull('parent_id').select('parent_id')) as Array<{ parent_id: string }>).map((row) => row.parent_id));
    const newest = (await shelf(a, { ...allShelf, page: 1, limit: 50 })).body.data;
    const at = newest.findIndex((p) => p.sellBy === 'EACH' && !p.single_quantity && !parents.has(p._id) && p.stock > 0 && !used.includes(p._id));
    if (at < 0) throw new Error('no plain product among the newest 50');
    const page = Math.floor(at / allShelf.limit) + 1;
    return { product: newest[at] as ProductWire, withIt: { ...allShelf, page }, without: { ...allShelf, page: page === 1 ? 2 : page - 1 } };
  }
  const usedIds: string[] = [];

  it('a sale drops only the answers showing the product sold: the others stay kept on both instances, those with it answer its new stock', async () => {
    const { product: x, withIt: withX, without: withoutX } = await plainProduct();
    usedIds.push(x._id);
    expect((await shelf(a, withX)).body.data.map((p) => p._id)).toContain(x._id);
    const kept = new Map<TestServer, { without: Listing; nothing: Listing }>();
    for (const server of [a, b]) {
      const without = await keep(server, () => shelf(server, withoutX));
      expect(without.data.map((p) => p._id)).not.toContain(x._id);
      await keep(server, () => shelf(server, withX));
      await keep(server, () => sheet(server, x._id));
      await keep(server, () => search(server, x.name));
      const nothing = await keep(server, () => search(server, NOTHING));
      expect(nothing.data).toEqual([]);
      kept.set(server, { without, nothing });
    }

    await placeOrder(a, x._id);
    for (const server of [a, b]) {
      // the sheet holds X: asked until it shows the sale (the notice taken in), each time fresh or from bytes kept before it
      await waitFor('the sale to reach the read model', async () => (await sheet(server, x._id)).body.data.stock === x.stock - 1, NOTICE_BOUND_MS);
      const before = kept.get(server) as { without: Listing; nothing: Listing };
      // the shelf page without X: still kept, the same bytes
      expect(await ask(server, () => shelf(server, withoutX))).toEqual({ kept: true, body: before.without });
      // the page with X: answered anew, with its new stock, then kept again
      const fresh = await ask(server, () => shelf(server, withX));
      expect(fresh.kept).toBe(false);
      expect(fresh.body.data.find((p) => p._id === x._id)?.stock).toBe(x.stock - 1);
      expect((await ask(server, () => shelf(server, withX))).kept).toBe(true);
      // a search finding X: answered anew by the model too (the reworded question is not in the lane's bytes)
      const hits = modelHits(server);
      const found = await ask(server, () => search(server, x.name));
      expect(found.kept).toBe(false);
      expect(found.body.data.find((p) => p._id === x._id)?.stock).toBe(x.stock - 1);
      expect((await reworded(server, x.name)).body.data.find((p) => p._id === x._id)?.stock).toBe(x.stock - 1);
      expect(modelHits(server)).toBe(hits + 1); // the reworded one, from the answer just made
      // a search that found nothing finds nothing after a sale (stock decides no match): kept in both caches, its
      // suggestions too
      expect(await ask(server, () => search(server, NOTHING))).toEqual({ kept: true, body: before.nothing });
      const modelBefore = modelHits(server);
      expect((await reworded(server, NOTHING)).body).toEqual(before.nothing);
      expect(modelHits(server)).toBe(modelBefore + 2);
    }
  });

  it("a variation's sale drops its product's sheet, not the shelf showing the product (the card shows the product's own stock)", async () => {
    const variation = (await database.db.knex('products as v')
      .join('products as p', 'p.id', 'v.parent_id')
      .whereNull('v.deleted_at')
      .where({ 'v.publish': true, 'p.publish': true, 'v.sell_by': 'EACH', 'p.single_quantity': false })
      .whereNull('p.deleted_at')
      .first('v.id', 'v.parent_id')) as { id: string; parent_id: string } | undefined;
    if (!variation) throw new Error('the demo catalogue has no published variation sold each');
    const parent = (await sheet(a, variation.parent_id)).body.data;
    const stock = (parent.product.find((v) => v._id === variation.id) as VariationWire).stock;
    expect(stock).toBeGreaterThan(0);
    // the page of its shelf (All Products) showing it
    let itsShelf: Shelf = { ...allShelf, limit: 50, page: 1 };
    while (!(await shelf(a, itsShelf)).body.data.some((p) => p._id === parent._id)) {
      itsShelf = { ...itsShelf, page: itsShelf.page + 1 };
      if (itsShelf.page > 100) throw new Error('the product is on no page of All Products');
    }
    const shelves = new Map<TestServer, Listing>();
    for (const server of [a, b]) {
      const listed = await keep(server, () => shelf(server, itsShelf));
      expect(listed.data.map((p) => p._id)).toContain(parent._id);
      shelves.set(server, listed);
      await keep(server, () => sheet(server, parent._id));
    }
    await placeOrder(a, variation.id);
    for (const server of [a, b]) {
      await waitFor(
        'the sale to reach the read model',
        async () => (await sheet(server, parent._id)).body.data.product.find((v) => v._id === variation.id)?.stock === stock - 1,
        NOTICE_BOUND_MS,
      );
      expect(await ask(server, () => shelf(server, itsShelf))).toEqual({ kept: true, body: shelves.get(server) });
    }
  });

  it('a product changed drops every kept answer, and a search that found nothing finds it', async () => {
    const page = { ...allShelf, page: 3 };
    const y = (await shelf(a, page)).body.data[0] as ProductWire;
    const other = { ...allShelf, page: 2 };
    for (const server of [a, b]) {
      await keep(server, () => shelf(server, other));
      expect((await keep(server, () => search(server, NOTHING))).data).toEqual([]);
    }
    const res = await a.api('PUT', '/api/product/update-product-details', { _id: y._id, keywords: [...(y.keywords ?? []), NOTHING] }, admin);
    expect(res.status).toBe(200);
    for (const server of [a, b]) {
      await waitFor('the change to reach the read model', async () => (await search(server, NOTHING)).body.data.some((p) => p._id === y._id), NOTICE_BOUND_MS);
      // a page not showing Y: dropped all the same (a product changed may join any shelf)
      expect((await ask(server, () => shelf(server, other))).kept).toBe(false);
    }
  });

  it('a product sold out and given back by a cancel is in stock in its shelf\'s next answer, on both instances', async () => {
    const { product: z, withIt: page, without: elsewhere } = await plainProduct(usedIds);
    // one left
    const set = await a.api('PATCH', '/api/product/update', { _id: z._id, stock: 1 }, admin);
    expect(set.status).toBe(200);
    const { order, who } = await placeOrder(a, z._id);
    const onShelf = async (server: TestServer) => (await shelf(server, page)).body.data.find((p) => p._id === z._id);
    for (const server of [a, b]) {
      await waitFor('the sell-out to reach the read model', async () => (await onShelf(server))?.stock === 0, NOTICE_BOUND_MS);
      await keep(server, () => shelf(server, page));
      await keep(server, () => shelf(server, elsewhere));
    }
    const cancelled = await a.api('PUT', '/api/order/cancel', { orderId: order.orderId }, who.auth);
    expect(cancelled.status).toBe(200);
    for (const server of [a, b]) {
      // the sheet (not kept before) tells when the notice is in
      await waitFor('the stock given back to reach the read model', async () => (await sheet(server, z._id)).body.data.stock === 1, NOTICE_BOUND_MS);
      const next = await ask(server, () => shelf(server, page));
      expect(next.kept).toBe(false);
      expect(next.body.data.find((p) => p._id === z._id)?.stock).toBe(1);
      expect((await ask(server, () => shelf(server, elsewhere))).kept).toBe(true);
    }
  });
});

describe.each(DB_KINDS)("the read model's state in GET /api/health on %s", (kind) => {
  it('says building until the read model is built, ready once it is, and off while it cannot hear the notices', async () => {
    const database = await createTestDatabase(kind);
    // the build reads this column: renamed, every build fails (and is tried again each second) until it is back
    await database.db.knex.raw('alter table products rename column keywords to keywords_away');
    const server = await startTestServer(kind, { database });
    try {
      const health = async (): Promise<HealthWire> => {
        const res = await server.api<Answer<HealthWire>>('GET', '/api/health');
        expect(res.status).toBe(200);
        return res.body.data;
      };
      expect(await health()).toMatchObject({ status: 'ok', database: { reachable: true }, readModel: 'building' });
      expect(server.searchIndex.ready()).toBe(false);
      await database.db.knex.raw('alter table products rename column keywords_away to keywords');
      await waitFor('the read model to be built', async () => (await health()).readModel === 'ready', 30_000);
      expect(server.searchIndex.ready()).toBe(true);
      server.searchIndex.hearing(false);
      expect(await health()).toMatchObject({ status: 'ok', readModel: 'off' });
      server.searchIndex.hearing(true);
      await waitFor('the read model to be read again', async () => (await health()).readModel === 'ready', 30_000);
    } finally {
      await server.stop();
      await database.drop();
    }
  }, 120_000);
});
