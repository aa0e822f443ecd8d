// Search in a catalogue where a word matches far more products than a page ranks: the page ranks a bounded set
// of candidates (names starting with the text, then the first matches each index finds), so its cost stays the
// same as the catalogue grows, and what a shopper most likely wants is still first.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ProductWire } from '@kade/shared';
import { SEARCH_CANDIDATES, SEARCH_PREFIX_CANDIDATES } from '../src/modules/catalog/search';
import { DB_KINDS, quickAccount, startTestServer, waitForSearchIndex, type TestServer } from './helpers';
import { createShopService } from '../src/modules/catalog/shop-service';
import { waitFor } from './cluster-helpers';

type Page = { data: ProductWire[]; totalCount: number; totalCountExact: boolean; hasMore: boolean; totalPage: number };
const MANY = SEARCH_CANDIDATES * 2 + 100;

describe.each(DB_KINDS)('search among many matches on %s', (kind) => {
  let server: TestServer;

  /** Visible products with these names, written in one statement (stock in its own table). */
  async function addProducts(names: readonly string[]) {
    const ids = (await server.db.knex.raw(
      `insert into products (name, unit, price_paise) select name, '1 pc', 1000 from unnest(?::text[]) as name returning id`,
      [[...names]],
    )).rows.map((row: { id: string }) => row.id) as string[];
    await server.db.knex.raw('insert into product_stock (product_id, stock) select id, 5 from unnest(?::uuid[]) as id', [ids]);
  }

  const search = async (text: string, page = 1, limit = 10) => (await server.api<Page>('POST', '/api/product/search-product', { search: text, page, limit })).body;

  beforeAll(async () => {
    server = await startTestServer(kind);
    // Written first, so the indexes find them before the products below.
    await addProducts(Array.from({ length: MANY }, (_, i) => `Anchor Rice Pack ${i}`));
    await addProducts(Array.from({ length: MANY }, (_, i) => `Treacle Bottle ${i}`));
    await addProducts(['Rice', 'Rice Flour Fine', 'Motha Kithul Treacle']);
  }, 120_000);
  afterAll(async () => {
    await server?.stop();
  });

  it('ranks the exact name and the names starting with the text first, however many others match', async () => {
    // from memory (search-index.ts) every match is ranked and counted
    await waitForSearchIndex(server);
    // the products were written straight into the database: the index reads them on their notices
    await waitFor('the index to hold every product', async () => (await search('rice')).totalCount === MANY + 2, 60_000);
    const page = await search('rice');
    expect(page.data.slice(0, 2).map((p) => p.name)).toEqual(['Rice', 'Rice Flour Fine']);
    expect(page).toMatchObject({ hasMore: true, totalCountExact: true, totalCount: MANY + 2 });
    // PostgreSQL's search (the fallback while the index builds) ranks a bounded set of candidates
    const fallback = await createShopService({ db: server.db.knex }).search({ search: 'rice', page: 1, limit: 10 });
    expect(fallback.items.slice(0, 2).map((p) => p.name)).toEqual(['Rice', 'Rice Flour Fine']);
    expect(fallback.page).toMatchObject({ hasMore: true, totalCountExact: false });
    expect(fallback.page.totalCount).toBeLessThanOrEqual(SEARCH_CANDIDATES * 2 + SEARCH_PREFIX_CANDIDATES);
  });

  it('finds the one product holding every word among many that only look alike', async () => {
    const page = await search('kithul treacle');
    expect(page.data[0]?.name).toBe('Motha Kithul Treacle');
  });

  it('pages through exactly the products it counted, none twice, and then ends', async () => {
    const seen = new Set<string>();
    let last: Page | undefined;
    for (let page = 1; page <= 40 && (!last || last.hasMore); page++) {
      last = await search('rice', page, 50);
      for (const product of last.data) {
        expect(seen.has(product._id), product.name).toBe(false);
        seen.add(product._id);
      }
    }
    expect(last?.hasMore).toBe(false);
    expect(seen.size).toBe(last?.totalCount);
    expect((await search('rice', 40, 50)).data).toEqual([]);
  });

  it("gives the admin's list, which asks for its whole page at once, every match", async () => {
    const admin = await quickAccount(server, { role: 'ADMIN' });
    const res = await server.api<Page>('POST', '/api/product/get', { search: 'rice', page: 1, limit: 10_000 }, admin.auth);
    expect(res.status).toBe(200);
    expect(res.body.data).toHaveLength(MANY + 2);
    expect(res.body).toMatchObject({ totalCount: MANY + 2, totalCountExact: true, hasMore: false });
  });

  it('counts exactly when every match was ranked', async () => {
    const page = await search('flour');
    expect(page).toMatchObject({ totalCount: 1, totalCountExact: true, hasMore: false, totalPage: 1 });
  });
});
