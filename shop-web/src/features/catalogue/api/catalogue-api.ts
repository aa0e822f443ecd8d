import { CATEGORY_PAGE_SIZE, type HomeWire, type PageInfo, type ProductDetailsWire, type ProductWire } from '@kade/shared';
import { api } from '../../../lib/api-client';

export async function fetchHome(): Promise<HomeWire> {
  return (await api<HomeWire>('GET', '/api/product/home')).data;
}

export async function fetchListingPage(categoryId: string, subCategoryId: string, page: number): Promise<ProductWire[]> {
  const answer = await api<ProductWire[], Partial<PageInfo>>('POST', '/api/product/get-pruduct-by-category-and-subcategory', {
    categoryId,
    subCategoryId,
    page,
    limit: CATEGORY_PAGE_SIZE,
  });
  return answer.data;
}

export async function fetchProductDetails(productId: string): Promise<ProductDetailsWire> {
  return (await api<ProductDetailsWire>('POST', '/api/product/get-product-details', { productId })).data;
}
