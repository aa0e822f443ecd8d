// The catalogue read model (issue 37 item 1): besides the search below, each product kept here carries its product
// sheet (published variations, dearest first) and its created_at to the microsecond, so shelf pages (category ×
// sub-category, newest first, by page number or cursor, counted as readPage counts: paging.ts memoryPage), All
// Products, the sheets, the home (deals and category strips) and a category's strip are answered without a query,
// from the same rows through the same wire functions as PostgreSQL's answers. Each list they page (All Products,
// every shelf, category and sub-category, the single-quantity products) is kept newest first and changed in place
// when a product is read again (newest-first.ts), so a page costs its own entries and a binary search at any size. Memory answers only while `current`: built, hearing, and no notice waiting to be read (a
// product unpublished or deleted elsewhere is read from PostgreSQL until its notice is in); otherwise PostgreSQL does.
//
// The shop's search answered from memory (issue 37 item 2, docs/decisions/0033-search-index.md): each instance keeps
// the published products (their answers as the search endpoint sends them) and a MiniSearch index over their names
// in English, Sinhala and Tamil and their keywords, built at start from PostgreSQL and kept current by the notices of
// `kade_products` (migration 20261207060000: a product's row or links changed, re-read; its stock, carried in the
// notice) and of `kade_catalogue` (a category or sub-category renamed or gone: its products read again). Until the first build is
// done, or while the notices cannot reach this instance, `search` answers undefined and the caller asks PostgreSQL
// (search.ts), which ranks the same way.
//
// Matching: every word of the text starts a word of the product's names or keywords; when that finds fewer than
// TYPOS_BELOW products, words of 4 letters or more may also be one letter off per five (MiniSearch's fuzzy search:
// "chiken", "suger", "biscit"); a Sinhala or Tamil word inside a compound is found by the compound's endings.
// Ranking, as search.ts ranks in SQL: the exact name (or a keyword typed whole); every word whole in the names (those
// on a category or sub-category named by one of the words first); words of the names merely started; words of the
// keywords; look-alikes, closest first. Within each, names starting with the text first, then by name, then by id.
//
// Cost (issue 37: search at memory speed): which products match comes from PrefixMatch (prefix-match.ts: the index's
// terms, sorted, unscored), MiniSearch's scores only when a look-alike reaches the page; only the ranks up to the
// page's end are put in order. Recent answers are kept (answer-cache.ts, ANSWER_CACHE_SIZE) while `current`, all of
// them dropped at a product read again, a batch or a rebuild, and at a stock notice only those holding the product
// (`notice`); the wires and sheets are never changed once made (json-text.ts).
// A text typed letter by letter is new on every keystroke but its words are not: each word's set of products
// (PrefixMatch) and MiniSearch scores (word-scores.ts) are kept until the products change, so a new text costs an
// AND of kept sets and the ranking of its matches. Nor are all its matches ranked when the text is common (firstMatches:
// the products holding its rarest word whole, then the names starting with it, kept in name order by NameOrder); the
// count is the set's. When the rarest word is held whole by thousands (a brand's name typed whole), the page is
// looked for among the names starting with the text first (wholeInNameOrder), read up to the page's end. Look-alikes
// are scored product by product also while MiniSearch holds discarded products.
import MiniSearch, { type SearchOptions } from 'minisearch';
import {
  hasProductStrip,
  scriptLanguage,
  type Language,
  type ListingCursor,
  type NamedRef,
  type PageInfo,
  type ProductByCategoryAndSubCategoryInput,
  type ProductDetailsWire,
  type ProductSearchInput,
  type ProductWire,
  type ReadModelState,
  type SearchSuggestionsWire,
  type VariationWire,
  sortVariations,
} from '@kade/shared';
import type { Knex } from 'knex';
import type { Logger } from '../../logger';
import { emptyPage, LISTING_COUNT_CAP, memoryPage, rankedPageInfo } from './paging';
import { firstOfEach, NewestFirst, type Placed } from './newest-first';
import { PrefixMatch } from './prefix-match';
import { NameOrder } from './name-order';
import { AnswerCache } from './answer-cache';
import { WordScores } from './word-scores';
import { neverChanged } from '../../http/json-text';
import { placeholders, SHOP_MODEL_SELECT, SHOP_PRODUCT } from './product-sql';
import { MAX_WORD_LENGTH, searchWords } from './search';
import { toProductWire, toVariationWire, type ProductRow } from './wire';
import { Interner } from './intern';
import { NOTICE_WAIT_MS } from './catalogue-changes';

/** Below this many products matched by prefixes, look-alikes (one letter off per five) are looked for too. */
export const TYPOS_BELOW = 20;
/** A batch of changed products above this size is read as a whole new index instead (a bulk load, a restore). */
const REBUILD_ABOVE = 2000;
/** At most this many ids in one re-read statement. */
const READ_BATCH = 500;
/**
 * A build reads the products this many at a time, by id (products_shop_visible's order). One statement for the whole
 * catalogue held every row's texts and objects at once while they were turned into entries: they outlived the young
 * generation, and the old one kept the room they took (idle 12 MB more resident at 10,000 products than with pages
 * of 100; 1,000 a page still kept 10 MB of it). A page's rows die young, before the next page is read.
 */
const BUILD_PAGE = 100;
/** Suggestions for a text that found nothing: this many names and shelves at most. */
export const SUGGESTED_NAMES = 3;
export const SUGGESTED_SHELVES = 3;
/** Search answers kept per instance (answer-cache.ts): the most recently asked, dropped whole at a product's change. */
export const ANSWER_CACHE_SIZE = 1000;
/** MiniSearch scores kept for words asked for (a look-alike's rank): at most this many, over all the words kept. */
export const WORD_SCORES = 200_000;

interface Entry {
  wire: ProductWire;
  /** Its product sheet: the product with its published variations, dearest first (the wire's fields, shared). */
  details: ProductDetailsWire;
  /**
   * Its created_at to the microsecond, as a listing cursor carries it, and its id: its place in its shelves' order
   * (newest first, then by id), one object on all its lists.
   */
  place: Placed;
  /** The lowercased names, by language (Sinhala and Tamil: null when it has none). */
  nameEn: string;
  nameSi: string | null;
  nameTa: string | null;
  /**
   * Every word of its names and keywords, each once: the names' words first (the first `nameWordCount`), then the
   * keywords' other words. Lists, not sets: a product has a dozen words, and a list of shared strings is a fraction
   * of a set's memory for as fast a look.
   */
  words: readonly string[];
  nameWordCount: number;
  /** Its keywords, lowercased. */
  keywords: readonly string[];
  /** Every word of its categories' and sub-categories' names, in the three languages (one list per set of shelves). */
  shelfWords: readonly string[];
}

interface Doc {
  id: string;
  name: string;
  si: string;
  ta: string;
  kw: string;
  /** The endings (3 letters or more) of the Sinhala and Tamil words: their compounds hold words (நாட்டரிசி: அரிசி). */
  parts: string;
}

/** Every ending of 3 characters or more of each word longer than that (not starting with a combining mark). */
function endingsOf(...texts: ReadonlyArray<string | null | undefined>): string {
  const endings: string[] = [];
  for (const word of wordsOf(...texts)) {
    const letters = [...word];
    for (let start = 1; start + 3 <= letters.length; start += 1) {
      if (!/\p{M}/u.test(letters[start] as string)) endings.push(letters.slice(start).join(''));
    }
  }
  return endings.join(' ');
}

const wordsOf = (...texts: ReadonlyArray<string | null | undefined>): string[] => texts.flatMap((text) => (text ? searchWords(text.slice(0, 2000), Infinity) : []));

/** The texts of a product or variation that many hold alike, as the pool's copies (changed in place: it is new). */
function shareTexts<T extends ProductWire | VariationWire>(item: T, pool: Interner): T {
  item.unit = pool.text(item.unit);
  item.description = pool.text(item.description);
  item.sellBy = pool.text(item.sellBy);
  item.createdAt = pool.text(item.createdAt);
  item.updatedAt = pool.text(item.updatedAt);
  item.image = pool.texts(item.image);
  const details = item.more_details;
  for (const label of Object.keys(details)) details[label] = pool.text(details[label] as string);
  if (Object.keys(details).length === 0) item.more_details = pool.value(details);
  return item;
}

/** A product as SHOP_MODEL_SELECT reads it: its answers made by the very functions the database reads use. */
function entryOf(row: ProductRow & { shelf_at: string }, pool: Interner): Entry {
  const wire = shareTexts(toProductWire(row), pool);
  wire.category = pool.value(wire.category);
  wire.subCategory = pool.value(wire.subCategory);
  if (wire.keywords) wire.keywords = pool.texts(wire.keywords);
  // toShopDetailsWire's sheet, its product's fields shared with the wire
  const variations = sortVariations((row.variation_list ?? []).map((variation) => shareTexts(toVariationWire(variation), pool)));
  for (const variation of variations) variation.productName = pool.text(variation.productName);
  const details: ProductDetailsWire = { ...wire, product: variations };
  // never changed once made (a change makes new ones): their JSON may be kept for the answers (json-text.ts)
  neverChanged(wire);
  neverChanged(details);
  const nameWords = [...new Set(wordsOf(wire.name, wire.nameSi, wire.nameTa))];
  const shelves = [...wire.category, ...wire.subCategory];
  return {
    wire,
    details,
    place: { at: row.shelf_at, id: wire._id },
    nameEn: wire.name.toLowerCase(),
    nameSi: wire.nameSi?.toLowerCase() ?? null,
    nameTa: wire.nameTa?.toLowerCase() ?? null,
    // the names' words are the first of these: a set keeps the order words come in
    words: pool.texts([...new Set([...nameWords, ...wordsOf(...(wire.keywords ?? []))])]),
    nameWordCount: nameWords.length,
    keywords: pool.texts((wire.keywords ?? []).map((word) => word.toLowerCase())),
    shelfWords: pool.value([...new Set(shelves.flatMap((shelf) => wordsOf(shelf.name, shelf.nameSi, shelf.nameTa)))]),
  };
}


/**
 * The lists a product is on, each kept newest first: All Products (`all`), its shelves (`s <category> <sub-category>`),
 * its categories (`c <id>`: the home's strips), its sub-categories (`u <id>`) and, single-quantity, `single` (the deals).
 */
function listsOf(entry: Entry): string[] {
  const { category, subCategory, single_quantity } = entry.wire;
  return [
    'all',
    ...category.flatMap((c) => subCategory.map((sub) => `s ${c._id} ${sub._id}`)),
    ...category.map((c) => `c ${c._id}`),
    ...subCategory.map((sub) => `u ${sub._id}`),
    ...(single_quantity ? ['single'] : []),
  ];
}

const NO_PRODUCTS = NewestFirst.empty();

const LANGUAGES = ['en', 'si', 'ta'] as const satisfies readonly Language[];
/** The name a search in `language` ranks a product by (rankOf's `name`). */
const rankedName = (entry: Entry, language: Language): string => (language === 'si' ? entry.nameSi : language === 'ta' ? entry.nameTa : null) ?? entry.nameEn;
/** The most ranks put in order from a kept head (firstRanks); further pages sort every match. */
const HEAD_MOST = 256;
/**
 * A rarest word held whole by at least this many products has its page looked for among the names starting with the
 * text first (wholeInNameOrder); fewer holders are each ranked, for less than a walk that may find too few.
 */
const NAMES_FIRST_FROM = 128;

/**
 * How many products have each keyword, and each word of their shelves' names: whether a text may rank any product 0
 * (its keyword typed whole) or 1 (on a shelf named by one of its words) at all.
 */
interface RankWords {
  keywords: Map<string, number>;
  shelfWords: Map<string, number>;
}

/** Counts an entry's keywords and shelves' words in (`by` 1) or out (-1). */
function countRankWords(counts: RankWords, entry: Entry, by: 1 | -1): void {
  const count = (of: Map<string, number>, word: string) => {
    const now = (of.get(word) ?? 0) + by;
    if (now > 0) of.set(word, now);
    else of.delete(word);
  };
  for (const keyword of entry.keywords) count(counts.keywords, keyword);
  for (const word of entry.shelfWords) count(counts.shelfWords, word);
}

const docOf = (wire: ProductWire): Doc => ({
  id: wire._id,
  name: wire.name,
  si: wire.nameSi ?? '',
  ta: wire.nameTa ?? '',
  kw: (wire.keywords ?? []).join(' \n '),
  parts: endingsOf(wire.nameSi, wire.nameTa),
});

const FIELDS = ['name', 'si', 'ta', 'kw', 'parts'] as const;
const tokenize = (text: string): string[] => searchWords(text, Infinity);
const processTerm = (term: string): string => term.toLowerCase();

function newIndex(): MiniSearch<Doc> {
  return new MiniSearch<Doc>({ fields: [...FIELDS], storeFields: [], tokenize, processTerm });
}

/**
 * A search's words as the index's terms: tokenize and processTerm over the words, as MiniSearch treats a query. A
 * word searchWords made is lowercase and one whole run of the tokenizer's letters, so it is its own term, unless it
 * was cut at MAX_WORD_LENGTH (the cut may split a letter written in two code units): only then are they tokenized again.
 */
function termsOfWords(words: readonly string[]): readonly string[] {
  for (const word of words) if (word.length >= MAX_WORD_LENGTH) return tokenize(words.join(' ')).map(processTerm).filter(Boolean);
  return words;
}

/** A document's terms as the MiniSearch index holds them (its fields through the same tokenizer): PrefixMatch's. */
const termsOf = (doc: Doc, pool: Interner): { id: string; terms: string[] } => ({
  id: doc.id,
  terms: pool.texts(FIELDS.flatMap((field) => tokenize(doc[field]).map(processTerm).filter(Boolean))),
});

/** Whether one of the first `count` of `own` starts with `word`. */
function starts(own: readonly string[], count: number, word: string): boolean {
  for (let i = 0; i < count; i += 1) if ((own[i] as string).startsWith(word)) return true;
  return false;
}

/** Whether every word starts one of the first `count` of `own`. */
function allStart(own: readonly string[], count: number, words: readonly string[]): boolean {
  for (const word of words) if (!starts(own, count, word)) return false;
  return true;
}

/** Whether every word is among the first `count` of `own` (`some`: one of them is). */
function held(own: readonly string[], count: number, words: readonly string[], some: boolean): boolean {
  for (const word of words) {
    let found = false;
    for (let i = 0; i < count && !found; i += 1) found = own[i] === word;
    if (found === some) return some;
  }
  return !some;
}

/**
 * A search's rank keys for one product (smaller first), as searchOrder ranks in SQL; a look-alike's `likeness` (its
 * score, negated) is set by the caller, only when look-alikes reach the page.
 */
function rankOf(entry: Entry, text: string, words: readonly string[], language: Language) {
  const name = rankedName(entry, language);
  const startsText = name.startsWith(text);
  // each tier worked out only when the ones before did not decide:
  let tier: number;
  // a name, or a keyword, typed whole ('kiri' is the milks' keyword; 'mee kiri' the curd's)
  if (entry.nameEn === text || entry.nameSi === text || entry.nameTa === text || entry.keywords.includes(text)) tier = 0;
  // every word whole in the names, on a shelf named by one of them first
  else if (held(entry.words, entry.nameWordCount, words, false)) tier = held(entry.shelfWords, entry.shelfWords.length, words, true) ? 1 : 2;
  // words of the names merely started
  else if (startsText || allStart(entry.words, entry.nameWordCount, words)) tier = 3;
  // the names decide as in SQL; a product found only through its keywords comes after those, before look-alikes
  else tier = allStart(entry.words, entry.words.length, words) ? 3.5 : 4;
  return { tier, starts: startsText ? 0 : 1, likeness: 0, name, id: entry.wire._id, entry };
}

type Rank = ReturnType<typeof rankOf>;
const byRank = (a: Rank, b: Rank): number =>
  a.tier - b.tier || a.starts - b.starts || a.likeness - b.likeness || (a.name < b.name ? -1 : a.name > b.name ? 1 : 0) || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);

/**
 * The first `count` ranks in order (byRank), as sorting them all and keeping the head would give (byRank is a total
 * order: ties end on the id): a page near the top keeps a short sorted head and passes over every rank not before its
 * last, one comparison each (sorting 30 to 160 matches for a page of 20 cost more than that); further pages, and
 * matches no more than the page, sort everything.
 */
function firstRanks(ranks: Rank[], count: number): Rank[] {
  if (ranks.length <= count || count > HEAD_MOST) return ranks.sort(byRank).slice(0, count);
  const head: Rank[] = [];
  for (const rank of ranks) {
    if (head.length === count && byRank(rank, head[count - 1] as Rank) >= 0) continue;
    let low = 0;
    let high = head.length;
    while (low < high) {
      const middle = (low + high) >>> 1;
      if (byRank(head[middle] as Rank, rank) <= 0) low = middle + 1;
      else high = middle;
    }
    head.splice(low, 0, rank);
    if (head.length > count) head.pop();
  }
  return head;
}

/** The names nearest a text that found nothing, and their shelves (shared `SearchSuggestionsWire`). */
export type SearchSuggestions = SearchSuggestionsWire;

export interface SearchIndex {
  /** Whether searches are answered from memory now (built, and hearing every change). */
  ready(): boolean;
  /** ready(), or why not (shared ReadModelState, GET /api/health `readModel`). */
  state(): ReadModelState;
  /** A search page from memory, or undefined when not ready (then ask PostgreSQL). */
  search(input: ProductSearchInput): { items: ProductWire[]; page: PageInfo } | undefined;
  /**
   * A shelf's page (category × sub-category, newest first, by number or after a cursor) from memory, with its last
   * product's cursor; undefined when not ready (then ask PostgreSQL).
   */
  listing(input: ProductByCategoryAndSubCategoryInput): { items: ProductWire[]; page: PageInfo; last: ListingCursor | undefined } | undefined;
  /** A category's first `limit` products, newest first (its home strip), or undefined when not ready. */
  strip(categoryId: string, limit: number): ProductWire[] | undefined;
  /**
   * The home's deals (the first `dealsSize` products, newest first, that are single-quantity or in one of the deal
   * categories or sub-categories) and the first `stripSize` products of each category of `strips`, from one moment
   * of memory; undefined when not ready.
   */
  home(input: { dealCategories: readonly string[]; dealSubCategories: readonly string[]; dealsSize: number; strips: readonly string[]; stripSize: number }):
    | { deals: ProductWire[]; strips: Map<string, ProductWire[]> }
    | undefined;
  /** A product's sheet from memory (null: no visible product has that id), or undefined when not ready. */
  details(productId: string): ProductDetailsWire | null | undefined;
  /** For a text that found nothing: the nearest names and their shelves (empty when not ready). */
  suggest(text: string): SearchSuggestions;
  /** Resolves once every notice heard so far is in the index. */
  settled(): Promise<void>;
  /** The answer cache: answers kept now, and answers given from it so far. */
  answers(): { kept: number; hits: number };
  /**
   * Runs a write of products; once it is done, waits (at most NOTICE_WAIT_MS) for a notice heard after it started
   * and for the index to take it in, so that when the write answers, a search here finds what it wrote.
   */
  written<T>(write: () => Promise<T>): Promise<T>;
  /**
   * A notice of `kade_products`: `p <id>` (read it again) or `s <id> <stock>`. Says the ids of the products (or
   * variations) whose answers alone it changed when it took a stock change in place (none: it changed nothing), or
   * undefined when any answer may have changed.
   */
  notice(payload: string): readonly string[] | undefined;
  /** The categories or sub-categories changed: read again the products holding one renamed or gone. */
  shelvesChanged(): void;
  /** The notices stopped (false) or reach this instance again (true: read everything again, some may be lost). */
  hearing(live: boolean): void;
  close(): void;
}

/** What the searches cost so far, for tests and the micro-benchmark (counts, only ever added to). */
export interface SearchWork {
  /** Pages found without ranking every match (firstMatches), and pages that ranked every match. */
  firstPageOnly: number;
  rankedAll: number;
  /**
   * Of firstMatches' searches, those whose page was names starting with the text (wholeInNameOrder), and the
   * products ranked for holding the rarest word whole (every one, for the others).
   */
  wholeInNameOrder: number;
  holdersRanked: number;
  /** Words MiniSearch scored in full (the look-alikes' slow path), and words whose terms were read to score products. */
  wordsScoredInFull: number;
  wordsScoredByProduct: number;
  /** Products discarded in MiniSearch and not yet vacuumed (its dirtCount) now. */
  discarded: number;
}

/**
 * The index of one instance over the database `db`; `build()` runs the first read (not awaited by the server).
 * `firstPageOnly` false ranks every match of every text (the search before firstMatches: tests compare the two).
 */
export function createSearchIndex({
  db,
  logger,
  answerCacheSize = ANSWER_CACHE_SIZE,
  firstPageOnly = true,
}: {
  db: Knex;
  logger: Logger;
  answerCacheSize?: number;
  firstPageOnly?: boolean;
}): SearchIndex & { build(): Promise<void>; work(): SearchWork } {
  let entries = new Map<string, Entry>();
  /** Each published variation's product. */
  let parentOf = new Map<string, string>();
  /** The lists kept newest first (listsOf), changed in place as products are read again. */
  let lists = new Map<string, NewestFirst>();
  let index = newIndex();
  /** The same terms as `index`, for the prefix matches without scores. */
  let prefixes = PrefixMatch.of([]);
  /** The products by their ranked name in each language, then id (the order of names starting with a text). */
  let byName = { en: NameOrder.of([]), si: NameOrder.of([]), ta: NameOrder.of([]) };
  /** The products' keywords and shelves' words, counted (wholeInNameOrder), kept as `byName` is. */
  let rankWords: RankWords = { keywords: new Map(), shelfWords: new Map() };
  const nameOrders = (of: Iterable<Entry>) => {
    const all = [...of];
    return { en: NameOrder.of(all.map((e) => ({ name: rankedName(e, 'en'), id: e.wire._id }))), si: NameOrder.of(all.map((e) => ({ name: rankedName(e, 'si'), id: e.wire._id }))), ta: NameOrder.of(all.map((e) => ({ name: rankedName(e, 'ta'), id: e.wire._id }))) };
  };
  const unname = (entry: Entry | undefined) => {
    if (!entry) return;
    for (const language of LANGUAGES) byName[language].remove(rankedName(entry, language), entry.wire._id);
    countRankWords(rankWords, entry, -1);
  };
  const name = (entry: Entry) => {
    for (const language of LANGUAGES) byName[language].add(rankedName(entry, language), entry.wire._id);
    countRankWords(rankWords, entry, 1);
  };
  /** The texts the kept products share (intern.ts): a new pool with each rebuild. */
  let pool = new Interner();
  let built = false;
  let live = true;
  let closed = false;
  /** Ids to read again; a rebuild asked for; the categories or sub-categories changed (their holders to read again). */
  let dirty = new Set<string>();
  let rebuildAsked = false;
  let shelvesAsked = false;
  let work: Promise<void> = Promise.resolve();
  let scheduled = false;
  let running = false;
  /** A whole read (the first build, a rebuild) is under way. */
  let rebuilding = false;
  let heard = 0;
  let waiting: Array<() => void> = [];
  const searched = { firstPageOnly: 0, rankedAll: 0, wholeInNameOrder: 0, holdersRanked: 0 };
  /** Recent search answers and suggestions, good until the model next changes (every notice, batch and rebuild says so). */
  const cache = new AnswerCache<{ items: ProductWire[]; page: PageInfo } | SearchSuggestions>(answerCacheSize);

  async function readRows(where: string, bindings: readonly Knex.RawBinding[]): Promise<Array<ProductRow & { shelf_at: string }>> {
    const result = (await db.raw(`select ${SHOP_MODEL_SELECT} from products p where ${where}`, bindings)) as { rows: Array<ProductRow & { shelf_at: string }> };
    return result.rows;
  }

  const linkVariations = (entry: Entry) => {
    for (const variation of entry.details.product) parentOf.set(variation._id, entry.wire._id);
  };
  const unlinkVariations = (entry: Entry | undefined) => {
    for (const variation of entry?.details.product ?? []) parentOf.delete(variation._id);
  };
  const place = (entry: Entry) => {
    for (const name of listsOf(entry)) {
      let list = lists.get(name);
      if (!list) lists.set(name, (list = NewestFirst.empty()));
      list.add(entry.place);
    }
  };
  const unplace = (entry: Entry | undefined) => {
    if (entry) for (const name of listsOf(entry)) lists.get(name)?.remove(entry.place);
  };
  const list = (name: string): NewestFirst => lists.get(name) ?? NO_PRODUCTS;
  const wiresOf = (ids: readonly string[]): ProductWire[] => ids.map((id) => (entries.get(id) as Entry).wire);

  async function rebuild(): Promise<void> {
    const nextPool = new Interner();
    const next = new Map<string, Entry>();
    const fresh = newIndex();
    const terms: Array<{ id: string; terms: string[] }> = [];
    // a change while the pages are read is heard, and read again once the build is done (schedule)
    for (let after: string | undefined; ; ) {
      const from = after === undefined ? '' : ' and p.id > ?';
      const rows = await readRows(`${SHOP_PRODUCT}${from} order by p.id limit ${BUILD_PAGE}`, after === undefined ? [] : [after]);
      const docs: Doc[] = [];
      for (const row of rows) {
        const entry = entryOf(row, nextPool);
        next.set(row.id, entry);
        docs.push(docOf(entry.wire));
      }
      fresh.addAll(docs);
      for (const doc of docs) terms.push(termsOf(doc, nextPool));
      if (rows.length < BUILD_PAGE) break;
      after = (rows.at(-1) as ProductRow).id;
    }
    const freshPrefixes = PrefixMatch.of(terms);
    const freshNames = nameOrders(next.values());
    const freshRankWords: RankWords = { keywords: new Map(), shelfWords: new Map() };
    for (const entry of next.values()) countRankWords(freshRankWords, entry, 1);
    const placed = new Map<string, Placed[]>();
    for (const entry of next.values()) {
      for (const name of listsOf(entry)) {
        const keys = placed.get(name);
        if (keys) keys.push(entry.place);
        else placed.set(name, [entry.place]);
      }
    }
    entries = next;
    parentOf = new Map();
    for (const entry of next.values()) linkVariations(entry);
    lists = new Map([...placed].map(([name, keys]) => [name, NewestFirst.of(keys)]));
    index = fresh;
    prefixes = freshPrefixes;
    byName = freshNames;
    rankWords = freshRankWords;
    pool = nextPool;
    wordScores.changed();
    cache.changed();
  }

  /**
   * The products whose categories or sub-categories are no longer named as they hold them (in any language): renamed,
   * or gone. The two tables are small (a store's shelves), the products in memory are walked once.
   */
  async function shelfHolders(): Promise<string[]> {
    const result = (await db.raw(
      'select id, name, name_si, name_ta from categories union all select id, name, name_si, name_ta from sub_categories',
    )) as { rows: Array<{ id: string; name: string; name_si: string | null; name_ta: string | null }> };
    const named = new Map(result.rows.map((row) => [row.id, `${row.name}\n${row.name_si ?? ''}\n${row.name_ta ?? ''}`]));
    const sameAsRow = (ref: NamedRef) => named.get(ref._id) === `${ref.name}\n${ref.nameSi ?? ''}\n${ref.nameTa ?? ''}`;
    const holders: string[] = [];
    for (const entry of entries.values()) {
      if (!entry.wire.category.every(sameAsRow) || !entry.wire.subCategory.every(sameAsRow)) holders.push(entry.wire._id);
    }
    return holders;
  }

  async function reread(ids: readonly string[]): Promise<void> {
    for (let start = 0; start < ids.length; start += READ_BATCH) {
      const batch = ids.slice(start, start + READ_BATCH);
      const rows = await readRows(`p.id in (${placeholders(batch)}) and ${SHOP_PRODUCT}`, batch);
      const found = new Set<string>();
      for (const row of rows) {
        found.add(row.id);
        if (pool.full) pool = new Interner();
        const entry = entryOf(row, pool);
        const before = entries.get(row.id);
        const doc = docOf(entry.wire);
        if (before) index.replace(doc);
        else index.add(doc);
        wordScores.changed();
        const { terms } = termsOf(doc, pool);
        prefixes.add(row.id, terms);
        unlinkVariations(before);
        linkVariations(entry);
        unplace(before);
        place(entry);
        unname(before);
        name(entry);
        entries.set(row.id, entry);
        cache.changed();
      }
      for (const id of batch) {
        if (found.has(id) || !entries.has(id)) continue;
        unlinkVariations(entries.get(id));
        unplace(entries.get(id));
        unname(entries.get(id));
        entries.delete(id);
        index.discard(id);
        wordScores.changed();
        prefixes.remove(id);
        cache.changed();
      }
    }
  }

  /** Runs what the notices asked for, one batch after another (never two at once). */
  function schedule(): void {
    if (scheduled || closed) return;
    scheduled = true;
    work = work.then(async () => {
      await new Promise<void>((resolve) => setImmediate(resolve)); // gathers the notices of one commit
      scheduled = false;
      if (closed) return;
      running = true;
      // a variation's stock notice: its product is read again (its parent known once the model is built)
      const ids = [...new Set([...dirty].map((id) => parentOf.get(id) ?? id))];
      let whole = rebuildAsked || ids.length > REBUILD_ABOVE;
      const shelves = shelvesAsked;
      dirty = new Set();
      rebuildAsked = false;
      shelvesAsked = false;
      rebuilding = whole;
      try {
        // a shelf renamed: only its products are read again (a rebuild when they are many)
        const holders = !whole && built && shelves ? await shelfHolders() : [];
        const again = holders.length > 0 ? [...new Set([...ids, ...holders])] : ids;
        if (again.length > REBUILD_ABOVE) whole = rebuilding = true;
        if (whole) await rebuild();
        else if (built) await reread(again);
        if (whole) built = true;
      } catch (error) {
        if (!closed) logger.warn({ err: error }, 'could not bring the search index up to date: searching in the database until it is read again');
        built = false;
        rebuildAsked = true;
        setTimeout(schedule, 1000).unref();
      } finally {
        running = false;
        rebuilding = false;
        cache.changed();
      }
    });
  }

  const SEARCH_OPTIONS = { prefix: true, combineWith: 'AND' as const, boost: { name: 2, parts: 0.5 } };
  const TYPO_OPTIONS = { ...SEARCH_OPTIONS, fuzzy: (term: string) => (term.length >= 4 ? 0.2 : 0) };
  /** MiniSearch's scores of each word asked for (a look-alike's rank), kept until the index next changes. */
  const wordScores = new WordScores({ plain: SEARCH_OPTIONS, typos: TYPO_OPTIONS }, WORD_SCORES);

  /**
   * The first `end` ranks of a text's matches without ranking every match, or undefined when they are not found so
   * (then every match is ranked). Every product ranked 0 to 2 holds each word whole in its names (or, ranked 0, is
   * named by the text or has it as a keyword: its words whole in its keywords), so the products of the match set
   * holding the rarest word whole are ranked first: when `end` of them rank 0 to 2, those are the page. Otherwise
   * the next come from the names starting with the text (ranked 3, `starts`), read in name order (NameOrder), which
   * is their order: when they fill the page, it is done. Only when they do not (a long text, few names starting
   * with it, and so few matches) is every match ranked. A rarest word held whole by many is first looked for among
   * the names starting with the text (wholeInNameOrder).
   */
  function firstMatches(set: Uint32Array, terms: readonly string[], text: string, words: readonly string[], language: Language, end: number): Rank[] | undefined {
    let rarest = terms[0] as string;
    for (const term of terms) if (prefixes.holderCount(term) < prefixes.holderCount(rarest)) rarest = term;
    const named = prefixes.holderCount(rarest) >= NAMES_FIRST_FROM ? wholeInNameOrder(set, text, words, language, end) : undefined;
    if (named) return named;
    const ids = prefixes.holding(rarest, set);
    searched.holdersRanked += ids.length;
    const whole: Rank[] = [];
    for (const id of ids) {
      const rank = rankOf(entries.get(id) as Entry, text, words, language);
      if (rank.tier <= 2) whole.push(rank);
    }
    if (whole.length >= end) return firstRanks(whole, end);
    const head = whole.sort(byRank);
    const ranked = new Set(whole.map((rank) => rank.id));
    let found = true;
    byName[language].startingWith(text, (id) => {
      if (ranked.has(id) || !prefixes.has(set, id)) return true;
      const rank = rankOf(entries.get(id) as Entry, text, words, language);
      // a name starting with the text ranks 3 unless it is ranked above, and then it is among `whole`
      if (rank.tier !== 3 || rank.starts !== 0) found = false;
      else head.push(rank);
      return found && head.length < end;
    });
    return found && head.length >= end ? head : undefined;
  }

  /**
   * The first `end` ranks when they are names starting with the text holding every word whole, or undefined. When no
   * product may rank 0 or 1 (no name nor keyword is the text, no shelf's name has one of its words: `rankWords`),
   * every product ranked 0 to 2 ranks 2, by `starts`, then name and id: the names starting with the text, read in
   * that order (NameOrder) up to the `end`th in the match set ranked 2, are the page; undefined when fewer are. Ranking
   * every holder of the rarest word instead cost 5 to 13 ms a search at 100,000 products when a brand's name was typed
   * whole ('anchor', 'elephant': thousands of holders), most of them to be passed over.
   */
  function wholeInNameOrder(set: Uint32Array, text: string, words: readonly string[], language: Language, end: number): Rank[] | undefined {
    if (rankWords.keywords.has(text) || words.some((word) => rankWords.shelfWords.has(word)) || LANGUAGES.some((other) => byName[other].holds(text))) return undefined;
    const head: Rank[] = [];
    byName[language].startingWith(text, (id) => {
      if (!prefixes.has(set, id)) return true;
      const rank = rankOf(entries.get(id) as Entry, text, words, language);
      if (rank.tier <= 2) head.push(rank);
      return head.length < end;
    });
    if (head.length < end) return undefined;
    searched.wholeInNameOrder += 1;
    return head;
  }

  /** A search text's page, ranked (searchOrder's ranks: rankOf), and its counts. */
  function rankedSearch(search: string, page: number, limit: number): { items: ProductWire[]; page: PageInfo } {
    const start = (page - 1) * limit;
    const words = searchWords(search);
    if (words.length === 0) return { items: [], page: emptyPage(page, limit).page };
    const text = search.toLowerCase();
    const language = scriptLanguage(search);
    // every word starting a word of the product (PrefixMatch: the products MiniSearch's prefix search finds, unscored)
    const terms = termsOfWords(words);
    const plain = prefixes.matchSet(terms);
    const count = prefixes.count(plain);
    // fewer than TYPOS_BELOW: the look-alikes too (MiniSearch's fuzzy search's products), ranked last by their score
    const typos = count < TYPOS_BELOW;
    const end = start + limit;
    const rowsRead = (matched: number) => Math.max(0, Math.min(matched - start, limit + 1));
    // fewer matches than the page's end: firstMatches could not fill it, and would walk the rarest word's holders and
    // the names starting with the text before every match is ranked anyway
    if (firstPageOnly && !typos && end <= HEAD_MOST && count >= end) {
      const head = firstMatches(plain, terms, text, words, language, end);
      if (head) {
        searched.firstPageOnly += 1;
        return { items: head.slice(start).map((rank) => rank.entry.wire), page: rankedPageInfo({ page, limit }, rowsRead(count), count, true) };
      }
    }
    searched.rankedAll += 1;
    const ids = prefixes.idsOf(typos ? prefixes.matchSet(terms, true) : plain);
    const ranks: Rank[] = [];
    let lookAlikes = 0;
    for (const id of ids) {
      const entry = entries.get(id);
      if (!entry) continue;
      const rank = rankOf(entry, text, words, language);
      if (rank.tier === 4) lookAlikes += 1;
      ranks.push(rank);
    }
    // look-alikes (and products found only through a Sinhala or Tamil compound's ending) come last, by MiniSearch's
    // score: asked for only when some of them reach the page
    if (lookAlikes > 0 && ranks.length - lookAlikes < end) {
      const score = wordScores.scorer(index, terms, typos);
      for (const rank of ranks) if (rank.tier === 4) rank.likeness = -(score(rank.id) as number);
    }
    // only the ranks up to the page's end are put in order; the count is every match
    const items = firstRanks(ranks, end)
      .slice(start)
      .map((rank) => rank.entry.wire);
    return { items, page: rankedPageInfo({ page, limit }, rowsRead(ranks.length), ranks.length, true) };
  }

  /** For a text that found nothing: the nearest names and their shelves. */
  function suggestions(text: string): SearchSuggestions {
    const words = searchWords(text);
    if (words.length === 0) return { names: [], shelves: [] };
    // any word, one letter off in every three: nearer than a search goes
    const query = words.join(' ');
    const options: SearchOptions = { prefix: true, combineWith: 'OR', fuzzy: 0.4 };
    // while MiniSearch holds discarded products, its first search of a term counts them before dropping them from the
    // term (word-scores.ts): that first search's order is not every later one's, and the same text asked twice gave
    // other names (seen once an answer was no longer kept at its first ask): the search is made once more for them
    if (index.dirtCount > 0) index.search(query, options);
    const found = index.search(query, options);
    const names: string[] = [];
    const shelves = new Map<string, { category: NamedRef; subCategory: NamedRef }>();
    for (const result of found) {
      const entry = entries.get(String(result.id));
      if (!entry) continue;
      if (names.length < SUGGESTED_NAMES && !names.includes(entry.wire.name)) names.push(entry.wire.name);
      // the product's own shelf, not a catch-all one ('All Product' › 'All Products')
      const category = entry.wire.category.find((c) => hasProductStrip(c.name)) ?? entry.wire.category[0];
      const subCategory = entry.wire.subCategory.find((c) => !/^all\b/i.test(c.name)) ?? entry.wire.subCategory[0];
      if (category && subCategory && shelves.size < SUGGESTED_SHELVES) shelves.set(`${category._id} ${subCategory._id}`, { category, subCategory });
      if (names.length >= SUGGESTED_NAMES && shelves.size >= SUGGESTED_SHELVES) break;
    }
    return { names, shelves: [...shelves.values()] };
  }

  /**
   * Whether memory may answer now: built, hearing every change, and no change heard but not yet read (a product
   * unpublished or deleted elsewhere is never shown from memory once its notice came; until it is read, PostgreSQL answers).
   */
  const current = (): boolean => built && live && !closed && !scheduled && !running && !rebuildAsked && !shelvesAsked && dirty.size === 0;

  const settled = async (): Promise<void> => {
    // what is scheduled now, and anything a batch scheduled meanwhile
    while (scheduled) await work;
    await work;
  };

  return {
    async build() {
      rebuildAsked = true;
      schedule();
      await work;
    },
    ready: () => built && live && !closed,
    // building: the first build, or a whole read again (the notices back, the shelves renamed), PostgreSQL answering
    state: () => (!live || closed ? 'off' : !built || rebuildAsked || rebuilding ? 'building' : 'ready'),
    listing(input) {
      if (!current()) return undefined;
      const ids = list(`s ${input.categoryId} ${input.subCategoryId}`);
      const start = input.after ? ids.after(input.after) : (input.page - 1) * input.limit;
      const { rows, page } = memoryPage({ page: input.page, limit: input.limit, countCap: LISTING_COUNT_CAP }, ids, start);
      const items = rows.map((id) => entries.get(id) as Entry);
      const last = items.at(-1);
      return { items: items.map((entry) => entry.wire), page, last: last ? { at: last.place.at, id: last.place.id } : undefined };
    },
    strip(categoryId, limit) {
      if (!current()) return undefined;
      return wiresOf(list(`c ${categoryId}`).slice(0, limit));
    },
    home(input) {
      if (!current()) return undefined;
      const dealLists = [list('single'), ...input.dealCategories.map((id) => list(`c ${id}`)), ...input.dealSubCategories.map((id) => list(`u ${id}`))];
      return {
        deals: wiresOf(firstOfEach(dealLists, input.dealsSize)),
        strips: new Map(input.strips.map((id) => [id, wiresOf(list(`c ${id}`).slice(0, input.stripSize))])),
      };
    },
    details(productId) {
      if (!current()) return undefined;
      return entries.get(productId)?.details ?? null;
    },
    search(input) {
      if (!current()) return undefined;
      const { page, limit } = input;
      const start = (page - 1) * limit;
      if (!input.search) {
        // All Products, newest first: a page of the list kept in that order, counted as PostgreSQL counts it
        const { rows, page: info } = memoryPage({ page, limit }, list('all'), start);
        return { items: wiresOf(rows), page: info };
      }
      const key = `s ${page} ${limit} ${input.search}`;
      const kept = cache.get(key);
      if (kept) return kept as { items: ProductWire[]; page: PageInfo };
      const answer = rankedSearch(input.search, page, limit);
      cache.set(
        key,
        answer,
        answer.items.map((item) => item._id),
      );
      return answer;
    },
    suggest(text) {
      if (!built || !live || closed) return { names: [], shelves: [] };
      if (!current()) return suggestions(text);
      const key = `g ${text}`;
      const kept = cache.get(key);
      if (kept) return kept as SearchSuggestions;
      // names and shelves, no stock: only a change that may change any answer drops it (`notice`). Kept from the first
      // ask: asked only by a search that found nothing, rare and small, while that search's own answer is kept from
      // its second ask (or its first, asked before a change), so the two are kept together
      const answer = suggestions(text);
      cache.set(key, answer, [], { firstAsk: true });
      return answer;
    },
    answers: () => ({ kept: cache.length, hits: cache.hits }),
    work: () => ({ ...searched, wordsScoredInFull: wordScores.made, wordsScoredByProduct: wordScores.partsMade, discarded: index.dirtCount }),
    settled,
    async written(write) {
      const before = heard;
      const result = await write();
      const deadline = Date.now() + NOTICE_WAIT_MS;
      while (live && !closed && heard === before && Date.now() < deadline) {
        await new Promise<void>((resolve) => {
          waiting.push(resolve);
          setTimeout(resolve, Math.max(1, deadline - Date.now())).unref();
        });
      }
      await settled();
      return result;
    },
    notice(payload) {
      const [kind, id, stock] = payload.split(' ');
      if (!id) return [];
      heard += 1;
      // A stock change changes the stock an answer shows and nothing else: which products an answer holds, and their
      // order, never depend on stock. The shop shows sold-out products (SHOP_PRODUCT has no stock condition: one
      // sold out stays on its shelves and in search, shown as sold out); shelves, All Products, the deals and the
      // strips are newest first; search matches and ranks by names, keywords and shelves; suggestions are names and
      // shelves. So a sale, a restock from 0 or a sell-out changes only the answers showing this product's stock: its
      // card (shelves, All Products, search pages) and its sheet, or, for a variation, its parent's sheet (the card
      // shows the product's own stock only: wire.ts). An answer that found nothing, or a suggestion, finds the same
      // after it and stays. Were stock ever to decide a product's place (hiding the sold out, ordering by stock), a
      // stock notice would have to answer undefined here: every answer dropped.
      let changed: string[] | undefined;
      if (kind === 's') {
        const value = Number(stock);
        const parent = parentOf.get(id);
        const entry = entries.get(parent ?? id);
        if (entry && Number.isFinite(value)) {
          const details = parent
            ? { ...entry.details, product: entry.details.product.map((variation) => (variation._id === id ? { ...variation, stock: value } : variation)) }
            : { ...entry.details, stock: value };
          const wire = parent ? entry.wire : { ...entry.wire, stock: value };
          neverChanged(wire);
          neverChanged(details);
          entries.set(entry.wire._id, { ...entry, wire, details });
        }
        // a read under way may have seen the stock before this change: read the product again after it (and drop
        // every answer: the model is not current meanwhile, so none is kept, and the read drops them all again)
        if (!built || running || scheduled) dirty.add(parent ?? id);
        else changed = [id];
      } else {
        dirty.add(id);
      }
      if (changed) cache.productsChanged(changed);
      else cache.changed();
      if (dirty.size > 0) schedule();
      const done = waiting;
      waiting = [];
      for (const resolve of done) resolve();
      return changed;
    },
    shelvesChanged() {
      cache.changed();
      shelvesAsked = true;
      schedule();
    },
    hearing(now) {
      cache.changed();
      live = now;
      if (now) {
        rebuildAsked = true;
        schedule();
      }
    },
    close() {
      closed = true;
    },
  };
}
