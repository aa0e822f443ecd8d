// The lists the admin catalogue screens read: categories, sub-categories, products and variations, each with its loading
// state, its failure (shown through showError) and a reload for after a change.
import { useCallback, useEffect, useRef, useState } from 'react';
import type { CategoryWire, ProductWire, SubCategoryWire, VariationWire } from '@kade/shared';
import { showError } from '../../../../lib/show-error';
import { allVariations, catalogueAdminApi } from '../api/catalogue-admin-api';

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


/** Every live variation (the product cards show each product's own). */
export const useVariations = (): Loaded<VariationWire> => useLoaded(allVariations);
