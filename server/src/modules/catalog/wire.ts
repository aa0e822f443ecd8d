// Rows of the catalogue tables and how they travel: ids as `_id`, rupees for paise, ISO times.
import {
  isSellBy,
  sortVariations,
  paiseToRupees,
  type SellBy,
  type CategoryWire,
  type NamedRef,
  type OtherNames,
  type ProductDetailsWire,
  type ProductWire,
  type SubCategoryWire,
  type VariationWire,
} from '@kade/shared';

/** The optional Sinhala and Tamil names beside a row's English one (null: none). */
export interface OtherNameColumns {
  name_si: string | null;
  name_ta: string | null;
}

export interface CategoryRow extends OtherNameColumns {
  id: string;
  name: string;
  image: string;
}

export interface SubCategoryRow extends CategoryRow {
  category_list: NamedRef[];
}

/** The columns of a product (or variation) every query of it selects: what it is, costs, holds and whether it shows. */
export interface ProductCoreRow extends OtherNameColumns {
  id: string;
  parent_id: string | null;
  name: string;
  unit: string;
  images: unknown;
  price_paise: number;
  /** numeric comes back as text from the drivers, and as a number from json_build_object. */
  discount: string | number;
  stock: number;
  total_stock: number;
  publish: boolean;
  single_quantity: boolean;
  /** 13 digits or null (issue 33); a row read before the column existed has none. */
  barcode?: string | null;
  /** How it is sold (issue 34): EACH, or WEIGHT with its step, minimum and maximum in grams and its scale code. */
  sell_by?: string | null;
  step_grams?: number | null;
  min_grams?: number | null;
  max_grams?: number | null;
  scale_code?: string | null;
}

/** A product row's way of selling as the wire carries it (issue 34): the grams are null for a product sold EACH. */
export function weighedFieldsOf(row: Pick<ProductCoreRow, 'sell_by' | 'step_grams' | 'min_grams' | 'max_grams' | 'scale_code'>): {
  sellBy: SellBy;
  stepGrams: number | null;
  minGrams: number | null;
  maxGrams: number | null;
  scaleCode: string | null;
} {
  const sellBy: SellBy = isSellBy(row.sell_by) ? row.sell_by : 'EACH';
  const weighed = sellBy === 'WEIGHT';
  return {
    sellBy,
    stepGrams: weighed ? (row.step_grams ?? null) : null,
    minGrams: weighed ? (row.min_grams ?? null) : null,
    maxGrams: weighed ? (row.max_grams ?? null) : null,
    scaleCode: weighed ? (row.scale_code ?? null) : null,
  };
}

/** A products row as the catalogue queries select it (lists are json_agg subselects). */
export interface ProductRow extends ProductCoreRow {
  description: string;
  more_details: unknown;
  created_at: Date | string;
  updated_at: Date | string;
  category_list?: NamedRef[];
  sub_category_list?: NamedRef[];
  linked_ids?: string[];
  parent_name?: string;
  /** Search keywords (issue 36), a jsonb list of texts; a row read before the column existed has none. */
  keywords?: unknown;
  variation_list?: ProductRow[];
  /** A page's capped count of matches (null when the page is not full). */
  total_count?: number | string | null;
  /** A ranked page's: whether its candidates are every match. */
  total_exact?: boolean | null;
  /** A shelf page's: the row's created_at to the microsecond, for the cursor after it. */
  shelf_at?: string;
}

/** A time from a row (a Date from a column, text from inside json) as ISO 8601. */
export function isoTime(value: Date | string): string {
  // A column's Date is written as it is; only json's text needs parsing (a listing maps two per row).
  return (value instanceof Date ? value : new Date(value)).toISOString();
}

/**
 * Extra detail fields are stored as a list of [label, text] pairs so that the admin's order survives (a jsonb
 * object would sort its keys); an object (as older rows and the seed hold) is read as it is.
 */
export function detailsToStored(details: Readonly<Record<string, string>>): Array<[string, string]> {
  return Object.entries(details);
}

/** The stored extra detail fields (pairs or an object) as label -> text, in the stored order. */
export function detailsFromStored(value: unknown): Record<string, string> {
  const pairs = Array.isArray(value) ? value : value && typeof value === 'object' ? Object.entries(value) : [];
  const details: Record<string, string> = {};
  for (const pair of pairs) {
    if (Array.isArray(pair) && typeof pair[0] === 'string' && typeof pair[1] === 'string') details[pair[0]] = pair[1];
  }
  return details;
}

/** The stored search keywords (a jsonb list of texts). */
export function keywordsFromStored(value: unknown): string[] {
  return Array.isArray(value) ? value.filter((word): word is string => typeof word === 'string') : [];
}

function imagesFromStored(value: unknown): string[] {
  return Array.isArray(value) ? value.filter((url): url is string => typeof url === 'string') : [];
}

/** A row's Sinhala and Tamil names as the wire carries them (a row from before they existed: null). */
export function otherNames(row: Partial<OtherNameColumns>): OtherNames {
  return { nameSi: row.name_si ?? null, nameTa: row.name_ta ?? null };
}

export function toCategoryWire(row: CategoryRow): CategoryWire {
  return { _id: row.id, name: row.name, ...otherNames(row), image: row.image };
}

export function toSubCategoryWire(row: SubCategoryRow): SubCategoryWire {
  return { _id: row.id, name: row.name, ...otherNames(row), image: row.image, category: row.category_list };
}

/** The fields a product and a variation share. */
function sellable(row: ProductRow) {
  return {
    _id: row.id,
    name: row.name,
    ...otherNames(row),
    image: imagesFromStored(row.images),
    unit: row.unit,
    stock: row.stock,
    totalStock: row.total_stock,
    price: paiseToRupees(row.price_paise),
    discount: Number(row.discount),
    description: row.description,
    more_details: detailsFromStored(row.more_details),
    publish: row.publish,
    single_quantity: row.single_quantity,
    barcode: row.barcode ?? null,
    ...weighedFieldsOf(row),
    createdAt: isoTime(row.created_at),
    updatedAt: isoTime(row.updated_at),
  };
}

export function toProductWire(row: ProductRow): ProductWire {
  const { _id, name, nameSi, nameTa, image, unit, stock, totalStock, price, discount, description, more_details, publish, single_quantity, barcode, sellBy, stepGrams, minGrams, maxGrams, scaleCode, createdAt, updatedAt } =
    sellable(row);
  return {
    _id,
    name,
    nameSi,
    nameTa,
    image,
    category: row.category_list ?? [],
    subCategory: row.sub_category_list ?? [],
    unit,
    stock,
    totalStock,
    price,
    discount,
    description,
    more_details,
    product: row.linked_ids ?? [],
    publish,
    single_quantity,
    barcode,
    sellBy,
    stepGrams,
    minGrams,
    maxGrams,
    scaleCode,
    keywords: keywordsFromStored(row.keywords),
    createdAt,
    updatedAt,
  };
}

export function toVariationWire(row: ProductRow): VariationWire {
  return { ...sellable(row), product: row.parent_id ?? '', productName: row.parent_name ?? '' };
}

/** The product sheet: the product with its variations (already chosen and ordered) as `product`. */
export function toProductDetailsWire(row: ProductRow, variations: VariationWire[]): ProductDetailsWire {
  return { ...toProductWire(row), product: variations };
}

/** The shop's product sheet from a row read with its published variations (`variation_list`): dearest first. */
export function toShopDetailsWire(row: ProductRow): ProductDetailsWire {
  return toProductDetailsWire(row, sortVariations((row.variation_list ?? []).map(toVariationWire)));
}
