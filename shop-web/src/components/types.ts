import type { NamedRef, SellBy } from '@kade/shared';

/** What a product card and the add control need of a product, variation or cart product. */
export interface SellableProduct {
  _id: string;
  name: string;
  /** The Sinhala and Tamil names (issue 21): shown with useLocalName. A cart kept on a phone before them has none. */
  nameSi?: string | null;
  nameTa?: string | null;
  image: string[];
  unit: string;
  price: number;
  discount: number;
  stock: number;
  totalStock?: number | null;
  single_quantity?: boolean | null;
  /** By id and English name at least (the fresh-hours rule reads the name). */
  category?: Array<Pick<NamedRef, '_id' | 'name'>> | null;
  subCategory?: Array<Pick<NamedRef, '_id' | 'name'>> | null;
  /**
   * Sold by weight (issue 34): `price` is per kg, `stock` counts grams and a cart quantity counts steps of
   * `stepGrams` from `minGrams` to `maxGrams`. Absent or EACH: sold by the unit.
   */
  sellBy?: SellBy | null;
  stepGrams?: number | null;
  minGrams?: number | null;
  maxGrams?: number | null;
}
