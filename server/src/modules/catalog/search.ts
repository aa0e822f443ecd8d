// Product search by name: whole words and prefixes through the generated `search_vector` (GIN), typos
// through pg_trgm word similarity on lower(name) (GIN trigram index). Ranked: the exact name, then names
// starting with the text, then names holding every word, then names only alike (closest first).
import type { Knex } from 'knex';
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
const MAX_WORD_LENGTH = 40;

/** Letters (any script, with their combining marks) and digits: the only characters a tsquery is built from. */
const WORD = /[\p{L}\p{N}][\p{L}\p{M}\p{N}]*/gu;

export interface SearchPlan {
  /** The whole text, lowercased: compared with lower(name) as text and by trigrams (a binding, never SQL). */
  text: string;
  /** A prefix query for to_tsquery('simple', …): sanitised words joined as `word:* & word:*`. */
  tsquery: string;
}

/**
 * The words of a search text, lowercased: runs of letters and digits; every other character (quotes, %, _,
 * backslashes, operators, emoji) only separates words, so nothing a shopper types can change the query.
 */
export function searchWords(text: string): string[] {
  const words = text.toLowerCase().match(WORD) ?? [];
  return [...new Set(words.map((word) => word.slice(0, MAX_WORD_LENGTH)))].slice(0, MAX_SEARCH_WORDS);
}

/** The plan for a search text, or undefined when it holds no letter or digit (nothing can match it). */
export function planSearch(text: string): SearchPlan | undefined {
  const words = searchWords(text);
  if (words.length === 0) return undefined;
  return { text: text.toLowerCase(), tsquery: words.map((word) => `${word}:*`).join(' & ') };
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
  return [
    { sql: "p.search_vector @@ to_tsquery('simple', ?)", bindings: [plan.tsquery] },
    { sql: 'lower(p.name) %> ?', bindings: [plan.text] },
  ];
}

/**
 * The ranking of matches: name matches first (the exact name, then names starting with the text, then names
 * holding every word), then names only alike, closest first; ties by name. The likeness (the costly part) is
 * computed only for the rows that are alike without holding the words.
 */
export function searchOrder(plan: SearchPlan): SortKey[] {
  return [
    {
      sql: `case when lower(p.name) = ? then 0
        when starts_with(lower(p.name), ?) then 1
        when p.search_vector @@ to_tsquery('simple', ?) then 2
        else 3 end`,
      bindings: [plan.text, plan.text, plan.tsquery],
    },
    {
      sql: "case when p.search_vector @@ to_tsquery('simple', ?) then 1 else word_similarity(?, lower(p.name)) end",
      bindings: [plan.tsquery, plan.text],
      descending: true,
    },
    { sql: 'lower(p.name)' },
    { sql: 'p.id' },
  ];
}

/**
 * A search page among the rows `scope` allows: by name when there is text (best first), everything newest
 * first when there is none; undefined when the text holds no letter or digit (nothing can match).
 */
export function searchRequest(
  scope: string,
  input: { search: string; page: number; limit: number },
  select?: string,
): PageRequest | undefined {
  const base = { page: input.page, limit: input.limit, ...(select ? { select } : {}) };
  if (!input.search) return { ...base, where: scope, bindings: [], order: NEWEST_FIRST };
  const plan = planSearch(input.search);
  if (!plan) return undefined;
  const condition = searchCondition(plan);
  return {
    ...base,
    where: `${scope} and ${condition.sql}`,
    bindings: condition.bindings,
    order: searchOrder(plan),
    ranked: {
      prefix: { from: plan.text, below: plan.text + LAST_CHARACTER },
      prefixCandidates: SEARCH_PREFIX_CANDIDATES,
      samples: searchBranches(plan).map((branch) => ({ where: `${scope} and ${branch.sql}`, bindings: branch.bindings })),
      candidates: SEARCH_CANDIDATES,
    },
  };
}
