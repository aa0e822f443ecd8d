// What a page of the shop needs before anything else, written by the server into the index.html it sends
// (a JSON <script> element, never run) so the first screen renders without waiting for its own requests:
// the settings every page needs, the category lists every menu needs, on the home page its shelves, on a listing
// its first page and on the search page its first page of results.
// The app takes each part once, for its first render; everything later is asked for as usual.
import type { CategoryWire, HomeWire, NamedRef, ProductWire, ShopConfigWire, SubCategoryWire } from './api';

/** The id of the <script type="application/json"> element that carries the boot data. */
export const BOOT_ELEMENT_ID = 'kade-boot';

export interface BootWire {
  /** GET /api/shop/config's data for this request. */
  config?: ShopConfigWire;
  /** GET /api/category/get's data. */
  categories?: CategoryWire[];
  /** POST /api/subcategory/get's data. */
  subCategories?: SubCategoryWire[];
  /** GET /api/product/home's shelves, each product as its card needs it (cardProduct): only on the home page. */
  home?: BootHome;
  /** A listing's first page (POST /api/product/get-pruduct-by-category-and-subcategory, page 1): only on that listing. */
  listing?: BootListing;
  /** The search page's first page of results for its `q` (POST /api/product/search-product, page 1): only there. */
  search?: BootSearch;
}

/**
 * A product as a card draws it and a phone's own cart keeps it: its names, picture, unit, stock, price and its
 * categories (the fresh-hours rule reads them), without description, detail fields, sub-categories, links or
 * dates. A home page's 230 products in full were most of its HTML. Sold by weight: also `sellBy` and its grams.
 */
export interface CardProductWire
  extends Pick<ProductWire, '_id' | 'name' | 'nameSi' | 'nameTa' | 'image' | 'unit' | 'stock' | 'totalStock' | 'price' | 'discount' | 'single_quantity'>,
    Partial<Pick<ProductWire, 'sellBy' | 'stepGrams' | 'minGrams' | 'maxGrams'>> {
  /** Its categories by id and English name. */
  category: Array<Pick<NamedRef, '_id' | 'name'>>;
}

/** The home page's shelves as the boot data carries them. */
export interface BootHome {
  deals: CardProductWire[];
  strips: Array<{ category: CategoryWire; products: CardProductWire[] }>;
}

/**
 * A listing's first page as the boot data carries it: whose it is, its products (shuffled, as the shop shows each
 * page, and cut to their cards) in the order the page shows them, whether more follow and where the next page
 * starts (sent back as `after`).
 */
export interface BootListing {
  categoryId: string;
  subCategoryId: string;
  items: CardProductWire[];
  hasMore: boolean;
  nextCursor: string | null;
}

/** The search page's first page of results as the boot data carries it (its products cut to their cards). */
export interface BootSearch {
  /** The text searched for, trimmed, as the page reads it from `q`. */
  query: string;
  items: CardProductWire[];
  totalPage: number;
  totalCount: number;
  totalCountExact: boolean;
}

/**
 * The card's part of a product (see CardProductWire). A product sold by weight (issue 34) keeps its way of selling
 * and its grams, without which its card would show the price per kg as a unit's price and count units; a product
 * sold by the unit carries none of them (the boot data of a home page stays as small as before).
 */
export function cardProduct(product: ProductWire): CardProductWire {
  const { _id, name, nameSi, nameTa, image, unit, stock, totalStock, price, discount, single_quantity } = product;
  const card = { _id, name, nameSi, nameTa, image, unit, stock, totalStock, price, discount, single_quantity, category: product.category.map((ref) => ({ _id: ref._id, name: ref.name })) };
  if (product.sellBy !== 'WEIGHT') return card;
  return { ...card, sellBy: product.sellBy, stepGrams: product.stepGrams, minGrams: product.minGrams, maxGrams: product.maxGrams };
}

/** GET /api/product/home's answer with each product cut to its card (the boot data's home part). */
export function bootHome(home: HomeWire): BootHome {
  return { deals: home.deals.map(cardProduct), strips: home.strips.map((strip) => ({ category: strip.category, products: strip.products.map(cardProduct) })) };
}
