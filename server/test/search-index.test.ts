// Search answered from each instance's memory (issue 37 item 2, search-index.ts) over the seeded demo catalogue, and
// the search keywords (issue 36 item 9). Two servers on one database (instance A writes, instance B reads), on
// PGlite and (with TEST_DATABASE_URL) PostgreSQL; statements counted at the driver (statement-log.ts).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLogger } from '../src/logger';
import type { Answer } from './catalogue-fixtures';
import { createShopService } from '../src/modules/catalog/shop-service';
import { createSearchIndex } from '../src/modules/catalog/search-index';
import { SHOP_PRODUCT } from '../src/modules/catalog/product-sql';
import { NOTICE_BOUND_MS, waitFor } from './cluster-helpers';
import { DB_KINDS, quickAccount, startTestServer, startTwoInstances, waitForSearchIndex, type TestDatabase, type TestServer, type TwoInstances } from './helpers';
import { watchStatements, type StatementLog } from './statement-log';
import type { ProductWire, SearchPageInfo } from '@kade/shared';

/** The bench's 28 search texts (bench/src/bench-catalogue.ts SEARCH_TERMS): words, prefixes, typos, both scripts. */
export const SEARCH_TEXTS = [
  'chicken', 'chiken', 'bisc', 'milk', 'rice', 'basmati rice', 'tea', 'coca', 'sugar', 'suger',
  'tomato', 'choc', 'biscuits', 'noodles', 'soap', 'shampoo', 'munchee', 'anchor milk', 'curry powder', 'eggs',
  'සහල්', 'කිරි', 'තක්කලි', 'පොල් තෙල්', 'அரிசி', 'பால்', 'தக்காலி', 'தேங்காய் எண்ணெய்',
];

/**
 * Where the index answers differently from PostgreSQL's search on those texts, and why it is better
 * (docs/decisions/0033-search-index.md): the text, and the names the index puts first.
 */
const BETTER: Readonly<Record<string, { first: RegExp; before: string }>> = {
  // issue 36's complaint: PostgreSQL's trigram likeness put Green Chillies first
  chiken: { first: /chicken/i, before: 'Green Chillies' },
  // a shopper typing 'coca' wants the cola; PostgreSQL's trigrams found the coconuts ('coc')
  coca: { first: /cola/i, before: 'Coconut' },
};

/** PostgreSQL's look-alikes the index leaves out (listed in the decision; read again once every seeded name had its Sinhala and Tamil): none holds all the text's words. */
const DROPPED_LOOK_ALIKES: Record<string, string[]> = {
  'chicken': ['Chickpeas', 'Roasted Chickpeas', 'Green Chillies'],
  'basmati rice': ['Kalu Heenati Rice'],
  'choc': ['Manioc Chips Chilli'],
  'curry powder': ['Black Pepper Powder', 'Chilli Powder', 'Coconut Milk Powder', 'Full Cream Milk Powder', 'Growing-up Milk Powder', 'Kade Select Milk Powder', 'Mihira Foods Cinnamon Powder', 'Non-fat Milk Powder', 'Talcum Powder', 'Turmeric Powder', 'Washing Powder', 'Pork Curry Cut', 'Chicken Curry Cut', 'Curry Leaves', 'Deal: Curry Essentials Kit', 'Mutton Curry Cut'],
  'කිරි': ['Deal: Household Cleaning Set'],
  'පොල් තෙල්': ['Vegetable Oil', 'Herbal Hair Oil', 'Scraped Coconut', 'Coconut', 'Coconut Cream', 'Coconut Milk Powder', 'Coconut Toffee', 'Coconut Biscuits', 'Eucalyptus Oil', 'Desiccated Coconut'],
  'பால்': ['Kade Select Dishwash Liquid', 'Ran Kekulu Samba Rice', 'Disposable Razors', 'Kithul Treacle'],
  'தக்காலி': ['Tomato Sauce', 'Karthakolomban Mango'],
  'தேங்காய் எண்ணெய்': ['Desiccated Coconut', 'Scraped Coconut', 'Coconut', 'Coconut Toffee', 'Coconut Biscuits', 'Coconut Cream', 'Coconut Milk Powder', 'Vegetable Oil', 'Herbal Hair Oil', 'Eucalyptus Oil'],
};

type Page = Answer<ProductWire[]> & SearchPageInfo;

describe.each(DB_KINDS)('search from memory on %s', (kind) => {
  let database: TestDatabase;
  let a: TestServer;
  let b: TestServer;
  let log: StatementLog;
  let admin: Record<string, string>;

  const search = async (server: TestServer, text: string, limit = 20): Promise<Page> => {
    const res = await server.api<Page>('POST', '/api/product/search-product', { search: text, limit });
    expect(res.status).toBe(200);
    return res.body;
  };
  const names = async (server: TestServer, text: string, limit = 20) => (await search(server, text, limit)).data.map((p) => p.name);
  /** PostgreSQL's search (search.ts) as it answered before the index, on the same database. */
  const inDatabase = async (text: string, limit = 20) => {
    const shop = createShopService({ db: database.db.knex });
    return (await shop.search({ search: text, page: 1, limit })).items.map((p) => p.name);
  };
  const write = async <T>(method: string, path: string, body: unknown): Promise<T> => {
    const res = await a.api<Answer<T>>(method, path, body, admin);
    if (res.status >= 300) throw new Error(`${path} answered ${res.status}: ${JSON.stringify(res.body)}`);
    return res.body.data;
  };
  /** B shows the change within the notice bound (on PGlite both hear it in the same call of the one session). */
  const onB = (what: string, check: () => Promise<boolean>) => waitFor(`B to show ${what}`, check, NOTICE_BOUND_MS);

  let instances: TwoInstances | undefined;
  beforeAll(async () => {
    instances = await startTwoInstances(kind);
    ({ database, a, b, admin } = instances);
    log = watchStatements(database.db.knex);
  }, 240_000);
  afterAll(async () => {
    await instances?.stop();
  });

  it('answers the 28 texts as PostgreSQL did, or better where listed', async () => {
    const differences: Record<string, string[]> = {};
    const otherFirsts: Record<string, string> = {};
    for (const text of SEARCH_TEXTS) {
      const before = await inDatabase(text);
      const now = await names(b, text, 50);
      const better = BETTER[text];
      if (better) {
        expect(now[0], text).toMatch(better.first);
        expect(before[0], text).toBe(better.before);
        continue;
      }
      if (now[0] !== before[0]) otherFirsts[text] = `${now.slice(0, 3).join(' | ')} against ${before.slice(0, 3).join(' | ')}`;
      // everything PostgreSQL's first page held is found, but the look-alikes it added after every real match
      // ('chicken': Chickpeas, Green Chillies), which the index looks for only when prefixes find fewer than 20
      const dropped = before.filter((name) => !now.includes(name));
      if (dropped.length > 0) differences[text] = dropped;
    }
    expect(otherFirsts).toEqual({});
    expect(differences).toEqual(DROPPED_LOOK_ALIKES);
  });

  it("puts chicken first for 'chiken', above Green Chillies", async () => {
    const found = await names(b, 'chiken', 50);
    expect(found[0]).toMatch(/chicken/i);
    const chillies = found.indexOf('Green Chillies');
    const chickens = found.filter((name) => /chicken/i.test(name)).map((name) => found.indexOf(name));
    if (chillies >= 0) expect(Math.max(...chickens)).toBeLessThan(chillies);
  });

  it('finds sugar, dhal, milk, coconut and rice by the Singlish words shoppers type', async () => {
    expect((await names(b, 'sini'))[0]).toMatch(/sugar/i);
    expect((await names(b, 'parippu'))[0]).toMatch(/dhal/i);
    expect((await names(b, 'kiri'))[0]).toMatch(/milk/i);
    expect((await names(b, 'pol'))[0]).toMatch(/coconut/i);
    expect((await names(b, 'haal'))[0]).toMatch(/rice/i);
    // PostgreSQL's search (the fallback) knows them too since migration 20261213100000, ranked as memory ranks them
    const inPostgres = await inDatabase('parippu');
    expect(inPostgres[0]).toMatch(/dhal/i);
    expect(inPostgres.slice(0, 3)).toEqual((await names(b, 'parippu')).slice(0, 3));
  });

  it('answers a search from memory without a statement', async () => {
    await waitForSearchIndex(b);
    const { result, statements } = await log.during(() => names(b, 'samba rice'));
    expect(result.length).toBeGreaterThan(0);
    expect(statements, statements.join('\n---\n')).toEqual([]);
  });

  it('suggests the nearest names and their shelves when a text finds nothing', async () => {
    const page = await search(b, 'mangoes chutney');
    expect(page.data).toEqual([]);
    expect(page.suggestions?.names.some((name) => /mango/i.test(name))).toBe(true);
    expect(page.suggestions?.shelves.map((shelf) => shelf.category.name)).toContain('Fruit');
    // a page that found something carries none
    expect((await search(b, 'mango')).suggestions).toBeUndefined();
  });

  it('shows on B a product edited, unpublished, restocked, republished and deleted on A', async () => {
    const [dhal] = (await search(a, 'Mysore Dhal')).data;
    if (!dhal) throw new Error('no Mysore Dhal in the demo catalogue');
    await write('PUT', '/api/product/update-product-details', { _id: dhal._id, name: 'Mysore Dhal Red', keywords: ['masoor', 'parippu'] });
    await onB('the new name and keyword', async () => (await names(b, 'masoor')).includes('Mysore Dhal Red'));
    // A's own search has it as soon as the write answered
    expect(await names(a, 'masoor')).toContain('Mysore Dhal Red');

    await write('PATCH', '/api/product/update', { _id: dhal._id, publish: false });
    await onB('it unpublished', async () => !(await names(b, 'parippu')).includes('Mysore Dhal Red'));

    await write('PATCH', '/api/product/update', { _id: dhal._id, publish: true, stock: 77 });
    await onB('it back, restocked', async () => (await search(b, 'masoor')).data.find((p) => p._id === dhal._id)?.stock === 77);

    await write('DELETE', '/api/product/delete-product', { _id: dhal._id });
    await onB('it deleted', async () => !(await search(b, 'masoor')).data.some((p) => p._id === dhal._id));
  });

  it('reads again only the products of a category renamed on A, and B shows the new name from memory', async () => {
    const [mango] = (await search(a, 'mango')).data;
    const fruit = mango?.category.find((category) => category.name === 'Fruit');
    if (!mango || !fruit) throw new Error('no mango on the Fruit shelf of the demo catalogue');
    const holding = (await database.db.knex.raw(
      `select count(*)::int as n from product_categories pc join products p on p.id = pc.product_id where pc.category_id = ? and ${SHOP_PRODUCT}`,
      [fruit._id],
    )) as { rows: Array<{ n: number }> };
    const holders = holding.rows[0]?.n ?? 0;
    const inShop = (await database.db.knex.raw(`select count(*)::int as n from products p where ${SHOP_PRODUCT}`)) as { rows: Array<{ n: number }> };
    expect(holders).toBeGreaterThan(0);
    expect(holders).toBeLessThan(inShop.rows[0]?.n ?? 0);
    const categoryOf = async (server: TestServer) => (await search(server, 'mango')).data.find((p) => p._id === mango._id)?.category.find((c) => c._id === fruit._id)?.name;

    const renamed = `${fruit.name} Orchard`;
    const { statements } = await log.during(async () => {
      await write('PUT', '/api/category/update', { _id: fruit._id, name: renamed });
      await onB('the category renamed', async () => (await categoryOf(b)) === renamed);
      await waitFor('A to show the category renamed', async () => (await categoryOf(a)) === renamed, NOTICE_BOUND_MS);
      await waitForSearchIndex(a);
      await waitForSearchIndex(b);
    });
    // no whole read (its pages go in id order); each instance compared the shelves' names (A may twice: once when its
    // write ended, again at the write's notice, by then finding every name as its products hold it) and read again
    // the category's products, once, and only those
    expect(statements.filter((sql) => /order by p\.id limit/.test(sql))).toEqual([]);
    expect(statements.filter((sql) => /from categories union all/.test(sql)).length).toBeGreaterThanOrEqual(2);
    const readAgain = statements.flatMap((sql) => [...sql.matchAll(/p\.id in \(([^)]*)\)/g)].map((match) => (match[1] ?? '').split(',').length));
    expect(readAgain.reduce((sum, n) => sum + n, 0)).toBe(2 * holders);
    // and answers from memory again, with the new name
    const again = await log.during(() => categoryOf(b));
    expect(again.result).toBe(renamed);
    expect(again.statements).toEqual([]);

    await write('PUT', '/api/category/update', { _id: fruit._id, name: fruit.name });
    await onB('the old name back', async () => (await categoryOf(b)) === fruit.name);
    await waitForSearchIndex(b);
  });

  it('answers names typed letter by letter from its kept word sets and scores as a fresh index does, after an edit too', async () => {
    const silent = createLogger('silent');
    const built = async () => {
      const index = createSearchIndex({ db: database.db.knex, logger: silent, answerCacheSize: 0 });
      await index.build();
      return index;
    };
    const rows = (await database.db.knex('products').where({ publish: true }).whereNull('deleted_at').whereNull('parent_id').orderBy('name').select('id', 'name')) as Array<{ id: string; name: string }>;
    // every prefix of some names, a letter changed in a word (look-alikes), the bench's texts
    const texts = new Set<string>(SEARCH_TEXTS);
    for (const { name } of rows.filter((_, i) => i % 9 === 0)) {
      for (let end = 2; end <= name.length; end += 1) texts.add(name.slice(0, end).toLowerCase());
      texts.add(name.toLowerCase().replace(/([a-z]{2})[aeiou]/, '$1x'));
    }
    const answers = (index: ReturnType<typeof createSearchIndex>) => [...texts].map((search) => JSON.stringify([search, index.search({ search, page: 1, limit: 20 })]));
    const warm = await built();
    const first = answers(warm);
    expect(answers(warm)).toEqual(first);
    const fresh = await built();
    expect(answers(fresh)).toEqual(first);
    fresh.close();

    // renamed to words asked before: a set or score kept from before the edit would answer the old catalogue
    const [edited] = rows;
    if (!edited) throw new Error('no product in the demo catalogue');
    await write('PUT', '/api/product/update-product-details', { _id: edited.id, name: `${rows[1]?.name} Chiken Mix`, keywords: ['kiri'] });
    texts.add('chiken mix');
    warm.notice(`p ${edited.id}`);
    await warm.settled();
    const after = answers(warm);
    const again = await built();
    expect(after).toEqual(answers(again));
    expect(after.slice(0, first.length).filter((answer, i) => answer !== first[i]).length).toBeGreaterThan(0);
    warm.close();
    again.close();
  });

  it('keeps keywords within the shared rule: at most 20, each 1–40 characters, no control character', async () => {
    const [sugar] = (await search(a, 'White Sugar')).data;
    if (!sugar) throw new Error('no White Sugar in the demo catalogue');
    const update = (keywords: unknown) => a.api<Answer<unknown>>('PUT', '/api/product/update-product-details', { _id: sugar._id, keywords }, admin);
    for (const bad of [Array.from({ length: 21 }, (_, i) => `word${i}`), ['x'.repeat(41)], ['sini\u0007'], [''], 'sini']) {
      const res = await update(bad);
      expect(res.status, JSON.stringify(bad)).toBe(400);
      expect((res.body as { field?: string }).field).toMatch(/^keywords/);
    }
    const res = await a.api<Answer<ProductWire>>('PUT', '/api/product/update-product-details', { _id: sugar._id, keywords: [' sini ', 'Seeni', 'seeni', 'x'.repeat(40)] }, admin);
    expect(res.status).toBe(200);
    expect(res.body.data.keywords).toEqual(['sini', 'Seeni', 'x'.repeat(40)]);
  });
});

describe.each(DB_KINDS)('the search while the index builds on %s', (kind) => {
  it('asks PostgreSQL until the index is built, then answers the same from memory', async () => {
    const server = await startTestServer(kind);
    try {
      const admin = (await quickAccount(server, { role: 'ADMIN' })).auth;
      const [category] = (await server.db.knex('categories').insert({ name: 'Grocery', image: '' }).returning('id')) as Array<{ id: string }>;
      const [sub] = (await server.db.knex('sub_categories').insert({ name: 'Dry', image: '' }).returning('id')) as Array<{ id: string }>;
      expect(admin).toBeDefined();
      for (const name of ['Mysore Dhal', 'Red Dhal', 'White Sugar']) {
        const [row] = (await server.db.knex('products').insert({ name, unit: '1 kg', images: '[]', price_paise: 10000, discount: 0, description: 'x', more_details: '{}', publish: true, keywords: JSON.stringify(name.includes('Dhal') ? ['parippu'] : ['sini']) }).returning('id')) as Array<{ id: string }>;
        await server.db.knex('product_categories').insert({ product_id: row?.id, category_id: category?.id });
        await server.db.knex('product_sub_categories').insert({ product_id: row?.id, sub_category_id: sub?.id });
      }
      // an index not built yet (as at start): the shop asks PostgreSQL
      const log = watchStatements(server.db.knex);
      const index = createSearchIndex({ db: server.db.knex, logger: createLogger('silent') });
      const shop = createShopService({ db: server.db.knex, searchIndex: index });
      const before = await log.during(() => shop.search({ search: 'dhal', page: 1, limit: 10 }));
      expect(index.ready()).toBe(false);
      expect(before.statements.length).toBeGreaterThan(0);
      expect(before.result.items.map((p) => p.name)).toEqual(['Mysore Dhal', 'Red Dhal']);
      await index.build();
      const after = await log.during(() => shop.search({ search: 'dhal', page: 1, limit: 10 }));
      expect(index.ready()).toBe(true);
      expect(after.statements).toEqual([]);
      expect(after.result.items.map((p) => p.name)).toEqual(['Mysore Dhal', 'Red Dhal']);
      expect((await shop.search({ search: 'parippu', page: 1, limit: 10 })).items.map((p) => p.name)).toEqual(['Mysore Dhal', 'Red Dhal']);
      index.close();
    } finally {
      await server.stop();
    }
  });
});
