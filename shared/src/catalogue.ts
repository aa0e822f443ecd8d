// Catalogue rules (SPEC.md sections 2, 3, 4, 5 and 9): category order, product strips, single-quantity
// items, stock bars, URLs and slugs and listing pages (bulk-upload drafts: product-draft.ts).
import { CATEGORY_PAGE_SIZE } from './constants';
import { discountedPricePaise, rupeesToPaise } from './money';
import { MAX_LINE_QUANTITY } from './line-quantity';
import type { SellBy, WeighedRule } from './weight-rule';

/** A category or sub-category as rules see it: its name, or an object carrying the name. */
export type Named = string | { readonly name: string };

const nameOf = (item: Named): string => (typeof item === 'string' ? item : item.name);
const nameKey = (name: string): string => name.trim().toLowerCase();

/** True when two names are the same, ignoring case and surrounding spaces. */
export function sameName(a: string, b: string): boolean {
  return nameKey(a) === nameKey(b);
}

/** Categories shown first, in this order; all others follow by name. */
export const CATEGORY_DISPLAY_ORDER = [
  'All Product',
  'Vegetable',
  'Milk + Other',
  'Tea & Coffee',
  'Biscuit',
  'Medicine',
  'Snack',
] as const;

const displayRank = (name: string): number => {
  const index = CATEGORY_DISPLAY_ORDER.findIndex((known) => sameName(known, name));
  return index === -1 ? CATEGORY_DISPLAY_ORDER.length : index;
};

/** Compares two category names in display order: the listed ones first, in order, then the rest by name. */
export function compareCategoryNames(a: string, b: string): number {
  const byRank = displayRank(a) - displayRank(b);
  if (byRank !== 0) return byRank;
  if (displayRank(a) < CATEGORY_DISPLAY_ORDER.length) return 0;
  return a.trim().localeCompare(b.trim(), 'en', { sensitivity: 'base', numeric: true });
}

/** A copy of the categories in display order (stable: equal names keep their order). */
export function sortCategories<T extends Named>(list: readonly T[]): T[] {
  return [...list].sort((a, b) => compareCategoryNames(nameOf(a), nameOf(b)));
}

/** Categories that get no product strip on the home page. */
/** The category of the home page's brand tiles (each brand is one of its sub-categories). */
export const BUY_BRAND_CATEGORY = 'Buy Brand';

export const NO_STRIP_CATEGORIES = ['All Product', BUY_BRAND_CATEGORY, 'Special'] as const;

/** True when the home page shows a product strip for this category. */
export function hasProductStrip(name: string): boolean {
  return !NO_STRIP_CATEGORIES.some((none) => sameName(none, name));
}

/** The category whose products are limited to one per order. */
export const SINGLE_QUANTITY_CATEGORY = 'Special';
/** The sub-category whose products are limited to one per order. */
export const SINGLE_QUANTITY_SUBCATEGORY = 'Deal';

export interface QuantityRuleProduct {
  /** Units, or grams for a product sold by weight. */
  stock: number;
  single_quantity?: boolean | null;
  category?: readonly Named[] | null;
  subCategory?: readonly Named[] | null;
  /** Sold by weight (issue 34): quantities count steps of `stepGrams`, from `minGrams` to `maxGrams`. */
  sellBy?: SellBy | null;
  stepGrams?: number | null;
  minGrams?: number | null;
  maxGrams?: number | null;
}

/** The weighed rule of a product sold by weight, or null for one sold by the unit (or missing its rule). */
export function weighedRuleOf(product: Pick<QuantityRuleProduct, 'sellBy' | 'stepGrams' | 'minGrams' | 'maxGrams'>): WeighedRule | null {
  if (product.sellBy !== 'WEIGHT' || product.stepGrams == null || product.minGrams == null || product.maxGrams == null) return null;
  return { stepGrams: product.stepGrams, minGrams: product.minGrams, maxGrams: product.maxGrams };
}

/** The fewest one line may hold: the minimum's steps for a product sold by weight, else 1. */
export function minQuantity(product: Pick<QuantityRuleProduct, 'sellBy' | 'stepGrams' | 'minGrams' | 'maxGrams'>): number {
  const rule = weighedRuleOf(product);
  return rule ? rule.minGrams / rule.stepGrams : 1;
}

/** True for products limited to quantity 1: in category Special, in sub-category Deal, or flagged. */
export function isSingleQuantity(product: Omit<QuantityRuleProduct, 'stock'>): boolean {
  // a weighed line is bought by the gram: the one-per-order rule is for units (issue 34)
  if (product.sellBy === 'WEIGHT') return false;
  if (product.single_quantity === true) return true;
  const inCategory = (product.category ?? []).some((c) => sameName(nameOf(c), SINGLE_QUANTITY_CATEGORY));
  const inSub = (product.subCategory ?? []).some((s) => sameName(nameOf(s), SINGLE_QUANTITY_SUBCATEGORY));
  return inCategory || inSub;
}

/**
 * The most of a product one order may hold: its stock (never below 0), at most 1 if single-quantity, and
 * never above MAX_LINE_QUANTITY (what a checkout line may carry, so a merged cart can always be ordered). For a
 * product sold by weight, in steps: as many as its grams in stock hold, up to its maximum, or 0 when fewer than its
 * minimum are left.
 */
export function maxQuantity(product: QuantityRuleProduct): number {
  const rule = weighedRuleOf(product);
  if (rule) {
    // steps: as many whole steps as the grams in stock hold, up to the maximum; none when not even the minimum is left
    const minSteps = rule.minGrams / rule.stepGrams;
    const maxSteps = rule.maxGrams / rule.stepGrams;
    const steps = Math.min(maxSteps, Math.floor(Math.max(0, product.stock) / rule.stepGrams));
    return steps >= minSteps ? steps : 0;
  }
  const stock = Math.min(MAX_LINE_QUANTITY, Math.max(0, Math.floor(product.stock)));
  return isSingleQuantity(product) ? Math.min(stock, 1) : stock;
}

/** The total stock assumed when a product has none recorded. */
export const DEFAULT_TOTAL_STOCK = 100;

export type StockBarColour = 'green' | 'yellow' | 'red';

const totalOrDefault = (totalStock: number | null | undefined): number =>
  totalStock == null || !Number.isFinite(totalStock) || totalStock <= 0 ? DEFAULT_TOTAL_STOCK : totalStock;

/**
 * The stock bar's colour: green above 50% of the total stock, yellow above 20%, red otherwise. A missing
 * (or zero) total stock counts as 100.
 */
export function stockBarColour(stock: number, totalStock?: number | null): StockBarColour {
  const total = totalOrDefault(totalStock);
  if (stock * 2 > total) return 'green';
  if (stock * 5 > total) return 'yellow';
  return 'red';
}

/** How full the stock bar is, 0 to 100 (percent of the total stock, which defaults to 100). */
export function stockPercent(stock: number, totalStock?: number | null): number {
  const percent = (Math.max(0, stock) / totalOrDefault(totalStock)) * 100;
  return Math.min(100, percent);
}

/**
 * A name as a URL piece: lowercase, accents dropped, every run of other characters turned into one dash,
 * no dash at either end; a name with nothing left becomes 'item', so a slug is never empty.
 */
export function slugify(name: string): string {
  const slug = name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
  return slug === '' ? 'item' : slug;
}

/** The product sheet's path: '/product/{slug}-{id}'. */
export function productPath(name: string, id: string): string {
  return `/product/${slugify(name)}-${id}`;
}

const TRAILING_UUID = /(?:^|-)([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})$/i;

/**
 * The id at the end of a '{slug}-{id}' piece. Ids are UUIDs, which contain dashes: when the piece ends with a
 * UUID that is the id; otherwise the id is the last dash-separated piece.
 */
export function idFromSlug(slug: string): string {
  const uuid = TRAILING_UUID.exec(slug);
  if (uuid?.[1]) return uuid[1];
  return slug.slice(slug.lastIndexOf('-') + 1);
}

export interface SlugTarget {
  readonly _id: string;
  readonly name: string;
}

/** A listing page's path: '/{category slug}-{category id}/{sub-category slug}-{sub-category id}'. */
export function listingPath(category: SlugTarget, subCategory: SlugTarget): string {
  return `/${slugify(category.name)}-${category._id}/${slugify(subCategory.name)}-${subCategory._id}`;
}

/** A listing page's title: its sub-category slug without the id, dashes turned into spaces. */
export function listingTitleFromSlug(slug: string): string {
  const id = idFromSlug(slug);
  const rest = slug.slice(0, slug.length - id.length).replace(/-$/, '');
  return rest.replace(/-+/g, ' ').trim();
}

/** More listing pages exist while the last page came back full (at least the page size, 8). */
export function hasMorePages(lastPageCount: number, pageSize: number = CATEGORY_PAGE_SIZE): boolean {
  return lastPageCount >= pageSize;
}

/** Appends a page to a list, leaving out items already in it (by _id), and repeats within the page. */
export function appendUnique<T extends { readonly _id: string }>(existing: readonly T[], page: readonly T[]): T[] {
  const seen = new Set(existing.map((item) => item._id));
  const result = [...existing];
  for (const item of page) {
    if (!seen.has(item._id)) {
      seen.add(item._id);
      result.push(item);
    }
  }
  return result;
}

/** A shuffled copy (Fisher–Yates); `random` returns numbers in [0, 1) and is Math.random unless given. */
export function shuffle<T>(items: readonly T[], random: () => number = Math.random): T[] {
  const result = [...items];
  for (let i = result.length - 1; i > 0; i -= 1) {
    const j = Math.floor(random() * (i + 1));
    const a = result[i] as T;
    result[i] = result[j] as T;
    result[j] = a;
  }
  return result;
}

export interface PricedOption {
  /** Price in rupees, as on the wire. */
  readonly price: number;
  readonly discount?: number | null;
}

/** The 'Choose' list of a product's variations: by price after discount, dearest first (stable). */
export function sortVariations<T extends PricedOption>(variations: readonly T[]): T[] {
  const paid = (v: PricedOption): number => discountedPricePaise(rupeesToPaise(v.price), v.discount ?? 0);
  return [...variations].sort((a, b) => paid(b) - paid(a));
}

/**
 * How the admin's product list may be sorted (issue 36): newest first, by name (A to Z), by price (cheapest first)
 * or by stock (fewest first, what to restock). With search text and no sort the best matches come first.
 */
export const ADMIN_PRODUCT_SORTS = ['newest', 'name', 'price', 'stock'] as const;
export type AdminProductSort = (typeof ADMIN_PRODUCT_SORTS)[number];
