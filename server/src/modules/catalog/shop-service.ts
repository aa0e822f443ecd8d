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
  sortVariations,
  type CategoryWire,
  formatListingCursor,
  type HomeWire,
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
import { toCategoryWire, toProductDetailsWire, toProductWire, toVariationWire, type CategoryRow, type ProductRow } from './wire';

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
}

export function createShopService({ db, lists }: ShopServiceDeps) {
  /** Every category's id, name and image, and every sub-category's id and name: the home page's groupings. */
  async function categoryRows(): Promise<CategoryRow[]> {
    if (lists) return (await lists.categories()).map((c) => ({ id: c._id, name: c.name, name_si: c.nameSi, name_ta: c.nameTa, image: c.image }));
    return (await db('categories').select('id', 'name', 'name_si', 'name_ta', 'image')) as CategoryRow[];
  }
  async function subCategoryRows(): Promise<Array<{ id: string; name: string }>> {
    if (lists) return (await lists.subCategories()).map((s) => ({ id: s._id, name: s.name }));
    return (await db('sub_categories').select('id', 'name')) as Array<{ id: string; name: string }>;
  }

  /** 404 for a category or sub-category id that names nothing (asked only when a listing comes back empty). */
  async function assertListingExists(categoryId: string, subCategoryId?: string): Promise<void> {
    const category = await db('categories').where({ id: categoryId }).first('id');
    if (!category) throw notFound('There is no such category.');
    if (subCategoryId !== undefined && !(await db('sub_categories').where({ id: subCategoryId }).first('id'))) {
      throw notFound('There is no such sub-category.');
    }
  }

  /** The 'Special - Deal' strip: single-quantity products, those in category Special or sub-category Deal. */
  async function deals(categories: readonly CategoryRow[]): Promise<ProductWire[]> {
    const subCategories = await subCategoryRows();
    const special = categories.filter((c) => sameName(c.name, SINGLE_QUANTITY_CATEGORY)).map((c) => c.id);
    const deal = subCategories.filter((s) => sameName(s.name, SINGLE_QUANTITY_SUBCATEGORY)).map((s) => s.id);
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
  async function strips(categories: readonly CategoryRow[]): Promise<HomeWire['strips']> {
    const shown = sortCategories(categories.map(toCategoryWire)).filter((c) => hasProductStrip(c.name));
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
    return shown.flatMap((category) => {
      const products = byCategory.get(category._id);
      return products ? [{ category, products }] : [];
    });
  }

  return {
    /** POST /api/product/get-product-by-category: the category's first products, newest first. */
    async byCategory(categoryId: string): Promise<ProductWire[]> {
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
      const { rows, page } = await readPage(db, listingRequest(input));
      if (rows.length === 0 && page.totalCount === 0 && !input.after) await assertListingExists(input.categoryId, input.subCategoryId);
      const last = rows.at(-1);
      const nextCursor = page.hasMore && last?.shelf_at ? formatListingCursor({ at: last.shelf_at, id: last.id }) : null;
      return { items: rows.map(toProductWire), page: { ...page, nextCursor } };
    },

    /** POST /api/product/get-product-details: the product with its published variations, dearest first. */
    async details(productId: string): Promise<ProductDetailsWire> {
      const [row] = await statementRows<ProductRow>(db, PRODUCT_DETAILS_SQL, [productId]);
      if (!row) throw notFound('That product is not available.');
      return toProductDetailsWire(row, sortVariations((row.variation_list ?? []).map(toVariationWire)));
    },

    /**
     * POST /api/product/search-product: products whose name matches the text (words, prefixes, typos), best
     * first; an empty text lists every product, newest first; a text with no letter or digit finds nothing.
     */
    async search(input: ProductSearchInput): Promise<{ items: ProductWire[]; page: PageInfo }> {
      const request = searchRequest(SHOP_PRODUCT, input);
      const { rows, page } = request ? await readPage(db, request) : emptyPage(input.page, input.limit);
      return { items: rows.map(toProductWire), page };
    },

    /** GET /api/product/home: the deals strip and the category strips: two queries, the groupings from memory. */
    async home(): Promise<HomeWire> {
      const categories = await categoryRows();
      const [dealList, stripList] = await Promise.all([deals(categories), strips(categories)]);
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
