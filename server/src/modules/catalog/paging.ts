// Reading one page of products: the rows and the counts the envelope carries beside them.
import type { Knex } from 'knex';
import type { PageInfo } from '@kade/shared';
import { toCount } from '../../db/database';
import { countQuery, pageQuery, type SortKey } from './product-sql';
import { readRows } from './prepared';
import type { ProductRow } from './wire';

export interface PageRequest {
  where: string;
  bindings: readonly Knex.RawBinding[];
  order: readonly SortKey[];
  page: number;
  limit: number;
  select?: string;
}

/** Pages needed for a count (at least 1, so an empty list is one empty page). */
export function totalPages(totalCount: number, limit: number): number {
  return Math.max(1, Math.ceil(totalCount / limit));
}

/** The statement of a page request (page 1 is the first). */
export function pageQueryFor(db: Knex | Knex.Transaction, request: PageRequest) {
  return pageQuery(db, {
    where: request.where,
    bindings: request.bindings,
    order: request.order,
    limit: request.limit,
    offset: (request.page - 1) * request.limit,
    ...(request.select ? { select: request.select } : {}),
  });
}

/** An empty page, for a request that cannot match anything. */
export function emptyPage(page: number, limit: number): { rows: ProductRow[]; page: PageInfo } {
  return { rows: [], page: { page, limit, totalCount: 0, totalPage: 1 } };
}

/**
 * One page in one statement (the count rides on each row); only a page past the end, which has no row to
 * carry it, costs a second query for the count.
 */
export async function readPage(db: Knex | Knex.Transaction, request: PageRequest): Promise<{ rows: ProductRow[]; page: PageInfo }> {
  const rows = await readRows(db, pageQueryFor(db, request));
  let totalCount = toCount(rows[0]?.total_count);
  if (rows.length === 0 && request.page > 1) {
    const counted = await readRows(db, countQuery(db, request.where, request.bindings));
    totalCount = toCount(counted[0]?.count);
  }
  return { rows, page: { page: request.page, limit: request.limit, totalCount, totalPage: totalPages(totalCount, request.limit) } };
}

/** The counts as top-level envelope fields. */
export function pageExtras(page: PageInfo): { page: number; limit: number; totalCount: number; totalPage: number } {
  return { page: page.page, limit: page.limit, totalCount: page.totalCount, totalPage: page.totalPage };
}
