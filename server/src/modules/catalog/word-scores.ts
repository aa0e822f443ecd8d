// MiniSearch's scores of a search's words, one word at a time (issue 37: the uncached search). The read model
// (search-index.ts) ranks look-alikes by MiniSearch's score for the whole text, and asking MiniSearch for it searched
// every word's prefixes and look-alikes again on every keystroke ('anchor full cream m', 'anchor full cream mi', …),
// the words already asked for a moment before. MiniSearch's 'AND' search scores each word on its own (its prefix
// matches and look-alikes), adds those scores in the words' order and multiplies the sum by the number of different
// words (MiniSearch 7: executeQuery, combinators.and, search's `quality`): so each word's scores are kept, and a
// text's score is that sum made from them, the same floating-point steps, the same number. Kept until the index
// changes (`changed`: every score depends on every document), at most `size` scores over all the words kept, the
// word asked least recently going first.
//
// A product changed or taken out is only marked gone in MiniSearch (`discard`); its terms still list it until a
// search reads them, and that first search counts the term's products before it drops the gone one, so its scores
// differ a little from every later search's. While the index holds such products (`dirtCount`), a word's scores are
// kept only from its second search since the change on: its first read every term it reaches and dropped the gone
// products from them, as MiniSearch's own first search of the text would, so what is kept is what each later search
// of it gives.
//
// A look-alike needs the scores of a few products, never of every product a word reaches: scoring a word in full
// (MiniSearch's search: every product of every term it starts or is alike) was a third of a search's CPU whenever its
// words were new. So a word keeps only its terms (the exact one, those it starts, those a few letters off, in the
// order MiniSearch reads them, each with its weight: `TermPart`), and a product's score is MiniSearch's sum for that
// product alone: the same terms and fields in the same order, the same BM25 arithmetic (MiniSearch 7.2's termResults
// and calcBM25Score), the same number. While the index holds discarded products (`dirtCount` above 0: a product
// changed or taken out, until MiniSearch's vacuum clears them, by default once they are a tenth of the index), a
// term's count of products is its live ones (`live`, counted once per term and field until the index changes): the
// score MiniSearch gives once the term no longer lists the discarded ones (after its first search of the term, or a
// vacuum), never the first search's (which counts them for the products read before them). So edits never send
// the search back to scoring whole words (issue 37: after many product edits the fast path was switched off until a
// vacuum). `byProduct` false keeps the words' full scores (MiniSearch's own searches, kept from their second one).
import type MiniSearch from 'minisearch';
import type { SearchOptions } from 'minisearch';

/** A term a word reaches: its products by field (MiniSearch's own map) and its weight (1, a prefix's or a look-alike's). */
interface TermPart {
  data: ReadonlyMap<number, ReadonlyMap<number, number>>;
  weight: number;
  /** By field id, how many of the term's products in that field are not discarded (counted when first needed). */
  live?: Map<number, number>;
}

/** The parts of a MiniSearch 7.2 index the scores read (its private fields; the version is pinned in package.json). */
interface Internals {
  _index: {
    get(term: string): TermPart['data'] | undefined;
    atPrefix(prefix: string): Iterable<[string, TermPart['data']]>;
    fuzzyGet(term: string, maxDistance: number): Map<string, [TermPart['data'], number]>;
  };
  _options: { fields: string[]; searchOptions: SearchOptions };
  _idToShortId: ReadonlyMap<string, number>;
  _documentIds: ReadonlyMap<number, unknown>;
  _fieldIds: Record<string, number>;
  _fieldLength: ReadonlyMap<number, number[]>;
  _avgFieldLength: number[];
  _documentCount: number;
}

/** MiniSearch 7.2's defaults for what these options leave out. */
const DEFAULT_WEIGHTS = { fuzzy: 0.45, prefix: 0.375 };
const DEFAULT_BM25 = { k: 1.2, b: 0.7, d: 0.5 };

/** MiniSearch 7.2's calcBM25Score, the same operations in the same order. */
function bm25(termFreq: number, matchingCount: number, totalCount: number, fieldLength: number, avgFieldLength: number, params: { k: number; b: number; d: number }): number {
  const { k, b, d } = params;
  const invDocFreq = Math.log(1 + (totalCount - matchingCount + 0.5) / (matchingCount + 0.5));
  return invDocFreq * (d + (termFreq * (k + 1)) / (termFreq + k * (1 - b + (b * fieldLength) / avgFieldLength)));
}

/** One word as it is (already split and lowercased by the index's tokenizer): MiniSearch asked for that word alone. */
const ONE_WORD = { tokenize: (word: string) => [word], processTerm: (word: string) => word };

export class WordScores {
  private readonly words = new Map<string, Map<string, number>>();
  private kept = 0;
  /** Words searched once since the last change while the index held discarded products: their terms are read now. */
  private readonce = new Set<string>();
  /** Words scored and words whose kept scores were used, for tests; only ever added to. */
  made = 0;
  reused = 0;

  /** `plain`: the index's prefix search; `typos`: with its look-alikes; both combining with 'AND'. */
  /** `byProduct` false: always the words' full scores (the path an index with discarded products takes). */
  constructor(
    private readonly options: { plain: SearchOptions; typos: SearchOptions },
    private readonly size: number,
    private readonly byProduct = true,
  ) {}

  /** Every score kept is stale: the index changed. */
  changed(): void {
    this.words.clear();
    this.readonce.clear();
    this.kept = 0;
    this.parts.clear();
  }

  /** Each word's terms (TermPart), kept until the index changes: a few dozen entries a word, not a score per product. */
  private readonly parts = new Map<string, TermPart[]>();
  /** Words whose terms were read, and used again, for tests; only ever added to. */
  partsMade = 0;
  partsReused = 0;

  /**
   * A product's score for `terms` (the text's words as the index's tokenizer and processTerm make them) by id, as
   * `index.search(terms.join(' '), options)` scores it; undefined for a product one of the words does not reach.
   */
  scorer(index: MiniSearch, terms: readonly string[], typos: boolean): (id: string) => number | undefined {
    if (this.byProduct) return this.productScorer(index, terms, typos);
    const each = terms.map((word) => this.scoresOf(index, word, typos));
    const quality = new Set(terms).size;
    return (id) => {
      let sum = (each[0] as Map<string, number>).get(id);
      for (let w = 1; w < each.length && sum !== undefined; w += 1) {
        const score = (each[w] as Map<string, number>).get(id);
        sum = score === undefined ? undefined : sum + score;
      }
      return sum === undefined ? undefined : sum * quality;
    };
  }

  /** Each product's score from its words' terms alone (the live count of each term's products, discarded ones left out). */
  private productScorer(index: MiniSearch, terms: readonly string[], typos: boolean): (id: string) => number | undefined {
    const inner = index as unknown as Internals;
    const options = { ...inner._options.searchOptions, ...(typos ? this.options.typos : this.options.plain) };
    // executeQuerySpec's boosts: every field in the index's order, its boost or 1
    const fields = (options.fields ?? inner._options.fields).map((field) => ({ id: inner._fieldIds[field] as number, boost: (Object.hasOwn(options.boost ?? {}, field) ? options.boost?.[field] : undefined) || 1 }));
    const params = options.bm25 ?? DEFAULT_BM25;
    const each = terms.map((word) => this.partsOf(inner, word, options));
    const quality = new Set(terms).size;
    const count = inner._documentCount;
    const dirty = index.dirtCount > 0;
    /** How many live products hold the term in the field: MiniSearch's `matchingFields` once no discarded one is listed. */
    const matching = (part: TermPart, field: number, freqs: ReadonlyMap<number, number>): number => {
      if (!dirty) return freqs.size;
      part.live ??= new Map();
      let live = part.live.get(field);
      if (live === undefined) {
        live = 0;
        for (const short of freqs.keys()) if (inner._documentIds.has(short)) live += 1;
        part.live.set(field, live);
      }
      return live;
    };
    /** One word's score of one product, as MiniSearch's search of that word alone scores it (its score × 1 term). */
    const wordScore = (parts: readonly TermPart[], short: number, lengths: readonly number[]): number | undefined => {
      let score: number | undefined;
      for (const part of parts) {
        for (const field of fields) {
          const freqs = part.data.get(field.id);
          const termFreq = freqs?.get(short);
          if (freqs === undefined || termFreq === undefined) continue;
          const raw = bm25(termFreq, matching(part, field.id, freqs), count, lengths[field.id] as number, inner._avgFieldLength[field.id] as number, params);
          const weighted = part.weight * 1 * field.boost * 1 * raw;
          score = score === undefined ? weighted : score + weighted;
        }
      }
      return score === undefined ? undefined : score * 1;
    };
    return (id) => {
      const short = inner._idToShortId.get(id);
      const lengths = short === undefined ? undefined : inner._fieldLength.get(short);
      if (short === undefined || lengths === undefined) return undefined;
      let sum = wordScore(each[0] as TermPart[], short, lengths);
      for (let w = 1; w < each.length && sum !== undefined; w += 1) {
        const score = wordScore(each[w] as TermPart[], short, lengths);
        sum = score === undefined ? undefined : sum + score;
      }
      return sum === undefined ? undefined : sum * quality;
    };
  }

  /** The terms MiniSearch's search of `word` alone reads, in its order (executeQuerySpec), each with its weight. */
  private partsOf(inner: Internals, word: string, options: SearchOptions): TermPart[] {
    const key = `${options.fuzzy ? '~' : '='}${word}`;
    const kept = this.parts.get(key);
    if (kept) {
      this.partsReused += 1;
      return kept;
    }
    this.partsMade += 1;
    const tree = inner._index;
    const { fuzzy: fuzzyWeight, prefix: prefixWeight } = { ...DEFAULT_WEIGHTS, ...options.weights };
    const fuzzy = typeof options.fuzzy === 'function' ? options.fuzzy(word, 0, [word]) : options.fuzzy || false;
    const prefix = typeof options.prefix === 'function' ? options.prefix(word, 0, [word]) : options.prefix === true;
    const parts: TermPart[] = [];
    const exact = tree.get(word);
    if (exact) parts.push({ data: exact, weight: 1 });
    let fuzzyMatches: Map<string, [TermPart['data'], number]> | undefined;
    if (fuzzy) {
      const ratio = fuzzy === true ? 0.2 : fuzzy;
      const maxDistance = ratio < 1 ? Math.min(options.maxFuzzy ?? 6, Math.round(word.length * ratio)) : ratio;
      if (maxDistance) fuzzyMatches = tree.fuzzyGet(word, maxDistance);
    }
    if (prefix) {
      for (const [term, data] of tree.atPrefix(word)) {
        const distance = term.length - word.length;
        if (!distance) continue;
        fuzzyMatches?.delete(term);
        parts.push({ data, weight: (prefixWeight * term.length) / (term.length + 0.3 * distance) });
      }
    }
    if (fuzzyMatches) {
      for (const [term, [data, distance]] of fuzzyMatches) {
        if (!distance) continue;
        parts.push({ data, weight: (fuzzyWeight * term.length) / (term.length + distance) });
      }
    }
    this.parts.set(key, parts);
    return parts;
  }

  private scoresOf(index: MiniSearch, word: string, typos: boolean): Map<string, number> {
    const key = `${typos ? '~' : '='}${word}`;
    let scores = this.words.get(key);
    if (scores) {
      // used again: last to go
      this.words.delete(key);
      this.reused += 1;
    } else {
      this.made += 1;
      const results = index.search(word, { ...(typos ? this.options.typos : this.options.plain), ...ONE_WORD });
      scores = new Map(results.map((result) => [String(result.id), result.score]));
      if (index.dirtCount > 0 && !this.readonce.has(key)) {
        this.readonce.add(key);
        return scores;
      }
      this.kept += scores.size;
      for (const [oldest, old] of this.words) {
        if (this.kept <= this.size) break;
        this.words.delete(oldest);
        this.kept -= old.size;
      }
    }
    this.words.set(key, scores);
    return scores;
  }
}
