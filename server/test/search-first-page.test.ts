// A new search text's first page without ranking every match (issue 37: search at memory speed, search-index.ts
// firstMatches): the products holding the rarest word whole, then the names starting with the text in name order.
// Held here to the search that ranks every match (`firstPageOnly: false`), page for page, over texts typed letter by
// letter in three scripts, keywords and whole names; and after many product edits (MiniSearch keeps each edited
// product's old entry until a vacuum), the look-alikes are still scored product by product, never a word in full,
// and rank as in an index built afresh.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seededRandom } from '@kade/shared';
import { createLogger } from '../src/logger';
import { createSearchIndex } from '../src/modules/catalog/search-index';
import { createTestDatabase, DB_KINDS, type TestDatabase } from './helpers';

const BRANDS = ['Anchor', 'Ancho', 'Araliya', 'Keells', 'Kotmale', 'Motha', 'Rice'];
const WORDS = ['Rice', 'Red Rice', 'Rice Flour', 'Milk Powder', 'Fresh Milk', 'Milk', 'Kithul Treacle', 'Treacle', 'Chicken', 'Chickpeas', 'Curry Powder'];
const SIZES = ['1kg', '400g', '5kg', '1L', ''];
const SINHALA: Record<string, string> = { Rice: 'සහල්', 'Red Rice': 'රතු සහල්', Milk: 'කිරි', 'Fresh Milk': 'නැවුම් කිරි', 'Milk Powder': 'කිරිපිටි' };
const PRODUCTS = 1500;

interface Planned {
  name: string;
  nameSi: string | null;
  keywords: string[];
}

/** Names drawn from a few brands, words and sizes: many share their first letters, words and whole names. */
function plan(count: number, seed: number): Planned[] {
  const random = seededRandom(seed);
  const pick = <T>(list: readonly T[]) => list[Math.floor(random() * list.length)] as T;
  return Array.from({ length: count }, (_, i) => {
    const word = pick(WORDS);
    const name = i % 97 === 0 ? word : [pick(BRANDS), word, pick(SIZES)].filter(Boolean).join(' ');
    const si = SINHALA[word];
    return { name, nameSi: si && random() < 0.5 ? `${name.split(' ')[0]} ${si}` : null, keywords: random() < 0.1 ? [pick(['kiri', 'sahal', 'mee kiri'])] : [] };
  });
}

/** Texts as shoppers type them: every prefix of some names (and their Sinhala names), whole words and keywords. */
function typedTexts(products: readonly Planned[]): string[] {
  const texts = new Set<string>(['rice', 'milk', 'kiri', 'mee kiri', 'treacle', 'red rice', 'rice 1kg', 'anchor milk', 'chick', 'RICE', 'Anchor Rice']);
  for (const { name, nameSi } of products.slice(0, 40)) {
    for (const whole of [name.toLowerCase(), nameSi]) if (whole) for (let end = 1; end <= whole.length; end += 1) texts.add(whole.slice(0, end));
  }
  return [...texts];
}

describe.each(DB_KINDS)("a search's first page without ranking every match, on %s", (kind) => {
  let database: TestDatabase;
  let ids: string[] = [];
  const planned = plan(PRODUCTS, 37);

  beforeAll(async () => {
    database = await createTestDatabase(kind);
    const knex = database.db.knex;
    ids = (
      await knex.raw(
        `insert into products (name, name_si, keywords, unit, price_paise)
         select name, name_si, keywords::jsonb, '1 pc', 1000 from unnest(?::text[], ?::text[], ?::text[]) as t(name, name_si, keywords) returning id`,
        [planned.map((p) => p.name), planned.map((p) => p.nameSi) as string[], planned.map((p) => JSON.stringify(p.keywords))],
      )
    ).rows.map((row: { id: string }) => row.id);
    await knex.raw('insert into product_stock (product_id, stock) select id, 5 from unnest(?::uuid[]) as id', [ids]);
  }, 240_000);
  afterAll(async () => {
    await database?.drop();
  });

  const open = async (firstPageOnly = true) => {
    const index = createSearchIndex({ db: database.db.knex, logger: createLogger('silent'), answerCacheSize: 0, firstPageOnly });
    await index.build();
    return index;
  };
  type Index = Awaited<ReturnType<typeof open>>;
  const page = (index: Index, search: string, number: number, limit: number) => {
    const answer = index.search({ search, page: number, limit });
    return answer && { ids: answer.items.map((item) => item._id), page: answer.page };
  };

  it('answers every page as ranking every match does, most of them from the first ranks alone', async () => {
    const fast = await open();
    const whole = await open(false);
    try {
      let compared = 0;
      for (const text of typedTexts(planned)) {
        for (const [number, limit] of [[1, 20], [1, 10], [2, 10], [3, 7]] as const) {
          const expected = page(whole, text, number, limit);
          expect(expected, text).toBeDefined();
          expect(page(fast, text, number, limit), `${text} page ${number} of ${limit}`).toEqual(expected);
          compared += expected?.ids.length ?? 0;
        }
      }
      expect(compared).toBeGreaterThan(10_000);
      const work = fast.work();
      // both ways were taken: the first ranks alone for the common texts, every match for the rare ones
      expect(work.firstPageOnly).toBeGreaterThan(work.rankedAll);
      expect(work.rankedAll).toBeGreaterThan(0);
      expect(whole.work().firstPageOnly).toBe(0);
    } finally {
      fast.close();
      whole.close();
    }
  });

  it('after many product edits scores look-alikes product by product, as an index built afresh ranks them', async () => {
    const edited = await open();
    try {
      // 100 products renamed (each leaves a discarded entry in MiniSearch until it vacuums, at a tenth of the index)
      const renamed = plan(100, 38);
      const knex = database.db.knex;
      for (const [i, product] of renamed.entries()) {
        const id = ids[i * 7] as string;
        await knex('products').where({ id }).update({ name: product.name, name_si: product.nameSi });
        edited.notice(`p ${id}`);
      }
      await edited.settled();
      expect(edited.work().discarded).toBe(100);
      const fresh = await open();
      try {
        // look-alikes reach these pages (fewer than TYPOS_BELOW products start with the words)
        const texts = ['anchr rice', 'riec', 'treacel', 'chikcen 1kg', 'milk powdr', 'kotmale currey', 'araliya flour 5kgg', 'motha kithl'];
        for (const text of texts) expect(page(edited, text, 1, 20), text).toEqual(page(fresh, text, 1, 20));
        const work = edited.work();
        expect(work.wordsScoredByProduct).toBeGreaterThan(0);
        expect(work.wordsScoredInFull).toBe(0);
        expect(work.discarded).toBe(100);
      } finally {
        fresh.close();
      }
    } finally {
      edited.close();
    }
  });
});
