import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ProductWire } from '@kade/shared';
import { planSearch, searchCondition, searchWords } from '../src/modules/catalog/search';
import { createAccount, DB_KINDS, startTestServer, type TestServer } from './helpers';
import { catalogueAdmin, storedImages, type Answer } from './catalogue-fixtures';

/** The shop's products for these tests, oldest first; the last few are hidden from shoppers. */
const NAMES = [
  'Chicken',
  'Chicken Curry Cut 500g',
  'Chicken Sausages',
  'Fresh Chicken Breast',
  'Kitchen Towel',
  'Marie Biscuits',
  'Chocolate Biscuits',
  'Biscuit Cake Mix',
  'Basmati Rice 5kg',
  'Red Raw Rice',
  'Rice Flour',
  'Fresh Milk 1L',
  'Milk Powder 400g',
  'Milo 400g',
  'Coca-Cola 1.5L',
  "Kellogg's Corn Flakes",
  '100% Pure Bee Honey',
  'Tomatoes',
  'White Sugar 1kg',
  'කිරි පැණි (Curd & Treacle)',
  'Ice_Cream Vanilla',
  'Back\\slash Crackers',
];
const HIDDEN = ['Chicken Nuggets Unpublished', 'Chicken Wings Deleted'];

describe.each(DB_KINDS)('product search on %s', (kind) => {
  let server: TestServer;

  const search = async (text: unknown, extra: Record<string, unknown> = {}) => {
    const res = await server.api<Answer<ProductWire[]>>('POST', '/api/product/search-product', { search: text, ...extra });
    return { status: res.status, body: res.body, names: Array.isArray(res.body.data) ? res.body.data.map((p) => p.name) : [] };
  };

  beforeAll(async () => {
    server = await startTestServer(kind);
    const admin = (await createAccount(server, { role: 'ADMIN' })).auth;
    const [image] = await storedImages(server, 1);
    const make = catalogueAdmin(server, admin, image as string);
    const category = await make.category('Grocery');
    const sub = await make.subCategory('Everything', [category._id]);
    for (const name of NAMES) await make.product({ name, category: [category._id], subCategory: [sub._id] });
    const unpublished = await make.product({ name: HIDDEN[0], category: [category._id], subCategory: [sub._id], publish: false });
    const deleted = await make.product({ name: HIDDEN[1], category: [category._id], subCategory: [sub._id] });
    await make.call('DELETE', '/api/product/delete-product', { _id: deleted._id });
    const chicken = (await search('Chicken')).body.data[0] as ProductWire;
    await make.variation(chicken._id, { name: 'Chicken Drumsticks Variation' });
    expect(unpublished.publish).toBe(false);
  });
  afterAll(async () => {
    await server?.stop();
  });

  it('finds whole words in any case, and answers data, page, totalPage and totalCount', async () => {
    const res = await search('TOMATOES');
    expect(res.status).toBe(200);
    expect(res.names).toEqual(['Tomatoes']);
    expect(res.body).toMatchObject({ success: true, page: 1, limit: 10, totalPage: 1, totalCount: 1 });
  });

  it('finds prefixes of words', async () => {
    expect((await search('bisc')).names).toEqual(['Biscuit Cake Mix', 'Chocolate Biscuits', 'Marie Biscuits']);
    expect((await search('choc bisc')).names[0]).toBe('Chocolate Biscuits');
    expect((await search('flak')).names).toEqual(["Kellogg's Corn Flakes"]);
  });

  it.each([
    ['chiken', 'Chicken'],
    ['chickn', 'Chicken'],
    ['tomatos', 'Tomatoes'],
    ['suger', 'White Sugar 1kg'],
    ['biscut', 'Biscuit Cake Mix'],
    ['basmathi', 'Basmati Rice 5kg'],
  ])('tolerates the typo %j (finds %j)', async (typo, expected) => {
    const res = await search(typo);
    expect(res.status).toBe(200);
    expect(res.names).toContain(expected);
  });

  it('ranks the exact name first, then names starting with the text, then names with every word, then look-alikes', async () => {
    const res = await search('chicken');
    expect(res.names.slice(0, 4)).toEqual(['Chicken', 'Chicken Curry Cut 500g', 'Chicken Sausages', 'Fresh Chicken Breast']);
    // 'Kitchen Towel' only looks alike, so it can come only after every real match
    const kitchen = res.names.indexOf('Kitchen Towel');
    if (kitchen !== -1) expect(kitchen).toBeGreaterThan(3);
    expect((await search('rice')).names.slice(0, 3)).toEqual(['Rice Flour', 'Basmati Rice 5kg', 'Red Raw Rice']);
    expect((await search('fresh milk')).names[0]).toBe('Fresh Milk 1L');
    expect((await search('milk')).names.slice(0, 2)).toEqual(['Milk Powder 400g', 'Fresh Milk 1L']);
  });

  it('finds words joined by punctuation, digits, and other scripts', async () => {
    expect((await search('coca cola')).names[0]).toBe('Coca-Cola 1.5L');
    expect((await search('coca-cola')).names[0]).toBe('Coca-Cola 1.5L');
    expect((await search('kelloggs')).names).toContain("Kellogg's Corn Flakes");
    expect((await search('100%')).names[0]).toBe('100% Pure Bee Honey');
    expect((await search('400g')).names).toEqual(expect.arrayContaining(['Milk Powder 400g', 'Milo 400g']));
    expect((await search('කිරි')).names).toEqual(['කිරි පැණි (Curd & Treacle)']);
    expect((await search('ice_cream')).names[0]).toBe('Ice_Cream Vanilla');
    expect((await search('back\\slash')).names[0]).toBe('Back\\slash Crackers');
  });

  it.each([
    ["'"],
    ['"'],
    ['%'],
    ['_'],
    ['\\'],
    ['%%'],
    ['🍗'],
    ['🍗 chicken'],
    ["'; drop table products; --"],
    ['chicken & | ! ( ) : * <-> <2>'],
    ["chicken:* | 'x'"],
    ['chick\u0000en'],
    ['\ud800'],
    ['a'.repeat(100)],
    ['x '.repeat(60)],
    ['NULL'],
    ['$1'],
    ['?'],
    ['??'],
  ])('treats %j as text: never a 500, never everything', async (text) => {
    const res = await search(text);
    expect(res.status).toBe(200);
    expect(Array.isArray(res.body.data)).toBe(true);
    expect(res.body.totalCount).toBeLessThan(NAMES.length);
    expect(await server.db.knex('products').count('* as n').first()).toBeDefined(); // the table is still there
  });

  it('takes blank text (spaces, NUL) as no text', async () => {
    for (const blank of ['\u0000', '\t\n', '   ']) expect((await search(blank)).body.totalCount).toBe(NAMES.length);
  });

  it('finds nothing for text with no letter or digit, and refuses text that is not text', async () => {
    expect((await search('%')).body).toMatchObject({ data: [], totalCount: 0, totalPage: 1 });
    expect((await search('___')).names).toEqual([]);
    const notText = await search({ $regex: '.*' });
    expect(notText.status).toBe(400);
    expect(notText.body).toMatchObject({ field: 'search', message: 'search must be text' });
  });

  it('never shows unpublished or deleted products, nor variations on their own', async () => {
    const res = await search('chicken', { limit: 50 });
    for (const hidden of HIDDEN) expect(res.names).not.toContain(hidden);
    expect(res.names).not.toContain('Chicken Drumsticks Variation');
  });

  it('pages results; an empty text lists every product, newest first', async () => {
    const all = await search('', { limit: 50 });
    expect(all.names).toEqual([...NAMES].reverse());
    expect(all.body).toMatchObject({ totalCount: NAMES.length, totalPage: 1 });
    const first = await search('', { page: 1, limit: 5 });
    const third = await search('', { page: 3, limit: 5 });
    expect(first.names).toEqual(all.names.slice(0, 5));
    expect(third.names).toEqual(all.names.slice(10, 15));
    expect(third.body).toMatchObject({ page: 3, limit: 5, totalCount: NAMES.length, totalPage: Math.ceil(NAMES.length / 5) });
    const past = await search('chicken', { page: 40 });
    expect(past.body).toMatchObject({ data: [], page: 40, totalCount: 4 });
    expect((await search('x', { page: 0 })).status).toBe(400);
    expect((await search('x', { limit: 51 })).status).toBe(400);
  });

  it('matches in a way the indexes can answer: the tsvector GIN index or the trigram index on lower(name)', async () => {
    const plan = planSearch('chiken bisc');
    if (!plan) throw new Error('no plan');
    const condition = searchCondition(plan);
    const explained = await server.db.knex.transaction(async (trx) => {
      await trx.raw('set local enable_seqscan = off');
      const { rows } = (await trx.raw(`explain select p.id from products p where ${condition.sql}`, condition.bindings)) as {
        rows: Array<{ 'QUERY PLAN': string }>;
      };
      return rows.map((r) => r['QUERY PLAN']).join('\n');
    });
    expect(explained).toContain('BitmapOr');
    expect(explained).toContain('products_search_vector');
    expect(explained).toContain('products_name_trgm');
  });
});

describe('search words', () => {
  it.each([
    ['Chicken Curry', ['chicken', 'curry']],
    ["Kellogg's  corn-flakes!", ['kellogg', 's', 'corn', 'flakes']],
    ["'; drop table x; --", ['drop', 'table', 'x']],
    ['a:* & b | !c <-> d', ['a', 'b', 'c', 'd']],
    ['%_\\', []],
    ['🍗🍗', []],
    ['කිරි පැණි', ['කිරි', 'පැණි']],
    ['milk milk MILK', ['milk']],
    ['1 2 3 4 5 6 7 8 9 10', ['1', '2', '3', '4', '5', '6', '7', '8']],
  ])('%j -> %j', (text, words) => {
    expect(searchWords(text)).toEqual(words);
  });

  it('builds the prefix query only from those words', () => {
    expect(planSearch("Chick'n & bisc")).toEqual({
      language: 'en',
      text: "chick'n & bisc",
      tsquery: 'chick:* & n:* & bisc:*',
      wholeWords: 'chick:D & n:D & bisc:D',
      namePrefixes: 'chick:*D & n:*D & bisc:*D',
      anyWord: 'chick | n | bisc',
    });
    expect(planSearch('%%')).toBeUndefined();
  });
});
