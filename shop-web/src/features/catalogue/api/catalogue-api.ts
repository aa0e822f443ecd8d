import { CATEGORY_PAGE_SIZE, ENDPOINTS, hasMorePages, type HomeWire, type ProductDetailsWire, type ProductWire } from '@kade/shared';
import { callCatalogue } from '../../../lib/api-client';

export async function fetchHome(): Promise<HomeWire> {
  return (await callCatalogue(ENDPOINTS.products.home)).data;
}

/** A listing page's products, whether more follow, and where the next page starts (send it back as `after`). */
export interface ListingPage {
  items: ProductWire[];
  hasMore: boolean;
  nextCursor: string | null;
}

/**
 * Page `page` of a listing: after `after` (the previous page's nextCursor) when given, which costs the server one
 * page however deep the shopper has scrolled.
 */
export async function fetchListingPage(categoryId: string, subCategoryId: string, page: number, after?: string | null): Promise<ListingPage> {
  const answer = await callCatalogue(ENDPOINTS.products.listing, {
    body: { categoryId, subCategoryId, page, limit: CATEGORY_PAGE_SIZE, ...(after ? { after } : {}) },
  });
  return {
    items: answer.data,
    hasMore: answer.hasMore ?? hasMorePages(answer.data.length),
    nextCursor: answer.nextCursor ?? null,
  };
}

export async function fetchProductDetails(productId: string): Promise<ProductDetailsWire> {
  return (await callCatalogue(ENDPOINTS.products.details, { body: { productId } })).data;
}
