// Which products a search's words start words of (issue 37: search at memory speed), without scoring them. The read
// model's search (search-index.ts) asked MiniSearch for its prefix matches, which scores every matching product of
// every term a word starts (BM25) although the ranking reads a score only for look-alikes: two thirds of a search's
// CPU. This keeps the same terms, split from the same fields by the same tokenizer as the MiniSearch index, each
// with the products holding it, the terms sorted so that the terms a word starts lie side by side. Products are
// numbered by slot; the products a word reaches are a set of slots as bits (a typed array), and a search keeps the
// slots every word reached, one AND of those arrays per word (MiniSearch's 'AND' of prefix matches: the same
// products). With `typos`, a word of 4 letters or more also reaches the terms one letter off per five (MiniSearch's
// fuzzy search with the index's `fuzzy` option, through MiniSearch's own SearchableMap: the same terms).
//
// Search-as-you-type asks for the same words again and again ('anchor full cream m', 'anchor full cream mi', …: each
// keystroke a text never asked before, its words asked many times), and a word's set, above all its look-alikes
// (a walk of the whole tree per word), cost far more than the AND: each word's set is kept (at most WORD_SET_WORDS
// of memory, the longest kept going first) until a product is put in or taken out, which drops them all.
import SearchableMap from 'minisearch/SearchableMap';

/** The most letters off MiniSearch's fuzzy search allows for a word (its `maxFuzzy`). */
const MAX_FUZZY = 6;

/** How many letters off a word may be, as the index's search asks MiniSearch (search-index.ts): 0 below 4 letters. */
export const typosAllowed = (word: string): number => (word.length >= 4 ? Math.min(MAX_FUZZY, Math.round(word.length * 0.2)) : 0);

/**
 * Memory kept for words' sets, in 32-bit words (16 MB: about 13,000 words' sets at 10,000 products, 1,340 at 100,000).
 * At 100,000 products 4 MB held 335 sets, and typed texts' words pushed each other out: a typed text cost the index
 * 114 µs of CPU, 51 µs with 8 MB, 44 µs with 16 MB, 42 µs with 32 MB (`TYPED=60000 ONLY=typed npx tsx
 * bench/src/search-micro.ts 100000`), and the route's p99 under 50 clients 72-80 ms, 51.9 and 44.9 ms (4 MB, 8 MB,
 * 16 MB); at 10,000 products 10 µs with any of them. The sets are made as words are searched (none while idle).
 */
export const WORD_SET_WORDS = 1 << 22;

/** The products whose terms start with each of the words, by id: MiniSearch's AND of prefix searches, unscored. */
export class PrefixMatch {
  /** Every term held by a product, sorted (UTF-16 order: the terms one word starts are contiguous). */
  private terms: string[] = [];
  /**
   * Each term's products, by slot: a list, not a set (most terms have one or a few products, and a set costs several
   * times a short list's memory; a product's terms are each put in once, so a list holds each slot once).
   */
  private readonly holders = new Map<string, number[]>();
  /** The same terms in a radix tree, for the look-alikes (the same lists). */
  private readonly tree = new SearchableMap<number[]>();
  /** Each product's slot and terms. */
  private readonly slots = new Map<string, { slot: number; terms: readonly string[] }>();
  private ids: string[] = [];
  private free: number[] = [];
  /** Each word's set of slots, and with its look-alikes: good until a product is added or removed. */
  private readonly plainSets = new Map<string, Uint32Array>();
  private readonly typoSets = new Map<string, Uint32Array>();
  private keptWords = 0;
  /** matchSet's answers, written over by each (one for plain matches, one with look-alikes). */
  private plainScratch = NO_SLOTS;
  private typoScratch = NO_SLOTS;
  /** Sets made, and sets given from those kept, for tests and the micro-benchmark; only ever added to. */
  made = 0;
  reused = 0;

  /** A new index of these products (their terms: what the tokenizer makes of each field, each once). */
  static of(products: Iterable<{ id: string; terms: readonly string[] }>): PrefixMatch {
    const match = new PrefixMatch();
    for (const { id, terms } of products) match.place(id, terms, false);
    match.terms = [...match.holders.keys()].sort(byCodeUnits);
    return match;
  }

  /** Puts a product in (again, after `remove`, when it changed). */
  add(id: string, terms: readonly string[]): void {
    this.remove(id);
    this.place(id, terms, true);
  }

  remove(id: string): void {
    const held = this.slots.get(id);
    if (!held) return;
    this.forget();
    this.slots.delete(id);
    this.free.push(held.slot);
    for (const term of held.terms) {
      const holders = this.holders.get(term) as number[];
      const at = holders.indexOf(held.slot);
      if (at >= 0) holders.splice(at, 1);
      if (holders.length === 0) {
        this.holders.delete(term);
        this.tree.delete(term);
        this.terms.splice(this.lowerBound(term), 1);
      }
    }
  }

  /**
   * The ids of the products that, for every word, hold a term starting with it, or (`typos`) a term a few letters off
   * it (typosAllowed); none for no words (nor for more than 255, as ever). In the order of their slots.
   */
  matching(words: readonly string[], typos = false): string[] {
    return this.idsOf(this.matchSet(words, typos));
  }

  /**
   * The products `matching` finds, as bits by slot: to count (`count`), to ask about one product (`has`) or to list
   * (`idsOf`) without listing them all. Never to be changed, and good only until the next matchSet with the same
   * `typos` (or a product added or removed): it is this instance's scratch array for them, written over by the next.
   * A new typed array per search (a copy of the first word's set to AND the others into) cost a quarter of a typed
   * text's CPU at 10,000 products: its memory is allocated outside the heap and zeroed, each time.
   */
  matchSet(words: readonly string[], typos = false): Uint32Array {
    if (words.length === 0 || words.length > 255) return NO_SLOTS;
    const size = (this.ids.length + 31) >>> 5;
    let found = typos ? this.typoScratch : this.plainScratch;
    if (found.length !== size) {
      found = new Uint32Array(size);
      if (typos) this.typoScratch = found;
      else this.plainScratch = found;
    }
    // copied before the next word's set is made: making one may let go of (and reuse) a kept set
    found.set(this.setOf(words[0] as string, typos));
    for (let w = 1; w < words.length; w += 1) {
      const set = this.setOf(words[w] as string, typos);
      for (let at = 0; at < size; at += 1) found[at] = (found[at] as number) & (set[at] as number);
    }
    return found;
  }

  /** How many products a match set holds. */
  count(set: Uint32Array): number {
    let count = 0;
    for (let at = 0; at < set.length; at += 1) {
      let bits = set[at] as number;
      bits -= (bits >>> 1) & 0x55555555;
      bits = (bits & 0x33333333) + ((bits >>> 2) & 0x33333333);
      count += (((bits + (bits >>> 4)) & 0x0f0f0f0f) * 0x01010101) >>> 24;
    }
    return count;
  }

  /** Whether the product `id` is in a match set. */
  has(set: Uint32Array, id: string): boolean {
    const held = this.slots.get(id);
    return held !== undefined && (((set[held.slot >>> 5] ?? 0) >>> (held.slot & 31)) & 1) === 1;
  }

  /** The ids of a match set's products, in the order of their slots. */
  idsOf(set: Uint32Array): string[] {
    const found: string[] = [];
    for (let at = 0; at < set.length; at += 1) {
      let bits = set[at] as number;
      while (bits !== 0) {
        const low = bits & -bits;
        found.push(this.ids[at * 32 + 31 - Math.clz32(low)] as string);
        bits ^= low;
      }
    }
    return found;
  }

  /** How many products hold `term` itself (not merely a term it starts). */
  holderCount(term: string): number {
    return this.holders.get(term)?.length ?? 0;
  }

  /** The ids of the products of a match set that hold `term` itself, in no particular order. */
  holding(term: string, set: Uint32Array): string[] {
    const found: string[] = [];
    for (const slot of this.holders.get(term) ?? []) if ((((set[slot >>> 5] ?? 0) >>> (slot & 31)) & 1) === 1) found.push(this.ids[slot] as string);
    return found;
  }

  /** The slots a word reaches (kept: never changed once made). */
  private setOf(word: string, typos: boolean): Uint32Array {
    const off = typos ? typosAllowed(word) : 0;
    const kept = off > 0 ? this.typoSets : this.plainSets;
    const set = kept.get(word);
    if (set) {
      this.reused += 1;
      return set;
    }
    this.made += 1;
    const made = this.room((this.ids.length + 31) >>> 5);
    const mark = (holders: readonly number[]) => {
      for (const slot of holders) made[slot >>> 5] = (made[slot >>> 5] as number) | (1 << (slot & 31));
    };
    for (let at = this.lowerBound(word); at < this.terms.length; at += 1) {
      const term = this.terms[at] as string;
      if (!term.startsWith(word)) break;
      mark(this.holders.get(term) as number[]);
    }
    if (off > 0) for (const [holders] of this.tree.fuzzyGet(word, off).values()) mark(holders);
    this.keptWords += made.length;
    kept.set(word, made);
    return made;
  }

  /**
   * A zeroed set of `size` words, room made for it under WORD_SET_WORDS: the sets kept longest go first (a hit moves
   * nothing: it costs one lookup), and one of them of the same size is zeroed and used again rather than a new one
   * allocated (at 100,000 products the kept sets are about 340 words' and a typed text's new word lets one go).
   */
  private room(size: number): Uint32Array {
    let spare: Uint32Array | undefined;
    for (const other of [this.plainSets, this.typoSets]) {
      for (const [oldest, old] of other) {
        if (this.keptWords + size <= WORD_SET_WORDS) break;
        other.delete(oldest);
        this.keptWords -= old.length;
        if (old.length === size) spare = old;
      }
    }
    return spare ? spare.fill(0) : new Uint32Array(size);
  }

  /** The products changed: every word's set may have. */
  private forget(): void {
    this.plainSets.clear();
    this.typoSets.clear();
    this.keptWords = 0;
  }

  private place(id: string, terms: readonly string[], sorted: boolean): void {
    this.forget();
    const slot = this.free.pop() ?? this.ids.length;
    this.ids[slot] = id;
    const own = [...new Set(terms)];
    this.slots.set(id, { slot, terms: own });
    for (const term of own) {
      let holders = this.holders.get(term);
      if (!holders) {
        this.holders.set(term, (holders = []));
        this.tree.set(term, holders);
        if (sorted) this.terms.splice(this.lowerBound(term), 0, term);
      }
      holders.push(slot);
    }
  }

  /** The first place whose term is not before `term`. */
  private lowerBound(term: string): number {
    let low = 0;
    let high = this.terms.length;
    while (low < high) {
      const middle = (low + high) >>> 1;
      if ((this.terms[middle] as string) < term) low = middle + 1;
      else high = middle;
    }
    return low;
  }
}

const NO_SLOTS = new Uint32Array(0);

const byCodeUnits = (a: string, b: string): number => (a < b ? -1 : a > b ? 1 : 0);
