// Product, category and sub-category names in the shopper's language (issue 21): the Sinhala or Tamil name
// when the shop has one, else the English. Links keep the English name's slug, so an address works whatever
// language the shopper reads. A product's small words (its unit, its sheet's rows, its discount badge) follow
// the same language through shared product-words (issue 36); a product sheet's rows through local-detail.ts.
import { useCallback } from 'react';
import { localDiscountLabel, localName, localUnit, type MultiNamed } from '@kade/shared';
import { useLanguage } from './language';

/** A function giving an item's name in the shopper's language. */
export function useLocalName(): (item: MultiNamed) => string {
  const language = useLanguage();
  return useCallback((item: MultiNamed) => localName(item, language), [language]);
}

/** A function giving a product's unit ('400g', 'per kg') in the shopper's language. */
export function useLocalUnit(): (unit: string) => string {
  const language = useLanguage();
  return useCallback((unit: string) => localUnit(unit, language), [language]);
}

/** A function giving the discount badge ('10% off') in the shopper's language, or null without a discount. */
export function useDiscountLabel(): (discountPercent: number) => string | null {
  const language = useLanguage();
  return useCallback((discountPercent: number) => localDiscountLabel(discountPercent, language), [language]);
}
