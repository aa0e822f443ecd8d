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

/** A search index over the test database, built; `firstPageOnly` false ranks every match (the reference). */
async function openIndex(database: TestDatabase, firstPageOnly: boolean) {
  const index = createSearchIndex({ db: database.db.knex, logger: createLogger('silent'), answerCacheSize: 0, firstPageOnly });
  await index.build();
  return index;
}
type Index = Awaited<ReturnType<typeof openIndex>>;

/** One page of a search: the ids in order and the page's counts. */
function page(index: Index, search: string, number: number, limit: number) {
  const answer = index.search({ search, page: number, limit });
  return answer && { ids: answer.items.map((item) => item._id), page: answer.page };
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

  const open = (firstPageOnly = true) => openIndex(database, firstPageOnly);

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

// A brand's name typed whole (search-index.ts wholeInNameOrder): its page read from the names starting with it, in
// name order, only when no product can rank above those (no name or keyword is the text, no shelf's word is one of
// its words); otherwise every holder of the word is ranked. Held to ranking every match, page for page, in three scripts.
const BRANDS_3 = [
  { en: 'Elephant', si: 'එලිෆන්ට්', ta: 'எலிஃபண்ட்' },
  { en: 'Anchor', si: 'ඇන්කර්', ta: 'ஆங்கர்' },
  { en: 'Prima', si: 'ප්‍රිමා', ta: 'பிரிமா' },
  { en: 'Lux', si: 'ලක්ස්', ta: 'லக்ஸ்' },
];
const GOODS_3 = [
  { en: 'Milk Powder', si: 'කිරිපිටි', ta: 'பால் மா' },
  { en: 'Soda', si: 'සෝඩා', ta: 'சோடா' },
  { en: 'House Cream Soda', si: 'ක්‍රීම් සෝඩා', ta: 'கிரீம் சோடா' },
  { en: 'Soap', si: 'සබන්', ta: 'சோப்பு' },
];

describe.each(DB_KINDS)("a brand's name typed whole, on %s", (kind) => {
  let database: TestDatabase;
  let ids: string[] = [];
  const random = seededRandom(41);
  const pick = <T>(list: readonly T[]) => list[Math.floor(random() * list.length)] as T;
  // every brand held whole by ~200 products (more than NAMES_FIRST_FROM), some names starting with another word
  const planned = Array.from({ length: 800 }, (_, i) => {
    const brand = BRANDS_3[i % BRANDS_3.length] as (typeof BRANDS_3)[number];
    const goods = pick(GOODS_3);
    const before = random() < 0.2 ? 'Fresh ' : '';
    const size = pick(['1kg', '400g', '']);
    return {
      name: `${before}${brand.en} ${goods.en} ${size}`.trim(),
      // Anchor: no product named by it; Lux: one product named 'Lux' (ranked 0 for 'lux')
      ...(i === 3 ? { name: 'Lux' } : {}),
      nameSi: random() < 0.8 ? `${brand.si} ${goods.si}` : null,
      nameTa: random() < 0.8 ? `${brand.ta} ${goods.ta}` : null,
      // Prima: a keyword typed whole on a few (ranked 0 for 'prima')
      keywords: brand.en === 'Prima' && i % 40 === 2 ? ['prima'] : [],
    };
  });

  beforeAll(async () => {
    database = await createTestDatabase(kind);
    const knex = database.db.knex;
    ids = (
      await knex.raw(
        `insert into products (name, name_si, name_ta, keywords, unit, price_paise)
         select name, name_si, name_ta, keywords::jsonb, '1 pc', 1000 from unnest(?::text[], ?::text[], ?::text[], ?::text[]) as t(name, name_si, name_ta, keywords) returning id`,
        [planned.map((p) => p.name), planned.map((p) => p.nameSi) as string[], planned.map((p) => p.nameTa) as string[], planned.map((p) => JSON.stringify(p.keywords))],
      )
    ).rows.map((row: { id: string }) => row.id);
    await knex.raw('insert into product_stock (product_id, stock) select id, 5 from unnest(?::uuid[]) as id', [ids]);
    // Anchor: a few products on a shelf named by it (ranked 1 for 'anchor')
    const [category] = (await knex('categories').insert({ name: 'Anchor Corner', image: '' }).returning('id')) as Array<{ id: string }>;
    const [sub] = (await knex('sub_categories').insert({ name: 'Dairy', image: '' }).returning('id')) as Array<{ id: string }>;
    for (const id of ids.filter((_, i) => i % 97 === 1)) {
      await knex('product_categories').insert({ product_id: id, category_id: category?.id });
      await knex('product_sub_categories').insert({ product_id: id, sub_category_id: sub?.id });
    }
  }, 240_000);
  afterAll(async () => {
    await database?.drop();
  });

  const open = (firstPageOnly = true) => openIndex(database, firstPageOnly);
  const texts = BRANDS_3.flatMap((brand) => [brand.en, brand.en.toLowerCase(), `${brand.en.toLowerCase()} `, `${brand.en} soda`, `fresh ${brand.en}`, brand.si, brand.ta, `${brand.si} සෝඩා`]);
  const pages = [[1, 10], [2, 10], [3, 7], [1, 20], [4, 30]] as const;
  /** Every page of every text equal in both, and how each was found by the first. */
  const compare = (fast: Index, whole: Index) => {
    for (const text of texts) {
      for (const [number, limit] of pages) expect(page(fast, text, number, limit), `${text} page ${number} of ${limit}`).toEqual(page(whole, text, number, limit));
    }
  };
  /** What finding a text's first page cost: pages found in name order, holders ranked one by one. */
  const cost = (index: Index, text: string) => {
    const before = index.work();
    page(index, text, 1, 10);
    const after = index.work();
    return { inNameOrder: after.wholeInNameOrder - before.wholeInNameOrder, ranked: after.holdersRanked - before.holdersRanked };
  };

  it('finds each page as ranking every match does, reading in name order only the brands nothing can rank above', async () => {
    const fast = await open();
    const whole = await open(false);
    try {
      compare(fast, whole);
      // Elephant: read in name order, no holder ranked one by one, in each script
      for (const text of ['elephant', 'Elephant', BRANDS_3[0]?.si as string, BRANDS_3[0]?.ta as string]) expect(cost(fast, text), text).toEqual({ inNameOrder: 1, ranked: 0 });
      // on a shelf named by it, a keyword, a name: every holder ranked (~200)
      for (const text of ['anchor', 'prima', 'lux']) {
        const { inNameOrder, ranked } = cost(fast, text);
        expect(inNameOrder, text).toBe(0);
        expect(ranked, text).toBeGreaterThan(150);
      }
    } finally {
      fast.close();
      whole.close();
    }
  });

  it('keeps the keywords and shelves it counts as products change', async () => {
    const fast = await open();
    try {
      expect(cost(fast, 'elephant').inNameOrder).toBe(1);
      // an Elephant product given the keyword 'elephant': it ranks 0, the walk in name order no longer holds
      const knex = database.db.knex;
      await knex('products').where({ id: ids[0] }).update({ keywords: JSON.stringify(['elephant']) });
      fast.notice(`p ${ids[0]}`);
      await fast.settled();
      expect(cost(fast, 'elephant').inNameOrder).toBe(0);
      const whole = await open(false);
      try {
        compare(fast, whole);
      } finally {
        whole.close();
      }
      // and taken off again
      await knex('products').where({ id: ids[0] }).update({ keywords: JSON.stringify([]) });
      fast.notice(`p ${ids[0]}`);
      await fast.settled();
      expect(cost(fast, 'elephant').inNameOrder).toBe(1);
    } finally {
      fast.close();
    }
  });
});
