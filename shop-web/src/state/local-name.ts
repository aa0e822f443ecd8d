// Product, category and sub-category names in the shopper's language (issue 21): the Sinhala or Tamil name
// when the shop has one, else the English. Links keep the English name's slug, so an address works whatever
// language the shopper reads.
import { useCallback } from 'react';
import { localName, type MultiNamed } from '@kade/shared';
import { useLanguage } from './language';

/** A function giving an item's name in the shopper's language. */
export function useLocalName(): (item: MultiNamed) => string {
  const language = useLanguage();
  return useCallback((item: MultiNamed) => localName(item, language), [language]);
}
