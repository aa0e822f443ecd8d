import { useEffect } from 'react';
import { useAtom } from 'jotai';
import { type CategoryWire, ENDPOINTS, type SubCategoryWire } from '@kade/shared';
import { callCatalogue } from '../lib/api-client';
import { takeBoot } from '../lib/boot';
import { showError } from '../lib/show-error';
import { productsAtom } from './atoms';

let inFlight: Promise<void> | null = null;
let booted: { categories: CategoryWire[]; subCategories: SubCategoryWire[] } | null | undefined;

/**
 * The category lists the page came with, taken once and kept until the atom holds them. The app's store is made
 * holding them (app/providers.tsx), so no reader draws twice: put there after the first screen had drawn, every
 * component reading the lists (the whole home page, each strip and card under it) drew again.
 */
function bootLists(): { categories: CategoryWire[]; subCategories: SubCategoryWire[] } | null {
  if (booted === undefined) {
    const categories = takeBoot('categories');
    const subCategories = takeBoot('subCategories');
    booted = categories && subCategories ? { categories, subCategories } : null;
  }
  return booted;
}

/** The page's category lists for the store that will hold them (then no longer kept here); null without them. */
export function takeBootLists(): { categories: CategoryWire[]; subCategories: SubCategoryWire[] } | null {
  const lists = bootLists();
  booted = null;
  return lists;
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
