import type { PageInfo, ProductWire } from '@kade/shared';
import { api } from '../../../lib/api-client';

export interface SearchPage {
  items: ProductWire[];
  page: number;
  totalPage: number;
  totalCount: number;
  /** False when more than totalCount match (the server counts up to a cap): shown as "1000+". */
  totalCountExact: boolean;
}

export async function searchProducts(search: string, page: number): Promise<SearchPage> {
  const answer = await api<ProductWire[], Partial<PageInfo>>('POST', '/api/product/search-product', { search, page });
  return {
    items: answer.data,
    page: answer.page ?? page,
    totalPage: answer.totalPage ?? page,
    totalCount: answer.totalCount ?? answer.data.length,
    totalCountExact: answer.totalCountExact ?? true,
  };
}
