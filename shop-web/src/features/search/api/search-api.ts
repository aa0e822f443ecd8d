import { ENDPOINTS, type ProductWire, type SearchSuggestionsWire } from '@kade/shared';
import { call } from '../../../lib/api-client';

export interface SearchPage {
  items: ProductWire[];
  page: number;
  totalPage: number;
  totalCount: number;
  /** False when more than totalCount match (the server counts up to a cap): shown as "1000+". */
  totalCountExact: boolean;
  /** When nothing was found: the nearest names and their shelves (issue 36). */
  suggestions: SearchSuggestionsWire | null;
}

export async function searchProducts(search: string, page: number): Promise<SearchPage> {
  const answer = await call(ENDPOINTS.products.search, { body: { search, page } });
  return {
    items: answer.data,
    page: answer.page ?? page,
    totalPage: answer.totalPage ?? page,
    totalCount: answer.totalCount ?? answer.data.length,
    totalCountExact: answer.totalCountExact ?? true,
    suggestions: answer.suggestions ?? null,
  };
}
