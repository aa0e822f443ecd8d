import { useEffect } from 'react';
import { useAtom } from 'jotai';
import { type CategoryWire, ENDPOINTS, type SubCategoryWire } from '@kade/shared';
import { callCatalogue } from '../lib/api-client';
import { takeBoot } from '../lib/boot';
import { showError } from '../lib/show-error';
import { productsAtom } from './atoms';

let inFlight: Promise<void> | null = null;
let booted: { categories: CategoryWire[]; subCategories: SubCategoryWire[] } | null | undefined;

/** The category lists the page came with, taken once and kept until the atom holds them. */
function bootLists(): { categories: CategoryWire[]; subCategories: SubCategoryWire[] } | null {
  if (booted === undefined) {
    const categories = takeBoot('categories');
    const subCategories = takeBoot('subCategories');
    booted = categories && subCategories ? { categories, subCategories } : null;
  }
  return booted;
}

/** Categories and sub-categories, fetched once per page load and shared; null while loading. */
export function useCatalogueData(): { categories: CategoryWire[]; subCategories: SubCategoryWire[] } | null {
  const [stored, setData] = useAtom(productsAtom);
  // the lists the server wrote into the page, for the first screen (then kept in the atom like fetched ones)
  const data = stored ?? bootLists();
  useEffect(() => {
    if (!stored && data) {
      setData(data);
      booted = null; // from now on the atom holds them; if it is emptied, they are fetched again
      return;
    }
    if (data || inFlight) return;
    inFlight = Promise.all([callCatalogue(ENDPOINTS.categories.list), callCatalogue(ENDPOINTS.subCategories.list)])
      .then(([categories, subCategories]) => setData({ categories: categories.data, subCategories: subCategories.data }))
      .catch(showError)
      .finally(() => {
        inFlight = null;
      });
  }, [stored, data, setData]);
  return data;
}
