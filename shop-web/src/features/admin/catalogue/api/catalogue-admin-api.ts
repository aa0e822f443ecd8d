// The admin catalogue's calls (SPEC.md section 7): categories, sub-categories, products, variations and image
// uploads, each a `call` of its endpoint in @kade/shared's ENDPOINTS (the upload's form data included).
import {
  CATEGORY_PAGE_SIZE_MAX,
  ENDPOINTS,
  type AdminProductSort,
  type CategoryAddInput,
  type CategoryUpdateInput,
  type SubCategoryCreateInput,
  type SubCategoryUpdateInput,
} from '@kade/shared';
import { call } from '../../../../lib/api-client';

/** A product body as the product form sends it (the server's schema checks it again). */
export interface ProductBody {
  name: string;
  /** '' or null: none (an update clears it). */
  nameSi?: string | null;
  nameTa?: string | null;
  image: string[];
  /** 12 or 13 digits as typed (kept as 13); null: none (an update clears it). */
  barcode?: string | null;
  /** Search keywords (issue 36); [] clears them. */
  keywords?: string[];
  price: number | string | undefined;
  unit: string;
  stock: number | string | undefined;
  discount: number | string | undefined;
  description: string;
  category: string[];
  subCategory: string[];
  product: string[];
  more_details: Record<string, string>;
  publish: boolean;
  single_quantity: boolean;
  /** How it is sold (issue 34): EACH, or WEIGHT with the grams as typed and a scale code (null: none). */
  sellBy?: 'EACH' | 'WEIGHT';
  stepGrams?: number | string | undefined;
  minGrams?: number | string | undefined;
  maxGrams?: number | string | undefined;
  scaleCode?: string | null;
}

/** A variation body as the variation form sends it. */
export interface VariationBody {
  product: string;
  name: string;
  nameSi?: string | null;
  nameTa?: string | null;
  image: string[];
  /** 12 or 13 digits as typed (kept as 13); null: none (an update clears it). */
  barcode?: string | null;
  unit: string;
  stock: number | string | undefined;
  price: number | string | undefined;
  discount: number | string | undefined;
  description: string;
  more_details: Record<string, string>;
  publish: boolean;
  sellBy?: 'EACH' | 'WEIGHT';
  stepGrams?: number | string | undefined;
  minGrams?: number | string | undefined;
  maxGrams?: number | string | undefined;
  scaleCode?: string | null;
}

/** What one page of the admin product list asks for. */
export interface ProductPageQuery {
  search: string;
  page: number;
  limit: number;
  /** Left out: newest first, or best match when there is text. */
  sort?: AdminProductSort | undefined;
  /** Only this category's products. */
  category?: string | undefined;
}

/** A number typed in a form: a blank box is missing (so the schema says '{field} is required'). */
export function typedNumber(text: string | number): string | number | undefined {
  return typeof text === 'string' && text.trim() === '' ? undefined : text;
}

export const catalogueAdminApi = {
  listCategories: async () => (await call(ENDPOINTS.categories.list)).data,
  addCategory: (body: CategoryAddInput) => call(ENDPOINTS.categories.add, { body }),
  updateCategory: (body: CategoryUpdateInput) => call(ENDPOINTS.categories.update, { body }),
  deleteCategory: (id: string) => call(ENDPOINTS.categories.remove, { body: { _id: id } }),

  listSubCategories: async () => (await call(ENDPOINTS.subCategories.list)).data,
  createSubCategory: (body: SubCategoryCreateInput) => call(ENDPOINTS.subCategories.create, { body }),
  updateSubCategory: (body: SubCategoryUpdateInput) => call(ENDPOINTS.subCategories.update, { body }),
  deleteSubCategory: (id: string) => call(ENDPOINTS.subCategories.remove, { body: { _id: id } }),

  /** The admin list (published or not), searched by the server; page 1 with the spec's limit of 10000. */
  listProducts: async (search: string) => (await call(ENDPOINTS.products.list, { body: { search, page: 1, limit: 10000 } })).data,
  /** One page of the admin list (issue 36): searched, sorted, one category's when asked; the answer carries the page's counts. */
  productPage: (query: ProductPageQuery) =>
    call(ENDPOINTS.products.list, {
      body: { search: query.search, page: query.page, limit: query.limit, ...(query.sort ? { sort: query.sort } : {}), ...(query.category ? { category: query.category } : {}) },
    }),
  /** Hides a product or variation from shoppers, keeping it (the delete question's 'Unpublish instead'). */
  unpublish: (id: string) => call(ENDPOINTS.products.patch, { body: { _id: id, publish: false } }),
  createProduct: (body: ProductBody) => call(ENDPOINTS.products.create, { body }),
  updateProduct: (body: ProductBody & { _id: string }) => call(ENDPOINTS.products.update, { body }),
  deleteProduct: (id: string) => call(ENDPOINTS.products.remove, { body: { _id: id } }),

  createVariation: (body: VariationBody) => call(ENDPOINTS.variations.create, { body }),
  variationsOfProduct: async (productId: string) => (await call(ENDPOINTS.variations.byProduct, { body: { productId } })).data,
  /** One page of every live variation (published or not), newest first, searched by name when asked. */
  listVariations: (page: number, search = '', limit = VARIATION_PAGE_LIMIT) => call(ENDPOINTS.variations.list, { body: { page, limit, search } }),
  variationDetails: async (id: string) => (await call(ENDPOINTS.variations.details, { body: { _id: id } })).data,
  updateVariation: (body: VariationBody & { _id: string }) => call(ENDPOINTS.variations.update, { body }),
  deleteVariation: (id: string) => call(ENDPOINTS.variations.remove, { body: { _id: id } }),
};

/** The largest page /api/variation/list gives (its schema's limit). */
const VARIATION_PAGE_LIMIT = CATEGORY_PAGE_SIZE_MAX;
/** POST /api/file/upload (form field `image`): the stored image's address. The server checks the bytes. */
export async function uploadImage(file: File): Promise<string> {
  const form = new FormData();
  form.append(ENDPOINTS.files.upload.upload, file, file.name);
  return (await call(ENDPOINTS.files.upload, { body: form })).data.url;
}
