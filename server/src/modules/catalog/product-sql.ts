// The catalogue's read queries. A page of products is one SQL statement: the page's ids in a CTE (one row
// more than the page shows, and a count capped at a limit), then each product's categories, sub-categories
// and links as json_agg subselects on those rows only. Every value travels as a binding; the SQL text is fixed.
import type { Knex } from 'knex';
import type { AdminProductSort, ListingCursor } from '@kade/shared';
import { stockOf } from './stock';
import type { ProductRow } from './wire';
import type { Db } from '../../db/database';

/**
 * A product a shopper may see: a parent product, published and not deleted. No stock condition: a sold-out product
 * stays on its shelves and in search, shown as sold out. The read model relies on it (search-index.ts `notice`): a
 * stock change then changes only the answers showing that product, and drops those alone; a stock condition here
 * would have it drop every answer at every sale.
 */
export const SHOP_PRODUCT = 'p.parent_id is null and p.deleted_at is null and p.publish';
/** A product the admin lists: a parent product not deleted (published or not). */
export const ADMIN_PRODUCT = 'p.parent_id is null and p.deleted_at is null';
/** A variation the admin lists: not deleted, and its parent not deleted. */
export const ADMIN_VARIATION = `p.parent_id is not null and p.deleted_at is null
  and exists (select 1 from products parent where parent.id = p.parent_id and parent.deleted_at is null)`;

const ROW_COLUMNS = `p.id, p.parent_id, p.name, p.name_si, p.name_ta, p.unit, p.images, p.price_paise, p.discount, ${stockOf('p')} as stock, p.total_stock,
  p.description, p.more_details, p.publish, p.single_quantity, p.barcode, p.sell_by, p.step_grams, p.min_grams, p.max_grams, p.scale_code,
  p.keywords, p.created_at, p.updated_at`;

const CATEGORY_LIST = `coalesce((
    select json_agg(json_build_object('_id', c.id, 'name', c.name, 'nameSi', c.name_si, 'nameTa', c.name_ta) order by lower(c.name), c.id)
    from product_categories pc join categories c on c.id = pc.category_id
    where pc.product_id = p.id), '[]'::json) as category_list`;

const SUB_CATEGORY_LIST = `coalesce((
    select json_agg(json_build_object('_id', s.id, 'name', s.name, 'nameSi', s.name_si, 'nameTa', s.name_ta) order by lower(s.name), s.id)
    from product_sub_categories ps join sub_categories s on s.id = ps.sub_category_id
    where ps.product_id = p.id), '[]'::json) as sub_category_list`;

const LINKED_IDS = `coalesce((
    select json_agg(l.linked_product_id order by l.linked_product_id)
    from product_links l join products lp on lp.id = l.linked_product_id
    where l.product_id = p.id and lp.deleted_at is null), '[]'::json) as linked_ids`;

const PARENT_NAME = '(select parent.name from products parent where parent.id = p.parent_id) as parent_name';

/** Everything a product answer needs, for a row aliased `p`. */
export const PRODUCT_SELECT = [ROW_COLUMNS, CATEGORY_LIST, SUB_CATEGORY_LIST, LINKED_IDS].join(',\n  ');
/** Everything a variation answer needs, for a row aliased `p`. */
export const VARIATION_SELECT = [ROW_COLUMNS, PARENT_NAME].join(',\n  ');

/** A variation as a json object with the column names of ProductRow, for json_agg inside a product. */
const VARIATION_JSON = `json_build_object(
    'id', v.id, 'parent_id', v.parent_id, 'parent_name', p.name, 'name', v.name, 'name_si', v.name_si, 'name_ta', v.name_ta,
    'unit', v.unit, 'images', v.images,
    'price_paise', v.price_paise, 'discount', v.discount, 'stock', ${stockOf('v')}, 'total_stock', v.total_stock,
    'description', v.description, 'more_details', v.more_details, 'publish', v.publish,
    'single_quantity', v.single_quantity, 'barcode', v.barcode, 'sell_by', v.sell_by, 'step_grams', v.step_grams, 'min_grams', v.min_grams,
    'max_grams', v.max_grams, 'scale_code', v.scale_code, 'created_at', v.created_at, 'updated_at', v.updated_at)`;

/** One sort key of a page: an SQL expression (with its bindings) and its direction. */
export interface SortKey {
  sql: string;
  bindings?: readonly Knex.RawBinding[];
  descending?: boolean;
}

/** Newest first, then by id so that pages never overlap. */
export const NEWEST_FIRST: readonly SortKey[] = [{ sql: 'p.created_at', descending: true }, { sql: 'p.id' }];

/**
 * The admin list's sorts (issue 36), each ending on the id so that pages never overlap. By name in byte order of the
 * lowercased name, which the products_name_prefix index gives; by price (cheapest first) and by stock (fewest first).
 */
export const ADMIN_SORTS: Readonly<Record<AdminProductSort, readonly SortKey[]>> = {
  newest: NEWEST_FIRST,
  name: [{ sql: 'lower(p.name) collate "C"' }, { sql: 'p.id' }],
  price: [{ sql: 'p.price_paise' }, { sql: 'p.id' }],
  stock: [{ sql: stockOf('p') }, { sql: 'p.id' }],
};

export interface PageQuery {
  /** A condition on `products p`, with `?` placeholders. */
  where: string;
  bindings: readonly Knex.RawBinding[];
  order: readonly SortKey[];
  /** Rows to answer (a page asks one more than it shows, to know whether another page follows). */
  limit: number;
  offset: number;
  /** PRODUCT_SELECT (the default) or VARIATION_SELECT. */
  select?: string;
  /**
   * The order is a ranking that no index gives (search). Then the page ranks candidates, never every match:
   * at most `prefixCandidates` names starting with the text (`prefix`: read in name order from their index,
   * so the exact name and the closest come first) and, for each of `samples` (conditions that together make
   * `where`, each answered by an index), the first `candidates` rows it finds. Each row answers `total_count`,
   * the number of candidates, and `total_exact`, whether they are every match.
   * Otherwise the order follows an index and the page reads only the rows up to its end.
   */
  ranked?: {
    /** `name`: the name column read in byte order (p.name, or p.name_si / p.name_ta: each has its own index). */
    prefix: { name: string; from: string; below: string };
    prefixCandidates: number;
    samples: ReadonlyArray<{ where: string; bindings: readonly Knex.RawBinding[] }>;
    candidates: number;
  };
  /**
   * Not ranked: count the matches, at most this many, when the page is full (`total_count` on each row, null
   * when the page is not full: then the rows before it and on it are all there is). Left out: no count.
   */
  countUpTo?: number;
  /**
   * The page is one shelf's (a category or sub-category, among other conditions in `where`) in NEWEST_FIRST order:
   * it walks that shelf's link index (`…_shelf_newest`, links carry their product's created_at) and stops after the
   * page, and the capped count reads the same links. Without it the page reads `products` in `order`.
   */
  shelf?: Shelf;
  /**
   * A shelf page that starts after this product (an earlier page's last, see ListingCursor) instead of at `offset`:
   * it reads from there in the shelf's index, so its cost is one page at any depth. Each row then also carries
   * `shelf_at`, its created_at to the microsecond, for the next cursor.
   */
  after?: ListingCursor;
}

/** A category's or a sub-category's links, which hold its products newest first in an index of their own. */
export interface Shelf {
  table: 'product_categories' | 'product_sub_categories';
  key: 'category_id' | 'sub_category_id';
  id: string;
}

export const categoryShelf = (id: string): Shelf => ({ table: 'product_categories', key: 'category_id', id });
export const subCategoryShelf = (id: string): Shelf => ({ table: 'product_sub_categories', key: 'sub_category_id', id });

/**
 * The product with this id, as a LATERAL subquery for the page's few rows: a plain join let a generic plan, which
 * guesses a page as a tenth of its matches, hash the whole catalogue to join a page of 9.
 */
const ONE_PRODUCT = (id: string) => `select * from products p where p.id = ${id} limit 1`;

/**
 * The rows of `products p` matching `where`, read through a shelf's links when given: each link, newest first, takes
 * its product through a LATERAL subquery with LIMIT 1, which PostgreSQL cannot merge into a join. The only ways left
 * to it are to walk the links in the index's order and stop at the page's end, or to probe every link and sort;
 * probing fewer costs less under any estimate, so even a generic plan that guesses a LIMIT parameter as a tenth of
 * the shelf walks (a plain join let it hash the whole shelf and sort it). Its bindings:
 * `where`'s, then the shelf's id (`shelfIs`, a binding unless said).
 */
function productsOf(where: string, shelf: Pick<Shelf, 'table' | 'key'> | undefined, shelfIs = '?'): string {
  if (!shelf) return `products p\n  where ${where}`;
  return `${shelf.table} shelf
  cross join lateral (select p.id, p.created_at from products p where p.id = shelf.product_id and ${where} limit 1) p
  where shelf.${shelf.key} = ${shelfIs}`;
}

/** Names (`name`: p.name, p.name_si or p.name_ta) from `from` (inclusive) to `below` (exclusive), in byte order: the products_name(_si|_ta)_prefix index. */
const nameInRange = (name: string) => `lower(${name}) collate "C" >= ? and lower(${name}) collate "C" < ?`;
const nameOrder = (name: string) => `lower(${name}) collate "C"`;

/** A ranked page: candidates with their sort keys (computed only for the rows read), then the page of them. */
function rankedPage(query: PageQuery & { ranked: NonNullable<PageQuery['ranked']> }, keys: string, inner: string) {
  const { ranked } = query;
  const orderBindings = query.order.flatMap((key) => key.bindings ?? []);
  // Each sample is materialized, so it is planned to read all its rows through its index (a bitmap) and yet
  // read lazily: taking its first rows stops the heap scan there. `starts` takes the first names in the
  // prefix range in index order, and only then checks that they match.
  const samples = ranked.samples.map(
    (sample, i) => `sample_${i} as materialized (
  select p.id, ${keys}
  from products p
  where ${sample.where}
)`,
  );
  const sql = `with ${samples.join(',\n')},
starts as materialized (
  select p.id, ${keys}
  from (
    select p.* from products p
    where ${nameInRange(ranked.prefix.name)}
    order by ${nameOrder(ranked.prefix.name)}
    limit ?
  ) p
  where ${query.where}
),
candidates as materialized (
  select * from starts
${ranked.samples.map((_, i) => `  union\n  (select * from sample_${i} limit ?)`).join('\n')}
),
page as (
  select * from candidates
  order by ${inner}
  limit ? offset ?
)`;
  const bindings = [
    ...ranked.samples.flatMap((sample) => [...orderBindings, ...sample.bindings]),
    ...orderBindings,
    ranked.prefix.from,
    ranked.prefix.below,
    ranked.prefixCandidates,
    ...query.bindings,
    ...ranked.samples.map(() => ranked.candidates),
    query.limit,
    query.offset,
  ];
  const exact = ranked.samples.map((_, i) => `(select count(*) from (select 1 from sample_${i} limit ?) counted) <= ?`).join(' and ');
  const count = `,
  (select count(*) from candidates) as total_count,
  ${exact} as total_exact`;
  return { ctes: sql, bindings, count, countBindings: ranked.samples.flatMap(() => [ranked.candidates + 1, ranked.candidates]) };
}

/**
 * One page of products as one statement. The CTEs pick the page's ids in order (LIMIT and OFFSET, never a
 * count of every match); only those rows get their lists built. With `countUpTo`, a full page also counts the
 * matches, stopping at that many (a LIMITed subquery, evaluated only when the page is full).
 */
export function pageQuery(db: Db, query: PageQuery): Knex.Raw<{ rows: ProductRow[] }> {
  const keys = query.order.map((key, i) => `${key.sql} as sort_${i}`).join(', ');
  const inner = query.order.map((key, i) => `sort_${i}${key.descending ? ' desc' : ''}`).join(', ');
  const outer = query.order.map((key, i) => `page.sort_${i}${key.descending ? ' desc' : ''}`).join(', ');
  const { ranked } = query;
  if (ranked) {
    const page = rankedPage({ ...query, ranked }, keys, inner);
    const sql = `${page.ctes}
select ${query.select ?? PRODUCT_SELECT}${page.count}
from page cross join lateral (${ONE_PRODUCT('page.id')}) p
order by ${outer}`;
    return db.raw(sql, [...page.bindings, ...page.countBindings]);
  }
  const { shelf } = query;
  if (shelf && query.order !== NEWEST_FIRST) throw new Error('A shelf page is read newest first');
  if (query.after && (!shelf || query.offset !== 0)) throw new Error('A cursor starts a shelf page, in place of an offset');
  const source = productsOf(query.where, shelf);
  const sourceBindings = [...query.bindings, ...(shelf ? [shelf.id] : [])];
  // A shelf's first pages carry their numbers in the text, so the generic plan knows them (see SHELF_TEXT_OFFSETS);
  // so does every page after a cursor (its offset is 0, and a page's size is one of a few).
  const inText = shelf !== undefined && query.offset <= SHELF_TEXT_OFFSETS;
  const number = (value: number) => (inText ? wholeNumber(value) : '?');
  const numbers = (...values: number[]) => (inText ? [] : values);
  const count =
    query.countUpTo === undefined
      ? ''
      : `,
  case when (select count(*) from page) >= ${number(query.limit)} then (select count(*) from (select 1 from ${source} limit ${number(query.countUpTo)}) counted) end as total_count`;
  const orderBindings = query.order.flatMap((key) => key.bindings ?? []);
  const countBindings = query.countUpTo === undefined ? [] : [...numbers(query.limit), ...sourceBindings, ...numbers(query.countUpTo)];
  const select = `select ${query.select ?? PRODUCT_SELECT}${count}${shelf ? `,
  ${SHELF_AT} as shelf_at` : ''}
from page cross join lateral (${ONE_PRODUCT('page.id')}) p
order by ${outer}`;
  if (shelf && query.after) {
    // Two walks of the shelf's index, each stopping after a page: the rest of the cursor's own instant (a bulk
    // import gives thousands of products one created_at), then everything older. Neither needs a filter to find
    // its start, so a page after any cursor costs the same.
    const limit = wholeNumber(query.limit);
    const sql = `with page as (
  select * from (
    (select p.id, ${keys}
    from ${source} and shelf.product_created_at = ?::timestamptz and shelf.product_id > ?::uuid
    order by shelf.product_id
    limit ${limit})
    union all
    (select p.id, ${keys}
    from ${source} and shelf.product_created_at < ?::timestamptz
    order by shelf.product_created_at desc, shelf.product_id
    limit ${limit})
  ) after_cursor
  order by ${inner}
  limit ${limit}
)
${select}`;
    const { at, id } = query.after;
    return db.raw(sql, [...orderBindings, ...sourceBindings, at, id, ...orderBindings, ...sourceBindings, at, ...countBindings]);
  }
  const sql = `with page as (
  select p.id, ${keys}
  from ${source}
  order by ${shelf ? 'shelf.product_created_at desc, shelf.product_id' : inner}
  limit ${number(query.limit)} offset ${number(query.offset)}
)
${select}`;
  return db.raw(sql, [...orderBindings, ...sourceBindings, ...numbers(query.limit, query.offset), ...countBindings]);
}

/** A created_at (an SQL expression) as a cursor carries it: UTC, to the microsecond PostgreSQL keeps. */
function shelfAtOf(column: string): string {
  return `to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`;
}

/** A shelf page row's created_at as a cursor carries it. */
const SHELF_AT = shelfAtOf('page.sort_0');

/**
 * A shelf page up to this offset (20 pages of 8) writes its LIMIT and OFFSET into the statement's text instead of
 * binding them. PostgreSQL guesses a bound LIMIT or OFFSET as a tenth of the matches, so the generic plan of the
 * prepared statement looked dearer than planning afresh and every request was planned again (about 2 ms, more
 * than running the page); with the numbers in the text the generic plan is priced right and kept. Each depth is a
 * text of its own, prepared once per connection: deeper pages, which few shoppers reach, share one bound text so
 * that a crawler walking every page cannot prepare a statement per page on every connection.
 */
export const SHELF_TEXT_OFFSETS = 160;

/** A whole number for a statement's text, refused if it is anything else (it is never a shopper's text). */
function wholeNumber(value: number): string {
  if (!Number.isSafeInteger(value) || value < 0) throw new RangeError(`not a whole number: ${value}`);
  return String(value);
}

/**
 * How many products match a condition (on a shelf's links when given), counting at most `upTo` (for a page past
 * the end, which has no row to carry it).
 */
export function countQuery(db: Db, where: string, bindings: readonly Knex.RawBinding[], upTo: number, shelf?: Shelf): Knex.Raw<{ rows: Array<{ count: number | string }> }> {
  return db.raw(`select count(*) as count from (select 1 from ${productsOf(where, shelf)} limit ?) counted`, [...bindings, ...(shelf ? [shelf.id] : []), upTo]);
}

/** Products by id (any state), with their lists. */
export function productsByIdQuery(db: Db, ids: readonly string[]): Knex.Raw<{ rows: ProductRow[] }> {
  return db.raw(`select ${PRODUCT_SELECT} from products p where p.id in (${placeholders(ids)})`, [...ids]);
}

/** A live variation (not deleted, nor its parent), published or not, with its parent's name. */
export function liveVariationQuery(db: Db, id: string): Knex.Raw<{ rows: ProductRow[] }> {
  return db.raw(`select ${VARIATION_SELECT} from products p where p.id = ? and ${ADMIN_VARIATION}`, [id]);
}

/**
 * The admin's list (issue 36): a product with its live variations, published or not, oldest first, as json_agg on
 * the page's rows only (the parent_id index), so a page of products and their variations is still one statement.
 */
export const ADMIN_PRODUCT_SELECT = `${PRODUCT_SELECT},
  coalesce((
    select json_agg(${VARIATION_JSON} order by v.created_at, v.id)
    from products v
    where v.parent_id = p.id and v.deleted_at is null), '[]'::json) as variation_list`;

/** A product's published variations, oldest first, as `variation_list` (the sheet sorts them dearest first). */
const PUBLISHED_VARIATIONS = `coalesce((
    select json_agg(${VARIATION_JSON} order by v.created_at, v.id)
    from products v
    where v.parent_id = p.id and v.deleted_at is null and v.publish), '[]'::json) as variation_list`;

/**
 * The product sheet: one visible product with its lists and its published variations, in one statement. One
 * fixed text whose one value is the product's id, so the shop's read sends it as it is (prepared.ts
 * `statementRows`), without knex building and numbering it on every request.
 */
export const PRODUCT_DETAILS_SQL = `select ${PRODUCT_SELECT},
  ${PUBLISHED_VARIATIONS}
from products p
where p.id = ? and ${SHOP_PRODUCT}`;

/**
 * Everything the shop's reads need of a product, for the in-memory read model (search-index.ts): its answer, its
 * sheet's published variations (as PRODUCT_DETAILS_SQL reads them) and its created_at as a cursor carries it.
 */
export const SHOP_MODEL_SELECT = `${PRODUCT_SELECT},
  ${PUBLISHED_VARIATIONS},
  ${shelfAtOf('p.created_at')} as shelf_at`;

/** PRODUCT_DETAILS_SQL as a knex statement (the benchmark's baseline sends the same text). */
export function productDetailsQuery(db: Db, productId: string): Knex.Raw<{ rows: ProductRow[] }> {
  return db.raw(PRODUCT_DETAILS_SQL, [productId]);
}

/**
 * The home page's category strips in one statement: the first `perCategory` visible products (newest first)
 * of each category given, tagged with the category. Each strip walks its category's links newest first and stops
 * after its products (the category's `_shelf_newest` index), so the home costs the same at any catalogue size.
 */
export function stripsQuery(
  db: Db,
  categoryIds: readonly string[],
  perCategory: number,
): Knex.Raw<{ rows: Array<ProductRow & { strip_category_id: string }> }> {
  return db.raw(
    `select strip.category_id as strip_category_id, ${PRODUCT_SELECT}
from (select c.id as category_id from categories c where c.id in (${placeholders(categoryIds)})) strip
cross join lateral (
  select shelf.product_id, shelf.product_created_at
  from ${productsOf(SHOP_PRODUCT, { table: 'product_categories', key: 'category_id' }, 'strip.category_id')}
  order by shelf.product_created_at desc, shelf.product_id
  limit ${wholeNumber(perCategory)}
) top
cross join lateral (${ONE_PRODUCT('top.product_id')}) p
order by strip.category_id, top.product_created_at desc, top.product_id`,
    [...categoryIds],
  );
}

/** `?, ?, ?` for a list of bindings (the list is never empty where this is used). */
export function placeholders(values: readonly Knex.RawBinding[]): string {
  return values.map(() => '?').join(', ');
}
