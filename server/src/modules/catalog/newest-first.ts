// A list of products kept newest first (created_at to the microsecond, then id: NEWEST_FIRST and the shelves' link
// indexes), for the read model (search-index.ts, issue 37 item 3): each shelf, each category, each sub-category, the
// single-quantity products and All Products keep one, changed in place when a product is read again (a binary search
// and one splice), so that a page by number costs its own entries, a page after a cursor one binary search more, and
// the first products of several lists (the home's deals) a merge of their heads: the same at 1k or 100k products.

/** A product's place in the order: its created_at as a cursor carries it ('YYYY-MM-DDTHH:MM:SS.ffffffZ') and its id. */
export interface Placed {
  at: string;
  id: string;
}

/** Newest first, then by id (uuids compare as PostgreSQL compares them: their lowercase text's order). */
export const newestFirst = (a: Placed, b: Placed): number => (a.at > b.at ? -1 : a.at < b.at ? 1 : a.id < b.id ? -1 : a.id > b.id ? 1 : 0);

/**
 * Entries the reads looked at (binary search probes and entries read or skipped), for tests to show a page's cost
 * without a clock; only ever added to.
 */
export const visits = { count: 0 };

export class NewestFirst {
  private readonly keys: Placed[];

  private constructor(keys: Placed[]) {
    this.keys = keys;
  }

  /** A list of these products (in any order; an id given twice is kept once). */
  static of(keys: readonly Placed[]): NewestFirst {
    const sorted = [...keys].sort(newestFirst);
    return new NewestFirst(sorted.filter((key, i) => i === 0 || newestFirst(sorted[i - 1] as Placed, key) !== 0));
  }

  static empty(): NewestFirst {
    return new NewestFirst([]);
  }

  get length(): number {
    return this.keys.length;
  }

  /** Where `key` is, or would go: the first entry not before it. */
  private lowerBound(key: Placed): number {
    let low = 0;
    let high = this.keys.length;
    while (low < high) {
      const middle = (low + high) >>> 1;
      visits.count += 1;
      if (newestFirst(this.keys[middle] as Placed, key) < 0) low = middle + 1;
      else high = middle;
    }
    return low;
  }

  /** Puts a product in its place (nothing when it is there already); the key is kept, and must never be changed. */
  add(key: Placed): void {
    const at = this.lowerBound(key);
    const there = this.keys[at];
    if (there && newestFirst(there, key) === 0) return;
    this.keys.splice(at, 0, key);
  }

  /** Takes a product out, found by the place it was put in with. */
  remove(key: Placed): void {
    const at = this.lowerBound(key);
    const there = this.keys[at];
    if (there && newestFirst(there, key) === 0) this.keys.splice(at, 1);
  }

  /** Where the list goes on after a cursor: its first product older than the cursor's, or as old with a greater id. */
  after(cursor: Placed): number {
    const at = this.lowerBound(cursor);
    const there = this.keys[at];
    return there && newestFirst(there, cursor) === 0 ? at + 1 : at;
  }

  /** The ids from `start` up to `end` (excluded), as Array.slice: what a page reads. */
  slice(start = 0, end = this.keys.length): string[] {
    const read = this.keys.slice(start, end);
    visits.count += read.length;
    return read.map((key) => key.id);
  }

  /** The key at a place (undefined past the end). */
  at(place: number): Placed | undefined {
    return this.keys[place];
  }
}

/**
 * The first `limit` products of several lists together, newest first, each once (the home's deals: single-quantity,
 * in category Special, or in sub-category Deal): a merge of the lists' heads, reading at most `limit` entries of each
 * list and comparing each pick against one head per list.
 */
export function firstOfEach(lists: readonly NewestFirst[], limit: number): string[] {
  const places = lists.map(() => 0);
  const ids: string[] = [];
  let last: Placed | undefined;
  while (ids.length < limit) {
    let best = -1;
    let bestKey: Placed | undefined;
    for (let i = 0; i < lists.length; i += 1) {
      const key = (lists[i] as NewestFirst).at(places[i] as number);
      if (!key) continue;
      visits.count += 1;
      if (!bestKey || newestFirst(key, bestKey) < 0) {
        best = i;
        bestKey = key;
      }
    }
    if (!bestKey) break;
    places[best] = (places[best] as number) + 1;
    // the same product on two lists comes up twice in a row: kept once
    if (last && newestFirst(last, bestKey) === 0) continue;
    ids.push(bestKey.id);
    last = bestKey;
  }
  return ids;
}
