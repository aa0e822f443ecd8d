import { describe, expect, it } from 'vitest';
import { countLimit, pageInfo, TOTAL_COUNT_CAP } from './paging';

describe('pageInfo: the counts of a page from one row past it and a capped count', () => {
  it.each([
    // [page, limit, rows read (limit + 1 when more follow), capped count or undefined, expected]
    ['a last page that is not full counts what came before and on it', 3, 8, 5, undefined, { totalCount: 21, totalPage: 3, hasMore: false, totalCountExact: true }],
    ['a full page with nothing after it', 1, 8, 8, undefined, { totalCount: 8, totalPage: 1, hasMore: false, totalCountExact: true }],
    ['an empty first page', 1, 8, 0, undefined, { totalCount: 0, totalPage: 1, hasMore: false, totalCountExact: true }],
    ['more follow, counted exactly below the cap', 1, 8, 9, 20, { totalCount: 20, totalPage: 3, hasMore: true, totalCountExact: true }],
    ['more follow, exactly the cap', 1, 8, 9, TOTAL_COUNT_CAP, { totalCount: TOTAL_COUNT_CAP, totalPage: 125, hasMore: true, totalCountExact: true }],
    ['more follow, past the cap', 1, 8, 9, TOTAL_COUNT_CAP + 1, { totalCount: TOTAL_COUNT_CAP, totalPage: 125, hasMore: true, totalCountExact: false }],
    ['a page past the end, counted by a second statement', 9, 8, 0, 21, { totalCount: 21, totalPage: 3, hasMore: false, totalCountExact: true }],
  ] as const)('%s', (_name, page, limit, rows, counted, expected) => {
    expect(pageInfo({ page, limit }, rows, counted)).toEqual({ page, limit, ...expected });
  });

  it('never says the last page is behind a page that has more after it', () => {
    // page 200 of 8 is past the cap of 1000: the count reaches the end of the page and one more
    const page = 200;
    const info = pageInfo({ page, limit: 8 }, 9, countLimit(page, 8) + 1);
    expect(info).toMatchObject({ hasMore: true, totalCountExact: false, totalCount: 1600 });
    expect(info.totalPage).toBeGreaterThan(page);
  });

  it('counts at least to the end of the page asked for', () => {
    expect(countLimit(1, 8)).toBe(TOTAL_COUNT_CAP);
    expect(countLimit(1, 10_000)).toBe(10_000);
    expect(countLimit(200, 8)).toBe(1600);
    expect(countLimit(1, 8, 120)).toBe(120);
    expect(countLimit(20, 8, 120)).toBe(160);
  });
});

describe('a page that ends past the cap', () => {
  it('says "at least to the end of this page" without a count, exactly as a count would', () => {
    const request = { page: 20, limit: 8, countCap: 120 };
    expect(pageInfo(request, 9, undefined)).toEqual({ page: 20, limit: 8, totalCount: 160, totalPage: 21, hasMore: true, totalCountExact: false });
    expect(pageInfo(request, 9, undefined)).toEqual(pageInfo(request, 9, countLimit(20, 8, 120) + 1));
    // the last page, full with nothing after it, is the whole count
    expect(pageInfo(request, 8, undefined)).toMatchObject({ totalCount: 160, totalCountExact: true, hasMore: false });
  });
});
