// The lists the admin catalogue screens read: categories, sub-categories, products and variations, each with its loading
// state, its failure (shown through showError) and a reload for after a change.
import { useCallback, useEffect, useRef, useState } from 'react';
import type { AdminProductWire, CategoryWire, PageInfo, ProductWire, SubCategoryWire, VariationWire } from '@kade/shared';
import { showError } from '../../../../lib/show-error';
import { catalogueAdminApi, type ProductPageQuery } from '../api/catalogue-admin-api';

export interface Loaded<T> {
  items: T[];
  loading: boolean;
  reload: () => Promise<void>;
}

function useLoaded<T>(load: () => Promise<T[]>): Loaded<T> {
  const [items, setItems] = useState<T[]>([]);
  const [loading, setLoading] = useState(true);
  const latest = useRef(0);
  const reload = useCallback(async () => {
    const call = ++latest.current;
    setLoading(true);
    try {
      const next = await load();
      if (call === latest.current) setItems(next);
    } catch (error) {
      if (call === latest.current) showError(error);
    } finally {
      if (call === latest.current) setLoading(false);
    }
  }, [load]);
  useEffect(() => {
    void reload();
  }, [reload]);
  return { items, loading, reload };
}

export const useCategories = (): Loaded<CategoryWire> => useLoaded(catalogueAdminApi.listCategories);
export const useSubCategories = (): Loaded<SubCategoryWire> => useLoaded(catalogueAdminApi.listSubCategories);

/** The admin product list for a search text (the caller debounces it). */
export function useProducts(search: string): Loaded<ProductWire> {
  const load = useCallback(() => catalogueAdminApi.listProducts(search), [search]);
  return useLoaded(load);
}

/** One page of a list and its counts (null until the first answer). */
export interface LoadedPage<T> extends Loaded<T> {
  info: PageInfo | null;
}

/** A page the server cuts (issue 36): the rows and the counts beside them, read again when `load` changes. */
function useLoadedPage<T>(load: () => Promise<{ data: T[] } & PageInfo>): LoadedPage<T> {
  const [info, setInfo] = useState<PageInfo | null>(null);
  // only the latest read's counts are kept, as useLoaded keeps only its rows
  const latest = useRef(0);
  const rows = useCallback(async () => {
    const call = ++latest.current;
    const answer = await load();
    if (call === latest.current) setInfo({ page: answer.page, limit: answer.limit, totalCount: answer.totalCount, totalPage: answer.totalPage, hasMore: answer.hasMore, totalCountExact: answer.totalCountExact });
    return answer.data;
  }, [load]);
  return { ...useLoaded(rows), info };
}

/** One page of the admin product list (each product with its variations). */
export function useProductPage(query: ProductPageQuery): LoadedPage<AdminProductWire> {
  const { search, page, limit, sort, category } = query;
  const load = useCallback(() => catalogueAdminApi.productPage({ search, page, limit, sort, category }), [search, page, limit, sort, category]);
  return useLoadedPage(load);
}

/** One page of every live variation, newest first, searched by name when asked. */
export function useVariationPage(page: number, search: string, limit: number): LoadedPage<VariationWire> {
  const load = useCallback(() => catalogueAdminApi.listVariations(page, search, limit), [page, search, limit]);
  return useLoadedPage(load);
}
