import { isSingleQuantity, maxQuantity, paiseToRupees, shelfCategory, type NamedRef, type SellableProblem } from '@kade/shared';
import { stockOf } from '../catalog/stock';
import { weighedFieldsOf, type ProductCoreRow } from '../catalog/wire';
import type { Db } from '../../db/database';

/**
 * A product or variation as a cart and an order see it: its own price and stock, and its parent's
 * categories (a variation sells under its product's shelves). Loaded in one query for many ids.
 */
export interface SellableRow extends ProductCoreRow {
  parent_name: string | null;
  deleted_at: Date | null;
  parent_publish: boolean | null;
  parent_deleted_at: Date | null;
  category_list: NamedRef[];
  sub_category_list: NamedRef[];
}

/** The columns of a SellableRow, for `products p left join products parent on parent.id = p.parent_id`. */
export const SELLABLE_COLUMNS = `p.id, p.parent_id, parent.name as parent_name, p.name, p.name_si, p.name_ta, p.unit, p.images, p.price_paise, p.discount,
  ${stockOf('p')} as stock, p.total_stock, p.publish, p.single_quantity, p.sell_by, p.step_grams, p.min_grams, p.max_grams, p.scale_code, p.deleted_at, parent.publish as parent_publish,
  parent.deleted_at as parent_deleted_at,
  coalesce((select json_agg(json_build_object('_id', c.id, 'name', c.name, 'nameSi', c.name_si, 'nameTa', c.name_ta) order by c.name)
    from product_categories pc join categories c on c.id = pc.category_id
    where pc.product_id = coalesce(p.parent_id, p.id)), '[]'::json) as category_list,
  coalesce((select json_agg(json_build_object('_id', s.id, 'name', s.name, 'nameSi', s.name_si, 'nameTa', s.name_ta) order by s.name)
    from product_sub_categories ps join sub_categories s on s.id = ps.sub_category_id
    where ps.product_id = coalesce(p.parent_id, p.id)), '[]'::json) as sub_category_list`;

/** The sellables with these ids, in one statement. */
export async function loadSellables(db: Db, ids: readonly string[]): Promise<Map<string, SellableRow>> {
  if (ids.length === 0) return new Map();
  const unique = [...new Set(ids)].sort();
  const result = await db.raw(
    `select ${SELLABLE_COLUMNS} from products p left join products parent on parent.id = p.parent_id where p.id = any(?::uuid[])`,
    [unique],
  );
  return new Map((result.rows as SellableRow[]).map((row) => [row.id, row]));
}

/** Why a sellable cannot be bought now, or null when it can. */

export function isVisible(row: SellableRow): boolean {
  if (row.deleted_at || !row.publish) return false;
  if (row.parent_id && (row.parent_deleted_at || !row.parent_publish)) return false;
  return true;
}

export function ruleProduct(row: SellableRow) {
  const weighed = weighedFieldsOf(row);
  return { stock: row.stock, single_quantity: row.single_quantity, category: row.category_list, subCategory: row.sub_category_list, ...weighed };
}

/** The most of it one order may hold now (0 when it cannot be bought). */
export function purchasableQuantity(row: SellableRow): number {
  return isVisible(row) ? maxQuantity(ruleProduct(row)) : 0;
}

export function problemFor(row: SellableRow, quantity: number): SellableProblem {
  if (!isVisible(row)) return 'UNAVAILABLE';
  if (row.stock <= 0) return 'OUT_OF_STOCK';
  if (quantity > purchasableQuantity(row)) return 'NOT_ENOUGH_STOCK';
  return null;
}

export function imagesOf(row: SellableRow): string[] {
  return Array.isArray(row.images) ? row.images.filter((u): u is string => typeof u === 'string') : [];
}

/**
 * A product's names in the three languages, as a refusal about it carries them in its details (issue 21): a
 * screen in Sinhala or Tamil puts the name in its own sentence instead of showing the server's English one.
 */
export function productNames(row: Pick<SellableRow, 'name' | 'name_si' | 'name_ta'>): { name: string; nameSi: string | null; nameTa: string | null } {
  return { name: row.name, nameSi: row.name_si ?? null, nameTa: row.name_ta ?? null };
}

/** The product embedded in a cart item (SPEC.md section 3: a cart item's productId is the product). */
export function toSellableWire(row: SellableRow) {
  return {
    _id: row.id,
    ...productNames(row),
    image: imagesOf(row),
    unit: row.unit,
    price: paiseToRupees(row.price_paise),
    discount: Number(row.discount),
    stock: row.stock,
    totalStock: row.total_stock,
    publish: row.publish,
    single_quantity: isSingleQuantity(ruleProduct(row)),
    ...weighedFieldsOf(row),
    category: row.category_list,
    subCategory: row.sub_category_list,
    parent: row.parent_id ? { _id: row.parent_id, name: row.parent_name ?? '' } : null,
    shelf: shelfCategory(row.category_list),
  };
}
