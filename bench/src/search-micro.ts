// A micro-benchmark of the read model's search (server/src/modules/catalog/search-index.ts) in this process, with no
// database and no HTTP: a synthetic catalogue drawn as bench-data.ts draws the bench's (10,000 products by default),
// handed to the index through a stand-in for knex, then searched over the bench's 28 texts and over texts that differ
// on every call (prefixes of product names). Run: `npx tsx bench/src/search-micro.ts [products] [--write file|--check file]`.
// --write keeps every answer of a fixed list of searches as JSON; --check compares this build's answers with such a
// file, byte for byte (a change to the search's speed must not change what it answers).
import { readFileSync, writeFileSync } from 'node:fs';
import { performance } from 'node:perf_hooks';
import { SEARCH_PAGE_SIZE } from '@kade/shared';
import { createLogger, createSearchIndex, seededRandom } from '@kade/server/testing';
import { catalogueRows, stubDb, typedTexts } from './search-micro-data';
import { SEARCH_TERMS } from './bench-search-terms';

const PRODUCTS = Number(process.argv[2] ?? 10_000);
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
  const db = stubDb(rows);
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

  // ONLY=28|prefixes|typed: that kind alone (after the warm-up), e.g. to profile it
  const only = process.env.ONLY;
  const time = (label: string, texts: readonly string[], rounds: number, kind?: string) => {
    if (only && kind && only !== kind) return;
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
    const { firstPageOnly, rankedAll } = index.work();
    console.log(`${label}: ${n} searches, ${((user + system) / n).toFixed(0)} µs of CPU each (${((spent / n) * 1000).toFixed(0)} µs of wall time); so far ${firstPageOnly} pages found first, ${rankedAll} ranked whole`);
  };
  time('warm-up', SEARCH_TERMS, 5);
  time('the 28 texts', SEARCH_TERMS, Number(process.env.ROUNDS ?? 20), '28');
  if (process.env.PER_TEXT) for (const term of process.env.PER_TEXT === '1' ? SEARCH_TERMS : process.env.PER_TEXT.split(',')) time(`  ${term}`, [term], Number(process.env.ROUNDS ?? 20));
  const random = seededRandom(3);
  const prefixes = Array.from({ length: 2000 }, () => {
    const name = (rows[Math.floor(random() * rows.length)] as { name: string }).name;
    return `${name.slice(0, 2 + Math.floor(random() * (name.length - 2)))}`;
  });
  time('2,000 names\u2019 prefixes', prefixes, 1, 'prefixes');
  // as the bench's `search, every text new` types them (bench-catalogue.ts typedTexts): lowercased, 2 letters to whole
  const typedCount = Number(process.env.TYPED ?? 5000);
  const typed = new Set(typedTexts(rows, typedCount, seededRandom(11)));
  time(`${typed.size.toLocaleString('en-US')} typed texts, each new`, [...typed], 1, 'typed');
  // SLOWEST=n: each of another set of typed texts timed alone; the spread and the n slowest (a slow one holds up every
  // request queued behind it: the route's p99 under load)
  const slowest = Number(process.env.SLOWEST ?? 0);
  if (slowest > 0) {
    const each = [...new Set(typedTexts(rows, typedCount, seededRandom(12)))].map((search) => {
      const started = performance.now();
      index.search({ search, page: 1, limit: SEARCH_PAGE_SIZE });
      return { search, ms: performance.now() - started };
    });
    const sorted = each.map((one) => one.ms).sort((x, y) => x - y);
    const at = (share: number) => (sorted[Math.min(sorted.length - 1, Math.floor(share * sorted.length))] ?? 0).toFixed(2);
    console.log(`${each.length} other typed texts, each alone: p50 ${at(0.5)} ms, p99 ${at(0.99)} ms, p99.9 ${at(0.999)} ms, max ${at(1)} ms`);
    for (const { search, ms } of each.sort((x, y) => y.ms - x.ms).slice(0, slowest)) console.log(`  ${ms.toFixed(2)} ms  ${JSON.stringify(search)}`);
  }
}

await main();
