// The admin catalogue's calls (SPEC.md section 7): categories, sub-categories, products, variations and image
// uploads. JSON calls go through the one API client; the multipart upload sends its own request (the client
// speaks JSON only) with the same bearer token and the same one-refresh-then-retry rule.
import {
  isErrorCode,
  CATEGORY_PAGE_SIZE_MAX,
  type CategoryAddInput,
  type CategoryUpdateInput,
  type CategoryWire,
  type ProductWire,
  type SubCategoryCreateInput,
  type SubCategoryUpdateInput,
  type SubCategoryWire,
  type VariationWire,
} from '@kade/shared';
import { api, ApiError, tokens } from '../../../../lib/api-client';
import { webConfig } from '../../../../lib/web-config';

/** A product body as the product form sends it (the server's schema checks it again). */
export interface ProductBody {
  name: string;
  /** '' or null: none (an update clears it). */
  nameSi?: string | null;
  nameTa?: string | null;
  image: string[];
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
}

/** A variation body as the variation form sends it. */
export interface VariationBody {
  product: string;
  name: string;
  nameSi?: string | null;
  nameTa?: string | null;
  image: string[];
  unit: string;
  stock: number | string | undefined;
  price: number | string | undefined;
  discount: number | string | undefined;
  description: string;
  more_details: Record<string, string>;
  publish: boolean;
}

/** A number typed in a form: a blank box is missing (so the schema says '{field} is required'). */
export function typedNumber(text: string | number): string | number | undefined {
  return typeof text === 'string' && text.trim() === '' ? undefined : text;
}

export const catalogueAdminApi = {
  listCategories: async () => (await api<CategoryWire[]>('GET', '/api/category/get')).data,
  addCategory: (body: CategoryAddInput) => api<CategoryWire>('POST', '/api/category/add-category', body),
  updateCategory: (body: CategoryUpdateInput) => api<CategoryWire>('PUT', '/api/category/update', body),
  deleteCategory: (id: string) => api<{ _id: string }>('DELETE', '/api/category/delete', { _id: id }),

  listSubCategories: async () => (await api<SubCategoryWire[]>('POST', '/api/subcategory/get')).data,
  createSubCategory: (body: SubCategoryCreateInput) => api<SubCategoryWire>('POST', '/api/subcategory/create', body),
  updateSubCategory: (body: SubCategoryUpdateInput) => api<SubCategoryWire>('PUT', '/api/subcategory/update', body),
  deleteSubCategory: (id: string) => api<{ _id: string }>('DELETE', '/api/subcategory/delete', { _id: id }),

  /** The admin list (published or not), searched by the server; page 1 with the spec's limit of 10000. */
  listProducts: async (search: string) => (await api<ProductWire[]>('POST', '/api/product/get', { search, page: 1, limit: 10000 })).data,
  createProduct: (body: ProductBody) => api<ProductWire>('POST', '/api/product/create', body),
  updateProduct: (body: ProductBody & { _id: string }) => api<ProductWire>('PUT', '/api/product/update-product-details', body),
  deleteProduct: (id: string) => api<{ _id: string }>('DELETE', '/api/product/delete-product', { _id: id }),

  createVariation: (body: VariationBody) => api<VariationWire>('POST', '/api/variation/create', body),
  variationsOfProduct: async (productId: string) =>
    (await api<VariationWire[]>('POST', '/api/variation/get-variations-by-product', { productId })).data,
  /** One page of every live variation (published or not), newest first. */
  listVariations: (page: number) =>
    api<VariationWire[], { hasMore?: boolean }>('POST', '/api/variation/list', { page, limit: VARIATION_PAGE_LIMIT }),
  variationDetails: async (id: string) => (await api<VariationWire>('POST', '/api/variation/details', { _id: id })).data,
  updateVariation: (body: VariationBody & { _id: string }) => api<VariationWire>('PUT', '/api/variation/update', body),
  deleteVariation: (id: string) => api<{ _id: string }>('DELETE', '/api/variation/delete', { _id: id }),
};

/** The largest page /api/variation/list gives (its schema's limit). */
const VARIATION_PAGE_LIMIT = CATEGORY_PAGE_SIZE_MAX;
/** Pages read at most for the product cards: 5,000 variations, far beyond a neighbourhood shop's catalogue. */
const VARIATION_PAGES_MAX = 100;

/**
 * Every live variation, page after page of /api/variation/list (the product cards show them under their
 * product). A variation added while the pages are read may shift one into the next page: ids are kept once.
 */
export async function allVariations(): Promise<VariationWire[]> {
  const seen = new Map<string, VariationWire>();
  for (let page = 1; page <= VARIATION_PAGES_MAX; page += 1) {
    const answer = await catalogueAdminApi.listVariations(page);
    for (const variation of answer.data) seen.set(variation._id, variation);
    if (!answer.hasMore || answer.data.length === 0) break;
  }
  return [...seen.values()];
}

async function postImage(file: File): Promise<Response> {
  const form = new FormData();
  form.append('image', file, file.name);
  const bearer = tokens.access();
  return fetch(`${webConfig.apiBase}/api/file/upload`, {
    method: 'POST',
    credentials: 'include',
    headers: bearer ? { authorization: `Bearer ${bearer}`, accept: 'application/json' } : { accept: 'application/json' },
    body: form,
  });
}

/** POST /api/file/upload (form field `image`): the stored image's address. The server checks the bytes. */
export async function uploadImage(file: File): Promise<string> {
  let response: Response;
  try {
    response = await postImage(file);
    if (response.status === 401 && tokens.refresh()) {
      // A light JSON call lets the client renew the session once (single-flight), then the upload is retried.
      await api('GET', '/api/user/user-details').catch(() => undefined);
      response = await postImage(file);
    }
  } catch {
    throw new ApiError('The shop cannot be reached. Please check your connection.', 0, 'NETWORK', null);
  }
  type UploadAnswer = { message?: unknown; code?: unknown; data?: { url?: unknown } };
  let body: UploadAnswer | null;
  try {
    body = (await response.json()) as UploadAnswer;
  } catch {
    body = null;
  }
  const url = body?.data?.url;
  if (!response.ok || typeof url !== 'string') {
    const message = typeof body?.message === 'string' && body.message ? body.message : `Request failed (${response.status}).`;
    throw new ApiError(message, response.status, isErrorCode(body?.code) ? body.code : undefined, null);
  }
  return url;
}
