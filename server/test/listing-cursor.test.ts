// A listing read page after page by cursor (issue 17): each answer's nextCursor, sent back as `after`, starts the
// next page after the last product shown, so a deep page costs one page. Over real HTTP on a real database: the
// walk by cursor gives what the walk by page number gives, products sharing one instant are neither lost nor
// repeated, a product removed between pages does not shift the rest, and a cursor the server never gave is a 400.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatListingCursor, parseListingCursor, type ProductWire } from '@kade/shared';
import { DB_KINDS, startTestServer, type TestServer } from './helpers';

const PATH = '/api/product/get-pruduct-by-category-and-subcategory';
type Answer = { success: boolean; message?: string; data: ProductWire[]; page: number; hasMore: boolean; nextCursor: string | null; totalCount: number; totalCountExact: boolean };

describe.each(DB_KINDS)('a listing read by cursor on %s', (kind) => {
  let server: TestServer;
  let category: string;
  let subCategory: string;
  let otherSub: string;
  /** The shelf's products newest first, then by id: the order every page must keep. */
  let expected: string[];

  beforeAll(async () => {
    server = await startTestServer(kind);
    const knex = server.db.knex;
    [{ id: category }] = await knex('categories').insert({ name: 'Cursor Rice' }).returning('id');
    [{ id: subCategory }] = await knex('sub_categories').insert({ name: 'Cursor Red Rice' }).returning('id');
    [{ id: otherSub }] = await knex('sub_categories').insert({ name: 'Cursor Samba' }).returning('id');
    // 23 products a minute apart, then 20 more in one instant (as a bulk import writes them), then 1 unpublished
    const insert = (sql: string, bindings: unknown[]) => knex.raw(`${sql} returning id`, bindings as never[]);
    const apart = await insert(
      `insert into products (name, unit, price_paise, created_at)
       select 'Apart ' || i, '1 kg', 20000 + i, timestamptz '2026-11-20 08:00:00.123456+00' - i * interval '1 minute' from generate_series(1, 23) i`,
      [],
    );
    const together = await insert(
      `insert into products (name, unit, price_paise, created_at)
       select 'Together ' || i, '1 kg', 30000 + i, timestamptz '2026-11-20 07:45:30.654321+00' from generate_series(1, 20) i`,
      [],
    );
    const hidden = await insert(`insert into products (name, unit, price_paise, publish, created_at) values ('Hidden', '1 kg', 100, false, timestamptz '2026-11-20 07:50:00+00')`, []);
    const ids = [...apart.rows, ...together.rows, ...hidden.rows].map((row: { id: string }) => row.id);
    await knex.raw('insert into product_stock (product_id, stock) select id, 10 from products where id = any(?::uuid[])', [ids]);
    await knex.raw('insert into product_categories (product_id, category_id) select id, ? from products where id = any(?::uuid[])', [category, ids]);
    await knex.raw('insert into product_sub_categories (product_id, sub_category_id) select id, ? from products where id = any(?::uuid[])', [subCategory, ids]);
    // the first five are also on another shelf
    await knex.raw('insert into product_sub_categories (product_id, sub_category_id) select id, ? from products where id = any(?::uuid[])', [otherSub, ids.slice(0, 5)]);
    expected = (
      await knex('products').whereIn('id', ids).andWhere({ publish: true }).orderBy([{ column: 'created_at', order: 'desc' }, { column: 'id', order: 'asc' }]).select('id')
    ).map((row: { id: string }) => row.id);
  }, 240_000); // a hang guard: a loaded machine starts servers slowly
  afterAll(async () => {
    await server?.stop();
  });

  const ask = (body: Record<string, unknown>) => server.api<Answer>('POST', PATH, { categoryId: category, subCategoryId: subCategory, limit: 8, ...body });

  /** Every page from the first, by cursor or by number, until the answer says no more follow. */
  async function walk(by: 'cursor' | 'number', limit = 8) {
    const pages: Answer[] = [];
    let after: string | null = null;
    for (let page = 1; page <= 60; page += 1) {
      const { status, body } = await ask({ page, limit, ...(by === 'cursor' && after ? { after } : {}) });
      expect(status, JSON.stringify(body)).toBe(200);
      pages.push(body);
      if (!body.hasMore) break;
      after = body.nextCursor;
    }
    return pages;
  }

  it('gives every product once, in the listing\'s order, as the walk by page number does', async () => {
    const byCursor = await walk('cursor');
    const byNumber = await walk('number');
    const ids = (pages: Answer[]) => pages.flatMap((page) => page.data.map((product) => product._id));
    expect(ids(byCursor)).toEqual(expected);
    expect(ids(byNumber)).toEqual(expected);
    expect(byCursor.map((page) => page.data.length)).toEqual([8, 8, 8, 8, 8, 3]);
    // the answers agree on everything but how the page was found
    expect(byCursor.map(({ page, hasMore, totalCount, totalCountExact }) => ({ page, hasMore, totalCount, totalCountExact }))).toEqual(
      byNumber.map(({ page, hasMore, totalCount, totalCountExact }) => ({ page, hasMore, totalCount, totalCountExact })),
    );
    // the last page has no cursor; every other names its last product, to the microsecond
    expect(byCursor.at(-1)?.nextCursor).toBeNull();
    const second = parseListingCursor(byCursor[1]!.nextCursor!);
    expect(second?.id).toBe(byCursor[1]!.data.at(-1)?._id);
    expect(second?.at).toMatch(/\.\d{6}Z$/);
  });

  it('walks products that share one instant page by page without losing or repeating any, at any page size', async () => {
    for (const limit of [1, 3, 7]) {
      const ids = (await walk('cursor', limit)).flatMap((page) => page.data.map((product) => product._id));
      expect(ids, `limit ${limit}`).toEqual(expected);
    }
  });

  it('goes on after the product it names even when that product has gone, without shifting the rest', async () => {
    const first = (await ask({ page: 1 })).body;
    const removed = first.data.at(-1)!._id;
    // removed outside the API, as a script would: the shelf answers without it once the database's notice is in
    await server.searchIndex.written(() => server.db.knex('products').where({ id: removed }).update({ deleted_at: new Date() }));
    try {
      const next = await ask({ page: 2, after: first.nextCursor });
      expect(next.status).toBe(200);
      expect(next.body.data.map((product) => product._id)).toEqual(expected.slice(8, 16));
      // by number the same page now starts one product later: the removed one's place is taken
      const byNumber = await ask({ page: 2 });
      expect(byNumber.body.data.map((product) => product._id)).toEqual(expected.slice(9, 17));
    } finally {
      await server.searchIndex.written(() => server.db.knex('products').where({ id: removed }).update({ deleted_at: null }));
    }
  });

  it('takes a cursor as a place in the order: on another shelf it starts after that instant there', async () => {
    const fourth = expected[3]!;
    const at = (await server.db.knex.raw(`select to_char(created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') as at from products where id = ?`, [fourth])).rows[0].at as string;
    const other = await server.api<Answer>('POST', PATH, { categoryId: category, subCategoryId: otherSub, page: 2, limit: 8, after: formatListingCursor({ at, id: fourth }) });
    expect(other.status).toBe(200);
    expect(other.body.data.map((product) => product._id)).toEqual(expected.slice(4, 5));
    expect(other.body).toMatchObject({ hasMore: false, nextCursor: null });
  });

  it('refuses with a 400 naming `after` a cursor the server never gave, and takes null as the first page', async () => {
    const good = (await ask({ page: 1 })).body.nextCursor!;
    const [at, id] = good.split('_') as [string, string];
    const hostile: unknown[] = [
      'x',
      '',
      `${at}_not-a-uuid`,
      `${at}_${id}\u0000`,
      `2026-13-01T00:00:00.000000Z_${id}`,
      `2026-02-30T10:00:00.000000Z_${id}`,
      `2026-11-20T08:00:00Z_${id}`,
      `${at}_${id}_${id}`,
      `${at};drop table products_${id}`,
      'a'.repeat(100_000),
      12345,
      { at, id },
      [good],
      true,
    ];
    for (const after of hostile) {
      const { status, body } = await ask({ page: 2, after });
      expect(status, `${JSON.stringify(after).slice(0, 80)}: ${JSON.stringify(body)}`).toBe(400);
      expect(body.message).toMatch(/after must be the nextCursor of an earlier page/);
    }
    // the id part may come in capitals, as any id may
    const upper = await ask({ page: 2, after: `${at}_${id.toUpperCase()}` });
    expect(upper.status).toBe(200);
    expect(upper.body.data.map((product) => product._id)).toEqual(expected.slice(8, 16));
    const none = await ask({ page: 1, after: null });
    expect(none.status).toBe(200);
    expect(none.body.data.map((product) => product._id)).toEqual(expected.slice(0, 8));
    // a cursor past the last product: an empty page, not an error
    const last = expected.at(-1)!;
    const lastAt = (await server.db.knex.raw(`select to_char(created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') as at from products where id = ?`, [last])).rows[0].at as string;
    const past = await ask({ page: 7, after: formatListingCursor({ at: lastAt, id: last }) });
    expect(past.status).toBe(200);
    expect(past.body).toMatchObject({ data: [], hasMore: false, nextCursor: null });
  });
});
