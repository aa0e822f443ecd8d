import { useEffect } from 'react';
import { useAtom } from 'jotai';
import type { CategoryWire, SubCategoryWire } from '@kade/shared';
import { api } from '../lib/api-client';
import { showError } from '../lib/show-error';
import { productsAtom } from './atoms';

let inFlight: Promise<void> | null = null;

/** Categories and sub-categories, fetched once per page load and shared; null while loading. */
export function useCatalogueData(): { categories: CategoryWire[]; subCategories: SubCategoryWire[] } | null {
  const [data, setData] = useAtom(productsAtom);
  useEffect(() => {
    if (data || inFlight) return;
    inFlight = Promise.all([api<CategoryWire[]>('GET', '/api/category/get'), api<SubCategoryWire[]>('POST', '/api/subcategory/get')])
      .then(([categories, subCategories]) => setData({ categories: categories.data, subCategories: subCategories.data }))
      .catch(showError)
      .finally(() => {
        inFlight = null;
      });
  }, [data, setData]);
  return data;
}
