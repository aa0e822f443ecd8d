// Product search by name and keywords: whole words and prefixes through the generated `search_vector` (GIN: the
// English name's words, weight D, and the keywords' words, weight B; migration 20261213100000), typos through
// pg_trgm word similarity on lower(name) (GIN trigram index). Ranked as the search in memory ranks
// (search-index.ts rankOf): the exact name or a keyword typed whole, then names holding every word whole (on a
// shelf named by one of them first), then names whose words only start with the text's, then products found
// through their keywords ('sini': the sugars), then names only alike (closest first).
//
// A text in Sinhala or Tamil letters (issue 21, `scriptLanguage`) is looked for the same way in that language's
// names (and the English ones), each with indexes of its own (migration 20261127110000): whole words through an
// expression GIN over its tsvector, look-alikes through trigrams on lower(name_si|name_ta), prefixes in byte
// order. A product with no name in that language is found by that script only if its English name holds it.
import type { Knex } from 'knex';
import { scriptLanguage, type Language } from '@kade/shared';
import type { PageRequest } from './paging';
import { NEWEST_FIRST, type SortKey } from './product-sql';

/**
 * A search page ranks at most this many of the names holding every word and this many of the names alike (as
 * their indexes find them), and this many names starting with the text (read in name order, the exact name
 * first): its cost does not grow with the number of matches. A text matching more shows "N+ results" (N the
 * candidates ranked) and the best of those.
 */
export const SEARCH_CANDIDATES = 300;
export const SEARCH_PREFIX_CANDIDATES = 50;

/** Above every character: a text followed by it is past every name that starts with the text, in byte order. */
const LAST_CHARACTER = '\u{10FFFF}';

/** At most this many words of a search text are looked for (the text itself is at most 100 characters). */
export const MAX_SEARCH_WORDS = 8;
export const MAX_WORD_LENGTH = 40;

/**
 * The weight of the names' words in `search_vector` and in a Sinhala or Tamil name's tsvector (to_tsvector's own);
 * the keywords' words are weighted B, so a query restricted to this weight reads the names only.
 */
const NAME_WEIGHT = 'D';

/** The product has a keyword that is the whole text (`?`: the text, lowercased), as a name typed whole. */
const KEYWORD_TYPED = 'exists (select 1 from jsonb_array_elements_text(p.keywords) keyword where lower(keyword) = ?)';

/** Letters (any script, with their combining marks) and digits: the only characters a tsquery is built from. */
const WORD = /[\p{L}\p{N}][\p{L}\p{M}\p{N}]*/gu;

/**
 * Where a language's names are, as SQL on `products p`. A Sinhala or Tamil text matches that language's name or
 * the English one (a shop may have typed a Sinhala word into the English name): each condition is an OR of
 * two indexed ones, which PostgreSQL answers as a BitmapOr of the two indexes.
 */
interface NameColumns {
  /** The words hold every word of the query (`?`: the tsquery, once per indexed vector). */
  words: (query: string) => string;
  /** The name is alike the text (`?`: the text, once per indexed name). */
  alike: string;
  /** How many times `words` and `alike` ask for their binding. */
  repeats: number;
  /** The name the ranking compares (the language's, else the English). */
  name: string;
  /** The name read in byte order for the prefix candidates: p.name, p.name_si or p.name_ta, each with its own index. */
  prefix: string;
  /** Every word of the names (for ranking the candidates only: no index needed). */
  vector: string;
  /** A category's or sub-category's words. */
  shelfWords: (alias: string) => string;
}

const ENGLISH: NameColumns = {
  words: (query) => `p.search_vector @@ ${query}`,
  alike: 'lower(p.name) %> ?',
  repeats: 1,
  name: 'p.name',
  prefix: 'p.name',
  vector: 'p.search_vector',
  shelfWords: (alias) => `to_tsvector('simple', ${alias}.name)`,
};

function otherLanguage(column: 'name_si' | 'name_ta'): NameColumns {
  const vector = `to_tsvector('simple', coalesce(p.${column}, ''))`;
  return {
    words: (query) => `(${vector} @@ ${query} or p.search_vector @@ ${query})`,
    alike: `(lower(p.${column}) %> ? or lower(p.name) %> ?)`,
    repeats: 2,
    name: `coalesce(p.${column}, p.name)`,
    prefix: `p.${column}`,
    vector: `(${vector} || p.search_vector)`,
    shelfWords: (alias) => `to_tsvector('simple', coalesce(${alias}.${column}, '') || ' ' || ${alias}.name)`,
  };
}

const NAME_COLUMNS: Readonly<Record<Language, NameColumns>> = { en: ENGLISH, si: otherLanguage('name_si'), ta: otherLanguage('name_ta') };

/** A binding as many times as the columns' conditions ask for it. */
const repeated = (columns: NameColumns, binding: string): string[] => Array.from({ length: columns.repeats }, () => binding);

export interface SearchPlan {
  /** Which names are looked at: the script the text is written in. */
  language: Language;
  /** The whole text, lowercased: compared with lower(name) as text and by trigrams (a binding, never SQL). */
  text: string;
  /** A prefix query for to_tsquery('simple', …): sanitised words joined as `word:* & word:*`. */
  tsquery: string;
  /** The same words as whole words of the names, every one (`word:D & word:D`): a name holding them outranks mere prefixes. */
  wholeWords: string;
  /** The same prefixes in the names only (`word:*D & word:*D`, not the keywords' words, weighted B). */
  namePrefixes: string;
  /** The same words, any one (`word | word`): a product whose category or sub-category name holds one ranks higher. */
  anyWord: string;
}

/**
 * The words of a search text, lowercased: runs of letters and digits; every other character (quotes, %, _,
 * backslashes, operators, emoji) only separates words, so nothing a shopper types can change the query. At most
 * `most` words (the in-memory index reads every word of a product's names with it).
 */
export function searchWords(text: string, most = MAX_SEARCH_WORDS): string[] {
  const words = text.toLowerCase().match(WORD) ?? [];
  return [...new Set(words.map((word) => word.slice(0, MAX_WORD_LENGTH)))].slice(0, most);
}

/** The plan for a search text, or undefined when it holds no letter or digit (nothing can match it). */
export function planSearch(text: string): SearchPlan | undefined {
  const words = searchWords(text);
  if (words.length === 0) return undefined;
  return {
    language: scriptLanguage(text),
    text: text.toLowerCase(),
    tsquery: words.map((word) => `${word}:*`).join(' & '),
    wholeWords: words.map((word) => `${word}:${NAME_WEIGHT}`).join(' & '),
    namePrefixes: words.map((word) => `${word}:*${NAME_WEIGHT}`).join(' & '),
    anyWord: words.join(' | '),
  };
}

/**
 * Which rows match: every word as a word prefix (search_vector), or the text alike a stretch of the name
 * (`lower(name) %> text`, so the trigram index on lower(name) answers it; the threshold is set per connection).
 */
export function searchCondition(plan: SearchPlan): { sql: string; bindings: Knex.RawBinding[] } {
  const [words, alike] = searchBranches(plan);
  return { sql: `(${words.sql} or ${alike.sql})`, bindings: [...words.bindings, ...alike.bindings] };
}

/** The two halves of the match, each answered by its own index: every word (search_vector), or alike (trigrams). */
export function searchBranches(plan: SearchPlan): [{ sql: string; bindings: Knex.RawBinding[] }, { sql: string; bindings: Knex.RawBinding[] }] {
  const columns = NAME_COLUMNS[plan.language];
  return [
    { sql: columns.words("to_tsquery('simple', ?)"), bindings: repeated(columns, plan.tsquery) },
    { sql: columns.alike, bindings: repeated(columns, plan.text) },
  ];
}

/** Whether the product (a variation: its parent) is on a shelf, category or sub-category, whose name holds one of the words. */
function onAShelfNamed(columns: NameColumns): string {
  return `exists (select 1 from product_categories pc join categories c on c.id = pc.category_id
          where pc.product_id = coalesce(p.parent_id, p.id) and ${columns.shelfWords('c')} @@ to_tsquery('simple', ?))
        or exists (select 1 from product_sub_categories ps join sub_categories s on s.id = ps.sub_category_id
          where ps.product_id = coalesce(p.parent_id, p.id) and ${columns.shelfWords('s')} @@ to_tsquery('simple', ?))`;
}

/**
 * The ranking of matches, the memory's (search-index.ts rankOf): the exact name or a keyword typed whole ('kiri',
 * 'mee kiri'); names holding every word as a whole word, those on a shelf named by one of the words first ('milk'
 * puts the milks of 'Milk + Other' before Milk Chocolate Bar); names whose words merely start with the text's
 * ('milky'); products whose words start with the text's only with their keywords' ('sini': the sugars); then
 * names only alike, closest first. Within each, names starting with the text first; ties by name. The likeness
 * (the costly part) is computed only for the rows that are alike without holding the words.
 */
export function searchOrder(plan: SearchPlan): SortKey[] {
  const columns = NAME_COLUMNS[plan.language];
  const { name, vector: words } = columns;
  return [
    {
      sql: `case when lower(${name}) = ? or ${KEYWORD_TYPED} then 0
        when ${words} @@ to_tsquery('simple', ?) then case when ${onAShelfNamed(columns)} then 1 else 2 end
        when starts_with(lower(${name}), ?) or ${words} @@ to_tsquery('simple', ?) then 3
        when ${words} @@ to_tsquery('simple', ?) then 4
        else 5 end`,
      bindings: [plan.text, plan.text, plan.wholeWords, plan.anyWord, plan.anyWord, plan.text, plan.namePrefixes, plan.tsquery],
    },
    { sql: `starts_with(lower(${name}), ?)`, bindings: [plan.text], descending: true },
    {
      sql: `case when ${words} @@ to_tsquery('simple', ?) then 1 else word_similarity(?, lower(${name})) end`,
      bindings: [plan.tsquery, plan.text],
      descending: true,
    },
    { sql: `lower(${name})` },
    { sql: 'p.id' },
  ];
}

/** Which rows a list may show: an SQL condition on `products p` and its bindings (none for a fixed scope). */
export type Scope = string | { sql: string; bindings: readonly Knex.RawBinding[] };

/**
 * A search page among the rows `scope` allows: by name when there is text (best first), everything newest
 * first when there is none; undefined when the text holds no letter or digit (nothing can match). `order`, when
 * given, sorts the page instead (the admin's chosen sort): with text, the candidates are sorted by it.
 */
export function searchRequest(
  scope: Scope,
  input: { search: string; page: number; limit: number },
  select?: string,
  order?: readonly SortKey[],
): PageRequest | undefined {
  const where = typeof scope === 'string' ? scope : scope.sql;
  const scopeBindings = typeof scope === 'string' ? [] : [...scope.bindings];
  const base = { page: input.page, limit: input.limit, ...(select ? { select } : {}) };
  if (!input.search) return { ...base, where, bindings: scopeBindings, order: order ?? NEWEST_FIRST };
  const plan = planSearch(input.search);
  if (!plan) return undefined;
  const condition = searchCondition(plan);
  return {
    ...base,
    where: `${where} and ${condition.sql}`,
    bindings: [...scopeBindings, ...condition.bindings],
    order: order ?? searchOrder(plan),
    ranked: {
      prefix: { name: NAME_COLUMNS[plan.language].prefix, from: plan.text, below: plan.text + LAST_CHARACTER },
      prefixCandidates: SEARCH_PREFIX_CANDIDATES,
      samples: searchBranches(plan).map((branch) => ({ where: `${where} and ${branch.sql}`, bindings: [...scopeBindings, ...branch.bindings] })),
      // The admin's list asks for its whole page at once (limit 10000): it ranks at least that many of each half.
      candidates: Math.max(SEARCH_CANDIDATES, input.limit),
    },
  };
}
