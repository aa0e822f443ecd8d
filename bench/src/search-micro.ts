// A micro-benchmark of the read model's search (server/src/modules/catalog/search-index.ts) in this process, with no
// database and no HTTP: a synthetic catalogue drawn as bench-data.ts draws the bench's (10,000 products by default),
// handed to the index through a stand-in for knex, then searched over the bench's 28 texts and over texts that differ
// on every call (prefixes of product names). Run: `npx tsx bench/src/search-micro.ts [products] [--write file|--check file]`.
// --write keeps every answer of a fixed list of searches as JSON; --check compares this build's answers with such a
// file, byte for byte (a change to the search's speed must not change what it answers).
import { readFileSync, writeFileSync } from 'node:fs';
import { performance } from 'node:perf_hooks';
import type { Knex } from 'knex';
import { SEARCH_PAGE_SIZE } from '@kade/shared';
import { createLogger, createSearchIndex, seededRandom } from '@kade/server/testing';
import { drawProduct, SHELVES } from './bench-data';
import { SEARCH_TERMS } from './bench-search-terms';

const PRODUCTS = Number(process.argv[2] ?? 10_000);
const pick = <T>(random: () => number, list: readonly T[]): T => list[Math.floor(random() * list.length)] as T;
const uuid = (random: () => number): string => {
  const hex = Array.from({ length: 32 }, () => Math.floor(random() * 16).toString(16)).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-4${hex.slice(13, 16)}-a${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
};
const KEYWORDS = ['kiri', 'haal', 'sahal', 'pol', 'mee kiri', 'biskut'];

/** Rows as SHOP_MODEL_SELECT reads them: the visible products of a catalogue drawn like the bench's. */
function catalogueRows(count: number) {
  const random = seededRandom(20261122);
  const named = (name: string) => ({ _id: uuid(random), name, nameSi: null, nameTa: null });
  const all = named('All Product');
  const allSub = named('All Products');
  const shelves = SHELVES.flatMap((shelf) => {
    const category = named(shelf.category);
    return Object.entries(shelf.subs).map(([sub, words]) => ({ category, sub: named(sub), words }));
  });
  const now = Date.UTC(2026, 10, 1);
  const rows = [];
  for (let i = 0; i < count; i += 1) {
    const { shelf, brand, size, name, other } = drawProduct(random, shelves);
    if (i % 100 === 0 || i % 33 === 0) continue; // deleted or unpublished: not in the model
    const created = new Date(now - (count - i) * 60_000).toISOString();
    const id = uuid(random);
    const variations = random() < 0.15 ? 2 : 0;
    rows.push({
      id,
      parent_id: null,
      name,
      name_si: other ? `${brand} ${other[0]} ${size}` : null,
      name_ta: other ? `${brand} ${other[1]} ${size}` : null,
      unit: size,
      images: ['/files/a-480.webp'],
      price_paise: 5000 + i,
      discount: '0',
      stock: i % 50,
      total_stock: 200,
      publish: true,
      single_quantity: i % 250 === 0,
      description: 'Product images are for illustration only.',
      more_details: [['Brand', brand]],
      created_at: created,
      updated_at: created,
      category_list: [shelf.category, all],
      sub_category_list: [shelf.sub, allSub],
      linked_ids: [],
      keywords: i % 20 === 0 ? [pick(random, KEYWORDS)] : [],
      variation_list: Array.from({ length: variations }, (_, v) => ({
        id: uuid(random),
        parent_id: id,
        name: `${name} ${['Small', 'Medium'][v]}`,
        name_si: null,
        name_ta: null,
        unit: size,
        images: [],
        price_paise: 4000 + v,
        discount: 0,
        stock: v,
        total_stock: 100,
        publish: true,
        single_quantity: false,
        description: '',
        more_details: [],
        created_at: created,
        updated_at: created,
        parent_name: name,
      })),
      shelf_at: `${created.slice(0, 23)}000Z`,
    });
  }
  return rows;
}

/** Searches whose answers are compared: the 28 texts and their prefixes, pages 1 to 3, names' prefixes, typos. */
function fixedSearches(names: readonly string[]): Array<{ search: string; page: number; limit: number }> {
  const texts = new Set<string>();
  for (const term of SEARCH_TERMS) for (let end = 1; end <= term.length; end += 1) texts.add(term.slice(0, end));
  for (const name of names.slice(0, 400)) {
    texts.add(name.slice(0, 3));
    texts.add(name.slice(0, 8));
    texts.add(name.toUpperCase());
    texts.add(name.split(' ').slice(1, 3).join(' '));
  }
  for (const extra of ['', '  ', '!!', 'kiri', 'mee kiri', 'haal', 'chikcen', 'biscit', 'zzzz', 'a b c', 'Anchor', 'anchor 1kg', 'milk powder', 'pekoe']) texts.add(extra);
  return [...texts].flatMap((search) => [1, 2, 3].map((page) => ({ search, page, limit: page === 3 ? 7 : SEARCH_PAGE_SIZE })));
}

async function main() {
  const rows = catalogueRows(PRODUCTS);
  // the build reads pages by id (`p.id > ?`, `limit`): answered from the rows sorted as PostgreSQL sorts uuids
  const byId = [...rows].sort((x, y) => (x.id < y.id ? -1 : x.id > y.id ? 1 : 0));
  const raw = async (sql: string, bindings: readonly string[] = []) => {
    const limit = /\blimit (\d+)/.exec(sql);
    if (!limit) return { rows };
    const after = sql.includes('p.id > ?') ? (bindings[0] as string) : undefined;
    return { rows: byId.filter((row) => after === undefined || row.id > after).slice(0, Number(limit[1])) };
  };
  const db = { raw } as unknown as Knex;
  const index = createSearchIndex({ db, logger: createLogger('silent'), answerCacheSize: Number(process.env.CACHE ?? 0) });
  const builtAt = performance.now();
  await index.build();
  console.log(`${rows.length} visible products; index built in ${(performance.now() - builtAt).toFixed(0)} ms`);

  const mode = process.argv[3];
  if (mode === '--write' || mode === '--check') {
    const file = process.argv[4] as string;
    const answers = JSON.stringify(fixedSearches(rows.map((row) => row.name)).map((input) => [input, index.search(input), index.suggest(input.search)]));
    if (mode === '--write') writeFileSync(file, answers);
    else {
      const before = readFileSync(file, 'utf8');
      console.log(before === answers ? `answers identical (${answers.length} bytes)` : 'ANSWERS DIFFER');
      if (before !== answers) process.exitCode = 1;
    }
  }

  const time = (label: string, texts: readonly string[], rounds: number) => {
    const started = performance.now();
    const cpu = process.cpuUsage();
    let n = 0;
    for (let round = 0; round < rounds; round += 1) {
      for (const search of texts) {
        index.search({ search, page: 1, limit: SEARCH_PAGE_SIZE });
        n += 1;
      }
    }
    const spent = performance.now() - started;
    const { user, system } = process.cpuUsage(cpu);
    console.log(`${label}: ${n} searches, ${((user + system) / n).toFixed(0)} µs of CPU each (${((spent / n) * 1000).toFixed(0)} µs of wall time)`);
  };
  time('warm-up', SEARCH_TERMS, 5);
  time('the 28 texts', SEARCH_TERMS, Number(process.env.ROUNDS ?? 20));
  if (process.env.PER_TEXT) for (const term of process.env.PER_TEXT === '1' ? SEARCH_TERMS : process.env.PER_TEXT.split(',')) time(`  ${term}`, [term], Number(process.env.ROUNDS ?? 20));
  const random = seededRandom(3);
  const prefixes = Array.from({ length: 2000 }, () => {
    const name = (rows[Math.floor(random() * rows.length)] as { name: string }).name;
    return `${name.slice(0, 2 + Math.floor(random() * (name.length - 2)))}`;
  });
  time('2,000 names\u2019 prefixes', prefixes, 1);
  // as the bench's `search, every text new` types them (bench-catalogue.ts typedTexts): lowercased, 2 letters to whole
  const typedCount = Number(process.env.TYPED ?? 5000);
  const names = rows.map((row) => row.name.toLowerCase()).sort();
  const typed = new Set<string>();
  const typing = seededRandom(11);
  for (let tries = 0; typed.size < typedCount && tries < typedCount * 50; tries += 1) {
    const name = names[Math.floor(typing() * names.length)] as string;
    const text = name.slice(0, 2 + Math.floor(typing() * (name.length - 1))).trim();
    if (/[\p{L}\p{N}]/u.test(text)) typed.add(text);
  }
  time(`${typed.size.toLocaleString('en-US')} typed texts, each new`, [...typed], 1);
}

await main();
