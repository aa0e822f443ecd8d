// The read model's answer cache (issue 37, answer-cache.ts): a search asked again is answered from the answers kept,
// never after the model took in a change (an edit, an unpublish, a stock change by an order), on the instance that
// wrote and on another; at most its bound of answers is kept, the least recently used going first. Two servers on one
// database (A writes, B reads), on PGlite and (with TEST_DATABASE_URL) PostgreSQL, over HTTP.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ProductWire, SearchPageInfo } from '@kade/shared';
import { createLogger } from '../src/logger';
import { AnswerCache } from '../src/modules/catalog/answer-cache';
import { createSearchIndex } from '../src/modules/catalog/search-index';
import type { Answer } from './catalogue-fixtures';
import { NOTICE_BOUND_MS, waitFor } from './cluster-helpers';
import { DB_KINDS, OPEN_NOW, startTwoInstances, type TestDatabase, type TestServer, type TwoInstances } from './helpers';
import { placeOrder } from './socket-helpers';

type Page = Answer<ProductWire[]> & SearchPageInfo;

/** The same question answered twice: an answer is kept from its question's second ask (asked-before.ts). */
function setTwice(cache: AnswerCache<string>, key: string, answer: string): void {
  cache.set(key, answer);
  cache.set(key, answer);
}

describe('AnswerCache', () => {
  it('keeps at most its bound, drops the least recently used first, and drops everything at a change', () => {
    const cache = new AnswerCache<string>(3);
    // asked once: not kept
    cache.set('a', 'A');
    expect(cache.get('a')).toBeUndefined();
    expect(cache.length).toBe(0);
    for (const key of ['a', 'b', 'c']) setTwice(cache, key, key.toUpperCase());
    expect(cache.get('a')).toBe('A'); // 'a' used again: 'b' is now the oldest
    setTwice(cache, 'd', 'D');
    expect(cache.length).toBe(3);
    expect(cache.get('b')).toBeUndefined();
    expect([cache.get('a'), cache.get('c'), cache.get('d')]).toEqual(['A', 'C', 'D']);
    expect(cache.hits).toBe(4);
    cache.changed();
    expect(cache.get('a')).toBeUndefined();
    expect(cache.length).toBe(0);
    // a question asked before the change is kept at its next answer
    cache.set('a', 'A2');
    expect(cache.get('a')).toBe('A2');
    // a never-asked question kept at once when its owner says so (the suggestions of a search that found nothing)
    cache.set('g', 'G', [], { firstAsk: true });
    expect(cache.get('g')).toBe('G');
  });
});

describe.each(DB_KINDS)('the answer cache on %s', (kind) => {
  let database: TestDatabase;
  let a: TestServer;
  let b: TestServer;
  let admin: Record<string, string>;

  const search = async (server: TestServer, text: string): Promise<Page> => {
    const res = await server.api<Page>('POST', '/api/product/search-product', { search: text, limit: 20 });
    expect(res.status).toBe(200);
    return res.body;
  };
  const found = async (server: TestServer, text: string, id: string) => (await search(server, text)).data.find((p) => p._id === id);
  const write = async (method: string, path: string, body: unknown): Promise<void> => {
    const res = await a.api(method, path, body, admin);
    if (res.status >= 300) throw new Error(`${path} answered ${res.status}: ${JSON.stringify(res.body)}`);
  };
  /** B has read the change: its product sheet (never cached) shows it. */
  const onB = (what: string, check: (sheet: ProductWire | undefined) => boolean, id: string) =>
    waitFor(
      `B to read ${what}`,
      async () => {
        const res = await b.api<Answer<ProductWire>>('POST', '/api/product/get-product-details', { productId: id });
        return check(res.status === 200 ? res.body.data : undefined);
      },
      NOTICE_BOUND_MS,
    );
  /**
   * Asks four times on each server, each answered as the first was: twice (an answer is kept from its question's
   * second ask, asked-before.ts), the same request again from the bytes the fast lane kept (http/kept-answers.ts), and
   * the same question with its fields in another order (other bytes, so not kept by the lane) from the read model's
   * answer cache (and its suggestions, if any).
   */
  const cached = async (text: string): Promise<void> => {
    for (const server of [a, b]) {
      const first = await search(server, text);
      expect(await search(server, text)).toEqual(first);
      const kept = server.keptAnswers().hits;
      const answers = server.searchIndex.answers().hits;
      expect(await search(server, text)).toEqual(first);
      expect(server.keptAnswers().hits).toBe(kept + 1);
      expect(server.searchIndex.answers().hits).toBe(answers);
      const reworded = await server.api<Page>('POST', '/api/product/search-product', { limit: 20, search: text });
      expect(reworded.status).toBe(200);
      expect(reworded.body).toEqual(first);
      // a text that found nothing: its suggestions are kept too
      expect(server.searchIndex.answers().hits).toBe(answers + (first.data.length === 0 ? 2 : 1));
    }
  };

  let instances: TwoInstances | undefined;
  beforeAll(async () => {
    instances = await startTwoInstances(kind, { ...OPEN_NOW });
    ({ database, a, b, admin } = instances);
  }, 240_000);
  afterAll(async () => {
    await instances?.stop();
  });

  it('never answers an edit, a stock change by an order, an unpublish or a republish from an answer kept before it', async () => {
    // a plain product (sold each, no variations, no deal): a shopper can buy it as it is
    const parents = new Set(((await database.db.knex('products').whereNotNull('parent_id').select('parent_id')) as Array<{ parent_id: string }>).map((row) => row.parent_id));
    const product = (await search(a, 'rice')).data.find((p) => p.sellBy === 'EACH' && !p.single_quantity && !parents.has(p._id));
    if (!product) throw new Error('no plain product found for rice');
    const id = product._id;
    const text = product.name;
    await cached(text);
    expect((await found(b, text, id))?.stock).toBe(product.stock);

    // edited: the kept answer for its name held the old price
    await write('PATCH', '/api/product/update', { _id: id, price: product.price + 7, stock: 3 });
    expect((await found(a, text, id))?.price).toBe(product.price + 7); // A answers once its own model holds the write
    await onB('the new price', (sheet) => sheet?.price === product.price + 7, id);
    expect(await found(b, text, id)).toMatchObject({ price: product.price + 7, stock: 3 });
    await cached(text);

    // an order takes one: the stock notice changes the product in place
    await placeOrder(a, id);
    await waitFor('A to read the stock', async () => (await found(a, text, id))?.stock === 2, NOTICE_BOUND_MS);
    await onB('the stock', (sheet) => sheet?.stock === 2, id);
    expect((await found(b, text, id))?.stock).toBe(2);
    await cached(text);

    // unpublished: gone from the kept answer's text at once
    await write('PATCH', '/api/product/update', { _id: id, publish: false });
    expect(await found(a, text, id)).toBeUndefined();
    await onB('the unpublish', (sheet) => sheet === undefined, id);
    expect(await found(b, text, id)).toBeUndefined();
    await cached(text);

    // and back
    await write('PATCH', '/api/product/update', { _id: id, publish: true });
    expect(await found(a, text, id)).toBeDefined();
    await onB('the publish', (sheet) => sheet !== undefined, id);
    expect(await found(b, text, id)).toBeDefined();
  });

  it('keeps at most its bound of answers, the least recently asked going first', async () => {
    const index = createSearchIndex({ db: database.db.knex, logger: createLogger('silent'), answerCacheSize: 4 });
    try {
      await index.build();
      const texts = ['rice', 'milk', 'tea', 'sugar', 'soap', 'dhal', 'coconut'];
      const answers = new Map(texts.map((text) => [text, JSON.stringify(index.search({ search: text, page: 1, limit: 10 }))]));
      // each asked once: none kept (an answer is kept from its question's second ask, asked-before.ts)
      expect(index.answers()).toEqual({ kept: 0, hits: 0 });
      // asked again: ranked again, the same answers, and kept from now on
      for (const text of texts) expect(JSON.stringify(index.search({ search: text, page: 1, limit: 10 }))).toBe(answers.get(text));
      expect(index.answers()).toEqual({ kept: 4, hits: 0 });
      // the last four are kept: asked again, from the cache, the same answers
      for (const text of texts.slice(3)) expect(JSON.stringify(index.search({ search: text, page: 1, limit: 10 }))).toBe(answers.get(text));
      expect(index.answers()).toEqual({ kept: 4, hits: 4 });
      // the first ones were dropped: ranked again, the same answers, and the bound holds
      for (const text of texts.slice(0, 3)) expect(JSON.stringify(index.search({ search: text, page: 1, limit: 10 }))).toBe(answers.get(text));
      expect(index.answers()).toEqual({ kept: 4, hits: 4 });
      // a page of the same text is its own question
      index.search({ search: 'coconut', page: 2, limit: 10 });
      expect(index.answers()).toEqual({ kept: 4, hits: 4 });
      // nothing changes the model here (it hears no notices), but a notice would drop them all
      index.notice(`p ${'0'.repeat(8)}-0000-4000-8000-${'0'.repeat(12)}`);
      expect(index.answers().kept).toBe(0);
      await index.settled();
    } finally {
      index.close();
    }
  });
});
