// PostgreSQL's search (search.ts), the fallback while the read model builds or cannot hear the catalogue's notices,
// finds products by their keywords and ranks them as the search in memory does (search-index.ts, issue 37): a
// keyword typed whole ranks as the exact name; products found only through their keywords come after the names'
// matches. Over the seeded demo catalogue (its Singlish keywords), on PGlite and (with TEST_DATABASE_URL) PostgreSQL.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SEARCH_PAGE_SIZE, type ProductWire } from '@kade/shared';
import { createLogger } from '../src/logger';
import { createShopService } from '../src/modules/catalog/shop-service';
import { createSearchIndex, type SearchIndex } from '../src/modules/catalog/search-index';
import { searchWords } from '../src/modules/catalog/search';
import { createTestDatabase, DB_KINDS, insertProduct, startTestServer, type TestDatabase, type TestServer } from './helpers';

/**
 * Texts made of keywords: whole ('sini', 'mee kiri', 'the' is a keyword of the teas), a keyword's prefix ('parip'),
 * a keyword's word among other words ('kiri piti'), and a name's word with a keyword's ('milk kiri': the milks whose
 * keywords hold 'kiri', found by neither alone).
 */
const KEYWORD_TEXTS = ['sini', 'Sini', 'seeni', 'sakkarai', 'kiri', 'mee kiri', 'kiri piti', 'pal', 'parippu', 'parip', 'kopi', 'the', 'pol', 'milk kiri', 'coffee kopi', 'thakkali'];

/**
 * Whether every word of the text starts a word of the product's names or keywords: a match by words, which both
 * searches rank before their look-alikes. Their look-alikes differ by design (MiniSearch's letters off in memory,
 * PostgreSQL's trigrams of the name: docs/decisions/0033-search-index.md), so the answers are compared on these.
 */
function byWords(product: ProductWire, text: string): boolean {
  const own = [product.name, product.nameSi, product.nameTa, ...(product.keywords ?? [])].flatMap((name) => (name ? searchWords(name, Infinity) : []));
  return searchWords(text).every((word) => own.some((term) => term.startsWith(word)));
}

describe.each(DB_KINDS)('the search in PostgreSQL finds keywords as memory does, on %s', (kind) => {
  let database: TestDatabase;
  let server: TestServer | undefined;
  let index: (SearchIndex & { build(): Promise<void> }) | undefined;
  beforeAll(async () => {
    database = await createTestDatabase(kind);
    // the demo catalogue, with its search keywords
    server = await startTestServer(kind, { database, seed: true });
    index = createSearchIndex({ db: database.db.knex, logger: createLogger('silent') });
    await index.build();
  }, 240_000);
  afterAll(async () => {
    index?.close();
    await server?.stop();
  });

  /** The shop's search with no read model: PostgreSQL's (search.ts). */
  const postgres = () => createShopService({ db: database.db.knex });
  /** Both searches' first page of 50 (every match of these texts): the names matched by words, in order, and where the look-alikes start. */
  const answers = async (text: string) => {
    const input = { search: text, page: 1, limit: 50 };
    const memory = index?.search(input);
    if (!memory) throw new Error('the read model is not built');
    const fallback = await postgres().search(input);
    const words = (items: readonly ProductWire[]) => items.filter((p) => byWords(p, text)).map((p) => p.name);
    const firstLookAlike = (items: readonly ProductWire[]) => {
      const at = items.findIndex((p) => !byWords(p, text));
      return at < 0 ? items.length : at;
    };
    return { memory: words(memory.items), fallback: words(fallback.items), memoryWords: firstLookAlike(memory.items), fallbackWords: firstLookAlike(fallback.items) };
  };

  it.each(KEYWORD_TEXTS)('%j: the same products matched by words, in the same order, before any look-alike', async (text) => {
    const { memory, fallback, memoryWords, fallbackWords } = await answers(text);
    expect(memory.length, `${text}: memory finds it by its keywords`).toBeGreaterThan(0);
    expect(fallback, text).toEqual(memory);
    // every match by words comes before the look-alikes, in both
    expect(fallbackWords).toBe(fallback.length);
    expect(memoryWords).toBe(memory.length);
  });

  it("'sini' finds the sugars, each a keyword typed whole, before the names that start with it", async () => {
    const { items } = await postgres().search({ search: 'sini', page: 1, limit: SEARCH_PAGE_SIZE });
    const names = items.map((p) => p.name);
    expect(names).toEqual(expect.arrayContaining(['White Sugar', 'Brown Sugar', 'Kade Select White Sugar']));
    // the keyword typed whole ranks as the exact name: those products first, by name
    const whole = items.filter((p) => p.keywords?.some((keyword) => keyword.toLowerCase() === 'sini')).map((p) => p.name);
    expect(names.slice(0, whole.length)).toEqual([...whole].sort((x, y) => (x.toLowerCase() < y.toLowerCase() ? -1 : 1)));
    expect(whole.length).toBeGreaterThanOrEqual(3);
  });

  it("a product found only by a keyword comes after the names' matches ('pol': coconuts after names holding 'pol')", async () => {
    const knex = database.db.knex;
    if (!server) throw new Error('no server');
    // a product whose name holds 'polos' (the name's word started) and one found only by a keyword's word ('polpala')
    const shelves = { categories: ['Grocery'], subCategories: ['Canned'] };
    const inserted = [
      await insertProduct(server, { name: 'Polos Curry Tin', price: 500, stock: 5, ...shelves }),
      await insertProduct(server, { name: 'Ambarella Jam', price: 500, stock: 5, ...shelves }),
    ];
    await knex('products').where({ id: inserted[1] }).update({ keywords: JSON.stringify(['polpala jam']) });
    await index?.build();
    try {
      const { memory, fallback } = await answers('pol');
      expect(fallback).toEqual(memory);
      // the keyword typed whole first ('pol': the coconuts), the name's prefix next, a keyword's word started last,
      // after every name holding a word that starts with the text
      expect(fallback.indexOf('Coconut')).toBeGreaterThanOrEqual(0);
      expect(fallback.indexOf('Coconut')).toBeLessThan(fallback.indexOf('Polos Curry Tin'));
      const byName = fallback.filter((name) => searchWords(name, Infinity).some((word) => word.startsWith('pol')));
      expect(byName).toContain('Polos Curry Tin');
      for (const name of byName) expect(fallback.indexOf(name), name).toBeLessThan(fallback.indexOf('Ambarella Jam'));
    } finally {
      await knex('products').whereIn('id', inserted).update({ deleted_at: knex.fn.now() });
      await index?.build();
    }
  });
});
