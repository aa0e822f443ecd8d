// The read model's lists kept newest first (issue 37 item 3, newest-first.ts): changed in place, they stay in the
// order a full sort gives, and a page by number, a page after a cursor and the home's deals read only their own
// entries and a binary search, whether the list holds 1,000 products or 100,000. Cost is counted in entries looked
// at (`visits`), never timed.
import { describe, expect, it } from 'vitest';
import { firstOfEach, NewestFirst, newestFirst, visits, type Placed } from '../src/modules/catalog/newest-first';
import { LISTING_COUNT_CAP, memoryPage } from '../src/modules/catalog/paging';

/** A seeded generator (mulberry32), so every run builds the same lists. */
function random(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state + 0x6d2b79f5) | 0;
    let t = Math.imul(state ^ (state >>> 15), 1 | state);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** `n` products: a uuid-like id each, created in bursts that share an instant (a bulk import), in shuffled order. */
function products(n: number, seed: number): Placed[] {
  const next = random(seed);
  const hex = () => Math.floor(next() * 0x100000000).toString(16).padStart(8, '0');
  const base = Date.parse('2026-01-01T00:00:00Z');
  return Array.from({ length: n }, (_, i) => ({
    at: new Date(base + Math.floor(i / 7) * 1000).toISOString().replace('Z', '000Z'),
    id: `${hex()}-${hex().slice(0, 4)}-4${hex().slice(0, 3)}-8${hex().slice(0, 3)}-${hex()}${hex().slice(0, 4)}`,
  })).sort(() => next() - 0.5);
}

/** Entries looked at while `read` runs. */
function cost<T>(read: () => T): { result: T; visited: number } {
  const before = visits.count;
  const result = read();
  return { result, visited: visits.count - before };
}

const LIMIT = 8;

describe('a list kept newest first', () => {
  it('stays in the order of a full sort as products are added, moved and taken out one by one', () => {
    const all = products(2000, 1);
    const list = NewestFirst.empty();
    for (const key of all.slice(0, 1500)) list.add(key);
    // added twice: kept once
    for (const key of all.slice(0, 10)) list.add(key);
    // taken out: a third of them; the rest added after
    for (const key of all.slice(0, 500)) list.remove(key);
    for (const key of all.slice(1500)) list.add(key);
    // one edited to a new instant: out at its old place, in at its new one
    const moved = all[700] as Placed;
    list.remove(moved);
    const newer = { at: '2027-01-01T00:00:00.000000Z', id: moved.id };
    list.add(newer);
    const expected = [...all.slice(500, 700), newer, ...all.slice(701)].sort(newestFirst).map((key) => key.id);
    expect(list.length).toBe(1500);
    expect(list.slice()).toEqual(expected);
    expect(list.slice()[0]).toBe(moved.id);
    expect(NewestFirst.of([...all.slice(500, 700), newer, ...all.slice(701), ...all.slice(600, 650)]).slice()).toEqual(expected);
  });

  it('answers every page by number and after every cursor as the sorted array does', () => {
    const all = products(1000, 2);
    const list = NewestFirst.of(all);
    const sorted = [...all].sort(newestFirst);
    const ids = sorted.map((key) => key.id);
    for (let page = 1; page <= Math.ceil(all.length / LIMIT) + 1; page += 1) {
      const request = { page, limit: LIMIT, countCap: LISTING_COUNT_CAP };
      expect(memoryPage(request, list, (page - 1) * LIMIT)).toEqual(memoryPage(request, ids, (page - 1) * LIMIT));
    }
    for (const [i, cursor] of sorted.entries()) expect(list.after(cursor)).toBe(i + 1);
    // a cursor of a product no longer on the list: the first one after its place
    const gone = { at: sorted[10]?.at as string, id: `${sorted[10]?.id}0` };
    expect(list.after(gone)).toBe(ids.findIndex((_, i) => newestFirst(sorted[i] as Placed, gone) > 0));
  });

  it('reads a page by number, a page after a cursor and the deals in as many entries at 100,000 products as at 1,000', () => {
    const visitedAt = new Map<number, { byNumber: number; byCursor: number; deals: number }>();
    for (const n of [1000, 10_000, 100_000]) {
      const all = products(n, n);
      const list = NewestFirst.of(all);
      const sorted = [...all].sort(newestFirst);
      const logN = Math.ceil(Math.log2(n + 1));
      let byNumber = 0;
      let byCursor = 0;
      for (const place of [0, Math.floor(n / 2), n - LIMIT - 1]) {
        const page = Math.floor(place / LIMIT) + 1;
        const request = { page, limit: LIMIT, countCap: LISTING_COUNT_CAP };
        // by number: the page and one more, nothing else
        const numbered = cost(() => memoryPage(request, list, (page - 1) * LIMIT));
        expect(numbered.result.rows).toEqual(sorted.slice((page - 1) * LIMIT, page * LIMIT).map((key) => key.id));
        expect(numbered.visited).toBeLessThanOrEqual(LIMIT + 1);
        byNumber = Math.max(byNumber, numbered.visited);
        // after a cursor: a binary search for its place, then the page and one more
        const cursor = sorted[place] as Placed;
        const after = cost(() => memoryPage(request, list, list.after(cursor)));
        expect(after.result.rows).toEqual(sorted.slice(place + 1, place + 1 + LIMIT).map((key) => key.id));
        expect(after.visited).toBeLessThanOrEqual(LIMIT + 1 + logN);
        byCursor = Math.max(byCursor, after.visited);
      }
      // the deals: three lists (single-quantity, a category, a sub-category) of a tenth of the products each, overlapping
      const lists = [0, 1, 2].map((k) => NewestFirst.of(all.filter((_, i) => i % 10 === k || i % 15 === 0)));
      const deals = cost(() => firstOfEach(lists, 20));
      const union = new Set(lists.flatMap((one) => one.slice()));
      const expected = sorted.map((key) => key.id).filter((id) => union.has(id)).slice(0, 20);
      expect(deals.result).toEqual(expected);
      // each pick compares one head per list; a product on two lists is picked and skipped once more
      expect(deals.visited).toBeLessThanOrEqual(3 * 20 * 3);
      visitedAt.set(n, { byNumber, byCursor, deals: deals.visited });
    }
    const small = visitedAt.get(1000);
    const large = visitedAt.get(100_000);
    // at 100 times the products: the same page reads, and a cursor's search only the few probes that log2 adds
    expect(large?.byNumber).toBe(small?.byNumber);
    expect((large?.byCursor ?? Infinity) - (small?.byCursor ?? 0)).toBeLessThanOrEqual(Math.ceil(Math.log2(100)) + 1);
    expect(large?.deals).toBeLessThanOrEqual(3 * 20 * 3);
  });

  it('changes a product in place in as many probes as a binary search, plus the move of the entries after it', () => {
    const all = products(100_000, 3);
    const list = NewestFirst.of(all.slice(1));
    const added = cost(() => list.add(all[0] as Placed));
    expect(added.visited).toBeLessThanOrEqual(Math.ceil(Math.log2(100_001)));
    expect(list.length).toBe(100_000);
    const removed = cost(() => list.remove(all[0] as Placed));
    expect(removed.visited).toBeLessThanOrEqual(Math.ceil(Math.log2(100_001)));
    expect(list.length).toBe(99_999);
    expect(list.slice().includes((all[0] as Placed).id)).toBe(false);
  });
});
