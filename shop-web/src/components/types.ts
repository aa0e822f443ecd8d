import type { NamedRef } from '@kade/shared';

/** What a product card and the add control need of a product, variation or cart product. */
export interface SellableProduct {
  _id: string;
  name: string;
  image: string[];
  unit: string;
  price: number;
  discount: number;
  stock: number;
  totalStock?: number | null;
  single_quantity?: boolean | null;
  category?: NamedRef[] | null;
  subCategory?: NamedRef[] | null;
}
