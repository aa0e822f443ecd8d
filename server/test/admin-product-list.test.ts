// The admin's product list at a real catalogue's size (issue 36, item 10): POST /api/product/get pages on the server,
// sorted as the admin chooses (newest, name, price, stock), one category's products when asked, unpublished products
// included with their publish flag and every product with its variations. Ten thousand products are written in one
// statement; a page's cost is counted in SQL statements at the driver, never timed.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_PRODUCT_SORTS, type AdminProductWire } from '@kade/shared';
import { DB_KINDS, insertProduct, quickAccount, startTestServer, waitForSearchIndex, type TestServer } from './helpers';
import { watchStatements, type StatementLog } from './statement-log';

type Page = {
  success: boolean;
  data: AdminProductWire[];
  page: number;
  limit: number;
  totalCount: number;
  totalCountExact: boolean;
  totalPage: number;
  hasMore: boolean;
  field?: string;
  code?: string;
  message?: string;
};

const MANY = 10_000;
const WORDS = ['Amber', 'Basil', 'Cocoa', 'Dhal', 'Elbow', 'Fennel', 'Garlic', 'Honey', 'Iced', 'Jaggery', 'Kithul', 'Lime'];

/** The generated catalogue, known here so each sort's answer can be worked out apart from the server. */
interface Made {
  name: string;
  pricePaise: number;
  stock: number;
  /** Seconds after the first product's creation: the higher, the newer. */
  second: number;
  publish: boolean;
  greens: boolean;
}

function madeProducts(): Made[] {
  return Array.from({ length: MANY }, (_, i) => ({
    // names out of creation order, with repeats of the word, so name, price, stock and newest all differ
    name: `${WORDS[(i * 7) % WORDS.length]} ${String((i * 7919) % MANY).padStart(5, '0')}`,
    pricePaise: 100 + ((i * 104_729) % 50_000),
    stock: (i * 31) % 211,
    second: i,
    publish: i % 7 !== 0,
    greens: i % 5 === 0,
  }));
}

describe.each(DB_KINDS)("the admin's product list at 10,000 products on %s", (kind) => {
  let server: TestServer;
  let log: StatementLog;
  let admin: Awaited<ReturnType<typeof quickAccount>>;
  let greensId: string;
  let parentId: string;
  const made = madeProducts();

  const list = (body: Record<string, unknown>, headers: Record<string, string> = admin.auth) => server.api<Page>('POST', '/api/product/get', body, headers);

  beforeAll(async () => {
    server = await startTestServer(kind);
    // The categories, and one product with two variations (one hidden from shoppers), through the test helper.
    parentId = await insertProduct(server, { name: 'Zesty Parent Tea', price: 999_999, stock: 1_000, categories: ['Greens', 'Grains'] });
    await insertProduct(server, { name: 'Zesty Parent Tea 100g', price: 150, stock: 3, parentId });
    await insertProduct(server, { name: 'Zesty Parent Tea 1kg', price: 1200, stock: 0, parentId, publish: false });
    const knex = server.db.knex;
    greensId = (await knex('categories').where({ name: 'Greens' }).first('id')).id as string;
    // Ten thousand in one statement (the parent is older than all of them), their stock and the Greens links in one each.
    const inserted = (await knex.raw(
      `insert into products (name, unit, price_paise, publish, created_at)
       select m.name, '1 pc', m.price, m.publish, now() + m.second * interval '1 second'
       from unnest(?::text[], ?::integer[], ?::boolean[], ?::integer[]) as m(name, price, publish, second)
       returning id, name`,
      [made.map((p) => p.name), made.map((p) => p.pricePaise), made.map((p) => p.publish), made.map((p) => p.second)],
    )) as { rows: Array<{ id: string; name: string }> };
    const byName = new Map(made.map((p) => [p.name, p]));
    const ids = inserted.rows.map((row) => row.id);
    await knex.raw('insert into product_stock (product_id, stock) select * from unnest(?::uuid[], ?::integer[])', [ids, inserted.rows.map((row) => byName.get(row.name)!.stock)]);
    await knex.raw('insert into product_categories (product_id, category_id) select id, ? from unnest(?::uuid[]) as id', [
      greensId,
      inserted.rows.filter((row) => byName.get(row.name)!.greens).map((row) => row.id),
    ]);
    await knex.raw('analyze products, product_stock, product_categories');
    admin = await quickAccount(server, { role: 'ADMIN' });
    // the search index has taken in the setup's catalogue (its reads are not the list's)
    await waitForSearchIndex(server);
    log = watchStatements(knex);
  }, 240_000);
  afterAll(async () => {
    await server?.stop();
  });

  it('answers one page of 24, not the catalogue, counted exactly, in one statement besides the session check, on page 1 and page 400 alike', async () => {
    const counts: number[] = [];
    for (const page of [1, 400]) {
      const { result, statements } = await log.during(() => list({ page, limit: 24, sort: 'price' }));
      expect(result.status, JSON.stringify(result.body).slice(0, 300)).toBe(200);
      expect(result.body).toMatchObject({ page, limit: 24, totalCount: MANY + 1, totalCountExact: true, totalPage: Math.ceil((MANY + 1) / 24), hasMore: true });
      expect(result.body.data).toHaveLength(24);
      const reads = statements.filter((sql) => /\bfrom products p\b/.test(sql));
      expect(reads, statements.join('\n---\n')).toHaveLength(1);
      counts.push(statements.length);
    }
    // the same number of statements at any depth (the page's read and the caller's session check)
    expect(counts[0]).toBe(counts[1]);
    expect(counts[0]).toBeLessThanOrEqual(2);
  });

  it.each(ADMIN_PRODUCT_SORTS)('sorts by %s and pages on without overlap', async (sort) => {
    const expected = [...made].sort(
      {
        newest: (a: Made, b: Made) => b.second - a.second,
        name: (a: Made, b: Made) => (a.name.toLowerCase() < b.name.toLowerCase() ? -1 : a.name.toLowerCase() > b.name.toLowerCase() ? 1 : 0),
        price: (a: Made, b: Made) => a.pricePaise - b.pricePaise,
        stock: (a: Made, b: Made) => a.stock - b.stock,
      }[sort],
    );
    const first = await list({ sort, page: 1, limit: 30 });
    const second = await list({ sort, page: 2, limit: 30 });
    expect(first.status).toBe(200);
    const both = [...first.body.data, ...second.body.data];
    expect(new Set(both.map((p) => p._id)).size).toBe(60);
    // ties (same price or stock) are broken by id, which this side does not know: compare the sort key itself
    const keys: Record<typeof sort, (p: Made) => string | number> = { newest: (p: Made) => -p.second, name: (p: Made) => p.name.toLowerCase(), price: (p: Made) => p.pricePaise, stock: (p: Made) => p.stock };
    const key = keys[sort];
    const madeOf = new Map(made.map((p) => [p.name, p]));
    expect(both.map((p) => key(madeOf.get(p.name)!))).toEqual(expected.slice(0, 60).map(key));
  });

  it('keeps unpublished products in the list with their flag and stock, and gives each product its variations, hidden ones too', async () => {
    const page = await list({ sort: 'newest', page: 1, limit: 14 });
    const newest = [...made].sort((a, b) => b.second - a.second).slice(0, 14);
    expect(page.body.data.map((p) => [p.name, p.publish, p.stock])).toEqual(newest.map((p) => [p.name, p.publish, p.stock]));
    expect(page.body.data.some((p) => !p.publish)).toBe(true);
    expect(page.body.data.every((p) => p.variations.length === 0)).toBe(true);

    const dearest = await list({ sort: 'price', page: Math.ceil((MANY + 1) / 50), limit: 50 });
    const parent = dearest.body.data.at(-1);
    expect(parent?.name).toBe('Zesty Parent Tea');
    expect(parent?.variations.map((v) => [v.name, v.publish, v.stock, v.product])).toEqual([
      ['Zesty Parent Tea 100g', true, 3, parentId],
      ['Zesty Parent Tea 1kg', false, 0, parentId],
    ]);
  });

  it("lists only one category's products when asked, searched and sorted within it", async () => {
    const greens = made.filter((p) => p.greens);
    const page = await list({ category: greensId, sort: 'stock', page: 1, limit: 40 });
    expect(page.status).toBe(200);
    expect(page.body).toMatchObject({ totalCount: greens.length + 1, totalCountExact: true });
    expect(page.body.data.map((p) => p.stock)).toEqual([...greens.map((p) => p.stock), 1_000].sort((a, b) => a - b).slice(0, 40));
    expect(page.body.data.every((p) => p.category.some((c) => c._id === greensId))).toBe(true);

    const honey = greens.filter((p) => p.name.startsWith('Honey '));
    expect(honey.length).toBeGreaterThan(0);
    const searched = await list({ category: greensId, search: 'honey', sort: 'name', page: 1, limit: 50 });
    expect(searched.body.data.map((p) => p.name)).toEqual(honey.map((p) => p.name).sort().slice(0, 50));
  });

  it('refuses a sort it does not know, or a category that is not an id, with a 400 naming the field', async () => {
    const badSort = await list({ sort: 'cheapest' });
    expect(badSort.status).toBe(400);
    expect(badSort.body).toMatchObject({ success: false, code: 'VALIDATION', field: 'sort' });
    expect(badSort.body.message).toBe('sort must be one of newest, name, price, stock');
    const badCategory = await list({ category: 'greens' });
    expect(badCategory.status).toBe(400);
    expect(badCategory.body).toMatchObject({ code: 'VALIDATION', field: 'category' });
  });

  it('is for admins only: staff, riders and shoppers are refused, and so is a caller with no session', async () => {
    for (const role of ['STAFF', 'RIDER', 'USER'] as const) {
      const caller = await quickAccount(server, { role });
      const answer = await list({ sort: 'name', page: 1, limit: 5 }, caller.auth);
      expect(answer.status, role).toBe(403);
      expect(answer.body.data ?? null, role).toBeNull();
    }
    const anonymous = await list({ sort: 'name', page: 1, limit: 5 }, {});
    expect(anonymous.status).toBe(401);
  });
});
