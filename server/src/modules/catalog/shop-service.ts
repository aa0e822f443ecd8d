// What shoppers read: listings, the product sheet, search and the home page. A shopper never sees a
// product that is unpublished or deleted, nor a variation that is, or whose parent is.
import type { Knex } from 'knex';
import {
  hasProductStrip,
  HOME_DEALS_SIZE,
  HOME_STRIP_SIZE,
  sameName,
  SINGLE_QUANTITY_CATEGORY,
  SINGLE_QUANTITY_SUBCATEGORY,
  sortCategories,
  type CategoryWire,
  formatListingCursor,
  type HomeWire,
  type ListingCursor,
  type ListingPageInfo,
  type PageInfo,
  type ProductByCategoryAndSubCategoryInput,
  type ProductDetailsWire,
  type ProductSearchInput,
  type ProductWire,
} from '@kade/shared';
import { notFound } from '../../http/errors';
import { emptyPage, LISTING_COUNT_CAP, pageQueryFor, readPage, type PageRequest } from './paging';
import { categoryShelf, NEWEST_FIRST, pageQuery, placeholders, PRODUCT_DETAILS_SQL, productDetailsQuery, SHOP_PRODUCT, stripsQuery, subCategoryShelf } from './product-sql';
import { readRows, statementRows } from '../../db/prepared';
import { searchRequest } from './search';
import type { SearchIndex, SearchSuggestions } from './search-index';
import { NOTICE_WAIT_MS } from './catalogue-changes';
import { toCategoryWire, toProductWire, toShopDetailsWire, type CategoryRow, type ProductRow } from './wire';

/** How long a text search waits for the read model to take in a change before it asks PostgreSQL instead. */
export const SEARCH_WAIT_MS = NOTICE_WAIT_MS;

/** Resolves when the index has taken in every change heard, or after `ms`, whichever comes first. */
async function settledWithin(index: SearchIndex, ms: number): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  await Promise.race([index.settled(), new Promise<void>((resolve) => (timer = setTimeout(resolve, ms)))]);
  clearTimeout(timer);
}

const IN_CATEGORY = 'exists (select 1 from product_categories pc where pc.product_id = p.id and pc.category_id = ?)';

/** A listing page: visible products in the category and the sub-category, newest first. */
function listingRequest(input: ProductByCategoryAndSubCategoryInput): PageRequest {
  return {
    // walked from the sub-category's links, newest first (the narrower shelf of the two as the shop lays them out)
    where: `${SHOP_PRODUCT} and ${IN_CATEGORY}`,
    bindings: [input.categoryId],
    shelf: subCategoryShelf(input.subCategoryId),
    order: NEWEST_FIRST,
    page: input.page,
    limit: input.limit,
    countCap: LISTING_COUNT_CAP,
    ...(input.after ? { after: input.after } : {}),
  };
}

export interface ShopServiceDeps {
  db: Knex;
  /** The category lists as the category service keeps them (in memory); read from the database without it. */
  lists?: { categories(): Promise<readonly CategoryWire[]>; subCategories(): Promise<ReadonlyArray<{ _id: string; name: string }>> };
  /** This instance's search in memory (search-index.ts); searches go to the database while it is not ready. */
  searchIndex?: SearchIndex;
  /** The read model's version (read-version.ts): with it, an answer read from memory says which version it was read at. */
  readVersion?: () => number;
}

/**
 * An answer and, when it came from the read model, the model's version it was read at (read in the same turn): the
 * fast lane may keep its bytes until something it shows changes (http/kept-answers.ts). Undefined when PostgreSQL
 * answered or when the answer took a statement (an empty shelf asks whether it exists). `holds`: the ids of the
 * products and variations whose stock it shows (a stock notice of one of them drops it).
 */
export interface Read<T> {
  answer: T;
  readAt: number | undefined;
  holds: readonly string[];
}

const idsOf = (items: readonly ProductWire[]): string[] => items.map((item) => item._id);

export function createShopService({ db, lists, searchIndex, readVersion }: ShopServiceDeps) {
  /** Every category's id, name and image, and every sub-category's id and name: the home page's groupings. */
  async function categoryRows(): Promise<CategoryRow[]> {
    if (lists) return (await lists.categories()).map((c) => ({ id: c._id, name: c.name, name_si: c.nameSi, name_ta: c.nameTa, image: c.image }));
    return (await db('categories').select('id', 'name', 'name_si', 'name_ta', 'image')) as CategoryRow[];
  }
  async function subCategoryRows(): Promise<Array<{ id: string; name: string }>> {
    if (lists) return (await lists.subCategories()).map((s) => ({ id: s._id, name: s.name }));
    return (await db('sub_categories').select('id', 'name')) as Array<{ id: string; name: string }>;
  }

  /** The search as PostgreSQL answers it (search.ts): while the index is building, or without one. */
  async function searchInDatabase(input: ProductSearchInput): Promise<{ items: ProductWire[]; page: PageInfo }> {
    const request = searchRequest(SHOP_PRODUCT, input);
    const { rows, page } = request ? await readPage(db, request) : emptyPage(input.page, input.limit);
    return { items: rows.map(toProductWire), page };
  }

  /** A shelf's page as PostgreSQL answers it, with its last product's cursor. */
  async function listingInDatabase(input: ProductByCategoryAndSubCategoryInput): Promise<{ items: ProductWire[]; page: PageInfo; last: ListingCursor | undefined }> {
    const { rows, page } = await readPage(db, listingRequest(input));
    const last = rows.at(-1);
    return { items: rows.map(toProductWire), page, last: last?.shelf_at ? { at: last.shelf_at, id: last.id } : undefined };
  }

  /** A product's sheet as PostgreSQL answers it (null: no visible product has that id). */
  async function detailsInDatabase(productId: string): Promise<ProductDetailsWire | null> {
    const [row] = await statementRows<ProductRow>(db, PRODUCT_DETAILS_SQL, [productId]);
    return row ? toShopDetailsWire(row) : null;
  }

  /** 404 for a category or sub-category id that names nothing (asked only when a listing comes back empty). */
  async function assertListingExists(categoryId: string, subCategoryId?: string): Promise<void> {
    const category = await db('categories').where({ id: categoryId }).first('id');
    if (!category) throw notFound('There is no such category.');
    if (subCategoryId !== undefined && !(await db('sub_categories').where({ id: subCategoryId }).first('id'))) {
      throw notFound('There is no such sub-category.');
    }
  }

  /** The deals strip's groupings: the ids of the categories named Special and of the sub-categories named Deal. */
  async function dealGroupings(categories: readonly CategoryRow[]): Promise<{ special: string[]; deal: string[] }> {
    const subCategories = await subCategoryRows();
    return {
      special: categories.filter((c) => sameName(c.name, SINGLE_QUANTITY_CATEGORY)).map((c) => c.id),
      deal: subCategories.filter((s) => sameName(s.name, SINGLE_QUANTITY_SUBCATEGORY)).map((s) => s.id),
    };
  }

  /** The categories that have a home strip, in display order. */
  const stripCategories = (categories: readonly CategoryRow[]): CategoryWire[] => sortCategories(categories.map(toCategoryWire)).filter((c) => hasProductStrip(c.name));

  /** The strips that hold products, in the categories' order (empty strips left out). */
  const filledStrips = (shown: readonly CategoryWire[], byCategory: ReadonlyMap<string, ProductWire[]>): HomeWire['strips'] =>
    shown.flatMap((category) => {
      const products = byCategory.get(category._id);
      return products && products.length > 0 ? [{ category, products }] : [];
    });

  /** The 'Special - Deal' strip: single-quantity products, those in category Special or sub-category Deal. */
  async function deals({ special, deal }: { special: readonly string[]; deal: readonly string[] }): Promise<ProductWire[]> {
    const either = ['p.single_quantity'];
    if (special.length > 0) either.push(`exists (select 1 from product_categories pc where pc.product_id = p.id and pc.category_id in (${placeholders(special)}))`);
    if (deal.length > 0) either.push(`exists (select 1 from product_sub_categories ps where ps.product_id = p.id and ps.sub_category_id in (${placeholders(deal)}))`);
    const rows = await readRows(
      db,
      pageQuery(db, {
        where: `${SHOP_PRODUCT} and (${either.join(' or ')})`,
        bindings: [...special, ...deal],
        order: NEWEST_FIRST,
        limit: HOME_DEALS_SIZE,
        offset: 0,
      }),
    );
    return rows.map(toProductWire);
  }

  /** One strip per category that has one (in display order), each with its first products; empty strips left out. */
  async function strips(shown: readonly CategoryWire[]): Promise<HomeWire['strips']> {
    if (shown.length === 0) return [];
    const rows = await readRows(
      db,
      stripsQuery(
        db,
        shown.map((c) => c._id),
        HOME_STRIP_SIZE,
      ),
    );
    const byCategory = new Map<string, ProductWire[]>();
    for (const row of rows) {
      const list = byCategory.get(row.strip_category_id) ?? [];
      list.push(toProductWire(row));
      byCategory.set(row.strip_category_id, list);
    }
    return filledStrips(shown, byCategory);
  }

  /** `listing`, and the read model's version when memory answered it (Read). */
  async function listingRead(input: ProductByCategoryAndSubCategoryInput): Promise<Read<{ items: ProductWire[]; page: ListingPageInfo }>> {
    // from this instance's read model once built (search-index.ts), else from PostgreSQL
    const version = readVersion?.();
    const fromMemory = searchIndex?.listing(input);
    const { items, page, last } = fromMemory ?? (await listingInDatabase(input));
    const empty = items.length === 0 && page.totalCount === 0 && !input.after;
    if (empty) await assertListingExists(input.categoryId, input.subCategoryId);
    const nextCursor = page.hasMore && last ? formatListingCursor(last) : null;
    return { answer: { items, page: { ...page, nextCursor } }, readAt: fromMemory && !empty ? version : undefined, holds: idsOf(items) };
  }

  /** `details`, and the read model's version when memory answered it (Read). */
  async function detailsRead(productId: string): Promise<Read<ProductDetailsWire>> {
    const version = readVersion?.();
    const fromMemory = searchIndex?.details(productId);
    const found = fromMemory === undefined ? await detailsInDatabase(productId) : fromMemory;
    if (!found) throw notFound('That product is not available.');
    // the sheet shows the product's stock and each variation's
    return { answer: found, readAt: fromMemory ? version : undefined, holds: [found._id, ...found.product.map((variation) => variation._id)] };
  }

  /** `search`, and the read model's version when memory answered it (Read). */
  async function searchRead(input: ProductSearchInput): Promise<Read<{ items: ProductWire[]; page: PageInfo; suggestions?: SearchSuggestions }>> {
    let version = readVersion?.();
    let fromMemory = searchIndex?.search(input);
    // The model is built but taking in a change (a product written, here or on another instance): a text search
    // waits for it, a few milliseconds, rather than ask PostgreSQL (a query, where memory costs none; both find the
    // keywords, 'sini' for sugar). It waits at most SEARCH_WAIT_MS; a change that never settles goes to PostgreSQL.
    if (fromMemory === undefined && input.search && searchIndex?.ready()) {
      await settledWithin(searchIndex, SEARCH_WAIT_MS);
      version = readVersion?.();
      fromMemory = searchIndex.search(input);
    }
    const readAt = fromMemory ? version : undefined;
    const found = fromMemory ?? (await searchInDatabase(input));
    // a text that found nothing: the nearest names and their categories, for the shopper to try instead (from the
    // model in the same turn as the page when memory answered it)
    // (names and shelves: no stock shown; stock decides no match, so a stock change never makes it find something)
    if (found.items.length === 0 && found.page.page === 1 && input.search && searchIndex) return { answer: { ...found, suggestions: searchIndex.suggest(input.search) }, readAt, holds: [] };
    return { answer: found, readAt, holds: idsOf(found.items) };
  }

  return {
    /** `listing` with the read model's version when memory answered (the fast lane keeps such answers' bytes). */
    listingRead,
    /** `details` with the read model's version when memory answered. */
    detailsRead,
    /** `search` with the read model's version when memory answered. */
    searchRead,

    /** POST /api/product/get-product-by-category: the category's first products, newest first. */
    async byCategory(categoryId: string): Promise<ProductWire[]> {
      // from this instance's read model while it is current (search-index.ts), else from PostgreSQL
      const fromMemory = searchIndex?.strip(categoryId, HOME_STRIP_SIZE);
      if (fromMemory) {
        if (fromMemory.length === 0) await assertListingExists(categoryId);
        return fromMemory;
      }
      const rows = await readRows(
        db,
        pageQuery(db, {
          where: SHOP_PRODUCT,
          bindings: [],
          shelf: categoryShelf(categoryId),
          order: NEWEST_FIRST,
          limit: HOME_STRIP_SIZE,
          offset: 0,
        }),
      );
      if (rows.length === 0) await assertListingExists(categoryId);
      return rows.map(toProductWire);
    },

    /** POST /api/product/get-pruduct-by-category-and-subcategory: a page of products in both, newest first. */
    async listing(input: ProductByCategoryAndSubCategoryInput): Promise<{ items: ProductWire[]; page: ListingPageInfo }> {
      return (await listingRead(input)).answer;
    },

    /** POST /api/product/get-product-details: the product with its published variations, dearest first. */
    async details(productId: string): Promise<ProductDetailsWire> {
      return (await detailsRead(productId)).answer;
    },

    /**
     * POST /api/product/search-product: products whose name matches the text (words, prefixes, typos), best
     * first; an empty text lists every product, newest first; a text with no letter or digit finds nothing.
     */
    async search(input: ProductSearchInput): Promise<{ items: ProductWire[]; page: PageInfo; suggestions?: SearchSuggestions }> {
      return (await searchRead(input)).answer;
    },

    /**
     * GET /api/product/home: the deals strip and the category strips, the groupings from memory; the products from the
     * read model while it is current (search-index.ts), else two queries.
     */
    async home(): Promise<HomeWire> {
      const categories = await categoryRows();
      const groupings = await dealGroupings(categories);
      const shown = stripCategories(categories);
      const fromMemory = searchIndex?.home({
        dealCategories: groupings.special,
        dealSubCategories: groupings.deal,
        dealsSize: HOME_DEALS_SIZE,
        strips: shown.map((c) => c._id),
        stripSize: HOME_STRIP_SIZE,
      });
      if (fromMemory) return { deals: fromMemory.deals, strips: filledStrips(shown, fromMemory.strips) };
      const [dealList, stripList] = await Promise.all([deals(groupings), strips(shown)]);
      return { deals: dealList, strips: stripList };
    },
  };
}

export type ShopService = ReturnType<typeof createShopService>;

/** The SQL of the shop's reads, for the benchmark's plain baseline: the same statements, bound the same way. */
export function shopReadQueries(db: Knex) {
  return {
    listing: (input: ProductByCategoryAndSubCategoryInput) => pageQueryFor(db, listingRequest(input)),
    details: (productId: string) => productDetailsQuery(db, productId),
    search: (input: ProductSearchInput) => {
      const request = searchRequest(SHOP_PRODUCT, input);
      if (!request) throw new Error(`nothing to search for in "${input.search}"`);
      return pageQueryFor(db, request);
    },
  };
}
