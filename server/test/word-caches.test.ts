// The search's word caches (issue 37: the uncached search, texts typed letter by letter): PrefixMatch keeps each word's
// set of products and WordScores each word's MiniSearch scores, both until the products change. What they answer is
// held here to what a fresh computation answers: PrefixMatch's to every product checked by hand (every word starts a
// term, or is a few letters off one), WordScores' to MiniSearch's own score for the whole text, bit for bit; both
// again after products are added, changed and removed (a kept set or score would answer the catalogue of before).
import MiniSearch, { type SearchOptions } from 'minisearch';
import { describe, expect, it } from 'vitest';
import { seededRandom } from '@kade/shared';
import { PrefixMatch, typosAllowed } from '../src/modules/catalog/prefix-match';
import { WordScores } from '../src/modules/catalog/word-scores';

const WORDS = ['anchor', 'anker', 'milk', 'milo', 'powder', 'power', 'full', 'cream', 'crackers', 'chicken', 'chick', 'chickpeas', 'rice', 'ricer', 'red', 'raw', 'samba', 'sambal', 'tea', 'teas', 'biscuit', 'biscuits', 'maliban', 'munchee', '1kg', '400g'];

interface Product {
  id: string;
  name: string;
  keywords: string;
}

/** `count` products named from WORDS (2 to 5 words), some with a keyword, drawn with `seed`. */
function productsOf(count: number, seed: number, first = 0): Product[] {
  const random = seededRandom(seed);
  const pick = () => WORDS[Math.floor(random() * WORDS.length)] as string;
  return Array.from({ length: count }, (_, i) => ({
    id: `p${first + i}`,
    name: Array.from({ length: 2 + Math.floor(random() * 4) }, pick).join(' '),
    keywords: random() < 0.2 ? pick() : '',
  }));
}

const termsOf = (product: Product): string[] => `${product.name} ${product.keywords}`.split(' ').filter(Boolean);

/** Texts as shoppers type them: every prefix of some names, letter by letter, and names with a letter changed. */
function typedTexts(products: readonly Product[], seed: number): string[] {
  const random = seededRandom(seed);
  const texts = new Set<string>();
  for (const { name } of products.slice(0, 25)) {
    for (let end = 1; end <= name.length; end += 1) texts.add(name.slice(0, end).trim());
    const at = 1 + Math.floor(random() * (name.length - 1));
    texts.add(`${name.slice(0, at)}${name[at] === 'x' ? 'y' : 'x'}${name.slice(at + 1)}`);
  }
  texts.delete('');
  return [...texts];
}

function levenshtein(a: string, b: string): number {
  let row = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i += 1) {
    const next = [i];
    for (let j = 1; j <= b.length; j += 1) next[j] = Math.min((row[j] as number) + 1, (next[j - 1] as number) + 1, (row[j - 1] as number) + (a[i - 1] === b[j - 1] ? 0 : 1));
    row = next;
  }
  return row[b.length] as number;
}

/** The ids every word reaches (a term it starts, or with `typos` one a few letters off), checked product by product. */
function byHand(products: ReadonlyMap<string, Product>, words: readonly string[], typos: boolean): string[] {
  const reaches = (term: string, word: string) => term.startsWith(word) || (typos && typosAllowed(word) > 0 && levenshtein(term, word) <= typosAllowed(word));
  return [...products.values()].filter((product) => words.every((word) => termsOf(product).some((term) => reaches(term, word)))).map((p) => p.id).sort();
}

describe("PrefixMatch's kept word sets", () => {
  it('match what every product checked by hand matches, letter by letter, and again after products change', () => {
    const products = new Map(productsOf(300, 1).map((product) => [product.id, product]));
    const match = PrefixMatch.of([...products.values()].map((product) => ({ id: product.id, terms: termsOf(product) })));
    const texts = typedTexts([...products.values()], 2);
    const check = () => {
      for (const text of texts) {
        const words = text.split(' ');
        for (const typos of [false, true]) expect(match.matching(words, typos).sort(), `${text} (typos: ${typos})`).toEqual(byHand(products, words, typos));
      }
    };
    check();
    expect(match.made).toBeGreaterThan(0);
    // the texts typed letter by letter share their words: most sets are kept ones
    expect(match.reused).toBeGreaterThan(match.made);
    const made = match.made;
    check();
    expect(match.made).toBe(made);

    // renamed (to words asked before), removed and added: every set asked before would now be wrong
    const renamed = productsOf(40, 3).map((product, i) => ({ ...product, id: `p${i * 7}` }));
    for (const product of renamed) {
      products.set(product.id, product);
      match.add(product.id, termsOf(product));
    }
    for (let i = 1; i < 300; i += 11) {
      products.delete(`p${i}`);
      match.remove(`p${i}`);
    }
    for (const product of productsOf(30, 4, 1000)) {
      products.set(product.id, product);
      match.add(product.id, termsOf(product));
    }
    check();
    expect(match.made).toBeGreaterThan(made);
  });
});

describe("WordScores' kept scores", () => {
  const tokenize = (text: string) => text.split(' ').filter(Boolean);
  const base: SearchOptions = { prefix: true, combineWith: 'AND', boost: { name: 2 } };
  const options = { plain: base, typos: { ...base, fuzzy: (term: string) => (term.length >= 4 ? 0.2 : 0) } };
  /** `vacuum` false: discarded products stay in the index (MiniSearch's autoVacuum off) until `vacuum()` is called. */
  const newIndex = (products: readonly Product[], vacuum = true) => {
    const index = new MiniSearch<Product>({ fields: ['name', 'keywords'], storeFields: [], tokenize, processTerm: (term) => term.toLowerCase(), ...(vacuum ? {} : { autoVacuum: false }) });
    index.addAll(products);
    return index;
  };

  it("give MiniSearch's own score of the whole text, to the bit, and again after the index changes", async () => {
    const products = productsOf(300, 5);
    // `twin` has every change `index` has, and is searched as the read model searched before: the whole text at once
    const index = newIndex(products);
    const twin = newIndex(products);
    const scores = new WordScores(options, 1_000_000);
    // typed texts, and texts holding a word twice (MiniSearch adds its score twice, counts the word once)
    const texts = [...typedTexts(products, 6), 'milk milk', 'rice red rice', 'anchor powder anchor'];
    const ids = () => [...products.map((product) => product.id), 'p2', 'n0'];
    const check = () => {
      let compared = 0;
      for (const text of texts) {
        for (const typos of [false, true]) {
          const expected = new Map(twin.search(text, typos ? options.typos : options.plain).map((result) => [result.id as string, result.score]));
          const score = scores.scorer(index, tokenize(text), typos);
          for (const id of ids()) {
            expect(score(id), `${text} (typos: ${typos}) ${id}`).toBe(expected.get(id));
            if (expected.has(id)) compared += 1;
          }
        }
      }
      return compared;
    };
    expect(check()).toBeGreaterThan(1000);
    // no discarded product in the index: each product's score from its words' terms, no word scored in full
    expect(scores.made).toBe(0);
    expect(scores.partsReused).toBeGreaterThan(scores.partsMade);

    // every score depends on every document: a change makes the kept ones wrong until `changed` (the full scores)
    const full = new WordScores(options, 1_000_000, false);
    const before = full.scorer(index, ['milk'], false)('p0');
    const change = (each: MiniSearch<Product>) => {
      each.addAll(productsOf(50, 7, 500));
      each.discard('p1');
      each.replace({ id: 'p2', name: 'milk powder anchor', keywords: 'kiri' });
      each.add({ id: 'n0', name: 'milk', keywords: '' });
    };
    change(index);
    change(twin);
    expect(full.scorer(index, ['milk'], false)('p0')).toBe(before);
    expect(index.search('milk', options.plain).find((result) => result.id === 'p0')?.score).not.toBe(before);
    // the index still lists the discarded products (p1, p2's old words) until a vacuum; the twin is vacuumed, so its
    // scores are MiniSearch's once they are gone (its first search of a term would still count them)
    await twin.vacuum();
    expect(index.dirtCount).toBeGreaterThan(0);
    expect(twin.dirtCount).toBe(0);
    scores.changed();
    products.push(...productsOf(50, 7, 500));
    products.splice(1, 2);
    const partsMade = scores.partsMade;
    expect(check()).toBeGreaterThan(1000);
    // still each product's score from its words' terms, never a word scored in full
    expect(scores.made).toBe(0);
    expect(scores.partsMade - partsMade).toBeGreaterThan(0);
    expect(scores.partsReused).toBeGreaterThan(scores.partsMade);
  });

  it('score each product from its terms after many edits, the discarded products left out of the counts as a vacuum leaves them', async () => {
    const products = productsOf(300, 11);
    const index = newIndex(products, false);
    const twin = newIndex(products, false);
    // a hundred edits: each a discarded entry left in the index (MiniSearch's autoVacuum would clear them at a tenth)
    const edited = productsOf(100, 12).map((product, i) => ({ ...product, id: `p${i * 3}` }));
    for (const each of [index, twin]) for (const product of edited) each.replace(product);
    for (const each of [index, twin]) each.discard('p1');
    expect(index.dirtCount).toBe(101);
    await twin.vacuum();
    const live = products.map((product) => product.id).filter((id) => id !== 'p1');
    const scores = new WordScores(options, 1_000_000);
    const texts = [...typedTexts([...edited, ...products], 13), 'milk', 'anker', 'crackers rice'];
    let compared = 0;
    for (const round of [1, 2]) {
      for (const text of texts) {
        for (const typos of [false, true]) {
          const expected = new Map(twin.search(text, typos ? options.typos : options.plain).map((result) => [result.id as string, result.score]));
          const score = scores.scorer(index, tokenize(text), typos);
          for (const id of [...live, 'p1']) {
            expect(score(id), `${text} (typos: ${typos}, round ${round}) ${id}`).toBe(expected.get(id));
            if (expected.has(id)) compared += 1;
          }
        }
      }
    }
    expect(compared).toBeGreaterThan(2000);
    // the index was never searched nor vacuumed: every discarded entry is still listed, and no word was scored in full
    expect(index.dirtCount).toBe(101);
    expect(scores.made).toBe(0);
    expect(scores.partsMade).toBeGreaterThan(0);
  });

  it("scored in full, keep no word's first scores while the index holds discarded products (those differ from later searches')", () => {
    const products = productsOf(300, 9);
    const index = newIndex(products);
    const twin = newIndex(products);
    // the last product named with milk: its discarded entry is read after the others' on the first search
    const last = products.filter((product) => product.name.includes('milk')).at(-1) as Product;
    for (const each of [index, twin]) each.replace({ id: last.id, name: 'anchor tea', keywords: '' });
    const scores = new WordScores(options, 1_000_000, false);
    const first = twin.search('milk', options.plain);
    const second = twin.search('milk', options.plain);
    // MiniSearch's own first search after the discard: some scores differ from the second's
    expect(first.map((result) => result.score)).not.toEqual(second.map((result) => result.score));
    const asked = () => {
      const score = scores.scorer(index, ['milk'], false);
      return first.map((result) => score(result.id as string));
    };
    expect(asked()).toEqual(first.map((result) => result.score));
    expect(asked()).toEqual(second.map((result) => result.score));
    expect(asked()).toEqual(second.map((result) => result.score));
    expect(scores.made).toBe(2);
    expect(scores.reused).toBe(1);
  });

  it('keeps at most its bound of scores, the word asked least recently going first', () => {
    const index = newIndex(productsOf(300, 8));
    const size = (word: string) => index.search(word, options.plain).length;
    const scores = new WordScores(options, size('milk') + Math.max(size('rice'), size('tea')), false);
    scores.scorer(index, ['milk'], false);
    scores.scorer(index, ['rice'], false);
    scores.scorer(index, ['milk'], false);
    expect(scores.made).toBe(2);
    // 'tea' goes over the bound: 'rice', asked least recently, goes; 'milk' stays
    scores.scorer(index, ['tea'], false);
    scores.scorer(index, ['milk'], false);
    expect(scores.made).toBe(3);
    scores.scorer(index, ['rice'], false);
    expect(scores.made).toBe(4);
  });
});
