import { atom } from 'jotai';
import type { CardProductWire } from '@kade/shared';

/** A listing's loaded products (SPEC.md section 3: data, page, hasMore), kept per category and sub-category. */
export interface ListingCacheEntry {
  /** Each as its card draws it: the API's full products, or the page's own first page (boot data) cut to cards. */
  data: CardProductWire[];
  page: number;
  hasMore: boolean;
  /** Where the next page starts (the last answer's nextCursor). */
  cursor?: string | null;
}

export const listingCacheAtom = atom<Record<string, ListingCacheEntry>>({});

export const listingKey = (categoryId: string, subCategoryId: string): string => `${categoryId}/${subCategoryId}`;
