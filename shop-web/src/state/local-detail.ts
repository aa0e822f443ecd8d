// A product sheet's rows in the shopper's language (issue 36), apart from local-name.ts: the first script loads
// that module on every page, and only the product sheet needs the rows' vocabulary.
import { useCallback } from 'react';
import { localDetail } from '@kade/shared';
import { useLanguage } from './language';

/** A function giving a row under a product's description (label and value) in the shopper's language. */
export function useLocalDetail(): (label: string, value: string) => { label: string; value: string } {
  const language = useLanguage();
  return useCallback((label: string, value: string) => localDetail(label, value, language), [language]);
}
