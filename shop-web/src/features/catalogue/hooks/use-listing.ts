import { useCallback, useEffect, useRef, useState } from 'react';
import { useAtom } from 'jotai';
import { appendUnique, shuffle } from '@kade/shared';
import { showError } from '../../../lib/show-error';
import { fetchListingPage } from '../api/catalogue-api';
import { listingCacheAtom, listingKey, type ListingCacheEntry } from '../state/listing-cache';

const EMPTY: ListingCacheEntry = { data: [], page: 0, hasMore: true };

/**
 * A listing's pages of 8, each shuffled, appended without duplicates, cached per category and sub-category
 * pair (a return shows the cache without a request); the page starts again on a route change. Each page after
 * the first is asked for after the last one's cursor, so a long scroll costs the server one page each time.
 */
export function useListing(categoryId: string, subCategoryId: string) {
  const key = listingKey(categoryId, subCategoryId);
  const [cache, setCache] = useAtom(listingCacheAtom);
  const entry = cache[key] ?? EMPTY;
  const [loading, setLoading] = useState(false);
  const busy = useRef<string | null>(null);

  const loadNext = useCallback(async () => {
    const current = cache[key] ?? EMPTY;
    if (busy.current === key || !current.hasMore) return;
    busy.current = key;
    setLoading(true);
    const page = current.page + 1;
    try {
      const next = await fetchListingPage(categoryId, subCategoryId, page, current.cursor);
      setCache((all) => {
        const before = all[key] ?? EMPTY;
        return { ...all, [key]: { data: appendUnique(before.data, shuffle(next.items)), page, hasMore: next.hasMore, cursor: next.nextCursor } };
      });
    } catch (error) {
      showError(error);
      setCache((all) => ({ ...all, [key]: { ...(all[key] ?? EMPTY), hasMore: false } }));
    } finally {
      if (busy.current === key) busy.current = null;
      setLoading(false);
    }
  }, [cache, categoryId, key, setCache, subCategoryId]);

  const firstLoad = !cache[key];
  useEffect(() => {
    // a pair seen before is shown from the cache, without a request
    if (firstLoad) void loadNext();
  }, [firstLoad, loadNext]);

  return { items: entry.data, hasMore: entry.hasMore, loading: loading || firstLoad, loadNext, started: entry.page > 0 };
}
