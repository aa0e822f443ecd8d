// Reading one page of products: the rows and the counts the envelope carries beside them. A page costs the
// same wherever it is and however many products match: it reads one row more than it shows (so `hasMore`
// is exact) and counts the matches only up to a cap.
import type { Knex } from 'knex';
import type { ListingCursor, PageInfo } from '@kade/shared';
import { toCount, type Db } from '../../db/database';
import { countQuery, pageQuery, type PageQuery, type Shelf, type SortKey } from './product-sql';
import { readRows } from '../../db/prepared';
import type { ProductRow } from './wire';

/**
 * `totalCount` is exact up to this many matches (or up to the end of the page asked for, when that is
 * further); beyond it the answer says `totalCountExact: false` and the count is the cap: "1000+ results".
 */
export const TOTAL_COUNT_CAP = 1000;

/**
 * A shop listing counts only this far (15 pages of 8): its screen scrolls on `hasMore` and shows no total, and
 * counting a thousand products of the All Products shelf took longer than reading the page itself (3.6 ms
 * against 1.7 ms inside PostgreSQL on a 10k catalogue), so the largest shelf served a third of a small one.
 */
export const LISTING_COUNT_CAP = 120;

export interface PageRequest {
  where: string;
  bindings: readonly Knex.RawBinding[];
  order: readonly SortKey[];
  page: number;
  limit: number;
  select?: string;
  /** The order is a ranking no index gives (search): see PageQuery.ranked. */
  ranked?: PageQuery['ranked'];
  /** Where counting stops (TOTAL_COUNT_CAP unless said). */
  countCap?: number;
  /** One shelf's page, newest first, read from its links' index: see PageQuery.shelf. */
  shelf?: Shelf;
  /** A shelf page that starts after this product, not at its page's offset: see PageQuery.after. */
  after?: ListingCursor;
}

/** Pages needed for a count (at least 1, so an empty list is one empty page). */
export function totalPages(totalCount: number, limit: number): number {
  return Math.max(1, Math.ceil(totalCount / limit));
}

/** Where counting stops for a page: the cap, or the end of this page when that is further. */
export function countLimit(page: number, limit: number, cap = TOTAL_COUNT_CAP): number {
  return Math.max(cap, page * limit);
}

/**
 * Whether a full page needs a count at all: not once the page ends at or past the cap, where a full page with
 * more after it can only say "at least this many", which reading one row past the page already tells.
 */
function countsMatches(request: Pick<PageRequest, 'page' | 'limit' | 'countCap'>): boolean {
  return request.page * request.limit < (request.countCap ?? TOTAL_COUNT_CAP);
}

/** The statement of a page request (page 1 is the first): one row more than the page, and the capped count. */
export function pageQueryFor(db: Db, request: PageRequest) {
  return pageQuery(db, {
    where: request.where,
    bindings: request.bindings,
    order: request.order,
    limit: request.limit + 1,
    offset: request.after ? 0 : (request.page - 1) * request.limit,
    // one more than the cap, to tell "exactly the cap" from "more than the cap"
    ...(countsMatches(request) ? { countUpTo: countLimit(request.page, request.limit, request.countCap) + 1 } : {}),
    ...(request.select ? { select: request.select } : {}),
    ...(request.ranked ? { ranked: request.ranked } : {}),
    ...(request.shelf ? { shelf: request.shelf } : {}),
    ...(request.after ? { after: request.after } : {}),
  });
}

/** An empty page, for a request that cannot match anything. */
export function emptyPage(page: number, limit: number): { rows: ProductRow[]; page: PageInfo } {
  return { rows: [], page: { page, limit, totalCount: 0, totalPage: 1, hasMore: false, totalCountExact: true } };
}

/** A ranked page's counts: how many candidates it ranks, and whether they are every match. */
export function rankedPageInfo(request: Pick<PageRequest, 'page' | 'limit'>, rowsRead: number, candidates: number, every: boolean): PageInfo {
  const { page, limit } = request;
  const hasMore = rowsRead > limit;
  const totalPage = Math.max(totalPages(candidates, limit), hasMore ? page + 1 : 1);
  return { page, limit, totalCount: candidates, totalPage, hasMore, totalCountExact: every };
}

/** The page's counts from what was read: the rows (one past the page when more follow) and a capped count. */
export function pageInfo(request: Pick<PageRequest, 'page' | 'limit' | 'countCap'>, rowsRead: number, counted: number | undefined): PageInfo {
  const { page, limit } = request;
  const hasMore = rowsRead > limit;
  const cap = countLimit(page, limit, request.countCap);
  // A page that is not full ends the list: everything before it and on it is the whole count.
  const seen = (page - 1) * limit + Math.min(rowsRead, limit);
  const totalCount = hasMore ? Math.min(counted ?? cap + 1, cap) : counted !== undefined ? Math.min(counted, cap) : seen;
  const totalCountExact = hasMore ? (counted ?? cap + 1) <= cap : counted === undefined || counted <= cap;
  const totalPage = Math.max(totalPages(totalCount, limit), hasMore ? page + 1 : 1);
  return { page, limit, totalCount, totalPage, hasMore, totalCountExact };
}

/**
 * One page in one statement (the capped count rides on each row of a full page); only a page past the end,
 * which has no row to carry it, costs a second statement for the count.
 */
export async function readPage(db: Db, request: PageRequest): Promise<{ rows: ProductRow[]; page: PageInfo }> {
  const rows = await readRows(db, pageQueryFor(db, request));
  if (request.ranked) {
    // Every row carries the counts; a page past the end has none, and asks once more for them.
    const [counts] = rows.length > 0 ? rows : await readRows(db, pageQueryFor(db, { ...request, page: 1 }));
    const info = rankedPageInfo(request, rows.length, toCount(counts?.total_count), counts?.total_exact !== false);
    return { rows: rows.slice(0, request.limit), page: info };
  }
  let counted = rows[0]?.total_count === null || rows[0]?.total_count === undefined ? undefined : toCount(rows[0].total_count);
  if (rows.length === 0 && request.page > 1) {
    const found = await readRows(db, countQuery(db, request.where, request.bindings, countLimit(request.page, request.limit, request.countCap) + 1, request.shelf));
    counted = toCount(found[0]?.count);
  }
  return { rows: rows.slice(0, request.limit), page: pageInfo(request, rows.length, counted) };
}

/** A list in a page's order: an array, or the read model's NewestFirst (newest-first.ts). */
export interface Ordered<T> {
  readonly length: number;
  slice(start: number, end: number): T[];
}

/**
 * readPage's answer for a list kept in memory in the page's order (the read model, search-index.ts): the same rows
 * and the same counts, by the same rules (one row past the page read; the capped count taken where the statement
 * takes it: on a full page with more after it while the page ends before the cap, or on a page past the end).
 * `start` is where the page starts in `ordered` (its offset, or the place after a cursor).
 */
export function memoryPage<T>(request: Pick<PageRequest, 'page' | 'limit' | 'countCap'>, ordered: Ordered<T>, start: number): { rows: T[]; page: PageInfo } {
  const read = ordered.slice(start, start + request.limit + 1);
  const upTo = countLimit(request.page, request.limit, request.countCap) + 1;
  const counts = (read.length > request.limit && countsMatches(request)) || (read.length === 0 && request.page > 1);
  return { rows: read.slice(0, request.limit), page: pageInfo(request, read.length, counts ? Math.min(ordered.length, upTo) : undefined) };
}

/** The counts as top-level envelope fields. */
export function pageExtras(page: PageInfo): { page: number; limit: number; totalCount: number; totalPage: number; hasMore: boolean; totalCountExact: boolean } {
  return { page: page.page, limit: page.limit, totalCount: page.totalCount, totalPage: page.totalPage, hasMore: page.hasMore, totalCountExact: page.totalCountExact };
}
